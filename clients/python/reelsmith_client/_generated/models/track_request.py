from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.track_request_metadata_type_0 import TrackRequestMetadataType0


T = TypeVar("T", bound="TrackRequest")


@_attrs_define
class TrackRequest:
    """POST /api/track: `videoId` is the render job id; `metadata.sessionId` names the viewing
    session (one per page view); `metadata.sceneIndex` the scene of `scene_entered`.

        Attributes:
            event (str):
            video_id (str):
            metadata (None | TrackRequestMetadataType0 | Unset):
    """

    event: str
    video_id: str
    metadata: None | TrackRequestMetadataType0 | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.track_request_metadata_type_0 import TrackRequestMetadataType0  # noqa: PLC0415

        event = self.event

        video_id = self.video_id

        metadata: dict[str, Any] | None | Unset
        if isinstance(self.metadata, Unset):
            metadata = UNSET
        elif isinstance(self.metadata, TrackRequestMetadataType0):
            metadata = self.metadata.to_dict()
        else:
            metadata = self.metadata

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "event": event,
                "videoId": video_id,
            }
        )
        if metadata is not UNSET:
            field_dict["metadata"] = metadata

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.track_request_metadata_type_0 import TrackRequestMetadataType0  # noqa: PLC0415

        d = dict(src_dict)
        event = d.pop("event")

        video_id = d.pop("videoId")

        def _parse_metadata(data: object) -> None | TrackRequestMetadataType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                metadata_type_0 = TrackRequestMetadataType0.from_dict(data)

                return metadata_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TrackRequestMetadataType0 | Unset, data)

        metadata = _parse_metadata(d.pop("metadata", UNSET))

        track_request = cls(
            event=event,
            video_id=video_id,
            metadata=metadata,
        )

        track_request.additional_properties = d
        return track_request

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
