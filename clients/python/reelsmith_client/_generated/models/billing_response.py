from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.usage_entry import UsageEntry


T = TypeVar("T", bound="BillingResponse")


@_attrs_define
class BillingResponse:
    """
    Attributes:
        credits_ (int): Current balance
        next_cursor (None | str): Pass as `cursor` for the next page; null at end
        tier (str):
        usage (list[UsageEntry]): Ledger entries, newest first
        success (bool | Unset):  Default: True.
    """

    credits_: int
    next_cursor: None | str
    tier: str
    usage: list[UsageEntry]
    success: bool | Unset = True
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        credits_ = self.credits_

        next_cursor: None | str
        next_cursor = self.next_cursor

        tier = self.tier

        usage = []
        for usage_item_data in self.usage:
            usage_item = usage_item_data.to_dict()
            usage.append(usage_item)

        success = self.success

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "credits": credits_,
                "nextCursor": next_cursor,
                "tier": tier,
                "usage": usage,
            }
        )
        if success is not UNSET:
            field_dict["success"] = success

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.usage_entry import UsageEntry  # noqa: PLC0415

        d = dict(src_dict)
        credits_ = d.pop("credits")

        def _parse_next_cursor(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_cursor = _parse_next_cursor(d.pop("nextCursor"))

        tier = d.pop("tier")

        usage = []
        _usage = d.pop("usage")
        for usage_item_data in _usage:
            usage_item = UsageEntry.from_dict(usage_item_data)

            usage.append(usage_item)

        success = d.pop("success", UNSET)

        billing_response = cls(
            credits_=credits_,
            next_cursor=next_cursor,
            tier=tier,
            usage=usage,
            success=success,
        )

        billing_response.additional_properties = d
        return billing_response

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
