from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="SceneOverride")


@_attrs_define
class SceneOverride:
    """Overrides for the template scene at the same index.

    Attributes:
        animation_option (None | str | Unset):
        enabled (bool | None | Unset):
        primitive_id (None | str | Unset):
        vo_script (None | str | Unset):
    """

    animation_option: None | str | Unset = UNSET
    enabled: bool | None | Unset = UNSET
    primitive_id: None | str | Unset = UNSET
    vo_script: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        animation_option: None | str | Unset
        if isinstance(self.animation_option, Unset):
            animation_option = UNSET
        else:
            animation_option = self.animation_option

        enabled: bool | None | Unset
        if isinstance(self.enabled, Unset):
            enabled = UNSET
        else:
            enabled = self.enabled

        primitive_id: None | str | Unset
        if isinstance(self.primitive_id, Unset):
            primitive_id = UNSET
        else:
            primitive_id = self.primitive_id

        vo_script: None | str | Unset
        if isinstance(self.vo_script, Unset):
            vo_script = UNSET
        else:
            vo_script = self.vo_script

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if animation_option is not UNSET:
            field_dict["animationOption"] = animation_option
        if enabled is not UNSET:
            field_dict["enabled"] = enabled
        if primitive_id is not UNSET:
            field_dict["primitiveId"] = primitive_id
        if vo_script is not UNSET:
            field_dict["voScript"] = vo_script

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_animation_option(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        animation_option = _parse_animation_option(d.pop("animationOption", UNSET))

        def _parse_enabled(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        enabled = _parse_enabled(d.pop("enabled", UNSET))

        def _parse_primitive_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        primitive_id = _parse_primitive_id(d.pop("primitiveId", UNSET))

        def _parse_vo_script(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        vo_script = _parse_vo_script(d.pop("voScript", UNSET))

        scene_override = cls(
            animation_option=animation_option,
            enabled=enabled,
            primitive_id=primitive_id,
            vo_script=vo_script,
        )

        return scene_override
