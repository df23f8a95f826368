from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.quality_check_status import QualityCheckStatus

T = TypeVar("T", bound="QualityCheck")


@_attrs_define
class QualityCheck:
    """One measured property of the file.

    Attributes:
        detail (str): What was measured, or what is wrong
        name (str): streams, duration, color, loudness, av_sync, black, ...
        status (QualityCheckStatus):
    """

    detail: str
    name: str
    status: QualityCheckStatus
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        detail = self.detail

        name = self.name

        status = self.status.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "detail": detail,
                "name": name,
                "status": status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        detail = d.pop("detail")

        name = d.pop("name")

        status = QualityCheckStatus(d.pop("status"))

        quality_check = cls(
            detail=detail,
            name=name,
            status=status,
        )

        quality_check.additional_properties = d
        return quality_check

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
