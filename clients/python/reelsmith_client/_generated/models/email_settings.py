from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="EmailSettings")


@_attrs_define
class EmailSettings:
    """
    Attributes:
        body (str | Unset):  Default: 'Hi [name],\\n\\nWe made this video for you: [playerUrl]'.
        subject (str | Unset):  Default: '[name], your video is ready'.
    """

    body: str | Unset = "Hi [name],\n\nWe made this video for you: [playerUrl]"
    subject: str | Unset = "[name], your video is ready"

    def to_dict(self) -> dict[str, Any]:
        body = self.body

        subject = self.subject

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if body is not UNSET:
            field_dict["body"] = body
        if subject is not UNSET:
            field_dict["subject"] = subject

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        body = d.pop("body", UNSET)

        subject = d.pop("subject", UNSET)

        email_settings = cls(
            body=body,
            subject=subject,
        )

        return email_settings
