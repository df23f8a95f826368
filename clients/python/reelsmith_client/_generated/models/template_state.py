from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.data_slot import DataSlot
    from ..models.scene_config import SceneConfig
    from ..models.template_defaults import TemplateDefaults


T = TypeVar("T", bound="TemplateState")


@_attrs_define
class TemplateState:
    """The template a prompt starts from (SPEC 2.1); for `create`, an empty shape. Only the
    fields the composer reads are checked; the others are accepted and ignored.

        Attributes:
            data_slots (list[DataSlot] | Unset):
            defaults (None | TemplateDefaults | Unset):
            description (None | str | Unset):
            id (None | str | Unset):
            name (None | str | Unset):
            scenes (list[SceneConfig] | Unset):
            tags (list[str] | Unset):
    """

    data_slots: list[DataSlot] | Unset = UNSET
    defaults: None | TemplateDefaults | Unset = UNSET
    description: None | str | Unset = UNSET
    id: None | str | Unset = UNSET
    name: None | str | Unset = UNSET
    scenes: list[SceneConfig] | Unset = UNSET
    tags: list[str] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.template_defaults import TemplateDefaults  # noqa: PLC0415

        data_slots: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.data_slots, Unset):
            data_slots = []
            for data_slots_item_data in self.data_slots:
                data_slots_item = data_slots_item_data.to_dict()
                data_slots.append(data_slots_item)

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

        id: None | str | Unset
        if isinstance(self.id, Unset):
            id = UNSET
        else:
            id = self.id

        name: None | str | Unset
        if isinstance(self.name, Unset):
            name = UNSET
        else:
            name = self.name

        scenes: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.scenes, Unset):
            scenes = []
            for scenes_item_data in self.scenes:
                scenes_item = scenes_item_data.to_dict()
                scenes.append(scenes_item)

        tags: list[str] | Unset = UNSET
        if not isinstance(self.tags, Unset):
            tags = self.tags

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if data_slots is not UNSET:
            field_dict["dataSlots"] = data_slots
        if defaults is not UNSET:
            field_dict["defaults"] = defaults
        if description is not UNSET:
            field_dict["description"] = description
        if id is not UNSET:
            field_dict["id"] = id
        if name is not UNSET:
            field_dict["name"] = name
        if scenes is not UNSET:
            field_dict["scenes"] = scenes
        if tags is not UNSET:
            field_dict["tags"] = tags

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.data_slot import DataSlot  # noqa: PLC0415
        from ..models.scene_config import SceneConfig  # noqa: PLC0415
        from ..models.template_defaults import TemplateDefaults  # noqa: PLC0415

        d = dict(src_dict)
        _data_slots = d.pop("dataSlots", UNSET)
        data_slots: list[DataSlot] | Unset = UNSET
        if _data_slots is not UNSET:
            data_slots = []
            for data_slots_item_data in _data_slots:
                data_slots_item = DataSlot.from_dict(data_slots_item_data)

                data_slots.append(data_slots_item)

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

        def _parse_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        id = _parse_id(d.pop("id", UNSET))

        def _parse_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        name = _parse_name(d.pop("name", UNSET))

        _scenes = d.pop("scenes", UNSET)
        scenes: list[SceneConfig] | Unset = UNSET
        if _scenes is not UNSET:
            scenes = []
            for scenes_item_data in _scenes:
                scenes_item = SceneConfig.from_dict(scenes_item_data)

                scenes.append(scenes_item)

        tags = cast(list[str], d.pop("tags", UNSET))

        template_state = cls(
            data_slots=data_slots,
            defaults=defaults,
            description=description,
            id=id,
            name=name,
            scenes=scenes,
            tags=tags,
        )

        template_state.additional_properties = d
        return template_state

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
