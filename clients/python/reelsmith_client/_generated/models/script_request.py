from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.script_request_tone import ScriptRequestTone
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.scene_config import SceneConfig
    from ..models.script_request_inputdata import ScriptRequestInputdata


T = TypeVar("T", bound="ScriptRequest")


@_attrs_define
class ScriptRequest:
    """
    Attributes:
        scenes (list[SceneConfig]):
        input_data (ScriptRequestInputdata | Unset):
        scene_index (int | None | Unset):
        template_name (None | str | Unset):
        template_slug (None | str | Unset):
        tone (ScriptRequestTone | Unset):  Default: ScriptRequestTone.PROFESSIONAL.
    """

    scenes: list[SceneConfig]
    input_data: ScriptRequestInputdata | Unset = UNSET
    scene_index: int | None | Unset = UNSET
    template_name: None | str | Unset = UNSET
    template_slug: None | str | Unset = UNSET
    tone: ScriptRequestTone | Unset = ScriptRequestTone.PROFESSIONAL

    def to_dict(self) -> dict[str, Any]:
        scenes = []
        for scenes_item_data in self.scenes:
            scenes_item = scenes_item_data.to_dict()
            scenes.append(scenes_item)

        input_data: dict[str, Any] | Unset = UNSET
        if not isinstance(self.input_data, Unset):
            input_data = self.input_data.to_dict()

        scene_index: int | None | Unset
        if isinstance(self.scene_index, Unset):
            scene_index = UNSET
        else:
            scene_index = self.scene_index

        template_name: None | str | Unset
        if isinstance(self.template_name, Unset):
            template_name = UNSET
        else:
            template_name = self.template_name

        template_slug: None | str | Unset
        if isinstance(self.template_slug, Unset):
            template_slug = UNSET
        else:
            template_slug = self.template_slug

        tone: str | Unset = UNSET
        if not isinstance(self.tone, Unset):
            tone = self.tone.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "scenes": scenes,
            }
        )
        if input_data is not UNSET:
            field_dict["inputData"] = input_data
        if scene_index is not UNSET:
            field_dict["sceneIndex"] = scene_index
        if template_name is not UNSET:
            field_dict["templateName"] = template_name
        if template_slug is not UNSET:
            field_dict["templateSlug"] = template_slug
        if tone is not UNSET:
            field_dict["tone"] = tone

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.scene_config import SceneConfig  # noqa: PLC0415
        from ..models.script_request_inputdata import ScriptRequestInputdata  # noqa: PLC0415

        d = dict(src_dict)
        scenes = []
        _scenes = d.pop("scenes")
        for scenes_item_data in _scenes:
            scenes_item = SceneConfig.from_dict(scenes_item_data)

            scenes.append(scenes_item)

        _input_data = d.pop("inputData", UNSET)
        input_data: ScriptRequestInputdata | Unset
        if isinstance(_input_data, Unset):
            input_data = UNSET
        else:
            input_data = ScriptRequestInputdata.from_dict(_input_data)

        def _parse_scene_index(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        scene_index = _parse_scene_index(d.pop("sceneIndex", UNSET))

        def _parse_template_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        template_name = _parse_template_name(d.pop("templateName", UNSET))

        def _parse_template_slug(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        template_slug = _parse_template_slug(d.pop("templateSlug", UNSET))

        _tone = d.pop("tone", UNSET)
        tone: ScriptRequestTone | Unset
        if isinstance(_tone, Unset):
            tone = UNSET
        else:
            tone = ScriptRequestTone(_tone)

        script_request = cls(
            scenes=scenes,
            input_data=input_data,
            scene_index=scene_index,
            template_name=template_name,
            template_slug=template_slug,
            tone=tone,
        )

        return script_request
