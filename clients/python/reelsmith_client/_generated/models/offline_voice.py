from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.offline_voice_quality import OfflineVoiceQuality

T = TypeVar("T", bound="OfflineVoice")


@_attrs_define
class OfflineVoice:
    """
    Attributes:
        engine (str):
        quality (OfflineVoiceQuality):
        voice (str):
    """

    engine: str
    quality: OfflineVoiceQuality
    voice: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        engine = self.engine

        quality = self.quality.value

        voice = self.voice

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "engine": engine,
                "quality": quality,
                "voice": voice,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        engine = d.pop("engine")

        quality = OfflineVoiceQuality(d.pop("quality"))

        voice = d.pop("voice")

        offline_voice = cls(
            engine=engine,
            quality=quality,
            voice=voice,
        )

        offline_voice.additional_properties = d
        return offline_voice

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
