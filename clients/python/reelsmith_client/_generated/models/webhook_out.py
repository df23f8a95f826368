from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="WebhookOut")


@_attrs_define
class WebhookOut:
    """
    Attributes:
        active (bool):
        created_at (datetime.datetime):
        description (str):
        disabled_at (datetime.datetime | None):
        disabled_reason (None | str): Why the endpoint was disabled, if it is
        events (list[str]):
        id (str):
        secret_prefix (str): Leading characters of the secret
        updated_at (datetime.datetime):
        url (str):
    """

    active: bool
    created_at: datetime.datetime
    description: str
    disabled_at: datetime.datetime | None
    disabled_reason: None | str
    events: list[str]
    id: str
    secret_prefix: str
    updated_at: datetime.datetime
    url: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        active = self.active

        created_at = self.created_at.isoformat()

        description = self.description

        disabled_at: None | str
        if isinstance(self.disabled_at, datetime.datetime):
            disabled_at = self.disabled_at.isoformat()
        else:
            disabled_at = self.disabled_at

        disabled_reason: None | str
        disabled_reason = self.disabled_reason

        events = self.events

        id = self.id

        secret_prefix = self.secret_prefix

        updated_at = self.updated_at.isoformat()

        url = self.url

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "active": active,
                "createdAt": created_at,
                "description": description,
                "disabledAt": disabled_at,
                "disabledReason": disabled_reason,
                "events": events,
                "id": id,
                "secretPrefix": secret_prefix,
                "updatedAt": updated_at,
                "url": url,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        active = d.pop("active")

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        description = d.pop("description")

        def _parse_disabled_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                disabled_at_type_0 = datetime.datetime.fromisoformat(data)

                return disabled_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        disabled_at = _parse_disabled_at(d.pop("disabledAt"))

        def _parse_disabled_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        disabled_reason = _parse_disabled_reason(d.pop("disabledReason"))

        events = cast(list[str], d.pop("events"))

        id = d.pop("id")

        secret_prefix = d.pop("secretPrefix")

        updated_at = datetime.datetime.fromisoformat(d.pop("updatedAt"))

        url = d.pop("url")

        webhook_out = cls(
            active=active,
            created_at=created_at,
            description=description,
            disabled_at=disabled_at,
            disabled_reason=disabled_reason,
            events=events,
            id=id,
            secret_prefix=secret_prefix,
            updated_at=updated_at,
            url=url,
        )

        webhook_out.additional_properties = d
        return webhook_out

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
