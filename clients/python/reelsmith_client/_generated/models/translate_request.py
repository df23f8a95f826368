from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="TranslateRequest")


@_attrs_define
class TranslateRequest:
    """
    Attributes:
        source_language (str):
        target_language (str):
        texts (list[str]):
        scene_indexes (list[int] | None | Unset):
        template_id (None | str | Unset):
    """

    source_language: str
    target_language: str
    texts: list[str]
    scene_indexes: list[int] | None | Unset = UNSET
    template_id: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        source_language = self.source_language

        target_language = self.target_language

        texts = self.texts

        scene_indexes: list[int] | None | Unset
        if isinstance(self.scene_indexes, Unset):
            scene_indexes = UNSET
        elif isinstance(self.scene_indexes, list):
            scene_indexes = self.scene_indexes

        else:
            scene_indexes = self.scene_indexes

        template_id: None | str | Unset
        if isinstance(self.template_id, Unset):
            template_id = UNSET
        else:
            template_id = self.template_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "sourceLanguage": source_language,
                "targetLanguage": target_language,
                "texts": texts,
            }
        )
        if scene_indexes is not UNSET:
            field_dict["sceneIndexes"] = scene_indexes
        if template_id is not UNSET:
            field_dict["templateId"] = template_id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        source_language = d.pop("sourceLanguage")

        target_language = d.pop("targetLanguage")

        texts = cast(list[str], d.pop("texts"))

        def _parse_scene_indexes(data: object) -> list[int] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                scene_indexes_type_0 = cast(list[int], data)

                return scene_indexes_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[int] | None | Unset, data)

        scene_indexes = _parse_scene_indexes(d.pop("sceneIndexes", UNSET))

        def _parse_template_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        template_id = _parse_template_id(d.pop("templateId", UNSET))

        translate_request = cls(
            source_language=source_language,
            target_language=target_language,
            texts=texts,
            scene_indexes=scene_indexes,
            template_id=template_id,
        )

        return translate_request
