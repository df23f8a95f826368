"""One settings object for the whole service (env prefix REELSMITH_)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, Field, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

ROOT = Path(__file__).resolve().parent.parent


class TierLimits(BaseModel):
    """Per-tier allowances; override one field e.g. REELSMITH_TIERS__STUDIO__BATCH_MAX=200."""

    batch_max: int
    prompt_builder_daily: int
    signup_credits: int


DEFAULT_TIERS: dict[str, dict[str, int]] = {
    "free": {"batch_max": 10, "prompt_builder_daily": 5, "signup_credits": 10},
    "studio": {"batch_max": 100, "prompt_builder_daily": 50, "signup_credits": 500},
    "enterprise": {"batch_max": 1000, "prompt_builder_daily": 500, "signup_credits": 5000},
}


def _default_tiers() -> dict[str, TierLimits]:
    return {name: TierLimits(**limits) for name, limits in DEFAULT_TIERS.items()}


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        env_prefix="REELSMITH_", env_nested_delimiter="__", env_file=".env", extra="ignore"
    )

    env: Literal["development", "production"] = "development"
    database_url: str = "sqlite+aiosqlite:///./data/reelsmith.db"
    redis_url: str = "redis://127.0.0.1:6379/0"
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
    secret_key: str | None = None
    host: str = "127.0.0.1"
    port: int = 8000

    # Requests
    max_body_bytes: int = 2 * 1024 * 1024
    rate_limit_enabled: bool = True
    # Reverse proxies in front of the API that append to X-Forwarded-For (0: trust no header,
    # the peer address is the client). Rate limits per IP count the address this yields.
    proxy_trusted_hops: int = Field(default=0, ge=0)
    upgrade_url: str = "https://reelsmith.dev/pricing"
    session_max_age_s: int = 14 * 24 * 3600

    tiers: dict[str, TierLimits] = Field(default_factory=_default_tiers)

    # Rendering
    chromium_path: str | None = None
    worker_concurrency: int = 1
    render_parallelism: int = 0  # 0 = choose from the core count
    job_timeout_s: int = 900
    browser_recycle_jobs: int = 20
    asset_max_bytes: int = 10 * 1024 * 1024
    asset_timeout_s: float = 10.0

    # External data sources
    openalex_base_url: str = "https://api.openalex.org"
    hardcover_base_url: str = "https://api.hardcover.app/v1/graphql"
    hardcover_token: str | None = None
    external_timeout_s: float = 10.0

    # Voices
    voice_timeout_s: float = 120.0  # one offline synthesis (Piper, espeak-ng); then it is killed
    edge_tts_enabled: bool = False
    vendor_tts_url: str | None = None
    vendor_tts_token: str | None = None

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
        return self

    @property
    def session_secret(self) -> str:
        # Development falls back to a fixed key so `make run` needs no set-up.
        return self.secret_key or "reelsmith-development-only-secret"

    def public(self, path: str) -> str:
        """Absolute URL for a path served by the API."""
        return self.public_url.rstrip("/") + "/" + path.lstrip("/")

    @property
    def is_sqlite(self) -> bool:
        return self.database_url.startswith("sqlite")
