from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.lift_interval import LiftInterval


T = TypeVar("T", bound="AbComparison")


@_attrs_define
class AbComparison:
    """The best variant against the runner-up on the primary metric.

    Attributes:
        against_variant_id (str):
        confidence_level (float): 1 - alpha / (variants - 1), e.g. 0.95
        lift (None | str): null when the runner-up's value is 0
        lift_interval (LiftInterval | None):
        p_value (float):
        variant_id (str):
    """

    against_variant_id: str
    confidence_level: float
    lift: None | str
    lift_interval: LiftInterval | None
    p_value: float
    variant_id: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.lift_interval import LiftInterval  # noqa: PLC0415

        against_variant_id = self.against_variant_id

        confidence_level = self.confidence_level

        lift: None | str
        lift = self.lift

        lift_interval: dict[str, Any] | None
        if isinstance(self.lift_interval, LiftInterval):
            lift_interval = self.lift_interval.to_dict()
        else:
            lift_interval = self.lift_interval

        p_value = self.p_value

        variant_id = self.variant_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "againstVariantId": against_variant_id,
                "confidenceLevel": confidence_level,
                "lift": lift,
                "liftInterval": lift_interval,
                "pValue": p_value,
                "variantId": variant_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.lift_interval import LiftInterval  # noqa: PLC0415

        d = dict(src_dict)
        against_variant_id = d.pop("againstVariantId")

        confidence_level = d.pop("confidenceLevel")

        def _parse_lift(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        lift = _parse_lift(d.pop("lift"))

        def _parse_lift_interval(data: object) -> LiftInterval | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                lift_interval_type_0 = LiftInterval.from_dict(data)

                return lift_interval_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(LiftInterval | None, data)

        lift_interval = _parse_lift_interval(d.pop("liftInterval"))

        p_value = d.pop("pValue")

        variant_id = d.pop("variantId")

        ab_comparison = cls(
            against_variant_id=against_variant_id,
            confidence_level=confidence_level,
            lift=lift,
            lift_interval=lift_interval,
            p_value=p_value,
            variant_id=variant_id,
        )

        ab_comparison.additional_properties = d
        return ab_comparison

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
