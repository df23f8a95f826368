from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.render_on import RenderOn
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.audio_options import AudioOptions
    from ..models.brand_options import BrandOptions
    from ..models.output_options import OutputOptions
    from ..models.render_body_data import RenderBodyData
    from ..models.scene_override import SceneOverride


T = TypeVar("T", bound="RenderBody")


@_attrs_define
class RenderBody:
    """POST /api/render. Only templateId is required.

    Attributes:
        template_id (str):
        audio (AudioOptions | Unset):
        brand (BrandOptions | Unset):
        data (RenderBodyData | Unset):
        output (OutputOptions | Unset):
        project_id (None | str | Unset):
        render (RenderOn | Unset): When a job renders: at once, or on the first open of its player page.
        scenes (list[SceneOverride] | Unset):
    """

    template_id: str
    audio: AudioOptions | Unset = UNSET
    brand: BrandOptions | Unset = UNSET
    data: RenderBodyData | Unset = UNSET
    output: OutputOptions | Unset = UNSET
    project_id: None | str | Unset = UNSET
    render: RenderOn | Unset = UNSET
    scenes: list[SceneOverride] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        template_id = self.template_id

        audio: dict[str, Any] | Unset = UNSET
        if not isinstance(self.audio, Unset):
            audio = self.audio.to_dict()

        brand: dict[str, Any] | Unset = UNSET
        if not isinstance(self.brand, Unset):
            brand = self.brand.to_dict()

        data: dict[str, Any] | Unset = UNSET
        if not isinstance(self.data, Unset):
            data = self.data.to_dict()

        output: dict[str, Any] | Unset = UNSET
        if not isinstance(self.output, Unset):
            output = self.output.to_dict()

        project_id: None | str | Unset
        if isinstance(self.project_id, Unset):
            project_id = UNSET
        else:
            project_id = self.project_id

        render: str | Unset = UNSET
        if not isinstance(self.render, Unset):
            render = self.render.value

        scenes: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.scenes, Unset):
            scenes = []
            for scenes_item_data in self.scenes:
                scenes_item = scenes_item_data.to_dict()
                scenes.append(scenes_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "templateId": template_id,
            }
        )
        if audio is not UNSET:
            field_dict["audio"] = audio
        if brand is not UNSET:
            field_dict["brand"] = brand
        if data is not UNSET:
            field_dict["data"] = data
        if output is not UNSET:
            field_dict["output"] = output
        if project_id is not UNSET:
            field_dict["projectId"] = project_id
        if render is not UNSET:
            field_dict["render"] = render
        if scenes is not UNSET:
            field_dict["scenes"] = scenes

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.audio_options import AudioOptions  # noqa: PLC0415
        from ..models.brand_options import BrandOptions  # noqa: PLC0415
        from ..models.output_options import OutputOptions  # noqa: PLC0415
        from ..models.render_body_data import RenderBodyData  # noqa: PLC0415
        from ..models.scene_override import SceneOverride  # noqa: PLC0415

        d = dict(src_dict)
        template_id = d.pop("templateId")

        _audio = d.pop("audio", UNSET)
        audio: AudioOptions | Unset
        if isinstance(_audio, Unset):
            audio = UNSET
        else:
            audio = AudioOptions.from_dict(_audio)

        _brand = d.pop("brand", UNSET)
        brand: BrandOptions | Unset
        if isinstance(_brand, Unset):
            brand = UNSET
        else:
            brand = BrandOptions.from_dict(_brand)

        _data = d.pop("data", UNSET)
        data: RenderBodyData | Unset
        if isinstance(_data, Unset):
            data = UNSET
        else:
            data = RenderBodyData.from_dict(_data)

        _output = d.pop("output", UNSET)
        output: OutputOptions | Unset
        if isinstance(_output, Unset):
            output = UNSET
        else:
            output = OutputOptions.from_dict(_output)

        def _parse_project_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        project_id = _parse_project_id(d.pop("projectId", UNSET))

        _render = d.pop("render", UNSET)
        render: RenderOn | Unset
        if isinstance(_render, Unset):
            render = UNSET
        else:
            render = RenderOn(_render)

        _scenes = d.pop("scenes", UNSET)
        scenes: list[SceneOverride] | Unset = UNSET
        if _scenes is not UNSET:
            scenes = []
            for scenes_item_data in _scenes:
                scenes_item = SceneOverride.from_dict(scenes_item_data)

                scenes.append(scenes_item)

        render_body = cls(
            template_id=template_id,
            audio=audio,
            brand=brand,
            data=data,
            output=output,
            project_id=project_id,
            render=render,
            scenes=scenes,
        )

        return render_body
