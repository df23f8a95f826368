from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.attempt_out import AttemptOut


T = TypeVar("T", bound="DeliveryOut")


@_attrs_define
class DeliveryOut:
    """
    Attributes:
        attempts (list[AttemptOut]):
        created_at (datetime.datetime):
        event (str):
        id (str):
        next_retry_at (datetime.datetime | None):
        payload_id (str): The `webhook-id` header: receivers deduplicate on it
        redelivery_of (None | str):
        status (str): pending, retrying, delivered or failed
        webhook_id (str):
    """

    attempts: list[AttemptOut]
    created_at: datetime.datetime
    event: str
    id: str
    next_retry_at: datetime.datetime | None
    payload_id: str
    redelivery_of: None | str
    status: str
    webhook_id: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        attempts = []
        for attempts_item_data in self.attempts:
            attempts_item = attempts_item_data.to_dict()
            attempts.append(attempts_item)

        created_at = self.created_at.isoformat()

        event = self.event

        id = self.id

        next_retry_at: None | str
        if isinstance(self.next_retry_at, datetime.datetime):
            next_retry_at = self.next_retry_at.isoformat()
        else:
            next_retry_at = self.next_retry_at

        payload_id = self.payload_id

        redelivery_of: None | str
        redelivery_of = self.redelivery_of

        status = self.status

        webhook_id = self.webhook_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "attempts": attempts,
                "createdAt": created_at,
                "event": event,
                "id": id,
                "nextRetryAt": next_retry_at,
                "payloadId": payload_id,
                "redeliveryOf": redelivery_of,
                "status": status,
                "webhookId": webhook_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.attempt_out import AttemptOut  # noqa: PLC0415

        d = dict(src_dict)
        attempts = []
        _attempts = d.pop("attempts")
        for attempts_item_data in _attempts:
            attempts_item = AttemptOut.from_dict(attempts_item_data)

            attempts.append(attempts_item)

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        event = d.pop("event")

        id = d.pop("id")

        def _parse_next_retry_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                next_retry_at_type_0 = datetime.datetime.fromisoformat(data)

                return next_retry_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        next_retry_at = _parse_next_retry_at(d.pop("nextRetryAt"))

        payload_id = d.pop("payloadId")

        def _parse_redelivery_of(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        redelivery_of = _parse_redelivery_of(d.pop("redeliveryOf"))

        status = d.pop("status")

        webhook_id = d.pop("webhookId")

        delivery_out = cls(
            attempts=attempts,
            created_at=created_at,
            event=event,
            id=id,
            next_retry_at=next_retry_at,
            payload_id=payload_id,
            redelivery_of=redelivery_of,
            status=status,
            webhook_id=webhook_id,
        )

        delivery_out.additional_properties = d
        return delivery_out

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
