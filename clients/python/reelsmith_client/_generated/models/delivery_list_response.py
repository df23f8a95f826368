from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.delivery_out import DeliveryOut


T = TypeVar("T", bound="DeliveryListResponse")


@_attrs_define
class DeliveryListResponse:
    """
    Attributes:
        deliveries (list[DeliveryOut]):
        limit (int):
        page (int):
        total (int):
        success (bool | Unset):  Default: True.
    """

    deliveries: list[DeliveryOut]
    limit: int
    page: int
    total: int
    success: bool | Unset = True
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        deliveries = []
        for deliveries_item_data in self.deliveries:
            deliveries_item = deliveries_item_data.to_dict()
            deliveries.append(deliveries_item)

        limit = self.limit

        page = self.page

        total = self.total

        success = self.success

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "deliveries": deliveries,
                "limit": limit,
                "page": page,
                "total": total,
            }
        )
        if success is not UNSET:
            field_dict["success"] = success

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.delivery_out import DeliveryOut  # noqa: PLC0415

        d = dict(src_dict)
        deliveries = []
        _deliveries = d.pop("deliveries")
        for deliveries_item_data in _deliveries:
            deliveries_item = DeliveryOut.from_dict(deliveries_item_data)

            deliveries.append(deliveries_item)

        limit = d.pop("limit")

        page = d.pop("page")

        total = d.pop("total")

        success = d.pop("success", UNSET)

        delivery_list_response = cls(
            deliveries=deliveries,
            limit=limit,
            page=page,
            total=total,
            success=success,
        )

        delivery_list_response.additional_properties = d
        return delivery_list_response

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
