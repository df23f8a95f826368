from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="RecipientRow")


@_attrs_define
class RecipientRow:
    """
    Attributes:
        completed (bool):
        cta_clicked (bool):
        downloaded (bool):
        first_viewed_at (datetime.datetime | None):
        furthest_percent (int):
        job_id (str):
        last_viewed_at (datetime.datetime | None):
        player_url (str):
        recipient (str):
        row_number (int | None):
        sessions (int): Unique viewing sessions (page views)
        shared (bool):
        status (str):
        variant_id (None | str):
        views (int): Plays: sessions that started the video, plus replays
    """

    completed: bool
    cta_clicked: bool
    downloaded: bool
    first_viewed_at: datetime.datetime | None
    furthest_percent: int
    job_id: str
    last_viewed_at: datetime.datetime | None
    player_url: str
    recipient: str
    row_number: int | None
    sessions: int
    shared: bool
    status: str
    variant_id: None | str
    views: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
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

        row_number: int | None
        row_number = self.row_number

        sessions = self.sessions

        shared = self.shared

        status = self.status

        variant_id: None | str
        variant_id = self.variant_id

        views = self.views

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "completed": completed,
                "ctaClicked": cta_clicked,
                "downloaded": downloaded,
                "firstViewedAt": first_viewed_at,
                "furthestPercent": furthest_percent,
                "jobId": job_id,
                "lastViewedAt": last_viewed_at,
                "playerUrl": player_url,
                "recipient": recipient,
                "rowNumber": row_number,
                "sessions": sessions,
                "shared": shared,
                "status": status,
                "variantId": variant_id,
                "views": views,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
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

        def _parse_row_number(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        row_number = _parse_row_number(d.pop("rowNumber"))

        sessions = d.pop("sessions")

        shared = d.pop("shared")

        status = d.pop("status")

        def _parse_variant_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        variant_id = _parse_variant_id(d.pop("variantId"))

        views = d.pop("views")

        recipient_row = cls(
            completed=completed,
            cta_clicked=cta_clicked,
            downloaded=downloaded,
            first_viewed_at=first_viewed_at,
            furthest_percent=furthest_percent,
            job_id=job_id,
            last_viewed_at=last_viewed_at,
            player_url=player_url,
            recipient=recipient,
            row_number=row_number,
            sessions=sessions,
            shared=shared,
            status=status,
            variant_id=variant_id,
            views=views,
        )

        recipient_row.additional_properties = d
        return recipient_row

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
