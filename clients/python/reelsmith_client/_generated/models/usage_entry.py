from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.usage_entry_kind import UsageEntryKind

T = TypeVar("T", bound="UsageEntry")


@_attrs_define
class UsageEntry:
    """
    Attributes:
        amount (int): Signed: charges are negative
        balance_after (int):
        created_at (datetime.datetime):
        id (str):
        kind (UsageEntryKind):
        reason (str):
        reference (None | str):
    """

    amount: int
    balance_after: int
    created_at: datetime.datetime
    id: str
    kind: UsageEntryKind
    reason: str
    reference: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        amount = self.amount

        balance_after = self.balance_after

        created_at = self.created_at.isoformat()

        id = self.id

        kind = self.kind.value

        reason = self.reason

        reference: None | str
        reference = self.reference

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "amount": amount,
                "balanceAfter": balance_after,
                "createdAt": created_at,
                "id": id,
                "kind": kind,
                "reason": reason,
                "reference": reference,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        amount = d.pop("amount")

        balance_after = d.pop("balanceAfter")

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        id = d.pop("id")

        kind = UsageEntryKind(d.pop("kind"))

        reason = d.pop("reason")

        def _parse_reference(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        reference = _parse_reference(d.pop("reference"))

        usage_entry = cls(
            amount=amount,
            balance_after=balance_after,
            created_at=created_at,
            id=id,
            kind=kind,
            reason=reason,
            reference=reference,
        )

        usage_entry.additional_properties = d
        return usage_entry

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
