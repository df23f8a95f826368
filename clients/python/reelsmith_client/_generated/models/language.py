from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Language")


@_attrs_define
class Language:
    """
    Attributes:
        can_speak (bool): Addition to the SPEC: a voice can speak it right now
        can_translate (bool): Addition to the SPEC: English scripts can be translated to it right now (a configured
            engine covers en -> code)
        code (str):
        name (str):
    """

    can_speak: bool
    can_translate: bool
    code: str
    name: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        can_speak = self.can_speak

        can_translate = self.can_translate

        code = self.code

        name = self.name

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "canSpeak": can_speak,
                "canTranslate": can_translate,
                "code": code,
                "name": name,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        can_speak = d.pop("canSpeak")

        can_translate = d.pop("canTranslate")

        code = d.pop("code")

        name = d.pop("name")

        language = cls(
            can_speak=can_speak,
            can_translate=can_translate,
            code=code,
            name=name,
        )

        language.additional_properties = d
        return language

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
