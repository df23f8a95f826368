"""The SMS channel: a provider interface and the one implementation, speaking Twilio's Messages
API (form-encoded POST /2010-04-01/Accounts/{sid}/Messages.json, HTTP basic auth)."""

from __future__ import annotations

from typing import Protocol

import httpx

from app.channels.errors import PermanentFailure, TransientFailure
from app.config import Settings
from app.outbound import OutboundRefused, check_url


class SmsProvider(Protocol):
    async def send(self, to: str, body: str) -> str:
        """Send one message; the provider's message id. Raises Transient/PermanentFailure."""
        ...


class TwilioSms:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings

    async def send(self, to: str, body: str) -> str:
        s = self.settings
        if not (s.sms_account_sid and s.sms_auth_token and s.sms_from):
            raise PermanentFailure(
                "SMS is not configured: set REELSMITH_SMS_ACCOUNT_SID, REELSMITH_SMS_AUTH_TOKEN "
                "and REELSMITH_SMS_FROM"
            )
        url = f"{s.sms_base_url.rstrip('/')}/2010-04-01/Accounts/{s.sms_account_sid}/Messages.json"
        try:
            target = await check_url(url, allow_private=s.allow_private_urls, what="SMS API URL")
        except OutboundRefused as exc:
            raise PermanentFailure(f"SMS API URL refused: {exc.reason}") from exc
        try:
            async with httpx.AsyncClient(timeout=s.sms_timeout_s, follow_redirects=False) as client:
                resp = await client.post(
                    target.url,
                    data={"To": to, "From": s.sms_from, "Body": body},
                    auth=(s.sms_account_sid, s.sms_auth_token),
                    headers=target.headers,
                    extensions=target.extensions,
                )
        except httpx.HTTPError as exc:
            raise TransientFailure(f"{exc.__class__.__name__}: {str(exc)[:200]}") from exc
        if resp.status_code == 429 or resp.status_code >= 500:
            raise TransientFailure(f"SMS API answered HTTP {resp.status_code}")
        if not 200 <= resp.status_code < 300:
            raise PermanentFailure(f"SMS API answered HTTP {resp.status_code}: {resp.text[:200]}")
        try:
            return str(resp.json().get("sid", ""))
        except ValueError:
            return ""
