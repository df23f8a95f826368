from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.quality_report_status import QualityReportStatus

if TYPE_CHECKING:
    from ..models.quality_check import QualityCheck


T = TypeVar("T", bound="QualityReport")


@_attrs_define
class QualityReport:
    """`{"status", "checks": [{"name", "status", "detail"}]}`; status is the worst check's:
    pass (measured, within tolerance), warn (complete, worth a look), fail (a broken file:
    the job failed and was refunded).

        Attributes:
            checks (list[QualityCheck]):
            status (QualityReportStatus):
    """

    checks: list[QualityCheck]
    status: QualityReportStatus
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        checks = []
        for checks_item_data in self.checks:
            checks_item = checks_item_data.to_dict()
            checks.append(checks_item)

        status = self.status.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "checks": checks,
                "status": status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.quality_check import QualityCheck  # noqa: PLC0415

        d = dict(src_dict)
        checks = []
        _checks = d.pop("checks")
        for checks_item_data in _checks:
            checks_item = QualityCheck.from_dict(checks_item_data)

            checks.append(checks_item)

        status = QualityReportStatus(d.pop("status"))

        quality_report = cls(
            checks=checks,
            status=status,
        )

        quality_report.additional_properties = d
        return quality_report

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
