from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="MusicTrackInfo")


@_attrs_define
class MusicTrackInfo:
    """
    Attributes:
        bpm (int):
        duration_sec (float):
        id (str):
        mood (str):
        name (str):
        url (str):
    """

    bpm: int
    duration_sec: float
    id: str
    mood: str
    name: str
    url: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        bpm = self.bpm

        duration_sec = self.duration_sec

        id = self.id

        mood = self.mood

        name = self.name

        url = self.url

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "bpm": bpm,
                "durationSec": duration_sec,
                "id": id,
                "mood": mood,
                "name": name,
                "url": url,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        bpm = d.pop("bpm")

        duration_sec = d.pop("durationSec")

        id = d.pop("id")

        mood = d.pop("mood")

        name = d.pop("name")

        url = d.pop("url")

        music_track_info = cls(
            bpm=bpm,
            duration_sec=duration_sec,
            id=id,
            mood=mood,
            name=name,
            url=url,
        )

        music_track_info.additional_properties = d
        return music_track_info

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
