from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Execution")


@_attrs_define
class Execution:
    """
    Attributes:
        created_at (datetime.datetime):
        delivered_at (datetime.datetime | None):
        delivery_attempts (int):
        event_id (None | str):
        id (str):
        job_id (None | str):
        reason (None | str):
        recipient_id (str):
        rendered_at (datetime.datetime | None):
        status (str):
        updated_at (datetime.datetime):
    """

    created_at: datetime.datetime
    delivered_at: datetime.datetime | None
    delivery_attempts: int
    event_id: None | str
    id: str
    job_id: None | str
    reason: None | str
    recipient_id: str
    rendered_at: datetime.datetime | None
    status: str
    updated_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at.isoformat()

        delivered_at: None | str
        if isinstance(self.delivered_at, datetime.datetime):
            delivered_at = self.delivered_at.isoformat()
        else:
            delivered_at = self.delivered_at

        delivery_attempts = self.delivery_attempts

        event_id: None | str
        event_id = self.event_id

        id = self.id

        job_id: None | str
        job_id = self.job_id

        reason: None | str
        reason = self.reason

        recipient_id = self.recipient_id

        rendered_at: None | str
        if isinstance(self.rendered_at, datetime.datetime):
            rendered_at = self.rendered_at.isoformat()
        else:
            rendered_at = self.rendered_at

        status = self.status

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "createdAt": created_at,
                "deliveredAt": delivered_at,
                "deliveryAttempts": delivery_attempts,
                "eventId": event_id,
                "id": id,
                "jobId": job_id,
                "reason": reason,
                "recipientId": recipient_id,
                "renderedAt": rendered_at,
                "status": status,
                "updatedAt": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        def _parse_delivered_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                delivered_at_type_0 = datetime.datetime.fromisoformat(data)

                return delivered_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        delivered_at = _parse_delivered_at(d.pop("deliveredAt"))

        delivery_attempts = d.pop("deliveryAttempts")

        def _parse_event_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        event_id = _parse_event_id(d.pop("eventId"))

        id = d.pop("id")

        def _parse_job_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        job_id = _parse_job_id(d.pop("jobId"))

        def _parse_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        reason = _parse_reason(d.pop("reason"))

        recipient_id = d.pop("recipientId")

        def _parse_rendered_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                rendered_at_type_0 = datetime.datetime.fromisoformat(data)

                return rendered_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        rendered_at = _parse_rendered_at(d.pop("renderedAt"))

        status = d.pop("status")

        updated_at = datetime.datetime.fromisoformat(d.pop("updatedAt"))

        execution = cls(
            created_at=created_at,
            delivered_at=delivered_at,
            delivery_attempts=delivery_attempts,
            event_id=event_id,
            id=id,
            job_id=job_id,
            reason=reason,
            recipient_id=recipient_id,
            rendered_at=rendered_at,
            status=status,
            updated_at=updated_at,
        )

        execution.additional_properties = d
        return execution

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
