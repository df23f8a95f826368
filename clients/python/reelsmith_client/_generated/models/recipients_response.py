from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.recipient_row import RecipientRow


T = TypeVar("T", bound="RecipientsResponse")


@_attrs_define
class RecipientsResponse:
    """
    Attributes:
        batch_id (str):
        next_cursor (None | str):
        recipients (list[RecipientRow]):
        success (bool | Unset):  Default: True.
    """

    batch_id: str
    next_cursor: None | str
    recipients: list[RecipientRow]
    success: bool | Unset = True
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        batch_id = self.batch_id

        next_cursor: None | str
        next_cursor = self.next_cursor

        recipients = []
        for recipients_item_data in self.recipients:
            recipients_item = recipients_item_data.to_dict()
            recipients.append(recipients_item)

        success = self.success

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "batchId": batch_id,
                "nextCursor": next_cursor,
                "recipients": recipients,
            }
        )
        if success is not UNSET:
            field_dict["success"] = success

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.recipient_row import RecipientRow  # noqa: PLC0415

        d = dict(src_dict)
        batch_id = d.pop("batchId")

        def _parse_next_cursor(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_cursor = _parse_next_cursor(d.pop("nextCursor"))

        recipients = []
        _recipients = d.pop("recipients")
        for recipients_item_data in _recipients:
            recipients_item = RecipientRow.from_dict(recipients_item_data)

            recipients.append(recipients_item)

        success = d.pop("success", UNSET)

        recipients_response = cls(
            batch_id=batch_id,
            next_cursor=next_cursor,
            recipients=recipients,
            success=success,
        )

        recipients_response.additional_properties = d
        return recipients_response

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
