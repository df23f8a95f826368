from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="HeatmapScene")


@_attrs_define
class HeatmapScene:
    """
    Attributes:
        index (int): Template scene index
        retention_percent (int): viewerCount / started sessions whose video has this scene, percent
        viewer_count (int): Started sessions that entered this scene
    """

    index: int
    retention_percent: int
    viewer_count: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        index = self.index

        retention_percent = self.retention_percent

        viewer_count = self.viewer_count

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "index": index,
                "retentionPercent": retention_percent,
                "viewerCount": viewer_count,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        index = d.pop("index")

        retention_percent = d.pop("retentionPercent")

        viewer_count = d.pop("viewerCount")

        heatmap_scene = cls(
            index=index,
            retention_percent=retention_percent,
            viewer_count=viewer_count,
        )

        heatmap_scene.additional_properties = d
        return heatmap_scene

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
