from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.audio_options_voice_quality_type_0 import AudioOptionsVoiceQualityType0
from ..types import UNSET, Unset

T = TypeVar("T", bound="AudioOptions")


@_attrs_define
class AudioOptions:
    """
    Attributes:
        include_voiceover (bool | None | Unset):
        music_track (None | str | Unset):
        music_volume (float | None | Unset):
        voice_id (None | str | Unset):
        voice_quality (AudioOptionsVoiceQualityType0 | None | Unset):
    """

    include_voiceover: bool | None | Unset = UNSET
    music_track: None | str | Unset = UNSET
    music_volume: float | None | Unset = UNSET
    voice_id: None | str | Unset = UNSET
    voice_quality: AudioOptionsVoiceQualityType0 | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        include_voiceover: bool | None | Unset
        if isinstance(self.include_voiceover, Unset):
            include_voiceover = UNSET
        else:
            include_voiceover = self.include_voiceover

        music_track: None | str | Unset
        if isinstance(self.music_track, Unset):
            music_track = UNSET
        else:
            music_track = self.music_track

        music_volume: float | None | Unset
        if isinstance(self.music_volume, Unset):
            music_volume = UNSET
        else:
            music_volume = self.music_volume

        voice_id: None | str | Unset
        if isinstance(self.voice_id, Unset):
            voice_id = UNSET
        else:
            voice_id = self.voice_id

        voice_quality: None | str | Unset
        if isinstance(self.voice_quality, Unset):
            voice_quality = UNSET
        elif isinstance(self.voice_quality, AudioOptionsVoiceQualityType0):
            voice_quality = self.voice_quality.value
        else:
            voice_quality = self.voice_quality

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if include_voiceover is not UNSET:
            field_dict["includeVoiceover"] = include_voiceover
        if music_track is not UNSET:
            field_dict["musicTrack"] = music_track
        if music_volume is not UNSET:
            field_dict["musicVolume"] = music_volume
        if voice_id is not UNSET:
            field_dict["voiceId"] = voice_id
        if voice_quality is not UNSET:
            field_dict["voiceQuality"] = voice_quality

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_include_voiceover(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        include_voiceover = _parse_include_voiceover(d.pop("includeVoiceover", UNSET))

        def _parse_music_track(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        music_track = _parse_music_track(d.pop("musicTrack", UNSET))

        def _parse_music_volume(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        music_volume = _parse_music_volume(d.pop("musicVolume", UNSET))

        def _parse_voice_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        voice_id = _parse_voice_id(d.pop("voiceId", UNSET))

        def _parse_voice_quality(
            data: object,
        ) -> AudioOptionsVoiceQualityType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                voice_quality_type_0 = AudioOptionsVoiceQualityType0(data)

                return voice_quality_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AudioOptionsVoiceQualityType0 | None | Unset, data)

        voice_quality = _parse_voice_quality(d.pop("voiceQuality", UNSET))

        audio_options = cls(
            include_voiceover=include_voiceover,
            music_track=music_track,
            music_volume=music_volume,
            voice_id=voice_id,
            voice_quality=voice_quality,
        )

        return audio_options
