from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.language_support import LanguageSupport
    from ..models.voice_info import VoiceInfo


T = TypeVar("T", bound="VoicesResponse")


@_attrs_define
class VoicesResponse:
    """
    Attributes:
        languages (list[LanguageSupport]):
        online_engine (bool):
        voices (list[VoiceInfo]):
        success (bool | Unset):  Default: True.
    """

    languages: list[LanguageSupport]
    online_engine: bool
    voices: list[VoiceInfo]
    success: bool | Unset = True
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        languages = []
        for languages_item_data in self.languages:
            languages_item = languages_item_data.to_dict()
            languages.append(languages_item)

        online_engine = self.online_engine

        voices = []
        for voices_item_data in self.voices:
            voices_item = voices_item_data.to_dict()
            voices.append(voices_item)

        success = self.success

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "languages": languages,
                "onlineEngine": online_engine,
                "voices": voices,
            }
        )
        if success is not UNSET:
            field_dict["success"] = success

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.language_support import LanguageSupport  # noqa: PLC0415
        from ..models.voice_info import VoiceInfo  # noqa: PLC0415

        d = dict(src_dict)
        languages = []
        _languages = d.pop("languages")
        for languages_item_data in _languages:
            languages_item = LanguageSupport.from_dict(languages_item_data)

            languages.append(languages_item)

        online_engine = d.pop("onlineEngine")

        voices = []
        _voices = d.pop("voices")
        for voices_item_data in _voices:
            voices_item = VoiceInfo.from_dict(voices_item_data)

            voices.append(voices_item)

        success = d.pop("success", UNSET)

        voices_response = cls(
            languages=languages,
            online_engine=online_engine,
            voices=voices,
            success=success,
        )

        voices_response.additional_properties = d
        return voices_response

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
