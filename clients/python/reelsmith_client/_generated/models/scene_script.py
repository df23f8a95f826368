from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="SceneScript")


@_attrs_define
class SceneScript:
    """
    Attributes:
        scene_id (str):
        vo_script (str):
    """

    scene_id: str
    vo_script: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        scene_id = self.scene_id

        vo_script = self.vo_script

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "sceneId": scene_id,
                "voScript": vo_script,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        scene_id = d.pop("sceneId")

        vo_script = d.pop("voScript")

        scene_script = cls(
            scene_id=scene_id,
            vo_script=vo_script,
        )

        scene_script.additional_properties = d
        return scene_script

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
