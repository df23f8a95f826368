from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.rule_outcome import RuleOutcome


T = TypeVar("T", bound="EventOutcome")


@_attrs_define
class EventOutcome:
    """
    Attributes:
        index (int):
        recipient_id (None | str):
        outcome (None | str | Unset):
        reason (None | str | Unset):
        rules (list[RuleOutcome] | Unset):
    """

    index: int
    recipient_id: None | str
    outcome: None | str | Unset = UNSET
    reason: None | str | Unset = UNSET
    rules: list[RuleOutcome] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        index = self.index

        recipient_id: None | str
        recipient_id = self.recipient_id

        outcome: None | str | Unset
        if isinstance(self.outcome, Unset):
            outcome = UNSET
        else:
            outcome = self.outcome

        reason: None | str | Unset
        if isinstance(self.reason, Unset):
            reason = UNSET
        else:
            reason = self.reason

        rules: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.rules, Unset):
            rules = []
            for rules_item_data in self.rules:
                rules_item = rules_item_data.to_dict()
                rules.append(rules_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "index": index,
                "recipientId": recipient_id,
            }
        )
        if outcome is not UNSET:
            field_dict["outcome"] = outcome
        if reason is not UNSET:
            field_dict["reason"] = reason
        if rules is not UNSET:
            field_dict["rules"] = rules

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rule_outcome import RuleOutcome  # noqa: PLC0415

        d = dict(src_dict)
        index = d.pop("index")

        def _parse_recipient_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        recipient_id = _parse_recipient_id(d.pop("recipientId"))

        def _parse_outcome(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        outcome = _parse_outcome(d.pop("outcome", UNSET))

        def _parse_reason(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        reason = _parse_reason(d.pop("reason", UNSET))

        _rules = d.pop("rules", UNSET)
        rules: list[RuleOutcome] | Unset = UNSET
        if _rules is not UNSET:
            rules = []
            for rules_item_data in _rules:
                rules_item = RuleOutcome.from_dict(rules_item_data)

                rules.append(rules_item)

        event_outcome = cls(
            index=index,
            recipient_id=recipient_id,
            outcome=outcome,
            reason=reason,
            rules=rules,
        )

        event_outcome.additional_properties = d
        return event_outcome

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
