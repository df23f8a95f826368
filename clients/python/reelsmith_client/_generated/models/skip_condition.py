from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.skip_condition_op import SkipConditionOp
from ..types import UNSET, Unset

T = TypeVar("T", bound="SkipCondition")


@_attrs_define
class SkipCondition:
    """Skip the scene when `data[field] <op> value` is `skipWhen` (default true).

    Attributes:
        field (str):
        op (SkipConditionOp):
        skip_when (bool | Unset):  Default: True.
        value (Any | Unset):
    """

    field: str
    op: SkipConditionOp
    skip_when: bool | Unset = True
    value: Any | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        field = self.field

        op = self.op.value

        skip_when = self.skip_when

        value = self.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "field": field,
                "op": op,
            }
        )
        if skip_when is not UNSET:
            field_dict["skipWhen"] = skip_when
        if value is not UNSET:
            field_dict["value"] = value

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        field = d.pop("field")

        op = SkipConditionOp(d.pop("op"))

        skip_when = d.pop("skipWhen", UNSET)

        value = d.pop("value", UNSET)

        skip_condition = cls(
            field=field,
            op=op,
            skip_when=skip_when,
            value=value,
        )

        return skip_condition
