from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.batch_status import BatchStatus
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.batch_created_mapping import BatchCreatedMapping
    from ..models.batch_job_shape import BatchJobShape
    from ..models.batch_row_warning import BatchRowWarning


T = TypeVar("T", bound="BatchCreated")


@_attrs_define
class BatchCreated:
    """
    Attributes:
        batch_id (str):
        credits_remaining (int):
        job_ids (list[str]):
        mapping (BatchCreatedMapping):
        message (str):
        status (BatchStatus): Derived from the batch's jobs: pending -> processing -> complete | partial | failed.
        total_jobs (int):
        jobs (list[BatchJobShape] | Unset): Each job with its row and shape, in jobIds order (addition; several per row
            with output.aspectRatios)
        success (bool | Unset):  Default: True.
        warnings (list[BatchRowWarning] | Unset): Each row's warnings (characters no font draws, text that will not
            fit), with its row number; the batch goes on
    """

    batch_id: str
    credits_remaining: int
    job_ids: list[str]
    mapping: BatchCreatedMapping
    message: str
    status: BatchStatus
    total_jobs: int
    jobs: list[BatchJobShape] | Unset = UNSET
    success: bool | Unset = True
    warnings: list[BatchRowWarning] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        batch_id = self.batch_id

        credits_remaining = self.credits_remaining

        job_ids = self.job_ids

        mapping = self.mapping.to_dict()

        message = self.message

        status = self.status.value

        total_jobs = self.total_jobs

        jobs: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.jobs, Unset):
            jobs = []
            for jobs_item_data in self.jobs:
                jobs_item = jobs_item_data.to_dict()
                jobs.append(jobs_item)

        success = self.success

        warnings: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.warnings, Unset):
            warnings = []
            for warnings_item_data in self.warnings:
                warnings_item = warnings_item_data.to_dict()
                warnings.append(warnings_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "batchId": batch_id,
                "creditsRemaining": credits_remaining,
                "jobIds": job_ids,
                "mapping": mapping,
                "message": message,
                "status": status,
                "totalJobs": total_jobs,
            }
        )
        if jobs is not UNSET:
            field_dict["jobs"] = jobs
        if success is not UNSET:
            field_dict["success"] = success
        if warnings is not UNSET:
            field_dict["warnings"] = warnings

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.batch_created_mapping import BatchCreatedMapping  # noqa: PLC0415
        from ..models.batch_job_shape import BatchJobShape  # noqa: PLC0415
        from ..models.batch_row_warning import BatchRowWarning  # noqa: PLC0415

        d = dict(src_dict)
        batch_id = d.pop("batchId")

        credits_remaining = d.pop("creditsRemaining")

        job_ids = cast(list[str], d.pop("jobIds"))

        mapping = BatchCreatedMapping.from_dict(d.pop("mapping"))

        message = d.pop("message")

        status = BatchStatus(d.pop("status"))

        total_jobs = d.pop("totalJobs")

        _jobs = d.pop("jobs", UNSET)
        jobs: list[BatchJobShape] | Unset = UNSET
        if _jobs is not UNSET:
            jobs = []
            for jobs_item_data in _jobs:
                jobs_item = BatchJobShape.from_dict(jobs_item_data)

                jobs.append(jobs_item)

        success = d.pop("success", UNSET)

        _warnings = d.pop("warnings", UNSET)
        warnings: list[BatchRowWarning] | Unset = UNSET
        if _warnings is not UNSET:
            warnings = []
            for warnings_item_data in _warnings:
                warnings_item = BatchRowWarning.from_dict(warnings_item_data)

                warnings.append(warnings_item)

        batch_created = cls(
            batch_id=batch_id,
            credits_remaining=credits_remaining,
            job_ids=job_ids,
            mapping=mapping,
            message=message,
            status=status,
            total_jobs=total_jobs,
            jobs=jobs,
            success=success,
            warnings=warnings,
        )

        batch_created.additional_properties = d
        return batch_created

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
