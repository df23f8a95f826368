from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.output_options_aspect_ratio_type_0 import OutputOptionsAspectRatioType0
from ..models.output_options_aspect_ratios_type_0_item import (
    OutputOptionsAspectRatiosType0Item,
)
from ..models.output_options_format_type_0 import OutputOptionsFormatType0
from ..models.output_options_fps_type_0 import OutputOptionsFpsType0
from ..models.output_options_resolution_type_0 import OutputOptionsResolutionType0
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.output_range import OutputRange


T = TypeVar("T", bound="OutputOptions")


@_attrs_define
class OutputOptions:
    """
    Attributes:
        aspect_ratio (None | OutputOptionsAspectRatioType0 | Unset): The shape: 16:9 (default), 9:16, 1:1 or 4:5; the
            resolution names the short side (720p 9:16 = 720x1280, 1080p 1:1 = 1080x1080)
        aspect_ratios (list[OutputOptionsAspectRatiosType0Item] | None | Unset): Batches only: one video per row in each
            of these shapes (one credit per video); instead of aspectRatio
        captions (bool | None | Unset):
        format_ (None | OutputOptionsFormatType0 | Unset): mp4 (H.264/AAC, default), webm (VP9/Opus), gif (one palette,
            at most 15 fps and 640 px on the long side, no audio) or png (one frame: the poster frame or frameAtMs)
        fps (None | OutputOptionsFpsType0 | Unset):
        frame_at_ms (float | None | Unset): png only: the frame's time in the video (ms); default the poster frame
        language (None | str | Unset): Language of the voiceover scripts, a SPEC language code (default en)
        range_ (None | OutputRange | Unset): Render only this part of the video: {startMs, endMs} (ms from its start)
        resolution (None | OutputOptionsResolutionType0 | Unset): The frame's short side: 720p, 1080p or 4k (default
            1080p)
    """

    aspect_ratio: None | OutputOptionsAspectRatioType0 | Unset = UNSET
    aspect_ratios: list[OutputOptionsAspectRatiosType0Item] | None | Unset = UNSET
    captions: bool | None | Unset = UNSET
    format_: None | OutputOptionsFormatType0 | Unset = UNSET
    fps: None | OutputOptionsFpsType0 | Unset = UNSET
    frame_at_ms: float | None | Unset = UNSET
    language: None | str | Unset = UNSET
    range_: None | OutputRange | Unset = UNSET
    resolution: None | OutputOptionsResolutionType0 | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.output_range import OutputRange  # noqa: PLC0415

        aspect_ratio: None | str | Unset
        if isinstance(self.aspect_ratio, Unset):
            aspect_ratio = UNSET
        elif isinstance(self.aspect_ratio, OutputOptionsAspectRatioType0):
            aspect_ratio = self.aspect_ratio.value
        else:
            aspect_ratio = self.aspect_ratio

        aspect_ratios: list[str] | None | Unset
        if isinstance(self.aspect_ratios, Unset):
            aspect_ratios = UNSET
        elif isinstance(self.aspect_ratios, list):
            aspect_ratios = []
            for aspect_ratios_type_0_item_data in self.aspect_ratios:
                aspect_ratios_type_0_item = aspect_ratios_type_0_item_data.value
                aspect_ratios.append(aspect_ratios_type_0_item)

        else:
            aspect_ratios = self.aspect_ratios

        captions: bool | None | Unset
        if isinstance(self.captions, Unset):
            captions = UNSET
        else:
            captions = self.captions

        format_: None | str | Unset
        if isinstance(self.format_, Unset):
            format_ = UNSET
        elif isinstance(self.format_, OutputOptionsFormatType0):
            format_ = self.format_.value
        else:
            format_ = self.format_

        fps: int | None | Unset
        if isinstance(self.fps, Unset):
            fps = UNSET
        elif isinstance(self.fps, OutputOptionsFpsType0):
            fps = self.fps.value
        else:
            fps = self.fps

        frame_at_ms: float | None | Unset
        if isinstance(self.frame_at_ms, Unset):
            frame_at_ms = UNSET
        else:
            frame_at_ms = self.frame_at_ms

        language: None | str | Unset
        if isinstance(self.language, Unset):
            language = UNSET
        else:
            language = self.language

        range_: dict[str, Any] | None | Unset
        if isinstance(self.range_, Unset):
            range_ = UNSET
        elif isinstance(self.range_, OutputRange):
            range_ = self.range_.to_dict()
        else:
            range_ = self.range_

        resolution: None | str | Unset
        if isinstance(self.resolution, Unset):
            resolution = UNSET
        elif isinstance(self.resolution, OutputOptionsResolutionType0):
            resolution = self.resolution.value
        else:
            resolution = self.resolution

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if aspect_ratio is not UNSET:
            field_dict["aspectRatio"] = aspect_ratio
        if aspect_ratios is not UNSET:
            field_dict["aspectRatios"] = aspect_ratios
        if captions is not UNSET:
            field_dict["captions"] = captions
        if format_ is not UNSET:
            field_dict["format"] = format_
        if fps is not UNSET:
            field_dict["fps"] = fps
        if frame_at_ms is not UNSET:
            field_dict["frameAtMs"] = frame_at_ms
        if language is not UNSET:
            field_dict["language"] = language
        if range_ is not UNSET:
            field_dict["range"] = range_
        if resolution is not UNSET:
            field_dict["resolution"] = resolution

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.output_range import OutputRange  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_aspect_ratio(
            data: object,
        ) -> None | OutputOptionsAspectRatioType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                aspect_ratio_type_0 = OutputOptionsAspectRatioType0(data)

                return aspect_ratio_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | OutputOptionsAspectRatioType0 | Unset, data)

        aspect_ratio = _parse_aspect_ratio(d.pop("aspectRatio", UNSET))

        def _parse_aspect_ratios(
            data: object,
        ) -> list[OutputOptionsAspectRatiosType0Item] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                aspect_ratios_type_0 = []
                _aspect_ratios_type_0 = data
                for aspect_ratios_type_0_item_data in _aspect_ratios_type_0:
                    aspect_ratios_type_0_item = OutputOptionsAspectRatiosType0Item(
                        aspect_ratios_type_0_item_data
                    )

                    aspect_ratios_type_0.append(aspect_ratios_type_0_item)

                return aspect_ratios_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[OutputOptionsAspectRatiosType0Item] | None | Unset, data)

        aspect_ratios = _parse_aspect_ratios(d.pop("aspectRatios", UNSET))

        def _parse_captions(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        captions = _parse_captions(d.pop("captions", UNSET))

        def _parse_format_(data: object) -> None | OutputOptionsFormatType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                format_type_0 = OutputOptionsFormatType0(data)

                return format_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | OutputOptionsFormatType0 | Unset, data)

        format_ = _parse_format_(d.pop("format", UNSET))

        def _parse_fps(data: object) -> None | OutputOptionsFpsType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, int):
                    raise TypeError()
                fps_type_0 = OutputOptionsFpsType0(data)

                return fps_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | OutputOptionsFpsType0 | Unset, data)

        fps = _parse_fps(d.pop("fps", UNSET))

        def _parse_frame_at_ms(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        frame_at_ms = _parse_frame_at_ms(d.pop("frameAtMs", UNSET))

        def _parse_language(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        language = _parse_language(d.pop("language", UNSET))

        def _parse_range_(data: object) -> None | OutputRange | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                range_type_0 = OutputRange.from_dict(data)

                return range_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | OutputRange | Unset, data)

        range_ = _parse_range_(d.pop("range", UNSET))

        def _parse_resolution(
            data: object,
        ) -> None | OutputOptionsResolutionType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                resolution_type_0 = OutputOptionsResolutionType0(data)

                return resolution_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | OutputOptionsResolutionType0 | Unset, data)

        resolution = _parse_resolution(d.pop("resolution", UNSET))

        output_options = cls(
            aspect_ratio=aspect_ratio,
            aspect_ratios=aspect_ratios,
            captions=captions,
            format_=format_,
            fps=fps,
            frame_at_ms=frame_at_ms,
            language=language,
            range_=range_,
            resolution=resolution,
        )

        return output_options
