from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="PosterAt")


@_attrs_define
class PosterAt:
    """The poster frame an author chose (addition): `offsetMs` into the scene at template index
    `scene`. It wins over the rule (where the first personalized scene has settled).

        Attributes:
            scene (int): Template scene index (0-based)
            offset_ms (float | Unset): Milliseconds after the scene starts Default: 0.0.
    """

    scene: int
    offset_ms: float | Unset = 0.0

    def to_dict(self) -> dict[str, Any]:
        scene = self.scene

        offset_ms = self.offset_ms

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "scene": scene,
            }
        )
        if offset_ms is not UNSET:
            field_dict["offsetMs"] = offset_ms

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        scene = d.pop("scene")

        offset_ms = d.pop("offsetMs", UNSET)

        poster_at = cls(
            scene=scene,
            offset_ms=offset_ms,
        )

        return poster_at
