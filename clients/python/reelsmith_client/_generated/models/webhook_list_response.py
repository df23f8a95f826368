from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.webhook_out import WebhookOut


T = TypeVar("T", bound="WebhookListResponse")


@_attrs_define
class WebhookListResponse:
    """
    Attributes:
        total (int):
        webhooks (list[WebhookOut]):
        success (bool | Unset):  Default: True.
    """

    total: int
    webhooks: list[WebhookOut]
    success: bool | Unset = True
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        total = self.total

        webhooks = []
        for webhooks_item_data in self.webhooks:
            webhooks_item = webhooks_item_data.to_dict()
            webhooks.append(webhooks_item)

        success = self.success

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "total": total,
                "webhooks": webhooks,
            }
        )
        if success is not UNSET:
            field_dict["success"] = success

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.webhook_out import WebhookOut  # noqa: PLC0415

        d = dict(src_dict)
        total = d.pop("total")

        webhooks = []
        _webhooks = d.pop("webhooks")
        for webhooks_item_data in _webhooks:
            webhooks_item = WebhookOut.from_dict(webhooks_item_data)

            webhooks.append(webhooks_item)

        success = d.pop("success", UNSET)

        webhook_list_response = cls(
            total=total,
            webhooks=webhooks,
            success=success,
        )

        webhook_list_response.additional_properties = d
        return webhook_list_response

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
