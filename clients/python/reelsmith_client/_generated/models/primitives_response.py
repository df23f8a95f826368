from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.primitive_info import PrimitiveInfo


T = TypeVar("T", bound="PrimitivesResponse")


@_attrs_define
class PrimitivesResponse:
    """
    Attributes:
        categories (list[str]):
        primitives (list[PrimitiveInfo]):
        total (int):
        success (bool | Unset):  Default: True.
    """

    categories: list[str]
    primitives: list[PrimitiveInfo]
    total: int
    success: bool | Unset = True
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        categories = self.categories

        primitives = []
        for primitives_item_data in self.primitives:
            primitives_item = primitives_item_data.to_dict()
            primitives.append(primitives_item)

        total = self.total

        success = self.success

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "categories": categories,
                "primitives": primitives,
                "total": total,
            }
        )
        if success is not UNSET:
            field_dict["success"] = success

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.primitive_info import PrimitiveInfo  # noqa: PLC0415

        d = dict(src_dict)
        categories = cast(list[str], d.pop("categories"))

        primitives = []
        _primitives = d.pop("primitives")
        for primitives_item_data in _primitives:
            primitives_item = PrimitiveInfo.from_dict(primitives_item_data)

            primitives.append(primitives_item)

        total = d.pop("total")

        success = d.pop("success", UNSET)

        primitives_response = cls(
            categories=categories,
            primitives=primitives,
            total=total,
            success=success,
        )

        primitives_response.additional_properties = d
        return primitives_response

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
