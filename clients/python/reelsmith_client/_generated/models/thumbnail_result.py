from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="ThumbnailResult")


@_attrs_define
class ThumbnailResult:
    """
    Attributes:
        gif_size (int):
        png_size (int):
        render_job_id (str):
        thumbnail_gif_url (str):
        thumbnail_url (str):
        success (bool | Unset):  Default: True.
    """

    gif_size: int
    png_size: int
    render_job_id: str
    thumbnail_gif_url: str
    thumbnail_url: str
    success: bool | Unset = True
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        gif_size = self.gif_size

        png_size = self.png_size

        render_job_id = self.render_job_id

        thumbnail_gif_url = self.thumbnail_gif_url

        thumbnail_url = self.thumbnail_url

        success = self.success

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "gifSize": gif_size,
                "pngSize": png_size,
                "renderJobId": render_job_id,
                "thumbnailGifUrl": thumbnail_gif_url,
                "thumbnailUrl": thumbnail_url,
            }
        )
        if success is not UNSET:
            field_dict["success"] = success

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        gif_size = d.pop("gifSize")

        png_size = d.pop("pngSize")

        render_job_id = d.pop("renderJobId")

        thumbnail_gif_url = d.pop("thumbnailGifUrl")

        thumbnail_url = d.pop("thumbnailUrl")

        success = d.pop("success", UNSET)

        thumbnail_result = cls(
            gif_size=gif_size,
            png_size=png_size,
            render_job_id=render_job_id,
            thumbnail_gif_url=thumbnail_gif_url,
            thumbnail_url=thumbnail_url,
            success=success,
        )

        thumbnail_result.additional_properties = d
        return thumbnail_result

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
