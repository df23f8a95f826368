"""The `reelsmith` command: operators' tools and the processes (serve, worker, dev)."""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, NoReturn, TypeVar

import typer
from pydantic import ValidationError
from rich.console import Console
from rich.markup import escape
from rich.panel import Panel

from app.config import Settings
from app.logs import configure_logging, redact_url

T = TypeVar("T")

cli = typer.Typer(
    help="reelsmith: personalized video rendering service.",
    no_args_is_help=True,
    add_completion=False,
)
users_cli = typer.Typer(help="Manage accounts.", no_args_is_help=True)
keys_cli = typer.Typer(help="Manage API keys.", no_args_is_help=True)
cli.add_typer(users_cli, name="users")
cli.add_typer(keys_cli, name="keys")
secrets_cli = typer.Typer(help="Secrets sealed under the secret key.", no_args_is_help=True)
cli.add_typer(secrets_cli, name="secrets")

log = logging.getLogger("reelsmith.cli")
console = Console()
err_console = Console(stderr=True)

DEV_EMAIL = "dev@reelsmith.local"
DEV_CREDITS = 1000


def load_settings() -> Settings:
    try:
        return Settings()
    except ValidationError as exc:  # its text repeats the input (secrets too): messages only
        fail("configuration error: " + settings_problems(exc))
    except ValueError as exc:
        fail(f"configuration error: {exc}")


def settings_problems(exc: ValidationError) -> str:
    """What is wrong with the settings, without the values given (they may be secrets)."""
    problems = []
    for error in exc.errors(include_input=False, include_url=False):
        where = ".".join(str(part) for part in error["loc"])
        problems.append(f"{where}: {error['msg']}" if where else str(error["msg"]))
    return escape("; ".join(problems))


def fail(message: str, code: int = 1) -> NoReturn:
    err_console.print(f"[bold red]error:[/] {message}")
    raise typer.Exit(code)


def run_db(settings: Settings, work: Callable[[Any], Awaitable[T]]) -> T:
    """Run `work(session)` in one transaction against the configured database."""
    from app.db import Database

    async def go() -> T:
        database = Database(settings.database_url)
        try:
            async with database.session() as session:
                return await work(session)
        finally:
            await database.dispose()

    return asyncio.run(go())


def migrate_database(settings: Settings) -> None:
    from app.migrations import upgrade

    upgrade(settings.database_url)


# ---- users ----


@secrets_cli.command("reseal")
def secrets_reseal() -> None:
    """Seal every webhook signing secret under the current REELSMITH_SECRET_KEY (after a
    rotation, with the old key in REELSMITH_PREVIOUS_SECRET_KEYS; also seals secrets stored
    before sealing). Run it once per rotation, then drop the old key."""
    import app.models  # noqa: F401  (every table, for the foreign keys of a flush)
    from app.webhooks.service import reseal_secrets, secret_box

    settings = load_settings()
    changed, unreadable = run_db(settings, lambda s: reseal_secrets(s, secret_box(settings)))
    console.print(f"re-sealed the signing secrets of {changed} webhook endpoint(s)")
    if unreadable:
        fail(
            f"{len(unreadable)} endpoint(s) have a secret no configured key opens "
            f"({', '.join(unreadable[:10])}): add the key they were sealed under to "
            "REELSMITH_PREVIOUS_SECRET_KEYS and run this again, or rotate their secrets"
        )


@users_cli.command("create")
def users_create(
    email: str,
    password: str = typer.Option(
        ..., prompt=True, hide_input=True, confirmation_prompt=True, help="Account password"
    ),
    tier: str = typer.Option("studio", help="free | studio | enterprise"),
    credits: int = typer.Option(0, min=0, help="Credits granted at creation"),
) -> None:
    """Create an account."""
    from app.accounts.service import AccountExists, create_account
    from app.spec import TIERS

    if tier not in TIERS:
        fail(f"unknown tier '{tier}'; use one of: {', '.join(TIERS)}")
    settings = load_settings()
    try:
        account = run_db(
            settings, lambda s: create_account(s, email, password, tier=tier, credits=credits)
        )
    except AccountExists:
        fail(f"an account with email {email} already exists")
    console.print(f"created {account.email} (tier {account.tier}, {credits} credits)")


