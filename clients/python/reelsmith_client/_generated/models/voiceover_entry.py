from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="VoiceoverEntry")


@_attrs_define
class VoiceoverEntry:
    """Who spoke one scene's voiceover: the engine that actually spoke (after any fallback)
    and that engine's own voice name.

        Attributes:
            engine (str):
            scene_index (int):
            voice (str):
    """

    engine: str
    scene_index: int
    voice: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        engine = self.engine

        scene_index = self.scene_index

        voice = self.voice

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "engine": engine,
                "sceneIndex": scene_index,
                "voice": voice,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        engine = d.pop("engine")

        scene_index = d.pop("sceneIndex")

        voice = d.pop("voice")

        voiceover_entry = cls(
            engine=engine,
            scene_index=scene_index,
            voice=voice,
        )

        voiceover_entry.additional_properties = d
        return voiceover_entry

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
