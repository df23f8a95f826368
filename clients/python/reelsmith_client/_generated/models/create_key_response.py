from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.api_key_info import ApiKeyInfo


T = TypeVar("T", bound="CreateKeyResponse")


@_attrs_define
class CreateKeyResponse:
    """
    Attributes:
        api_key (ApiKeyInfo):
        key (str): The full key. Shown this once only; store it now.
        message (str):
        success (bool | Unset):  Default: True.
    """

    api_key: ApiKeyInfo
    key: str
    message: str
    success: bool | Unset = True
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        api_key = self.api_key.to_dict()

        key = self.key

        message = self.message

        success = self.success

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "apiKey": api_key,
                "key": key,
                "message": message,
            }
        )
        if success is not UNSET:
            field_dict["success"] = success

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.api_key_info import ApiKeyInfo  # noqa: PLC0415

        d = dict(src_dict)
        api_key = ApiKeyInfo.from_dict(d.pop("apiKey"))

        key = d.pop("key")

        message = d.pop("message")

        success = d.pop("success", UNSET)

        create_key_response = cls(
            api_key=api_key,
            key=key,
            message=message,
            success=success,
        )

        create_key_response.additional_properties = d
        return create_key_response

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
