from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.ab_response_primary_metric_type_0 import AbResponsePrimaryMetricType0
from ..models.ab_response_status_type_0 import AbResponseStatusType0

if TYPE_CHECKING:
    from ..models.ab_comparison import AbComparison
    from ..models.ab_variant import AbVariant
    from ..models.ab_winner import AbWinner
    from ..models.lift_interval import LiftInterval
    from ..models.sample_ratio import SampleRatio


T = TypeVar("T", bound="AbResponse")


@_attrs_define
class AbResponse:
    """
    Attributes:
        ab_enabled (bool):
        comparison (AbComparison | None):
        lift_interval (LiftInterval | None):
        message (str):
        min_sessions (int):
        p_value (float | None):
        primary_metric (AbResponsePrimaryMetricType0 | None):
        sample_ratio (None | SampleRatio):
        status (AbResponseStatusType0 | None): null when the batch is not an A/B batch
        variants (list[AbVariant]):
        winner (AbWinner | None):
    """

    ab_enabled: bool
    comparison: AbComparison | None
    lift_interval: LiftInterval | None
    message: str
    min_sessions: int
    p_value: float | None
    primary_metric: AbResponsePrimaryMetricType0 | None
    sample_ratio: None | SampleRatio
    status: AbResponseStatusType0 | None
    variants: list[AbVariant]
    winner: AbWinner | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.ab_comparison import AbComparison  # noqa: PLC0415
        from ..models.ab_winner import AbWinner  # noqa: PLC0415
        from ..models.lift_interval import LiftInterval  # noqa: PLC0415
        from ..models.sample_ratio import SampleRatio  # noqa: PLC0415

        ab_enabled = self.ab_enabled

        comparison: dict[str, Any] | None
        if isinstance(self.comparison, AbComparison):
            comparison = self.comparison.to_dict()
        else:
            comparison = self.comparison

        lift_interval: dict[str, Any] | None
        if isinstance(self.lift_interval, LiftInterval):
            lift_interval = self.lift_interval.to_dict()
        else:
            lift_interval = self.lift_interval

        message = self.message

        min_sessions = self.min_sessions

        p_value: float | None
        p_value = self.p_value

        primary_metric: None | str
        if isinstance(self.primary_metric, AbResponsePrimaryMetricType0):
            primary_metric = self.primary_metric.value
        else:
            primary_metric = self.primary_metric

        sample_ratio: dict[str, Any] | None
        if isinstance(self.sample_ratio, SampleRatio):
            sample_ratio = self.sample_ratio.to_dict()
        else:
            sample_ratio = self.sample_ratio

        status: None | str
        if isinstance(self.status, AbResponseStatusType0):
            status = self.status.value
        else:
            status = self.status

        variants = []
        for variants_item_data in self.variants:
            variants_item = variants_item_data.to_dict()
            variants.append(variants_item)

        winner: dict[str, Any] | None
        if isinstance(self.winner, AbWinner):
            winner = self.winner.to_dict()
        else:
            winner = self.winner

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "abEnabled": ab_enabled,
                "comparison": comparison,
                "liftInterval": lift_interval,
                "message": message,
                "minSessions": min_sessions,
                "pValue": p_value,
                "primaryMetric": primary_metric,
                "sampleRatio": sample_ratio,
                "status": status,
                "variants": variants,
                "winner": winner,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ab_comparison import AbComparison  # noqa: PLC0415
        from ..models.ab_variant import AbVariant  # noqa: PLC0415
        from ..models.ab_winner import AbWinner  # noqa: PLC0415
        from ..models.lift_interval import LiftInterval  # noqa: PLC0415
        from ..models.sample_ratio import SampleRatio  # noqa: PLC0415

        d = dict(src_dict)
        ab_enabled = d.pop("abEnabled")

        def _parse_comparison(data: object) -> AbComparison | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                comparison_type_0 = AbComparison.from_dict(data)

                return comparison_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AbComparison | None, data)

        comparison = _parse_comparison(d.pop("comparison"))

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

        message = d.pop("message")

        min_sessions = d.pop("minSessions")

        def _parse_p_value(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        p_value = _parse_p_value(d.pop("pValue"))

        def _parse_primary_metric(data: object) -> AbResponsePrimaryMetricType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                primary_metric_type_0 = AbResponsePrimaryMetricType0(data)

                return primary_metric_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AbResponsePrimaryMetricType0 | None, data)

        primary_metric = _parse_primary_metric(d.pop("primaryMetric"))

        def _parse_sample_ratio(data: object) -> None | SampleRatio:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                sample_ratio_type_0 = SampleRatio.from_dict(data)

                return sample_ratio_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SampleRatio, data)

        sample_ratio = _parse_sample_ratio(d.pop("sampleRatio"))

        def _parse_status(data: object) -> AbResponseStatusType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                status_type_0 = AbResponseStatusType0(data)

                return status_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AbResponseStatusType0 | None, data)

        status = _parse_status(d.pop("status"))

        variants = []
        _variants = d.pop("variants")
        for variants_item_data in _variants:
            variants_item = AbVariant.from_dict(variants_item_data)

            variants.append(variants_item)

        def _parse_winner(data: object) -> AbWinner | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                winner_type_0 = AbWinner.from_dict(data)

                return winner_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AbWinner | None, data)

        winner = _parse_winner(d.pop("winner"))

        ab_response = cls(
            ab_enabled=ab_enabled,
            comparison=comparison,
            lift_interval=lift_interval,
            message=message,
            min_sessions=min_sessions,
            p_value=p_value,
            primary_metric=primary_metric,
            sample_ratio=sample_ratio,
            status=status,
            variants=variants,
            winner=winner,
        )

        ab_response.additional_properties = d
        return ab_response

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
