from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.event_outcome import EventOutcome


T = TypeVar("T", bound="IngestResponse")


@_attrs_define
class IngestResponse:
    """
    Attributes:
        errors (int):
        processed (int):
        throttled (int):
        triggered (int):
        credits_needed (int | None | Unset):
        dry_run (bool | Unset):  Default: False.
        duplicates (int | Unset):  Default: 0.
        results (list[EventOutcome] | None | Unset):
    """

    errors: int
    processed: int
    throttled: int
    triggered: int
    credits_needed: int | None | Unset = UNSET
    dry_run: bool | Unset = False
    duplicates: int | Unset = 0
    results: list[EventOutcome] | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        errors = self.errors

        processed = self.processed

        throttled = self.throttled

        triggered = self.triggered

        credits_needed: int | None | Unset
        if isinstance(self.credits_needed, Unset):
            credits_needed = UNSET
        else:
            credits_needed = self.credits_needed

        dry_run = self.dry_run

        duplicates = self.duplicates

        results: list[dict[str, Any]] | None | Unset
        if isinstance(self.results, Unset):
            results = UNSET
        elif isinstance(self.results, list):
            results = []
            for results_type_0_item_data in self.results:
                results_type_0_item = results_type_0_item_data.to_dict()
                results.append(results_type_0_item)

        else:
            results = self.results

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "errors": errors,
                "processed": processed,
                "throttled": throttled,
                "triggered": triggered,
            }
        )
        if credits_needed is not UNSET:
            field_dict["creditsNeeded"] = credits_needed
        if dry_run is not UNSET:
            field_dict["dryRun"] = dry_run
        if duplicates is not UNSET:
            field_dict["duplicates"] = duplicates
        if results is not UNSET:
            field_dict["results"] = results

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.event_outcome import EventOutcome  # noqa: PLC0415

        d = dict(src_dict)
        errors = d.pop("errors")

        processed = d.pop("processed")

        throttled = d.pop("throttled")

        triggered = d.pop("triggered")

        def _parse_credits_needed(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        credits_needed = _parse_credits_needed(d.pop("creditsNeeded", UNSET))

        dry_run = d.pop("dryRun", UNSET)

        duplicates = d.pop("duplicates", UNSET)

        def _parse_results(data: object) -> list[EventOutcome] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                results_type_0 = []
                _results_type_0 = data
                for results_type_0_item_data in _results_type_0:
                    results_type_0_item = EventOutcome.from_dict(
                        results_type_0_item_data
                    )

                    results_type_0.append(results_type_0_item)

                return results_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[EventOutcome] | None | Unset, data)

        results = _parse_results(d.pop("results", UNSET))

        ingest_response = cls(
            errors=errors,
            processed=processed,
            throttled=throttled,
            triggered=triggered,
            credits_needed=credits_needed,
            dry_run=dry_run,
            duplicates=duplicates,
            results=results,
        )

        ingest_response.additional_properties = d
        return ingest_response

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
