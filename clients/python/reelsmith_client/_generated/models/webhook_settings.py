from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="WebhookSettings")


@_attrs_define
class WebhookSettings:
    """
    Attributes:
        endpoint_id (str):
    """

    endpoint_id: str

    def to_dict(self) -> dict[str, Any]:
        endpoint_id = self.endpoint_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "endpointId": endpoint_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        endpoint_id = d.pop("endpointId")

        webhook_settings = cls(
            endpoint_id=endpoint_id,
        )

        return webhook_settings
