from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.language_support_quality_type_0 import LanguageSupportQualityType0

T = TypeVar("T", bound="LanguageSupport")


@_attrs_define
class LanguageSupport:
    """
    Attributes:
        code (str):
        engine (None | str):
        name (None | str):
        note (str):
        quality (LanguageSupportQualityType0 | None):
        voice (bool):
    """

    code: str
    engine: None | str
    name: None | str
    note: str
    quality: LanguageSupportQualityType0 | None
    voice: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        code = self.code

        engine: None | str
        engine = self.engine

        name: None | str
        name = self.name

        note = self.note

        quality: None | str
        if isinstance(self.quality, LanguageSupportQualityType0):
            quality = self.quality.value
        else:
            quality = self.quality

        voice = self.voice

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "code": code,
                "engine": engine,
                "name": name,
                "note": note,
                "quality": quality,
                "voice": voice,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        code = d.pop("code")

        def _parse_engine(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        engine = _parse_engine(d.pop("engine"))

        def _parse_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        name = _parse_name(d.pop("name"))

        note = d.pop("note")

        def _parse_quality(data: object) -> LanguageSupportQualityType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                quality_type_0 = LanguageSupportQualityType0(data)

                return quality_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(LanguageSupportQualityType0 | None, data)

        quality = _parse_quality(d.pop("quality"))

        voice = d.pop("voice")

        language_support = cls(
            code=code,
            engine=engine,
            name=name,
            note=note,
            quality=quality,
            voice=voice,
        )

        language_support.additional_properties = d
        return language_support

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
