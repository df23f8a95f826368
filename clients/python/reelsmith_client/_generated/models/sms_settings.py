from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="SmsSettings")


@_attrs_define
class SmsSettings:
    """
    Attributes:
        text (str | Unset):  Default: '[name], your video is ready: [playerUrl]'.
    """

    text: str | Unset = "[name], your video is ready: [playerUrl]"

    def to_dict(self) -> dict[str, Any]:
        text = self.text

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if text is not UNSET:
            field_dict["text"] = text

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        text = d.pop("text", UNSET)

        sms_settings = cls(
            text=text,
        )

        return sms_settings
