from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.batch_job_shape_aspectratio import BatchJobShapeAspectratio
from ..types import UNSET, Unset

T = TypeVar("T", bound="BatchJobShape")


@_attrs_define
class BatchJobShape:
    """One job of a batch: the request row it renders and its shape.

    Attributes:
        aspect_ratio (BatchJobShapeAspectratio):
        job_id (str):
        row (int): The row's 1-based number in the request
        player_url (None | str | Unset): render on_view: its first open renders it
        thumbnail_url (None | str | Unset): render on_view: its poster PNG
    """

    aspect_ratio: BatchJobShapeAspectratio
    job_id: str
    row: int
    player_url: None | str | Unset = UNSET
    thumbnail_url: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        aspect_ratio = self.aspect_ratio.value

        job_id = self.job_id

        row = self.row

        player_url: None | str | Unset
        if isinstance(self.player_url, Unset):
            player_url = UNSET
        else:
            player_url = self.player_url

        thumbnail_url: None | str | Unset
        if isinstance(self.thumbnail_url, Unset):
            thumbnail_url = UNSET
        else:
            thumbnail_url = self.thumbnail_url

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "aspectRatio": aspect_ratio,
                "jobId": job_id,
                "row": row,
            }
        )
        if player_url is not UNSET:
            field_dict["playerUrl"] = player_url
        if thumbnail_url is not UNSET:
            field_dict["thumbnailUrl"] = thumbnail_url

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        aspect_ratio = BatchJobShapeAspectratio(d.pop("aspectRatio"))

        job_id = d.pop("jobId")

        row = d.pop("row")

        def _parse_player_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        player_url = _parse_player_url(d.pop("playerUrl", UNSET))

        def _parse_thumbnail_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        thumbnail_url = _parse_thumbnail_url(d.pop("thumbnailUrl", UNSET))

        batch_job_shape = cls(
            aspect_ratio=aspect_ratio,
            job_id=job_id,
            row=row,
            player_url=player_url,
            thumbnail_url=thumbnail_url,
        )

        batch_job_shape.additional_properties = d
        return batch_job_shape

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
