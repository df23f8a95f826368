from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="CampaignRenders")


@_attrs_define
class CampaignRenders:
    """GET /api/analytics/campaign/{id}/renders: renders against views (addition).

    Attributes:
        awaiting_view (int): Renders on view still waiting for a first open
        complete (int): Of which complete
        created (int): Videos (jobs) in the campaign
        expired (int): Renders on view that expired unopened
        on_view (int): Of which rendered on view (`render: on_view`)
        rendered (int): Videos rendered or rendering (each charged 1 credit)
        renders_saved (int): Renders on view never made (awaitingView + expired): renders and credits not spent
        renders_saved_percent (int): rendersSaved of onView, in percent
        watched (int): Videos someone started watching (live or the file)
    """

    awaiting_view: int
    complete: int
    created: int
    expired: int
    on_view: int
    rendered: int
    renders_saved: int
    renders_saved_percent: int
    watched: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        awaiting_view = self.awaiting_view

        complete = self.complete

        created = self.created

        expired = self.expired

        on_view = self.on_view

        rendered = self.rendered

        renders_saved = self.renders_saved

        renders_saved_percent = self.renders_saved_percent

        watched = self.watched

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "awaitingView": awaiting_view,
                "complete": complete,
                "created": created,
                "expired": expired,
                "onView": on_view,
                "rendered": rendered,
                "rendersSaved": renders_saved,
                "rendersSavedPercent": renders_saved_percent,
                "watched": watched,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        awaiting_view = d.pop("awaitingView")

        complete = d.pop("complete")

        created = d.pop("created")

        expired = d.pop("expired")

        on_view = d.pop("onView")

        rendered = d.pop("rendered")

        renders_saved = d.pop("rendersSaved")

        renders_saved_percent = d.pop("rendersSavedPercent")

        watched = d.pop("watched")

        campaign_renders = cls(
            awaiting_view=awaiting_view,
            complete=complete,
            created=created,
            expired=expired,
            on_view=on_view,
            rendered=rendered,
            renders_saved=renders_saved,
            renders_saved_percent=renders_saved_percent,
            watched=watched,
        )

        campaign_renders.additional_properties = d
        return campaign_renders

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
