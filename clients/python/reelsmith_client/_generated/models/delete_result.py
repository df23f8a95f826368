from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="DeleteResult")


@_attrs_define
class DeleteResult:
    """
    Attributes:
        cancelled (bool):
        deleted_at (str):
        job_id (str):
        message (str):
        refunded (bool):
        success (bool | Unset):  Default: True.
    """

    cancelled: bool
    deleted_at: str
    job_id: str
    message: str
    refunded: bool
    success: bool | Unset = True
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        cancelled = self.cancelled

        deleted_at = self.deleted_at

        job_id = self.job_id

        message = self.message

        refunded = self.refunded

        success = self.success

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "cancelled": cancelled,
                "deletedAt": deleted_at,
                "jobId": job_id,
                "message": message,
                "refunded": refunded,
            }
        )
        if success is not UNSET:
            field_dict["success"] = success

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        cancelled = d.pop("cancelled")

        deleted_at = d.pop("deletedAt")

        job_id = d.pop("jobId")

        message = d.pop("message")

        refunded = d.pop("refunded")

        success = d.pop("success", UNSET)

        delete_result = cls(
            cancelled=cancelled,
            deleted_at=deleted_at,
            job_id=job_id,
            message=message,
            refunded=refunded,
            success=success,
        )

        delete_result.additional_properties = d
        return delete_result

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
