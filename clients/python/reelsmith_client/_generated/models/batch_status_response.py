from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.batch_fields import BatchFields
    from ..models.batch_job_entry import BatchJobEntry


T = TypeVar("T", bound="BatchStatusResponse")


@_attrs_define
class BatchStatusResponse:
    """
    Attributes:
        batch (BatchFields):
        jobs (list[BatchJobEntry]):
        success (bool | Unset):  Default: True.
    """

    batch: BatchFields
    jobs: list[BatchJobEntry]
    success: bool | Unset = True
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        batch = self.batch.to_dict()

        jobs = []
        for jobs_item_data in self.jobs:
            jobs_item = jobs_item_data.to_dict()
            jobs.append(jobs_item)

        success = self.success

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "batch": batch,
                "jobs": jobs,
            }
        )
        if success is not UNSET:
            field_dict["success"] = success

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.batch_fields import BatchFields  # noqa: PLC0415
        from ..models.batch_job_entry import BatchJobEntry  # noqa: PLC0415

        d = dict(src_dict)
        batch = BatchFields.from_dict(d.pop("batch"))

        jobs = []
        _jobs = d.pop("jobs")
        for jobs_item_data in _jobs:
            jobs_item = BatchJobEntry.from_dict(jobs_item_data)

            jobs.append(jobs_item)

        success = d.pop("success", UNSET)

        batch_status_response = cls(
            batch=batch,
            jobs=jobs,
            success=success,
        )

        batch_status_response.additional_properties = d
        return batch_status_response

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
