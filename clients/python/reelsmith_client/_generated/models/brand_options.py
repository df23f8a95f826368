from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="BrandOptions")


@_attrs_define
class BrandOptions:
    """
    Attributes:
        accent_color (None | str | Unset):
        logo_position (None | str | Unset):
        logo_url (None | str | Unset):
        show_watermark (bool | None | Unset):
    """

    accent_color: None | str | Unset = UNSET
    logo_position: None | str | Unset = UNSET
    logo_url: None | str | Unset = UNSET
    show_watermark: bool | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        accent_color: None | str | Unset
        if isinstance(self.accent_color, Unset):
            accent_color = UNSET
        else:
            accent_color = self.accent_color

        logo_position: None | str | Unset
        if isinstance(self.logo_position, Unset):
            logo_position = UNSET
        else:
            logo_position = self.logo_position

        logo_url: None | str | Unset
        if isinstance(self.logo_url, Unset):
            logo_url = UNSET
        else:
            logo_url = self.logo_url

        show_watermark: bool | None | Unset
        if isinstance(self.show_watermark, Unset):
            show_watermark = UNSET
        else:
            show_watermark = self.show_watermark

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if accent_color is not UNSET:
            field_dict["accentColor"] = accent_color
        if logo_position is not UNSET:
            field_dict["logoPosition"] = logo_position
        if logo_url is not UNSET:
            field_dict["logoUrl"] = logo_url
        if show_watermark is not UNSET:
            field_dict["showWatermark"] = show_watermark

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_accent_color(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        accent_color = _parse_accent_color(d.pop("accentColor", UNSET))

        def _parse_logo_position(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        logo_position = _parse_logo_position(d.pop("logoPosition", UNSET))

        def _parse_logo_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        logo_url = _parse_logo_url(d.pop("logoUrl", UNSET))

        def _parse_show_watermark(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        show_watermark = _parse_show_watermark(d.pop("showWatermark", UNSET))

        brand_options = cls(
            accent_color=accent_color,
            logo_position=logo_position,
            logo_url=logo_url,
            show_watermark=show_watermark,
        )

        return brand_options
