from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ThumbnailRequest")


@_attrs_define
class ThumbnailRequest:
    """
    Attributes:
        render_job_id (str):
        duration_sec (float | Unset):  Default: 3.0.
        scene_index (int | None | Unset):
        start_sec (float | Unset):  Default: 0.0.
    """

    render_job_id: str
    duration_sec: float | Unset = 3.0
    scene_index: int | None | Unset = UNSET
    start_sec: float | Unset = 0.0

    def to_dict(self) -> dict[str, Any]:
        render_job_id = self.render_job_id

        duration_sec = self.duration_sec

        scene_index: int | None | Unset
        if isinstance(self.scene_index, Unset):
            scene_index = UNSET
        else:
            scene_index = self.scene_index

        start_sec = self.start_sec

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "renderJobId": render_job_id,
            }
        )
        if duration_sec is not UNSET:
            field_dict["durationSec"] = duration_sec
        if scene_index is not UNSET:
            field_dict["sceneIndex"] = scene_index
        if start_sec is not UNSET:
            field_dict["startSec"] = start_sec

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        render_job_id = d.pop("renderJobId")

        duration_sec = d.pop("durationSec", UNSET)

        def _parse_scene_index(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        scene_index = _parse_scene_index(d.pop("sceneIndex", UNSET))

        start_sec = d.pop("startSec", UNSET)

        thumbnail_request = cls(
            render_job_id=render_job_id,
            duration_sec=duration_sec,
            scene_index=scene_index,
            start_sec=start_sec,
        )

        return thumbnail_request
