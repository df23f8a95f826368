from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.data_slot_type import DataSlotType
from ..types import UNSET, Unset

T = TypeVar("T", bound="DataSlot")


@_attrs_define
class DataSlot:
    """One data field a template expects per recipient (SPEC 2.4).

    Attributes:
        key (str):
        type_ (DataSlotType):
        aliases (list[str] | Unset):
        default_value (Any | Unset):
        description (None | str | Unset):
        label (None | str | Unset):
        required (bool | Unset):  Default: False.
    """

    key: str
    type_: DataSlotType
    aliases: list[str] | Unset = UNSET
    default_value: Any | Unset = UNSET
    description: None | str | Unset = UNSET
    label: None | str | Unset = UNSET
    required: bool | Unset = False

    def to_dict(self) -> dict[str, Any]:
        key = self.key

        type_ = self.type_.value

        aliases: list[str] | Unset = UNSET
        if not isinstance(self.aliases, Unset):
            aliases = self.aliases

        default_value = self.default_value

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        label: None | str | Unset
        if isinstance(self.label, Unset):
            label = UNSET
        else:
            label = self.label

        required = self.required

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "key": key,
                "type": type_,
            }
        )
        if aliases is not UNSET:
            field_dict["aliases"] = aliases
        if default_value is not UNSET:
            field_dict["defaultValue"] = default_value
        if description is not UNSET:
            field_dict["description"] = description
        if label is not UNSET:
            field_dict["label"] = label
        if required is not UNSET:
            field_dict["required"] = required

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        key = d.pop("key")

        type_ = DataSlotType(d.pop("type"))

        aliases = cast(list[str], d.pop("aliases", UNSET))

        default_value = d.pop("defaultValue", UNSET)

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        def _parse_label(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        label = _parse_label(d.pop("label", UNSET))

        required = d.pop("required", UNSET)

        data_slot = cls(
            key=key,
            type_=type_,
            aliases=aliases,
            default_value=default_value,
            description=description,
            label=label,
            required=required,
        )

        return data_slot