@users_cli.command("credit")
def users_credit(
    email: str,
    add: int = typer.Option(..., "--add", min=1, help="Credits to grant"),
    reason: str = typer.Option("operator grant", help="Ledger reason"),
) -> None:
    """Grant credits to an account (written to the ledger)."""
    from app.accounts.service import get_account_by_email, grant_credits

    async def work(session: Any) -> int | None:
        account = await get_account_by_email(session, email)
        if account is None:
            return None
        return await grant_credits(session, account.id, add, reason=reason)

    balance = run_db(load_settings(), work)
    if balance is None:
        fail(f"no account with email {email}")
    console.print(f"granted {add} credits to {email}; balance is now {balance}")


# ---- keys ----


async def _create_key_for(session: Any, email: str, name: str, scopes: str) -> tuple[Any, str]:
    from app.accounts.service import get_account_by_email
    from app.keys.service import create_key_for_account

    account = await get_account_by_email(session, email)
    if account is None:
        raise LookupError(f"no account with email {email}")
    return await create_key_for_account(session, account, name, scopes)


@keys_cli.command("create")
def keys_create(
    email: str,
    name: str = typer.Option(..., help="A label to recognize the key"),
    scopes: str = typer.Option("admin", help="Preset or comma-separated scope list"),
) -> None:
    """Create an API key and print it once."""
    from app.keys.service import TierTooLow
    from app.scopes import PRESETS, SCOPES, UnknownScope

    try:
        key, raw = run_db(load_settings(), lambda s: _create_key_for(s, email, name, scopes))
    except UnknownScope as exc:
        fail(
            f"unknown scope '{exc}'; use a preset ({', '.join(PRESETS)}) "
            f"or scopes from: {', '.join(SCOPES)}"
        )
    except (LookupError, TierTooLow) as exc:
        fail(str(exc))
    console.print(f"key {key.id} ({key.key_prefix}…) scopes {key.scopes}")
    console.print("store it now, it will not be shown again:")
    print(raw)


# ---- database ----


@cli.command()
def migrate() -> None:
    """Upgrade the database schema to the latest revision."""
    settings = load_settings()
    migrate_database(settings)
    console.print(f"database is up to date ({redact_url(settings.database_url)})")


@cli.command()
def bootstrap() -> None:
    """Create the development account and an admin key (idempotent)."""
    from app.accounts.service import create_account, get_account_by_email

    settings = load_settings()
    migrate_database(settings)
    password = secrets.token_urlsafe(12)

    async def work(session: Any) -> tuple[str, str] | None:
        if await get_account_by_email(session, DEV_EMAIL) is not None:
            return None
        await create_account(session, DEV_EMAIL, password, tier="studio", credits=DEV_CREDITS)
        _, raw = await _create_key_for(session, DEV_EMAIL, "admin", "admin")
        return raw, password

    created = run_db(settings, work)
    if created is None:
        console.print(
            f"development account {DEV_EMAIL} already exists; its key was shown when it was "
            "created. Make another with:\n"
            f"  reelsmith keys create {DEV_EMAIL} --name laptop --scopes admin"
        )
        return
    raw, password = created
    base = settings.public_url.rstrip("/")
    console.print(
        Panel.fit(
            f"[bold]API key (admin scope, shown once — store it now):[/]\n[green]{raw}[/]\n\n"
            f"account [bold]{DEV_EMAIL}[/]\npassword [bold]{password}[/] "
            f"(sign in to the dashboard at {base}/app)\n"
            f"studio tier, {DEV_CREDITS} credits",
            title="reelsmith development account",
            border_style="cyan",
        )
    )
    # Outside the box so the command copies as one line.
    console.print("try it:", soft_wrap=True)
    console.print(
        f"  curl -H 'X-API-Key: {raw}' {base}/api/templates", soft_wrap=True, highlight=False
    )
    console.print(f"API docs: {base}/docs", soft_wrap=True)


# ---- processes ----


