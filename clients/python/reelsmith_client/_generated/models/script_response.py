from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.scene_script import SceneScript


T = TypeVar("T", bound="ScriptResponse")


@_attrs_define
class ScriptResponse:
    """
    Attributes:
        scripts (list[SceneScript]):
    """

    scripts: list[SceneScript]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        scripts = []
        for scripts_item_data in self.scripts:
            scripts_item = scripts_item_data.to_dict()
            scripts.append(scripts_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "scripts": scripts,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.scene_script import SceneScript  # noqa: PLC0415

        d = dict(src_dict)
        scripts = []
        _scripts = d.pop("scripts")
        for scripts_item_data in _scripts:
            scripts_item = SceneScript.from_dict(scripts_item_data)

            scripts.append(scripts_item)

        script_response = cls(
            scripts=scripts,
        )

        script_response.additional_properties = d
        return script_response

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
