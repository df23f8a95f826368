from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.heatmap_scene import HeatmapScene


T = TypeVar("T", bound="HeatmapResponse")


@_attrs_define
class HeatmapResponse:
    """
    Attributes:
        scenes (list[HeatmapScene]):
        total_views (int): Viewing sessions that started the video
    """

    scenes: list[HeatmapScene]
    total_views: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        scenes = []
        for scenes_item_data in self.scenes:
            scenes_item = scenes_item_data.to_dict()
            scenes.append(scenes_item)

        total_views = self.total_views

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "scenes": scenes,
                "totalViews": total_views,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.heatmap_scene import HeatmapScene  # noqa: PLC0415

        d = dict(src_dict)
        scenes = []
        _scenes = d.pop("scenes")
        for scenes_item_data in _scenes:
            scenes_item = HeatmapScene.from_dict(scenes_item_data)

            scenes.append(scenes_item)

        total_views = d.pop("totalViews")

        heatmap_response = cls(
            scenes=scenes,
            total_views=total_views,
        )

        heatmap_response.additional_properties = d
        return heatmap_response

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
