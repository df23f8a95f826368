from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.output_options_fps_type_0 import OutputOptionsFpsType0
from ..models.output_options_resolution_type_0 import OutputOptionsResolutionType0
from ..types import UNSET, Unset

T = TypeVar("T", bound="OutputOptions")


@_attrs_define
class OutputOptions:
    """
    Attributes:
        captions (bool | None | Unset):
        fps (None | OutputOptionsFpsType0 | Unset):
        language (None | str | Unset): Language of the voiceover scripts, a SPEC language code (default en)
        resolution (None | OutputOptionsResolutionType0 | Unset):
    """

    captions: bool | None | Unset = UNSET
    fps: None | OutputOptionsFpsType0 | Unset = UNSET
    language: None | str | Unset = UNSET
    resolution: None | OutputOptionsResolutionType0 | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        captions: bool | None | Unset
        if isinstance(self.captions, Unset):
            captions = UNSET
        else:
            captions = self.captions

        fps: int | None | Unset
        if isinstance(self.fps, Unset):
            fps = UNSET
        elif isinstance(self.fps, OutputOptionsFpsType0):
            fps = self.fps.value
        else:
            fps = self.fps

        language: None | str | Unset
        if isinstance(self.language, Unset):
            language = UNSET
        else:
            language = self.language

        resolution: None | str | Unset
        if isinstance(self.resolution, Unset):
            resolution = UNSET
        elif isinstance(self.resolution, OutputOptionsResolutionType0):
            resolution = self.resolution.value
        else:
            resolution = self.resolution

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if captions is not UNSET:
            field_dict["captions"] = captions
        if fps is not UNSET:
            field_dict["fps"] = fps
        if language is not UNSET:
            field_dict["language"] = language
        if resolution is not UNSET:
            field_dict["resolution"] = resolution

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_captions(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        captions = _parse_captions(d.pop("captions", UNSET))

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

        def _parse_language(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        language = _parse_language(d.pop("language", UNSET))

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
            captions=captions,
            fps=fps,
            language=language,
            resolution=resolution,
        )

        return output_options
