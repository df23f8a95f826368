from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.ab_metrics import AbMetrics


T = TypeVar("T", bound="AbVariant")


@_attrs_define
class AbVariant:
    """
    Attributes:
        id (str):
        label (str):
        metrics (AbMetrics):
        recipient_count (int):
        sessions (int): Viewing sessions of this variant's videos
        split_percent (int):
        started_sessions (int): Of which started the video
    """

    id: str
    label: str
    metrics: AbMetrics
    recipient_count: int
    sessions: int
    split_percent: int
    started_sessions: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        label = self.label

        metrics = self.metrics.to_dict()

        recipient_count = self.recipient_count

        sessions = self.sessions

        split_percent = self.split_percent

        started_sessions = self.started_sessions

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "label": label,
                "metrics": metrics,
                "recipientCount": recipient_count,
                "sessions": sessions,
                "splitPercent": split_percent,
                "startedSessions": started_sessions,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ab_metrics import AbMetrics  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        label = d.pop("label")

        metrics = AbMetrics.from_dict(d.pop("metrics"))

        recipient_count = d.pop("recipientCount")

        sessions = d.pop("sessions")

        split_percent = d.pop("splitPercent")

        started_sessions = d.pop("startedSessions")

        ab_variant = cls(
            id=id,
            label=label,
            metrics=metrics,
            recipient_count=recipient_count,
            sessions=sessions,
            split_percent=split_percent,
            started_sessions=started_sessions,
        )

        ab_variant.additional_properties = d
        return ab_variant

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
