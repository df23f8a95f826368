from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.render_warning import RenderWarning


T = TypeVar("T", bound="BatchRowCheck")


@_attrs_define
class BatchRowCheck:
    """One row of a dry run: `ok` false when the row would make the batch fail (a `data` or
    `limits` warning).

        Attributes:
            index (int): 0-based, as in rows
            name (str): The recipient's name (person_name or company_name), or ''
            ok (bool):
            row (int): 1 = the first row
            warnings (list[RenderWarning]):
            variant (None | str | Unset): The A/B variant the row goes to
    """

    index: int
    name: str
    ok: bool
    row: int
    warnings: list[RenderWarning]
    variant: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        index = self.index

        name = self.name

        ok = self.ok

        row = self.row

        warnings = []
        for warnings_item_data in self.warnings:
            warnings_item = warnings_item_data.to_dict()
            warnings.append(warnings_item)

        variant: None | str | Unset
        if isinstance(self.variant, Unset):
            variant = UNSET
        else:
            variant = self.variant

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "index": index,
                "name": name,
                "ok": ok,
                "row": row,
                "warnings": warnings,
            }
        )
        if variant is not UNSET:
            field_dict["variant"] = variant

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.render_warning import RenderWarning  # noqa: PLC0415

        d = dict(src_dict)
        index = d.pop("index")

        name = d.pop("name")

        ok = d.pop("ok")

        row = d.pop("row")

        warnings = []
        _warnings = d.pop("warnings")
        for warnings_item_data in _warnings:
            warnings_item = RenderWarning.from_dict(warnings_item_data)

            warnings.append(warnings_item)

        def _parse_variant(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        variant = _parse_variant(d.pop("variant", UNSET))

        batch_row_check = cls(
            index=index,
            name=name,
            ok=ok,
            row=row,
            warnings=warnings,
            variant=variant,
        )

        batch_row_check.additional_properties = d
        return batch_row_check

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
