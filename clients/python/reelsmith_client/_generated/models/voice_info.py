from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.offline_voice import OfflineVoice


T = TypeVar("T", bound="VoiceInfo")


@_attrs_define
class VoiceInfo:
    """
    Attributes:
        accent (None | str):
        gender (None | str):
        offline (None | OfflineVoice):
        tier (str):
        voice_id (str):
    """

    accent: None | str
    gender: None | str
    offline: None | OfflineVoice
    tier: str
    voice_id: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.offline_voice import OfflineVoice  # noqa: PLC0415

        accent: None | str
        accent = self.accent

        gender: None | str
        gender = self.gender

        offline: dict[str, Any] | None
        if isinstance(self.offline, OfflineVoice):
            offline = self.offline.to_dict()
        else:
            offline = self.offline

        tier = self.tier

        voice_id = self.voice_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "accent": accent,
                "gender": gender,
                "offline": offline,
                "tier": tier,
                "voiceId": voice_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.offline_voice import OfflineVoice  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_accent(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        accent = _parse_accent(d.pop("accent"))

        def _parse_gender(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        gender = _parse_gender(d.pop("gender"))

        def _parse_offline(data: object) -> None | OfflineVoice:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                offline_type_0 = OfflineVoice.from_dict(data)

                return offline_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | OfflineVoice, data)

        offline = _parse_offline(d.pop("offline"))

        tier = d.pop("tier")

        voice_id = d.pop("voiceId")

        voice_info = cls(
            accent=accent,
            gender=gender,
            offline=offline,
            tier=tier,
            voice_id=voice_id,
        )

        voice_info.additional_properties = d
        return voice_info

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
