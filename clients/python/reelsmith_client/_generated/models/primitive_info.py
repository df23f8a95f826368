from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.primitive_info_category import PrimitiveInfoCategory
from ..models.primitive_info_status import PrimitiveInfoStatus

T = TypeVar("T", bound="PrimitiveInfo")


@_attrs_define
class PrimitiveInfo:
    """SPEC 2.3: exactly the fields a manifest holds and the API returns.

    Attributes:
        animation_options (list[str]):
        category (PrimitiveInfoCategory):
        data_inputs (list[str]):
        default_duration (float):
        description (str):
        id (str):
        label (str):
        status (PrimitiveInfoStatus):
    """

    animation_options: list[str]
    category: PrimitiveInfoCategory
    data_inputs: list[str]
    default_duration: float
    description: str
    id: str
    label: str
    status: PrimitiveInfoStatus

    def to_dict(self) -> dict[str, Any]:
        animation_options = self.animation_options

        category = self.category.value

        data_inputs = self.data_inputs

        default_duration = self.default_duration

        description = self.description

        id = self.id

        label = self.label

        status = self.status.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "animationOptions": animation_options,
                "category": category,
                "dataInputs": data_inputs,
                "defaultDuration": default_duration,
                "description": description,
                "id": id,
                "label": label,
                "status": status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        animation_options = cast(list[str], d.pop("animationOptions"))

        category = PrimitiveInfoCategory(d.pop("category"))

        data_inputs = cast(list[str], d.pop("dataInputs"))

        default_duration = d.pop("defaultDuration")

        description = d.pop("description")

        id = d.pop("id")

        label = d.pop("label")

        status = PrimitiveInfoStatus(d.pop("status"))

        primitive_info = cls(
            animation_options=animation_options,
            category=category,
            data_inputs=data_inputs,
            default_duration=default_duration,
            description=description,
            id=id,
            label=label,
            status=status,
        )

        return primitive_info
