"""The email channel over SMTP (aiosmtplib): the multipart message and one send."""

from __future__ import annotations

import html
from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import formataddr, make_msgid

import aiosmtplib

from app.channels.errors import PermanentFailure, TransientFailure
from app.config import Settings


@dataclass(frozen=True)
class VideoEmail:
    to: str
    name: str
    subject: str
    text: str  # the rule's body with its [variable]s filled
    player_url: str
    gif_url: str
    pixel_url: str
    unsubscribe_url: str
    message_id_key: str  # stable over retries: receivers may deduplicate on Message-ID


def build_message(settings: Settings, mail: VideoEmail) -> EmailMessage:
    """text/plain and text/html alternatives: the greeting by name, the preview GIF linked to
    the player page, the open pixel and the unsubscribe link; List-Unsubscribe (+ one-click)."""
    message = EmailMessage()
    message["From"] = settings.smtp_from
    message["To"] = formataddr((mail.name, mail.to)) if mail.name else mail.to
    message["Subject"] = mail.subject
    domain = settings.smtp_from.rsplit("@", 1)[-1].strip("> ") or "localhost"
    message["Message-ID"] = make_msgid(idstring=mail.message_id_key, domain=domain)
    message["List-Unsubscribe"] = f"<{mail.unsubscribe_url}>"
    message["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    message.set_content(
        f"{mail.text}\n\nWatch: {mail.player_url}\n\nUnsubscribe: {mail.unsubscribe_url}\n"
    )
    paragraphs = "".join(
        f"<p>{html.escape(p).replace(chr(10), '<br>')}</p>" for p in mail.text.split("\n\n")
    )
    player, gif = html.escape(mail.player_url, True), html.escape(mail.gif_url, True)
    message.add_alternative(
        "<!doctype html><html><body>"
        f"{paragraphs}"
        f'<p><a href="{player}"><img src="{gif}" alt="Watch your video" width="480"></a></p>'
        f'<p><a href="{player}">Watch your video</a></p>'
        f'<p style="font-size:12px"><a href="{html.escape(mail.unsubscribe_url, True)}">'
        "Unsubscribe</a></p>"
        f'<img src="{html.escape(mail.pixel_url, True)}" width="1" height="1" alt="">'
        "</body></html>",
        subtype="html",
    )
    return message


async def send(settings: Settings, message: EmailMessage) -> None:
    """One SMTP transaction. TransientFailure for what may work later (4xx replies, timeouts,
    refused connections), PermanentFailure for 5xx replies."""
    try:
        await aiosmtplib.send(
            message,
            hostname=settings.smtp_host,
            port=settings.smtp_port,
            username=settings.smtp_username,
            password=settings.smtp_password,
            use_tls=settings.smtp_tls == "tls",
            start_tls=settings.smtp_tls == "starttls",
            timeout=settings.smtp_timeout_s,
        )
    except aiosmtplib.SMTPResponseException as exc:
        reason = f"SMTP {exc.code} {exc.message[:200]}"
        if 400 <= exc.code < 500:
            raise TransientFailure(reason) from exc
        raise PermanentFailure(reason) from exc
    except (aiosmtplib.SMTPException, OSError, TimeoutError) as exc:
        raise TransientFailure(f"{exc.__class__.__name__}: {str(exc)[:200]}") from exc
