from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.audio_options import AudioOptions
    from ..models.brand_options import BrandOptions
    from ..models.scene_override import SceneOverride


T = TypeVar("T", bound="BatchVariant")


@_attrs_define
class BatchVariant:
    """One arm of an A/B batch: its share of the rows and what it changes. `templateId`
    replaces the batch's template, `scenes` replaces the batch's scene overrides, `brand` and
    `audio` fields given here win over the batch's (docs/api/ab-campaigns.md).

        Attributes:
            id (str):
            label (str):
            split_percent (int): Integer percent; all variants sum to 100
            audio (AudioOptions | None | Unset):
            brand (BrandOptions | None | Unset):
            scenes (list[SceneOverride] | None | Unset):
            template_id (None | str | Unset):
    """

    id: str
    label: str
    split_percent: int
    audio: AudioOptions | None | Unset = UNSET
    brand: BrandOptions | None | Unset = UNSET
    scenes: list[SceneOverride] | None | Unset = UNSET
    template_id: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.audio_options import AudioOptions  # noqa: PLC0415
        from ..models.brand_options import BrandOptions  # noqa: PLC0415

        id = self.id

        label = self.label

        split_percent = self.split_percent

        audio: dict[str, Any] | None | Unset
        if isinstance(self.audio, Unset):
            audio = UNSET
        elif isinstance(self.audio, AudioOptions):
            audio = self.audio.to_dict()
        else:
            audio = self.audio

        brand: dict[str, Any] | None | Unset
        if isinstance(self.brand, Unset):
            brand = UNSET
        elif isinstance(self.brand, BrandOptions):
            brand = self.brand.to_dict()
        else:
            brand = self.brand

        scenes: list[dict[str, Any]] | None | Unset
        if isinstance(self.scenes, Unset):
            scenes = UNSET
        elif isinstance(self.scenes, list):
            scenes = []
            for scenes_type_0_item_data in self.scenes:
                scenes_type_0_item = scenes_type_0_item_data.to_dict()
                scenes.append(scenes_type_0_item)

        else:
            scenes = self.scenes

        template_id: None | str | Unset
        if isinstance(self.template_id, Unset):
            template_id = UNSET
        else:
            template_id = self.template_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "label": label,
                "splitPercent": split_percent,
            }
        )
        if audio is not UNSET:
            field_dict["audio"] = audio
        if brand is not UNSET:
            field_dict["brand"] = brand
        if scenes is not UNSET:
            field_dict["scenes"] = scenes
        if template_id is not UNSET:
            field_dict["templateId"] = template_id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.audio_options import AudioOptions  # noqa: PLC0415
        from ..models.brand_options import BrandOptions  # noqa: PLC0415
        from ..models.scene_override import SceneOverride  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        label = d.pop("label")

        split_percent = d.pop("splitPercent")

        def _parse_audio(data: object) -> AudioOptions | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                audio_type_0 = AudioOptions.from_dict(data)

                return audio_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AudioOptions | None | Unset, data)

        audio = _parse_audio(d.pop("audio", UNSET))

        def _parse_brand(data: object) -> BrandOptions | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                brand_type_0 = BrandOptions.from_dict(data)

                return brand_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BrandOptions | None | Unset, data)

        brand = _parse_brand(d.pop("brand", UNSET))

        def _parse_scenes(data: object) -> list[SceneOverride] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                scenes_type_0 = []
                _scenes_type_0 = data
                for scenes_type_0_item_data in _scenes_type_0:
                    scenes_type_0_item = SceneOverride.from_dict(
                        scenes_type_0_item_data
                    )

                    scenes_type_0.append(scenes_type_0_item)

                return scenes_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[SceneOverride] | None | Unset, data)

        scenes = _parse_scenes(d.pop("scenes", UNSET))

        def _parse_template_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        template_id = _parse_template_id(d.pop("templateId", UNSET))

        batch_variant = cls(
            id=id,
            label=label,
            split_percent=split_percent,
            audio=audio,
            brand=brand,
            scenes=scenes,
            template_id=template_id,
        )

        return batch_variant
