from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.batch_status import BatchStatus

if TYPE_CHECKING:
    from ..models.batch_progress import BatchProgress


T = TypeVar("T", bound="BatchFields")


@_attrs_define
class BatchFields:
    """
    Attributes:
        created_at (str):
        id (str):
        progress (BatchProgress):
        project_id (None | str):
        status (BatchStatus): Derived from the batch's jobs: pending -> processing -> complete | partial | failed.
        template_id (str):
        total_rows (int):
    """

    created_at: str
    id: str
    progress: BatchProgress
    project_id: None | str
    status: BatchStatus
    template_id: str
    total_rows: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        created_at = self.created_at

        id = self.id

        progress = self.progress.to_dict()

        project_id: None | str
        project_id = self.project_id

        status = self.status.value

        template_id = self.template_id

        total_rows = self.total_rows

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "createdAt": created_at,
                "id": id,
                "progress": progress,
                "projectId": project_id,
                "status": status,
                "templateId": template_id,
                "totalRows": total_rows,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.batch_progress import BatchProgress  # noqa: PLC0415

        d = dict(src_dict)
        created_at = d.pop("createdAt")

        id = d.pop("id")

        progress = BatchProgress.from_dict(d.pop("progress"))

        def _parse_project_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        project_id = _parse_project_id(d.pop("projectId"))

        status = BatchStatus(d.pop("status"))

        template_id = d.pop("templateId")

        total_rows = d.pop("totalRows")

        batch_fields = cls(
            created_at=created_at,
            id=id,
            progress=progress,
            project_id=project_id,
            status=status,
            template_id=template_id,
            total_rows=total_rows,
        )

        batch_fields.additional_properties = d
        return batch_fields

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
