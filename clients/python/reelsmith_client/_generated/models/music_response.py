from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.music_track_info import MusicTrackInfo


T = TypeVar("T", bound="MusicResponse")


@_attrs_define
class MusicResponse:
    """
    Attributes:
        total (int):
        tracks (list[MusicTrackInfo]):
        success (bool | Unset):  Default: True.
    """

    total: int
    tracks: list[MusicTrackInfo]
    success: bool | Unset = True
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        total = self.total

        tracks = []
        for tracks_item_data in self.tracks:
            tracks_item = tracks_item_data.to_dict()
            tracks.append(tracks_item)

        success = self.success

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "total": total,
                "tracks": tracks,
            }
        )
        if success is not UNSET:
            field_dict["success"] = success

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.music_track_info import MusicTrackInfo  # noqa: PLC0415

        d = dict(src_dict)
        total = d.pop("total")

        tracks = []
        _tracks = d.pop("tracks")
        for tracks_item_data in _tracks:
            tracks_item = MusicTrackInfo.from_dict(tracks_item_data)

            tracks.append(tracks_item)

        success = d.pop("success", UNSET)

        music_response = cls(
            total=total,
            tracks=tracks,
            success=success,
        )

        music_response.additional_properties = d
        return music_response

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
