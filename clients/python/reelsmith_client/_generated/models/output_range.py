from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="OutputRange")


@_attrs_define
class OutputRange:
    """A part of the video, in ms from its start (startMs < endMs).

    Attributes:
        end_ms (float):
        start_ms (float):
    """

    end_ms: float
    start_ms: float

    def to_dict(self) -> dict[str, Any]:
        end_ms = self.end_ms

        start_ms = self.start_ms

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "endMs": end_ms,
                "startMs": start_ms,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        end_ms = d.pop("endMs")

        start_ms = d.pop("startMs")

        output_range = cls(
            end_ms=end_ms,
            start_ms=start_ms,
        )

        return output_range
