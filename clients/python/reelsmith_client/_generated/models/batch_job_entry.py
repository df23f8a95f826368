from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.batch_job_entry_aspectratio import BatchJobEntryAspectratio
from ..models.job_status import JobStatus
from ..types import UNSET, Unset

T = TypeVar("T", bound="BatchJobEntry")


@_attrs_define
class BatchJobEntry:
    """
    Attributes:
        error (None | str):
        id (str):
        name (str):
        output_url (None | str):
        progress (int):
        status (JobStatus):
        aspect_ratio (BatchJobEntryAspectratio | Unset):  Default: BatchJobEntryAspectratio.VALUE_0.
    """

    error: None | str
    id: str
    name: str
    output_url: None | str
    progress: int
    status: JobStatus
    aspect_ratio: BatchJobEntryAspectratio | Unset = BatchJobEntryAspectratio.VALUE_0
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        error: None | str
        error = self.error

        id = self.id

        name = self.name

        output_url: None | str
        output_url = self.output_url

        progress = self.progress

        status = self.status.value

        aspect_ratio: str | Unset = UNSET
        if not isinstance(self.aspect_ratio, Unset):
            aspect_ratio = self.aspect_ratio.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "error": error,
                "id": id,
                "name": name,
                "outputUrl": output_url,
                "progress": progress,
                "status": status,
            }
        )
        if aspect_ratio is not UNSET:
            field_dict["aspectRatio"] = aspect_ratio

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        error = _parse_error(d.pop("error"))

        id = d.pop("id")

        name = d.pop("name")

        def _parse_output_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        output_url = _parse_output_url(d.pop("outputUrl"))

        progress = d.pop("progress")

        status = JobStatus(d.pop("status"))

        _aspect_ratio = d.pop("aspectRatio", UNSET)
        aspect_ratio: BatchJobEntryAspectratio | Unset
        if isinstance(_aspect_ratio, Unset):
            aspect_ratio = UNSET
        else:
            aspect_ratio = BatchJobEntryAspectratio(_aspect_ratio)

        batch_job_entry = cls(
            error=error,
            id=id,
            name=name,
            output_url=output_url,
            progress=progress,
            status=status,
            aspect_ratio=aspect_ratio,
        )

        batch_job_entry.additional_properties = d
        return batch_job_entry

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
