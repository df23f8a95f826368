from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="AbMetrics")


@_attrs_define
class AbMetrics:
    """
    Attributes:
        avg_watch_percent (int):
        completion_rate (int):
        cta_click_rate (int):
        share_rate (int):
    """

    avg_watch_percent: int
    completion_rate: int
    cta_click_rate: int
    share_rate: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        avg_watch_percent = self.avg_watch_percent

        completion_rate = self.completion_rate

        cta_click_rate = self.cta_click_rate

        share_rate = self.share_rate

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "avgWatchPercent": avg_watch_percent,
                "completionRate": completion_rate,
                "ctaClickRate": cta_click_rate,
                "shareRate": share_rate,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        avg_watch_percent = d.pop("avgWatchPercent")

        completion_rate = d.pop("completionRate")

        cta_click_rate = d.pop("ctaClickRate")

        share_rate = d.pop("shareRate")

        ab_metrics = cls(
            avg_watch_percent=avg_watch_percent,
            completion_rate=completion_rate,
            cta_click_rate=cta_click_rate,
            share_rate=share_rate,
        )

        ab_metrics.additional_properties = d
        return ab_metrics

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
