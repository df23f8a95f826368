from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="WordTimestamp")


@_attrs_define
class WordTimestamp:
    """
    Attributes:
        end_ms (float):
        start_ms (float):
        word (str):
    """

    end_ms: float
    start_ms: float
    word: str

    def to_dict(self) -> dict[str, Any]:
        end_ms = self.end_ms

        start_ms = self.start_ms

        word = self.word

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "endMs": end_ms,
                "startMs": start_ms,
                "word": word,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        end_ms = d.pop("endMs")

        start_ms = d.pop("startMs")

        word = d.pop("word")

        word_timestamp = cls(
            end_ms=end_ms,
            start_ms=start_ms,
            word=word,
        )

        return word_timestamp
