from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.scene_config_animationbindings import SceneConfigAnimationbindings
    from ..models.scene_config_scenedata import SceneConfigScenedata
    from ..models.skip_condition import SkipCondition
    from ..models.word_timestamp import WordTimestamp


T = TypeVar("T", bound="SceneConfig")


@_attrs_define
class SceneConfig:
    """One scene: a primitive, its animation option, data and timing (SPEC 2.2).

    Attributes:
        primitive_id (str):
        animation_bindings (SceneConfigAnimationbindings | Unset):
        animation_option (None | str | Unset):
        data_required (list[str] | Unset):
        default_duration (float | None | Unset):
        duration_override (float | None | Unset):
        enabled (bool | Unset):  Default: True.
        label (None | str | Unset):
        scene_data (SceneConfigScenedata | Unset):
        skip_condition (None | SkipCondition | Unset):
        transition (None | str | Unset):
        vo_script (None | str | Unset):
        word_timestamps (list[WordTimestamp] | Unset):
    """

    primitive_id: str
    animation_bindings: SceneConfigAnimationbindings | Unset = UNSET
    animation_option: None | str | Unset = UNSET
    data_required: list[str] | Unset = UNSET
    default_duration: float | None | Unset = UNSET
    duration_override: float | None | Unset = UNSET
    enabled: bool | Unset = True
    label: None | str | Unset = UNSET
    scene_data: SceneConfigScenedata | Unset = UNSET
    skip_condition: None | SkipCondition | Unset = UNSET
    transition: None | str | Unset = UNSET
    vo_script: None | str | Unset = UNSET
    word_timestamps: list[WordTimestamp] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.skip_condition import SkipCondition  # noqa: PLC0415

        primitive_id = self.primitive_id

        animation_bindings: dict[str, Any] | Unset = UNSET
        if not isinstance(self.animation_bindings, Unset):
            animation_bindings = self.animation_bindings.to_dict()

        animation_option: None | str | Unset
        if isinstance(self.animation_option, Unset):
            animation_option = UNSET
        else:
            animation_option = self.animation_option

        data_required: list[str] | Unset = UNSET
        if not isinstance(self.data_required, Unset):
            data_required = self.data_required

        default_duration: float | None | Unset
        if isinstance(self.default_duration, Unset):
            default_duration = UNSET
        else:
            default_duration = self.default_duration

        duration_override: float | None | Unset
        if isinstance(self.duration_override, Unset):
            duration_override = UNSET
        else:
            duration_override = self.duration_override

        enabled = self.enabled

        label: None | str | Unset
        if isinstance(self.label, Unset):
            label = UNSET
        else:
            label = self.label

        scene_data: dict[str, Any] | Unset = UNSET
        if not isinstance(self.scene_data, Unset):
            scene_data = self.scene_data.to_dict()

        skip_condition: dict[str, Any] | None | Unset
        if isinstance(self.skip_condition, Unset):
            skip_condition = UNSET
        elif isinstance(self.skip_condition, SkipCondition):
            skip_condition = self.skip_condition.to_dict()
        else:
            skip_condition = self.skip_condition

        transition: None | str | Unset
        if isinstance(self.transition, Unset):
            transition = UNSET
        else:
            transition = self.transition

        vo_script: None | str | Unset
        if isinstance(self.vo_script, Unset):
            vo_script = UNSET
        else:
            vo_script = self.vo_script

        word_timestamps: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.word_timestamps, Unset):
            word_timestamps = []
            for word_timestamps_item_data in self.word_timestamps:
                word_timestamps_item = word_timestamps_item_data.to_dict()
                word_timestamps.append(word_timestamps_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "primitiveId": primitive_id,
            }
        )
        if animation_bindings is not UNSET:
            field_dict["animationBindings"] = animation_bindings
        if animation_option is not UNSET:
            field_dict["animationOption"] = animation_option
        if data_required is not UNSET:
            field_dict["dataRequired"] = data_required
        if default_duration is not UNSET:
            field_dict["defaultDuration"] = default_duration
        if duration_override is not UNSET:
            field_dict["durationOverride"] = duration_override
        if enabled is not UNSET:
            field_dict["enabled"] = enabled
        if label is not UNSET:
            field_dict["label"] = label
        if scene_data is not UNSET:
            field_dict["sceneData"] = scene_data
        if skip_condition is not UNSET:
            field_dict["skipCondition"] = skip_condition
        if transition is not UNSET:
            field_dict["transition"] = transition
        if vo_script is not UNSET:
            field_dict["voScript"] = vo_script
        if word_timestamps is not UNSET:
            field_dict["wordTimestamps"] = word_timestamps

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.scene_config_animationbindings import SceneConfigAnimationbindings  # noqa: PLC0415
        from ..models.scene_config_scenedata import SceneConfigScenedata  # noqa: PLC0415
        from ..models.skip_condition import SkipCondition  # noqa: PLC0415
        from ..models.word_timestamp import WordTimestamp  # noqa: PLC0415

        d = dict(src_dict)
        primitive_id = d.pop("primitiveId")

        _animation_bindings = d.pop("animationBindings", UNSET)
        animation_bindings: SceneConfigAnimationbindings | Unset
        if isinstance(_animation_bindings, Unset):
            animation_bindings = UNSET
        else:
            animation_bindings = SceneConfigAnimationbindings.from_dict(
                _animation_bindings
            )

        def _parse_animation_option(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        animation_option = _parse_animation_option(d.pop("animationOption", UNSET))

        data_required = cast(list[str], d.pop("dataRequired", UNSET))

        def _parse_default_duration(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        default_duration = _parse_default_duration(d.pop("defaultDuration", UNSET))

        def _parse_duration_override(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        duration_override = _parse_duration_override(d.pop("durationOverride", UNSET))

        enabled = d.pop("enabled", UNSET)

        def _parse_label(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        label = _parse_label(d.pop("label", UNSET))

        _scene_data = d.pop("sceneData", UNSET)
        scene_data: SceneConfigScenedata | Unset
        if isinstance(_scene_data, Unset):
            scene_data = UNSET
        else:
            scene_data = SceneConfigScenedata.from_dict(_scene_data)

        def _parse_skip_condition(data: object) -> None | SkipCondition | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                skip_condition_type_0 = SkipCondition.from_dict(data)

                return skip_condition_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SkipCondition | Unset, data)

        skip_condition = _parse_skip_condition(d.pop("skipCondition", UNSET))

        def _parse_transition(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        transition = _parse_transition(d.pop("transition", UNSET))

        def _parse_vo_script(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        vo_script = _parse_vo_script(d.pop("voScript", UNSET))

        _word_timestamps = d.pop("wordTimestamps", UNSET)
        word_timestamps: list[WordTimestamp] | Unset = UNSET
        if _word_timestamps is not UNSET:
            word_timestamps = []
            for word_timestamps_item_data in _word_timestamps:
                word_timestamps_item = WordTimestamp.from_dict(
                    word_timestamps_item_data
                )

                word_timestamps.append(word_timestamps_item)

        scene_config = cls(
            primitive_id=primitive_id,
            animation_bindings=animation_bindings,
            animation_option=animation_option,
            data_required=data_required,
            default_duration=default_duration,
            duration_override=duration_override,
            enabled=enabled,
            label=label,
            scene_data=scene_data,
            skip_condition=skip_condition,
            transition=transition,
            vo_script=vo_script,
            word_timestamps=word_timestamps,
        )

        return scene_config
