from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

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
    """

    completed: int
    failed: int
    pending: int
    percent: int
    processing: int
    total: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        completed = self.completed

        failed = self.failed

        pending = self.pending

        percent = self.percent

        processing = self.processing

        total = self.total

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

        batch_progress = cls(
            completed=completed,
            failed=failed,
            pending=pending,
            percent=percent,
            processing=processing,
            total=total,
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
