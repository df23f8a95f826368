from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.template_defaults_fps import TemplateDefaultsFps
from ..models.template_defaults_resolution import TemplateDefaultsResolution
from ..models.template_defaults_voice_quality_type_0 import (
    TemplateDefaultsVoiceQualityType0,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="TemplateDefaults")


@_attrs_define
class TemplateDefaults:
    """Render defaults of a template (SPEC 2.5).

    Attributes:
        accent_color (str | Unset):  Default: '#6C5CE7'.
        fps (TemplateDefaultsFps | Unset):  Default: TemplateDefaultsFps.VALUE_30.
        include_voiceover (bool | Unset):  Default: True.
        language (str | Unset): Language the voiceover scripts are written in, a SPEC language code; a render in another
            output.language translates them (addition) Default: 'en'.
        logo_url (None | str | Unset):
        resolution (TemplateDefaultsResolution | Unset):  Default: TemplateDefaultsResolution.VALUE_1.
        secondary_color (str | Unset):  Default: '#00CEC9'.
        voice_id (str | Unset):  Default: 'en-US-JennyNeural'.
        voice_quality (None | TemplateDefaultsVoiceQualityType0 | Unset): Offline voices for this template's renders:
            neural (default), fast (a distilled voice for bulk work) or basic; unset: the deployment's setting (addition)
    """

    accent_color: str | Unset = "#6C5CE7"
    fps: TemplateDefaultsFps | Unset = TemplateDefaultsFps.VALUE_30
    include_voiceover: bool | Unset = True
    language: str | Unset = "en"
    logo_url: None | str | Unset = UNSET
    resolution: TemplateDefaultsResolution | Unset = TemplateDefaultsResolution.VALUE_1
    secondary_color: str | Unset = "#00CEC9"
    voice_id: str | Unset = "en-US-JennyNeural"
    voice_quality: None | TemplateDefaultsVoiceQualityType0 | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        accent_color = self.accent_color

        fps: int | Unset = UNSET
        if not isinstance(self.fps, Unset):
            fps = self.fps.value

        include_voiceover = self.include_voiceover

        language = self.language

        logo_url: None | str | Unset
        if isinstance(self.logo_url, Unset):
            logo_url = UNSET
        else:
            logo_url = self.logo_url

        resolution: str | Unset = UNSET
        if not isinstance(self.resolution, Unset):
            resolution = self.resolution.value

        secondary_color = self.secondary_color

        voice_id = self.voice_id

        voice_quality: None | str | Unset
        if isinstance(self.voice_quality, Unset):
            voice_quality = UNSET
        elif isinstance(self.voice_quality, TemplateDefaultsVoiceQualityType0):
            voice_quality = self.voice_quality.value
        else:
            voice_quality = self.voice_quality

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if accent_color is not UNSET:
            field_dict["accentColor"] = accent_color
        if fps is not UNSET:
            field_dict["fps"] = fps
        if include_voiceover is not UNSET:
            field_dict["includeVoiceover"] = include_voiceover
        if language is not UNSET:
            field_dict["language"] = language
        if logo_url is not UNSET:
            field_dict["logoUrl"] = logo_url
        if resolution is not UNSET:
            field_dict["resolution"] = resolution
        if secondary_color is not UNSET:
            field_dict["secondaryColor"] = secondary_color
        if voice_id is not UNSET:
            field_dict["voiceId"] = voice_id
        if voice_quality is not UNSET:
            field_dict["voiceQuality"] = voice_quality

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        accent_color = d.pop("accentColor", UNSET)

        _fps = d.pop("fps", UNSET)
        fps: TemplateDefaultsFps | Unset
        if isinstance(_fps, Unset):
            fps = UNSET
        else:
            fps = TemplateDefaultsFps(_fps)

        include_voiceover = d.pop("includeVoiceover", UNSET)

        language = d.pop("language", UNSET)

        def _parse_logo_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        logo_url = _parse_logo_url(d.pop("logoUrl", UNSET))

        _resolution = d.pop("resolution", UNSET)
        resolution: TemplateDefaultsResolution | Unset
        if isinstance(_resolution, Unset):
            resolution = UNSET
        else:
            resolution = TemplateDefaultsResolution(_resolution)

        secondary_color = d.pop("secondaryColor", UNSET)

        voice_id = d.pop("voiceId", UNSET)

        def _parse_voice_quality(
            data: object,
        ) -> None | TemplateDefaultsVoiceQualityType0 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                voice_quality_type_0 = TemplateDefaultsVoiceQualityType0(data)

                return voice_quality_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TemplateDefaultsVoiceQualityType0 | Unset, data)

        voice_quality = _parse_voice_quality(d.pop("voiceQuality", UNSET))

        template_defaults = cls(
            accent_color=accent_color,
            fps=fps,
            include_voiceover=include_voiceover,
            language=language,
            logo_url=logo_url,
            resolution=resolution,
            secondary_color=secondary_color,
            voice_id=voice_id,
            voice_quality=voice_quality,
        )

        return template_defaults
