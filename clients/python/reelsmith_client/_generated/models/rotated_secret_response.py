from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.webhook_with_secret import WebhookWithSecret


T = TypeVar("T", bound="RotatedSecretResponse")


@_attrs_define
class RotatedSecretResponse:
    """
    Attributes:
        message (str):
        previous_secret_expires_at (datetime.datetime):
        webhook (WebhookWithSecret):
        success (bool | Unset):  Default: True.
    """

    message: str
    previous_secret_expires_at: datetime.datetime
    webhook: WebhookWithSecret
    success: bool | Unset = True
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        message = self.message

        previous_secret_expires_at = self.previous_secret_expires_at.isoformat()

        webhook = self.webhook.to_dict()

        success = self.success

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "message": message,
                "previousSecretExpiresAt": previous_secret_expires_at,
                "webhook": webhook,
            }
        )
        if success is not UNSET:
            field_dict["success"] = success

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.webhook_with_secret import WebhookWithSecret  # noqa: PLC0415

        d = dict(src_dict)
        message = d.pop("message")

        previous_secret_expires_at = datetime.datetime.fromisoformat(
            d.pop("previousSecretExpiresAt")
        )

        webhook = WebhookWithSecret.from_dict(d.pop("webhook"))

        success = d.pop("success", UNSET)

        rotated_secret_response = cls(
            message=message,
            previous_secret_expires_at=previous_secret_expires_at,
            webhook=webhook,
            success=success,
        )

        rotated_secret_response.additional_properties = d
        return rotated_secret_response

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
