from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.delivery_out import DeliveryOut


T = TypeVar("T", bound="TestResponse")


@_attrs_define
class TestResponse:
    """
    Attributes:
        delivery (DeliveryOut):
        error (None | str):
        latency_ms (int | None):
        message (str):
        status_code (int | None):
        success (bool):
    """

    delivery: DeliveryOut
    error: None | str
    latency_ms: int | None
    message: str
    status_code: int | None
    success: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        delivery = self.delivery.to_dict()

        error: None | str
        error = self.error

        latency_ms: int | None
        latency_ms = self.latency_ms

        message = self.message

        status_code: int | None
        status_code = self.status_code

        success = self.success

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "delivery": delivery,
                "error": error,
                "latencyMs": latency_ms,
                "message": message,
                "statusCode": status_code,
                "success": success,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.delivery_out import DeliveryOut  # noqa: PLC0415

        d = dict(src_dict)
        delivery = DeliveryOut.from_dict(d.pop("delivery"))

        def _parse_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        error = _parse_error(d.pop("error"))

        def _parse_latency_ms(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        latency_ms = _parse_latency_ms(d.pop("latencyMs"))

        message = d.pop("message")

        def _parse_status_code(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        status_code = _parse_status_code(d.pop("statusCode"))

        success = d.pop("success")

        test_response = cls(
            delivery=delivery,
            error=error,
            latency_ms=latency_ms,
            message=message,
            status_code=status_code,
            success=success,
        )

        test_response.additional_properties = d
        return test_response

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
