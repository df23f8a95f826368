from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="EngagementResponse")


@_attrs_define
class EngagementResponse:
    """
    Attributes:
        batch_id (None | str):
        completed (bool):
        cta_clicked (bool):
        downloaded (bool):
        first_viewed_at (datetime.datetime | None):
        furthest_percent (int):
        job_id (str):
        last_viewed_at (datetime.datetime | None):
        player_url (str):
        recipient (str):
        scenes_reached (list[int]): Template scene indexes any session entered
        sessions (int): Unique viewing sessions (page views)
        shared (bool):
        variant_id (None | str):
        views (int): Plays: sessions that started the video, plus replays
        success (bool | Unset):  Default: True.
    """

    batch_id: None | str
    completed: bool
    cta_clicked: bool
    downloaded: bool
    first_viewed_at: datetime.datetime | None
    furthest_percent: int
    job_id: str
    last_viewed_at: datetime.datetime | None
    player_url: str
    recipient: str
    scenes_reached: list[int]
    sessions: int
    shared: bool
    variant_id: None | str
    views: int
    success: bool | Unset = True
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        batch_id: None | str
        batch_id = self.batch_id

        completed = self.completed

        cta_clicked = self.cta_clicked

        downloaded = self.downloaded

        first_viewed_at: None | str
        if isinstance(self.first_viewed_at, datetime.datetime):
            first_viewed_at = self.first_viewed_at.isoformat()
        else:
            first_viewed_at = self.first_viewed_at

        furthest_percent = self.furthest_percent

        job_id = self.job_id

        last_viewed_at: None | str
        if isinstance(self.last_viewed_at, datetime.datetime):
            last_viewed_at = self.last_viewed_at.isoformat()
        else:
            last_viewed_at = self.last_viewed_at

        player_url = self.player_url

        recipient = self.recipient

        scenes_reached = self.scenes_reached

        sessions = self.sessions

        shared = self.shared

        variant_id: None | str
        variant_id = self.variant_id

        views = self.views

        success = self.success

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "batchId": batch_id,
                "completed": completed,
                "ctaClicked": cta_clicked,
                "downloaded": downloaded,
                "firstViewedAt": first_viewed_at,
                "furthestPercent": furthest_percent,
                "jobId": job_id,
                "lastViewedAt": last_viewed_at,
                "playerUrl": player_url,
                "recipient": recipient,
                "scenesReached": scenes_reached,
                "sessions": sessions,
                "shared": shared,
                "variantId": variant_id,
                "views": views,
            }
        )
        if success is not UNSET:
            field_dict["success"] = success

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_batch_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        batch_id = _parse_batch_id(d.pop("batchId"))

        completed = d.pop("completed")

        cta_clicked = d.pop("ctaClicked")

        downloaded = d.pop("downloaded")

        def _parse_first_viewed_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                first_viewed_at_type_0 = datetime.datetime.fromisoformat(data)

                return first_viewed_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        first_viewed_at = _parse_first_viewed_at(d.pop("firstViewedAt"))

        furthest_percent = d.pop("furthestPercent")

        job_id = d.pop("jobId")

        def _parse_last_viewed_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                last_viewed_at_type_0 = datetime.datetime.fromisoformat(data)

                return last_viewed_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        last_viewed_at = _parse_last_viewed_at(d.pop("lastViewedAt"))

        player_url = d.pop("playerUrl")

        recipient = d.pop("recipient")

        scenes_reached = cast(list[int], d.pop("scenesReached"))

        sessions = d.pop("sessions")

        shared = d.pop("shared")

        def _parse_variant_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        variant_id = _parse_variant_id(d.pop("variantId"))

        views = d.pop("views")

        success = d.pop("success", UNSET)

        engagement_response = cls(
            batch_id=batch_id,
            completed=completed,
            cta_clicked=cta_clicked,
            downloaded=downloaded,
            first_viewed_at=first_viewed_at,
            furthest_percent=furthest_percent,
            job_id=job_id,
            last_viewed_at=last_viewed_at,
            player_url=player_url,
            recipient=recipient,
            scenes_reached=scenes_reached,
            sessions=sessions,
            shared=shared,
            variant_id=variant_id,
            views=views,
            success=success,
        )

        engagement_response.additional_properties = d
        return engagement_response

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
