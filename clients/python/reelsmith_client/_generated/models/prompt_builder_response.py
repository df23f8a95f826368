from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.prompt_builder_response_suggestedvoiceovertone import (
    PromptBuilderResponseSuggestedvoiceovertone,
)

if TYPE_CHECKING:
    from ..models.data_slot import DataSlot
    from ..models.scene_config import SceneConfig


T = TypeVar("T", bound="PromptBuilderResponse")


@_attrs_define
class PromptBuilderResponse:
    """
    Attributes:
        data_slots (list[DataSlot]): Addition to the SPEC: the template's data slots plus any the new scenes need; save
            them with the scenes (every `[variable]` and dataRequired names one)
        estimated_duration (int): Seconds, from the scenes' durations and scripts
        explanation (str):
        scenes (list[SceneConfig]):
        suggested_voiceover_tone (PromptBuilderResponseSuggestedvoiceovertone):
    """

    data_slots: list[DataSlot]
    estimated_duration: int
    explanation: str
    scenes: list[SceneConfig]
    suggested_voiceover_tone: PromptBuilderResponseSuggestedvoiceovertone
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        data_slots = []
        for data_slots_item_data in self.data_slots:
            data_slots_item = data_slots_item_data.to_dict()
            data_slots.append(data_slots_item)

        estimated_duration = self.estimated_duration

        explanation = self.explanation

        scenes = []
        for scenes_item_data in self.scenes:
            scenes_item = scenes_item_data.to_dict()
            scenes.append(scenes_item)

        suggested_voiceover_tone = self.suggested_voiceover_tone.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "dataSlots": data_slots,
                "estimatedDuration": estimated_duration,
                "explanation": explanation,
                "scenes": scenes,
                "suggestedVoiceoverTone": suggested_voiceover_tone,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.data_slot import DataSlot  # noqa: PLC0415
        from ..models.scene_config import SceneConfig  # noqa: PLC0415

        d = dict(src_dict)
        data_slots = []
        _data_slots = d.pop("dataSlots")
        for data_slots_item_data in _data_slots:
            data_slots_item = DataSlot.from_dict(data_slots_item_data)

            data_slots.append(data_slots_item)

        estimated_duration = d.pop("estimatedDuration")

        explanation = d.pop("explanation")

        scenes = []
        _scenes = d.pop("scenes")
        for scenes_item_data in _scenes:
            scenes_item = SceneConfig.from_dict(scenes_item_data)

            scenes.append(scenes_item)

        suggested_voiceover_tone = PromptBuilderResponseSuggestedvoiceovertone(
            d.pop("suggestedVoiceoverTone")
        )

        prompt_builder_response = cls(
            data_slots=data_slots,
            estimated_duration=estimated_duration,
            explanation=explanation,
            scenes=scenes,
            suggested_voiceover_tone=suggested_voiceover_tone,
        )

        prompt_builder_response.additional_properties = d
        return prompt_builder_response

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
