from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.batch_dry_run_mapping import BatchDryRunMapping
    from ..models.batch_row_check import BatchRowCheck


T = TypeVar("T", bound="BatchDryRun")


@_attrs_define
class BatchDryRun:
    """POST /api/render/batch with dryRun: what the batch would do, nothing kept.

    Attributes:
        credits_needed (int): What the batch would charge: 1 credit a video (a row, times its shapes with
            output.aspectRatios)
        credits_remaining (int): The balance now (nothing was charged)
        enough_credits (bool):
        mapping (BatchDryRunMapping):
        message (str):
        results (list[BatchRowCheck]):
        template_id (str):
        total_rows (int):
        valid_rows (int): Rows without a data or limits warning
        would_queue (bool): Every row valid and enough credits
        dry_run (bool | Unset):  Default: True.
        success (bool | Unset):  Default: True.
    """

    credits_needed: int
    credits_remaining: int
    enough_credits: bool
    mapping: BatchDryRunMapping
    message: str
    results: list[BatchRowCheck]
    template_id: str
    total_rows: int
    valid_rows: int
    would_queue: bool
    dry_run: bool | Unset = True
    success: bool | Unset = True
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        credits_needed = self.credits_needed

        credits_remaining = self.credits_remaining

        enough_credits = self.enough_credits

        mapping = self.mapping.to_dict()

        message = self.message

        results = []
        for results_item_data in self.results:
            results_item = results_item_data.to_dict()
            results.append(results_item)

        template_id = self.template_id

        total_rows = self.total_rows

        valid_rows = self.valid_rows

        would_queue = self.would_queue

        dry_run = self.dry_run

        success = self.success

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "creditsNeeded": credits_needed,
                "creditsRemaining": credits_remaining,
                "enoughCredits": enough_credits,
                "mapping": mapping,
                "message": message,
                "results": results,
                "templateId": template_id,
                "totalRows": total_rows,
                "validRows": valid_rows,
                "wouldQueue": would_queue,
            }
        )
        if dry_run is not UNSET:
            field_dict["dryRun"] = dry_run
        if success is not UNSET:
            field_dict["success"] = success

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.batch_dry_run_mapping import BatchDryRunMapping  # noqa: PLC0415
        from ..models.batch_row_check import BatchRowCheck  # noqa: PLC0415

        d = dict(src_dict)
        credits_needed = d.pop("creditsNeeded")

        credits_remaining = d.pop("creditsRemaining")

        enough_credits = d.pop("enoughCredits")

        mapping = BatchDryRunMapping.from_dict(d.pop("mapping"))

        message = d.pop("message")

        results = []
        _results = d.pop("results")
        for results_item_data in _results:
            results_item = BatchRowCheck.from_dict(results_item_data)

            results.append(results_item)

        template_id = d.pop("templateId")

        total_rows = d.pop("totalRows")

        valid_rows = d.pop("validRows")

        would_queue = d.pop("wouldQueue")

        dry_run = d.pop("dryRun", UNSET)

        success = d.pop("success", UNSET)

        batch_dry_run = cls(
            credits_needed=credits_needed,
            credits_remaining=credits_remaining,
            enough_credits=enough_credits,
            mapping=mapping,
            message=message,
            results=results,
            template_id=template_id,
            total_rows=total_rows,
            valid_rows=valid_rows,
            would_queue=would_queue,
            dry_run=dry_run,
            success=success,
        )

        batch_dry_run.additional_properties = d
        return batch_dry_run

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
