from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.job_stage import JobStage
from ..models.job_status import JobStatus
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.quality_report import QualityReport
    from ..models.render_warning import RenderWarning
    from ..models.voiceover_entry import VoiceoverEntry


T = TypeVar("T", bound="JobFields")


@_attrs_define
class JobFields:
    """
    Attributes:
        author_name (str):
        batch_id (None | str):
        completed_at (None | str):
        created_at (str):
        deleted_at (None | str):
        error (None | str):
        id (str):
        output_url (None | str):
        progress (int):
        project_id (None | str):
        stage (JobStage): Where a job is, in pipeline order (the worker reports each as it starts it).
        status (JobStatus):
        template_id (str):
        updated_at (str):
        voiceovers (list[VoiceoverEntry]):
        open_pixel_url (None | str | Unset): The email-open pixel of this video for an email of your own (a viewing
            session signed by the server, so the open counts); null until complete
        player_url (None | str | Unset):
        poster_at_ms (float | None | Unset): The poster's time in the video (ms, a frame time: n x 1000 / fps); the
            preview GIF starts there. Null until complete
        quality (None | QualityReport | Unset): The finished file's quality report; null until complete
        thumbnail_gif_url (None | str | Unset):
        thumbnail_url (None | str | Unset):
        warnings (list[RenderWarning] | Unset): As POST /api/render answered them, from the request's data (glyphs,
            text_fit estimate); the quality report is the finished video's measurement
    """

    author_name: str
    batch_id: None | str
    completed_at: None | str
    created_at: str
    deleted_at: None | str
    error: None | str
    id: str
    output_url: None | str
    progress: int
    project_id: None | str
    stage: JobStage
    status: JobStatus
    template_id: str
    updated_at: str
    voiceovers: list[VoiceoverEntry]
    open_pixel_url: None | str | Unset = UNSET
    player_url: None | str | Unset = UNSET
    poster_at_ms: float | None | Unset = UNSET
    quality: None | QualityReport | Unset = UNSET
    thumbnail_gif_url: None | str | Unset = UNSET
    thumbnail_url: None | str | Unset = UNSET
    warnings: list[RenderWarning] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.quality_report import QualityReport  # noqa: PLC0415

        author_name = self.author_name

        batch_id: None | str
        batch_id = self.batch_id

        completed_at: None | str
        completed_at = self.completed_at

        created_at = self.created_at

        deleted_at: None | str
        deleted_at = self.deleted_at

        error: None | str
        error = self.error

        id = self.id

        output_url: None | str
        output_url = self.output_url

        progress = self.progress

        project_id: None | str
        project_id = self.project_id

        stage = self.stage.value

        status = self.status.value

        template_id = self.template_id

        updated_at = self.updated_at

        voiceovers = []
        for voiceovers_item_data in self.voiceovers:
            voiceovers_item = voiceovers_item_data.to_dict()
            voiceovers.append(voiceovers_item)

        open_pixel_url: None | str | Unset
        if isinstance(self.open_pixel_url, Unset):
            open_pixel_url = UNSET
        else:
            open_pixel_url = self.open_pixel_url

        player_url: None | str | Unset
        if isinstance(self.player_url, Unset):
            player_url = UNSET
        else:
            player_url = self.player_url

        poster_at_ms: float | None | Unset
        if isinstance(self.poster_at_ms, Unset):
            poster_at_ms = UNSET
        else:
            poster_at_ms = self.poster_at_ms

        quality: dict[str, Any] | None | Unset
        if isinstance(self.quality, Unset):
            quality = UNSET
        elif isinstance(self.quality, QualityReport):
            quality = self.quality.to_dict()
        else:
            quality = self.quality

        thumbnail_gif_url: None | str | Unset
        if isinstance(self.thumbnail_gif_url, Unset):
            thumbnail_gif_url = UNSET
        else:
            thumbnail_gif_url = self.thumbnail_gif_url

        thumbnail_url: None | str | Unset
        if isinstance(self.thumbnail_url, Unset):
            thumbnail_url = UNSET
        else:
            thumbnail_url = self.thumbnail_url

        warnings: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.warnings, Unset):
            warnings = []
            for warnings_item_data in self.warnings:
                warnings_item = warnings_item_data.to_dict()
                warnings.append(warnings_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "authorName": author_name,
                "batchId": batch_id,
                "completedAt": completed_at,
                "createdAt": created_at,
                "deletedAt": deleted_at,
                "error": error,
                "id": id,
                "outputUrl": output_url,
                "progress": progress,
                "projectId": project_id,
                "stage": stage,
                "status": status,
                "templateId": template_id,
                "updatedAt": updated_at,
                "voiceovers": voiceovers,
            }
        )
        if open_pixel_url is not UNSET:
            field_dict["openPixelUrl"] = open_pixel_url
        if player_url is not UNSET:
            field_dict["playerUrl"] = player_url
        if poster_at_ms is not UNSET:
            field_dict["posterAtMs"] = poster_at_ms
        if quality is not UNSET:
            field_dict["quality"] = quality
        if thumbnail_gif_url is not UNSET:
            field_dict["thumbnailGifUrl"] = thumbnail_gif_url
        if thumbnail_url is not UNSET:
            field_dict["thumbnailUrl"] = thumbnail_url
        if warnings is not UNSET:
            field_dict["warnings"] = warnings

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.quality_report import QualityReport  # noqa: PLC0415
        from ..models.render_warning import RenderWarning  # noqa: PLC0415
        from ..models.voiceover_entry import VoiceoverEntry  # noqa: PLC0415

        d = dict(src_dict)
        author_name = d.pop("authorName")

        def _parse_batch_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        batch_id = _parse_batch_id(d.pop("batchId"))

        def _parse_completed_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        completed_at = _parse_completed_at(d.pop("completedAt"))

        created_at = d.pop("createdAt")

        def _parse_deleted_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        deleted_at = _parse_deleted_at(d.pop("deletedAt"))

        def _parse_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        error = _parse_error(d.pop("error"))

        id = d.pop("id")

        def _parse_output_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        output_url = _parse_output_url(d.pop("outputUrl"))

        progress = d.pop("progress")

        def _parse_project_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        project_id = _parse_project_id(d.pop("projectId"))

        stage = JobStage(d.pop("stage"))

        status = JobStatus(d.pop("status"))

        template_id = d.pop("templateId")

        updated_at = d.pop("updatedAt")

        voiceovers = []
        _voiceovers = d.pop("voiceovers")
        for voiceovers_item_data in _voiceovers:
            voiceovers_item = VoiceoverEntry.from_dict(voiceovers_item_data)

            voiceovers.append(voiceovers_item)

        def _parse_open_pixel_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        open_pixel_url = _parse_open_pixel_url(d.pop("openPixelUrl", UNSET))

        def _parse_player_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        player_url = _parse_player_url(d.pop("playerUrl", UNSET))

        def _parse_poster_at_ms(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        poster_at_ms = _parse_poster_at_ms(d.pop("posterAtMs", UNSET))

        def _parse_quality(data: object) -> None | QualityReport | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                quality_type_0 = QualityReport.from_dict(data)

                return quality_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | QualityReport | Unset, data)

        quality = _parse_quality(d.pop("quality", UNSET))

        def _parse_thumbnail_gif_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        thumbnail_gif_url = _parse_thumbnail_gif_url(d.pop("thumbnailGifUrl", UNSET))

        def _parse_thumbnail_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        thumbnail_url = _parse_thumbnail_url(d.pop("thumbnailUrl", UNSET))

        _warnings = d.pop("warnings", UNSET)
        warnings: list[RenderWarning] | Unset = UNSET
        if _warnings is not UNSET:
            warnings = []
            for warnings_item_data in _warnings:
                warnings_item = RenderWarning.from_dict(warnings_item_data)

                warnings.append(warnings_item)

        job_fields = cls(
            author_name=author_name,
            batch_id=batch_id,
            completed_at=completed_at,
            created_at=created_at,
            deleted_at=deleted_at,
            error=error,
            id=id,
            output_url=output_url,
            progress=progress,
            project_id=project_id,
            stage=stage,
            status=status,
            template_id=template_id,
            updated_at=updated_at,
            voiceovers=voiceovers,
            open_pixel_url=open_pixel_url,
            player_url=player_url,
            poster_at_ms=poster_at_ms,
            quality=quality,
            thumbnail_gif_url=thumbnail_gif_url,
            thumbnail_url=thumbnail_url,
            warnings=warnings,
        )

        job_fields.additional_properties = d
        return job_fields

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
