from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.job_status import JobStatus
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.render_warning import RenderWarning


T = TypeVar("T", bound="RenderCreated")


@_attrs_define
class RenderCreated:
    """
    Attributes:
        credits_remaining (int):
        display_name (str):
        job_id (str):
        message (str):
        status (JobStatus):
        template_id (str):
        player_url (None | str | Unset): render on_view: the player page whose first open starts the render
        success (bool | Unset):  Default: True.
        thumbnail_url (None | str | Unset): render on_view: where the poster PNG will be (made by a worker within
            seconds; 404 until then)
        warnings (list[RenderWarning] | Unset): What may not look right (characters no font draws, text that will not
            fit); the render goes on
    """

    credits_remaining: int
    display_name: str
    job_id: str
    message: str
    status: JobStatus
    template_id: str
    player_url: None | str | Unset = UNSET
    success: bool | Unset = True
    thumbnail_url: None | str | Unset = UNSET
    warnings: list[RenderWarning] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        credits_remaining = self.credits_remaining

        display_name = self.display_name

        job_id = self.job_id

        message = self.message

        status = self.status.value

        template_id = self.template_id

        player_url: None | str | Unset
        if isinstance(self.player_url, Unset):
            player_url = UNSET
        else:
            player_url = self.player_url

        success = self.success

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
                "creditsRemaining": credits_remaining,
                "displayName": display_name,
                "jobId": job_id,
                "message": message,
                "status": status,
                "templateId": template_id,
            }
        )
        if player_url is not UNSET:
            field_dict["playerUrl"] = player_url
        if success is not UNSET:
            field_dict["success"] = success
        if thumbnail_url is not UNSET:
            field_dict["thumbnailUrl"] = thumbnail_url
        if warnings is not UNSET:
            field_dict["warnings"] = warnings

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.render_warning import RenderWarning  # noqa: PLC0415

        d = dict(src_dict)
        credits_remaining = d.pop("creditsRemaining")

        display_name = d.pop("displayName")

        job_id = d.pop("jobId")

        message = d.pop("message")

        status = JobStatus(d.pop("status"))

        template_id = d.pop("templateId")

        def _parse_player_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        player_url = _parse_player_url(d.pop("playerUrl", UNSET))

        success = d.pop("success", UNSET)

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

        render_created = cls(
            credits_remaining=credits_remaining,
            display_name=display_name,
            job_id=job_id,
            message=message,
            status=status,
            template_id=template_id,
            player_url=player_url,
            success=success,
            thumbnail_url=thumbnail_url,
            warnings=warnings,
        )

        render_created.additional_properties = d
        return render_created

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
