from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.job_status import JobStatus
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.render_warning import RenderWarning


T = TypeVar("T", bound="RenderCreated")


@_attrs_define
class RenderCreated:
    """
    Attributes:
        credits_remaining (int):
        display_name (str):
        job_id (str):
        message (str):
        status (JobStatus):
        template_id (str):
        success (bool | Unset):  Default: True.
        warnings (list[RenderWarning] | Unset): What may not look right (characters no font draws, text that will not
            fit); the render goes on
    """

    credits_remaining: int
    display_name: str
    job_id: str
    message: str
    status: JobStatus
    template_id: str
    success: bool | Unset = True
    warnings: list[RenderWarning] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        credits_remaining = self.credits_remaining

        display_name = self.display_name

        job_id = self.job_id

        message = self.message

        status = self.status.value

        template_id = self.template_id

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
                "creditsRemaining": credits_remaining,
                "displayName": display_name,
                "jobId": job_id,
                "message": message,
                "status": status,
                "templateId": template_id,
            }
        )
        if success is not UNSET:
            field_dict["success"] = success
        if warnings is not UNSET:
            field_dict["warnings"] = warnings

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.render_warning import RenderWarning  # noqa: PLC0415

        d = dict(src_dict)
        credits_remaining = d.pop("creditsRemaining")

        display_name = d.pop("displayName")

        job_id = d.pop("jobId")

        message = d.pop("message")

        status = JobStatus(d.pop("status"))

        template_id = d.pop("templateId")

        success = d.pop("success", UNSET)

        _warnings = d.pop("warnings", UNSET)
        warnings: list[RenderWarning] | Unset = UNSET
        if _warnings is not UNSET:
            warnings = []
            for warnings_item_data in _warnings:
                warnings_item = RenderWarning.from_dict(warnings_item_data)

                warnings.append(warnings_item)

        render_created = cls(
            credits_remaining=credits_remaining,
            display_name=display_name,
            job_id=job_id,
            message=message,
            status=status,
            template_id=template_id,
            success=success,
            warnings=warnings,
        )

        render_created.additional_properties = d
        return render_created

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
