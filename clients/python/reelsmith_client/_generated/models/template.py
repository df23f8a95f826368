from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.template_visibility import TemplateVisibility
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.data_slot import DataSlot
    from ..models.poster_at import PosterAt
    from ..models.scene_config import SceneConfig
    from ..models.template_defaults import TemplateDefaults


T = TypeVar("T", bound="Template")


@_attrs_define
class Template:
    """A template as the API shows it (SPEC 2.1).

    Attributes:
        data_slots (list[DataSlot]):
        defaults (TemplateDefaults): Render defaults of a template (SPEC 2.5).
        id (str):
        is_built_in (bool):
        name (str):
        scenes (list[SceneConfig]):
        tags (list[str]):
        usage_count (int):
        version (int):
        visibility (TemplateVisibility):
        base_template_id (None | str | Unset):
        description (None | str | Unset):
        poster_at (None | PosterAt | Unset): The poster frame (addition): {scene, offsetMs}; wins over the rule (where
            the first scene that shows recipient data has settled) when that scene plays; null: the rule
        project_id (None | str | Unset): The caller's project it belongs to
        slug (None | str | Unset):
    """

    data_slots: list[DataSlot]
    defaults: TemplateDefaults
    id: str
    is_built_in: bool
    name: str
    scenes: list[SceneConfig]
    tags: list[str]
    usage_count: int
    version: int
    visibility: TemplateVisibility
    base_template_id: None | str | Unset = UNSET
    description: None | str | Unset = UNSET
    poster_at: None | PosterAt | Unset = UNSET
    project_id: None | str | Unset = UNSET
    slug: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.poster_at import PosterAt  # noqa: PLC0415

        data_slots = []
        for data_slots_item_data in self.data_slots:
            data_slots_item = data_slots_item_data.to_dict()
            data_slots.append(data_slots_item)

        defaults = self.defaults.to_dict()

        id = self.id

        is_built_in = self.is_built_in

        name = self.name

        scenes = []
        for scenes_item_data in self.scenes:
            scenes_item = scenes_item_data.to_dict()
            scenes.append(scenes_item)

        tags = self.tags

        usage_count = self.usage_count

        version = self.version

        visibility = self.visibility.value

        base_template_id: None | str | Unset
        if isinstance(self.base_template_id, Unset):
            base_template_id = UNSET
        else:
            base_template_id = self.base_template_id

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

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

        slug: None | str | Unset
        if isinstance(self.slug, Unset):
            slug = UNSET
        else:
            slug = self.slug

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "dataSlots": data_slots,
                "defaults": defaults,
                "id": id,
                "isBuiltIn": is_built_in,
                "name": name,
                "scenes": scenes,
                "tags": tags,
                "usageCount": usage_count,
                "version": version,
                "visibility": visibility,
            }
        )
        if base_template_id is not UNSET:
            field_dict["baseTemplateId"] = base_template_id
        if description is not UNSET:
            field_dict["description"] = description
        if poster_at is not UNSET:
            field_dict["posterAt"] = poster_at
        if project_id is not UNSET:
            field_dict["projectId"] = project_id
        if slug is not UNSET:
            field_dict["slug"] = slug

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.data_slot import DataSlot  # noqa: PLC0415
        from ..models.poster_at import PosterAt  # noqa: PLC0415
        from ..models.scene_config import SceneConfig  # noqa: PLC0415
        from ..models.template_defaults import TemplateDefaults  # noqa: PLC0415

        d = dict(src_dict)
        data_slots = []
        _data_slots = d.pop("dataSlots")
        for data_slots_item_data in _data_slots:
            data_slots_item = DataSlot.from_dict(data_slots_item_data)

            data_slots.append(data_slots_item)

        defaults = TemplateDefaults.from_dict(d.pop("defaults"))

        id = d.pop("id")

        is_built_in = d.pop("isBuiltIn")

        name = d.pop("name")

        scenes = []
        _scenes = d.pop("scenes")
        for scenes_item_data in _scenes:
            scenes_item = SceneConfig.from_dict(scenes_item_data)

            scenes.append(scenes_item)

        tags = cast(list[str], d.pop("tags"))

        usage_count = d.pop("usageCount")

        version = d.pop("version")

        visibility = TemplateVisibility(d.pop("visibility"))

        def _parse_base_template_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        base_template_id = _parse_base_template_id(d.pop("baseTemplateId", UNSET))

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

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

        def _parse_slug(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        slug = _parse_slug(d.pop("slug", UNSET))

        template = cls(
            data_slots=data_slots,
            defaults=defaults,
            id=id,
            is_built_in=is_built_in,
            name=name,
            scenes=scenes,
            tags=tags,
            usage_count=usage_count,
            version=version,
            visibility=visibility,
            base_template_id=base_template_id,
            description=description,
            poster_at=poster_at,
            project_id=project_id,
            slug=slug,
        )

        template.additional_properties = d
        return template

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
