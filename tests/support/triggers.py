"""Real receivers on the loopback for trigger deliveries: an SMTP server (aiosmtpd), a small
HTTP server speaking Twilio's Messages API format, and shortcuts to finish renders and send
due deliveries as the deliveries worker does."""

from __future__ import annotations

import base64
import json
import socket
from dataclasses import dataclass, field
from email import message_from_bytes, policy
from email.message import EmailMessage
from typing import Any
from urllib.parse import parse_qs

from aiosmtpd.controller import Controller
from sqlalchemy import select

from app.config import Settings
from app.db import Database
from app.triggers import attempts
from app.triggers.models import TriggerExecution
from tests.support.http_server import LoopbackServer, QuietHandler
from worker.deliveries.triggers import deliver_trigger

SMS_SID = "AC" + "0" * 32
SMS_TOKEN = "test-auth-token"
REWIND = "rewind"  # builtin template: person_name, totalWorkouts, totalMinutes required


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class SmtpServer:
    """aiosmtpd on 127.0.0.1; answers each DATA with the next scripted reply (then 250)."""

    port: int = field(default_factory=free_port)
    replies: list[str] = field(default_factory=list)
    received: list[tuple[str, list[str], EmailMessage]] = field(default_factory=list)

    def __post_init__(self) -> None:
        server = self

        class Handler:
            async def handle_DATA(self, _server: Any, _session: Any, envelope: Any) -> str:
                if server.replies:
                    reply = server.replies.pop(0)
                    if not reply.startswith("250"):
                        return reply
                message = message_from_bytes(envelope.content, policy=policy.default)
                assert isinstance(message, EmailMessage)
                server.received.append((envelope.mail_from, list(envelope.rcpt_tos), message))
                return "250 Message accepted for delivery"

        self.controller = Controller(Handler(), hostname="127.0.0.1", port=self.port)

    def __enter__(self) -> SmtpServer:
        self.controller.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.controller.stop()


@dataclass
class SmsMessage:
    path: str
    authorization: tuple[str, str]
    form: dict[str, str]


class TwilioServer(LoopbackServer):
    """POST /2010-04-01/Accounts/{sid}/Messages.json (form-encoded, basic auth) -> 201 with a
    Twilio-shaped JSON message; scripted statuses first."""

    def __init__(self, statuses: list[int] | None = None) -> None:
        self.statuses = list(statuses or [])
        self.received: list[SmsMessage] = []
        owner = self

        class Handler(QuietHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("content-length", "0"))).decode()
                scheme, _, value = self.headers.get("authorization", "").partition(" ")
                user, _, password = base64.b64decode(value).decode().partition(":")
                status = owner.statuses.pop(0) if owner.statuses else 201
                if status == 201:
                    form = {k: v[0] for k, v in parse_qs(body).items()}
                    owner.received.append(SmsMessage(self.path, (user, password), form))
                    sid = f"SM{len(owner.received):032d}"
                    payload = json.dumps(
                        {"sid": sid, "status": "queued", "to": form.get("To", "")}
                    ).encode()
                else:
                    payload = b'{"code": 20500, "message": "try again"}'
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

        super().__init__(Handler)


async def deliver_due(db: Database, settings: Settings, **ctx: Any) -> list[str]:
    """What the relay and the deliveries worker do, in this process: each due delivery sent."""
    async with db.session() as session:
        await attempts.abandon_stuck(session)
        due = await attempts.due(session)
    context = {"settings": settings, "db": db, **ctx}
    return [await deliver_trigger(context, execution_id, n + 1) for execution_id, n in due]


async def executions(db: Database, rule_id: str | None = None) -> list[TriggerExecution]:
    async with db.session() as session:
        query = select(TriggerExecution).order_by(TriggerExecution.created_at)
        if rule_id:
            query = query.where(TriggerExecution.rule_id == rule_id)
        return list((await session.execute(query)).scalars())


def rule_body(**overrides: Any) -> dict[str, Any]:
    body: dict[str, Any] = {
        "name": "100th workout",
        "eventType": "milestone",
        "condition": {"field": "workouts", "op": ">=", "value": 100},
        "templateId": REWIND,
        "channel": "email",
        "email": {
            "subject": "[name], 100 workouts!",
            "body": "Hi [name],\n\nYou did [totalWorkouts] workouts. Watch: [playerUrl]",
        },
    }
    body.update(overrides)
    return body


def event(recipient: str, workouts: int = 100, **extra: Any) -> dict[str, Any]:
    return {
        "recipientId": recipient,
        "recipientEmail": f"{recipient}@example.com",
        "data": {"name": recipient.title(), "workouts": workouts, "minutes": 1200},
        **extra,
    }
