from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.ab_winner_metric import AbWinnerMetric

T = TypeVar("T", bound="AbWinner")


@_attrs_define
class AbWinner:
    """
    Attributes:
        label (str):
        lift (str): Relative lift over the runner-up, e.g. "+12.5%"
        metric (AbWinnerMetric):
        variant_id (str):
    """

    label: str
    lift: str
    metric: AbWinnerMetric
    variant_id: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        label = self.label

        lift = self.lift

        metric = self.metric.value

        variant_id = self.variant_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "label": label,
                "lift": lift,
                "metric": metric,
                "variantId": variant_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        label = d.pop("label")

        lift = d.pop("lift")

        metric = AbWinnerMetric(d.pop("metric"))

        variant_id = d.pop("variantId")

        ab_winner = cls(
            label=label,
            lift=lift,
            metric=metric,
            variant_id=variant_id,
        )

        ab_winner.additional_properties = d
        return ab_winner

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
