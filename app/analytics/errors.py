"""What the analytics services refuse, as domain errors (app/errors.py answers them)."""

from __future__ import annotations

from app.errors import DomainError, Kind


class CampaignNotFound(DomainError):
    """Unknown batch or trigger campaignId, or another account's (404)."""

    kind = Kind.NOT_FOUND

    def __init__(self, campaign_id: str) -> None:
        super().__init__(f"Campaign (batch or trigger campaignId) '{campaign_id}' not found")
        self.campaign_id = campaign_id
