from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="BatchProgress")


@_attrs_define
class BatchProgress:
    """
    Attributes:
        completed (int):
        failed (int):
        pending (int):
        percent (int):
        processing (int):
        total (int):
        awaiting_view (int | Unset): render on_view: jobs whose page nobody opened Default: 0.
        expired (int | Unset): render on_view: not opened in time, never rendered Default: 0.
    """

    completed: int
    failed: int
    pending: int
    percent: int
    processing: int
    total: int
    awaiting_view: int | Unset = 0
    expired: int | Unset = 0
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        completed = self.completed

        failed = self.failed

        pending = self.pending

        percent = self.percent

        processing = self.processing

        total = self.total

        awaiting_view = self.awaiting_view

        expired = self.expired

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "completed": completed,
                "failed": failed,
                "pending": pending,
                "percent": percent,
                "processing": processing,
                "total": total,
            }
        )
        if awaiting_view is not UNSET:
            field_dict["awaitingView"] = awaiting_view
        if expired is not UNSET:
            field_dict["expired"] = expired

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        completed = d.pop("completed")

        failed = d.pop("failed")

        pending = d.pop("pending")

        percent = d.pop("percent")

        processing = d.pop("processing")

        total = d.pop("total")

        awaiting_view = d.pop("awaitingView", UNSET)

        expired = d.pop("expired", UNSET)

        batch_progress = cls(
            completed=completed,
            failed=failed,
            pending=pending,
            percent=percent,
            processing=processing,
            total=total,
            awaiting_view=awaiting_view,
            expired=expired,
        )

        batch_progress.additional_properties = d
        return batch_progress

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