@cli.command()
def serve(
    host: str | None = typer.Option(None, help="Bind address (default REELSMITH_HOST)"),
    port: int | None = typer.Option(None, help="Port (default REELSMITH_PORT)"),
) -> None:
    """Serve the API (uvicorn, or Hypercorn with REELSMITH_HTTP_SERVER=hypercorn)."""
    from app import create_app, freeze_startup_heap
    from app.config import check_can_serve_on
    from app.loop import run as run_loop
    from app.serving import serve as serve_app

    settings = load_settings()
    if host:  # the address really bound decides what is open (sign-up, app/config.py)
        settings = settings.model_copy(update={"host": host})
    try:
        check_can_serve_on(host or settings.host, settings.secret_key)  # public bind: a secret
    except ValueError as exc:
        console.print(f"[red]{exc}[/red]")
        raise typer.Exit(2) from exc
    bind_host, bind_port = host or settings.host, port or settings.port
    configure_logging(settings)
    app = create_app(settings)
    freeze_startup_heap()
    console.print(f"reelsmith API on http://{bind_host}:{bind_port}  (docs at /docs)")
    run_loop(serve_app(app, settings, bind_host, bind_port), settings.event_loop)


@cli.command()
def worker(
    sweep_every: int | None = typer.Option(
        None, "--sweep-every", help="Seconds between sweeps of stranded jobs (default 60)"
    ),
    heartbeat_ttl: int | None = typer.Option(
        None, "--heartbeat-ttl", help="Seconds a heartbeat lives without renewal"
    ),
    shutdown_grace: int | None = typer.Option(
        None,
        "--shutdown-grace",
        help="Seconds the job in hand may finish after SIGTERM before it is re-queued (default 30)",
    ),
) -> None:
    """Run the render worker (arq) until SIGINT/SIGTERM."""
    from worker.settings import run_worker  # lazy: pulls in arq, Playwright and the pipeline

    settings = load_settings()
    configure_logging(settings)
    options = {
        "sweep_every_s": sweep_every,
        "heartbeat_ttl_s": heartbeat_ttl,
        "shutdown_grace_s": shutdown_grace,
    }
    run_worker(settings, **{name: value for name, value in options.items() if value is not None})


@cli.command()
def render(
    template: str = typer.Argument(..., help="Built-in template id or a template JSON file"),
    data: Path | None = typer.Option(None, "--data", help="Recipient data (JSON object file)"),
    resolution: str | None = typer.Option(
        None, "--resolution", help="720p, 1080p or 4k (the frame's short side)"
    ),
    aspect_ratio: str | None = typer.Option(
        None, "--aspect-ratio", help="16:9 (default), 9:16, 1:1 or 4:5"
    ),
    fps: int | None = typer.Option(None, "--fps", help="30 or 60"),
    fmt: str | None = typer.Option(
        None, "--format", help="mp4 (default), webm, gif or png (the poster frame)"
    ),
    out: Path = typer.Option(
        Path("video.mp4"), "--out", help="Where to write the file (its extension follows --format)"
    ),
    parallel: int = typer.Option(0, "--parallel", help="Capture pages (0 = one per core)"),
    voiceover: bool | None = typer.Option(None, "--voiceover/--no-voiceover"),
) -> None:
    """Render one video locally (no server, no queue) with a progress bar."""
    from worker.render.cli import render_to_file  # lazy: pulls in Playwright and the pipeline

    render_to_file(
        load_settings(), template, data, resolution, fps, out, parallel, voiceover, console, fail,
        aspect_ratio=aspect_ratio, fmt=fmt,
    )  # fmt: skip


@cli.command()
def dev(
    host: str | None = typer.Option(None, help="Bind address (default REELSMITH_HOST)"),
    port: int | None = typer.Option(None, help="Port (default REELSMITH_PORT)"),
) -> None:
    """API + one worker in one command (starts a local redis-server when none answers).

    A worker that dies is restarted (and said so); the API keeps serving meanwhile."""
    from app import devserver

    try:
        code = devserver.run(load_settings(), host, port, migrate=migrate_database)
    except devserver.CannotStart as exc:
        fail(str(exc))
    raise typer.Exit(code)


def main() -> None:
    cli()


if __name__ == "__main__":
    main()
