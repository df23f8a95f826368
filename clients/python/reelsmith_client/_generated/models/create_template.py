from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.create_template_visibility import CreateTemplateVisibility
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.data_slot import DataSlot
    from ..models.poster_at import PosterAt
    from ..models.scene_config import SceneConfig
    from ..models.template_defaults import TemplateDefaults


T = TypeVar("T", bound="CreateTemplate")


@_attrs_define
class CreateTemplate:
    """POST /api/templates body. With `forkFrom`, omitted content comes from the base.

    Attributes:
        name (str):
        data_slots (list[DataSlot] | None | Unset):
        defaults (None | TemplateDefaults | Unset):
        description (None | str | Unset):
        fork_from (None | str | Unset):
        poster_at (None | PosterAt | Unset): The poster frame (addition): {scene, offsetMs}; wins over the rule (where
            the first scene that shows recipient data has settled) when that scene plays; null: the rule
        project_id (None | str | Unset):
        scenes (list[SceneConfig] | None | Unset):
        tags (list[str] | None | Unset):
        visibility (CreateTemplateVisibility | Unset):  Default: CreateTemplateVisibility.PRIVATE.
    """

    name: str
    data_slots: list[DataSlot] | None | Unset = UNSET
    defaults: None | TemplateDefaults | Unset = UNSET
    description: None | str | Unset = UNSET
    fork_from: None | str | Unset = UNSET
    poster_at: None | PosterAt | Unset = UNSET
    project_id: None | str | Unset = UNSET
    scenes: list[SceneConfig] | None | Unset = UNSET
    tags: list[str] | None | Unset = UNSET
    visibility: CreateTemplateVisibility | Unset = CreateTemplateVisibility.PRIVATE

    def to_dict(self) -> dict[str, Any]:
        from ..models.poster_at import PosterAt  # noqa: PLC0415
        from ..models.template_defaults import TemplateDefaults  # noqa: PLC0415

        name = self.name

        data_slots: list[dict[str, Any]] | None | Unset
        if isinstance(self.data_slots, Unset):
            data_slots = UNSET
        elif isinstance(self.data_slots, list):
            data_slots = []
            for data_slots_type_0_item_data in self.data_slots:
                data_slots_type_0_item = data_slots_type_0_item_data.to_dict()
                data_slots.append(data_slots_type_0_item)

        else:
            data_slots = self.data_slots

        defaults: dict[str, Any] | None | Unset
        if isinstance(self.defaults, Unset):
            defaults = UNSET
        elif isinstance(self.defaults, TemplateDefaults):
            defaults = self.defaults.to_dict()
        else:
            defaults = self.defaults

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        fork_from: None | str | Unset
        if isinstance(self.fork_from, Unset):
            fork_from = UNSET
        else:
            fork_from = self.fork_from

        poster_at: dict[str, Any] | None | Unset
        if isinstance(self.poster_at, Unset):
            poster_at = UNSET
        elif isinstance(self.poster_at, PosterAt):
            poster_at = self.poster_at.to_dict()
        else:
            poster_at = self.poster_at

        project_id: None | str | Unset
        if isinstance(self.project_id, Unset):
            project_id = UNSET
        else:
            project_id = self.project_id

        scenes: list[dict[str, Any]] | None | Unset
        if isinstance(self.scenes, Unset):
            scenes = UNSET
        elif isinstance(self.scenes, list):
            scenes = []
            for scenes_type_0_item_data in self.scenes:
                scenes_type_0_item = scenes_type_0_item_data.to_dict()
                scenes.append(scenes_type_0_item)

        else:
            scenes = self.scenes

        tags: list[str] | None | Unset
        if isinstance(self.tags, Unset):
            tags = UNSET
        elif isinstance(self.tags, list):
            tags = self.tags

        else:
            tags = self.tags

        visibility: str | Unset = UNSET
        if not isinstance(self.visibility, Unset):
            visibility = self.visibility.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
            }
        )
        if data_slots is not UNSET:
            field_dict["dataSlots"] = data_slots
        if defaults is not UNSET:
            field_dict["defaults"] = defaults
        if description is not UNSET:
            field_dict["description"] = description
        if fork_from is not UNSET:
            field_dict["forkFrom"] = fork_from
        if poster_at is not UNSET:
            field_dict["posterAt"] = poster_at
        if project_id is not UNSET:
            field_dict["projectId"] = project_id
        if scenes is not UNSET:
            field_dict["scenes"] = scenes
        if tags is not UNSET:
            field_dict["tags"] = tags
        if visibility is not UNSET:
            field_dict["visibility"] = visibility

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.data_slot import DataSlot  # noqa: PLC0415
        from ..models.poster_at import PosterAt  # noqa: PLC0415
        from ..models.scene_config import SceneConfig  # noqa: PLC0415
        from ..models.template_defaults import TemplateDefaults  # noqa: PLC0415

        d = dict(src_dict)
        name = d.pop("name")

        def _parse_data_slots(data: object) -> list[DataSlot] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                data_slots_type_0 = []
                _data_slots_type_0 = data
                for data_slots_type_0_item_data in _data_slots_type_0:
                    data_slots_type_0_item = DataSlot.from_dict(
                        data_slots_type_0_item_data
                    )

                    data_slots_type_0.append(data_slots_type_0_item)

                return data_slots_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[DataSlot] | None | Unset, data)

        data_slots = _parse_data_slots(d.pop("dataSlots", UNSET))

        def _parse_defaults(data: object) -> None | TemplateDefaults | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                defaults_type_0 = TemplateDefaults.from_dict(data)

                return defaults_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TemplateDefaults | Unset, data)

        defaults = _parse_defaults(d.pop("defaults", UNSET))

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        def _parse_fork_from(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        fork_from = _parse_fork_from(d.pop("forkFrom", UNSET))

        def _parse_poster_at(data: object) -> None | PosterAt | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                poster_at_type_0 = PosterAt.from_dict(data)

                return poster_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PosterAt | Unset, data)

        poster_at = _parse_poster_at(d.pop("posterAt", UNSET))

        def _parse_project_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        project_id = _parse_project_id(d.pop("projectId", UNSET))

        def _parse_scenes(data: object) -> list[SceneConfig] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                scenes_type_0 = []
                _scenes_type_0 = data
                for scenes_type_0_item_data in _scenes_type_0:
                    scenes_type_0_item = SceneConfig.from_dict(scenes_type_0_item_data)

                    scenes_type_0.append(scenes_type_0_item)

                return scenes_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[SceneConfig] | None | Unset, data)

        scenes = _parse_scenes(d.pop("scenes", UNSET))

        def _parse_tags(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                tags_type_0 = cast(list[str], data)

                return tags_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        tags = _parse_tags(d.pop("tags", UNSET))

        _visibility = d.pop("visibility", UNSET)
        visibility: CreateTemplateVisibility | Unset
        if isinstance(_visibility, Unset):
            visibility = UNSET
        else:
            visibility = CreateTemplateVisibility(_visibility)

        create_template = cls(
            name=name,
            data_slots=data_slots,
            defaults=defaults,
            description=description,
            fork_from=fork_from,
            poster_at=poster_at,
            project_id=project_id,
            scenes=scenes,
            tags=tags,
            visibility=visibility,
        )

        return create_template
