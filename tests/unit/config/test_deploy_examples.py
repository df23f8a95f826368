"""The deployment examples in deploy/ name only real settings and real commands.

They are not run here (no Docker daemon, no systemd as init): this keeps them from drifting
from app/config.py and app/cli.py."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from typer.main import get_command

from app.cli import cli
from app.config import Settings, check_secret

DEPLOY = Path(__file__).resolve().parents[3] / "deploy"
FILES = sorted(p for p in DEPLOY.rglob("*") if p.is_file())
VARIABLE = re.compile(r"\bREELSMITH_([A-Z0-9_]+)")
# Invocations: `.../bin/reelsmith CMD`, `["reelsmith", "CMD"`, `IMAGE reelsmith CMD` (docker
# run), and `reelsmith users|keys SUB` anywhere.
COMMANDS = (
    re.compile(r"bin/reelsmith ([a-z-]+)()"),
    re.compile(r'\["reelsmith", "([a-z-]+)"()'),
    re.compile(r"reelsmith reelsmith ([a-z-]+)()"),
    re.compile(r"reelsmith (users|keys) ([a-z-]+)"),
)


def setting_exists(name: str) -> bool:
    field, _, nested = name.lower().partition("__")
    if field not in Settings.model_fields:
        return False
    if field == "tiers" and nested:  # REELSMITH_TIERS__STUDIO__BATCH_MAX
        tier, _, limit = nested.partition("__")
        defaults = Settings().tiers
        return tier in defaults and limit in type(defaults[tier]).model_fields
    return not nested


def test_there_are_examples() -> None:
    names = {p.relative_to(DEPLOY).as_posix() for p in FILES}
    assert {"Dockerfile", "docker-compose.yml", "systemd/reelsmith-worker@.service"} <= names


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.relative_to(DEPLOY).as_posix())
def test_every_variable_is_a_setting(path: Path) -> None:
    text = path.read_text()
    unknown = sorted({v for v in VARIABLE.findall(text) if not setting_exists(v)})
    assert unknown == [], f"{path.name}: not in app/config.py: {unknown}"


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.relative_to(DEPLOY).as_posix())
def test_every_command_exists(path: Path) -> None:
    group = get_command(cli)
    known = group.commands  # type: ignore[attr-defined]
    text = path.read_text()
    for pattern in COMMANDS:
        for first, second in pattern.findall(text):
            assert first in known, f"{path.name}: reelsmith {first} is not a command"
            if second:
                assert second in known[first].commands, f"{path.name}: {first} {second}"


def test_the_examples_invoke_the_processes() -> None:
    text = "\n".join(p.read_text() for p in FILES)
    found = {first for pattern in COMMANDS for first, _ in pattern.findall(text)}
    assert {"serve", "worker", "migrate", "users"} <= found


def test_the_compose_file_runs_migrate_serve_and_worker_on_shared_settings() -> None:
    compose = yaml.safe_load((DEPLOY / "docker-compose.yml").read_text())
    services = compose["services"]
    commands = {name: services[name]["command"] for name in ("migrate", "api", "worker")}
    assert commands == {
        "migrate": ["reelsmith", "migrate"],
        "api": ["reelsmith", "serve"],
        "worker": ["reelsmith", "worker"],
    }
    envs = [services[name]["environment"] for name in commands]
    assert envs[0] == envs[1] == envs[2]  # one set of settings for every process
    assert envs[0]["REELSMITH_STORAGE"] == "s3"  # workers and the API share the files


def test_every_example_runs_production() -> None:
    """Issue 27: an image or unit serving on every interface in development opened sign-up to
    the world; each example runs production (sign-up closed, Secure cookies, real secrets)."""
    dockerfile = (DEPLOY / "Dockerfile").read_text()
    assert re.search(r"^\s+REELSMITH_ENV=production\b", dockerfile, re.M)
    compose = yaml.safe_load((DEPLOY / "docker-compose.yml").read_text())
    for name in ("migrate", "api", "worker"):
        assert compose["services"][name]["environment"]["REELSMITH_ENV"] == "production"
    env_file = (DEPLOY / "systemd" / "reelsmith.env.example").read_text()
    assert re.search(r"^REELSMITH_ENV=production$", env_file, re.M)


def test_the_example_secrets_are_refused_in_production() -> None:
    env_file = (DEPLOY / "systemd" / "reelsmith.env.example").read_text()
    values = dict(
        line.split("=", 1) for line in env_file.splitlines() if line.startswith("REELSMITH_")
    )
    for name in ("REELSMITH_SECRET_KEY", "REELSMITH_METRICS_TOKEN"):
        with pytest.raises(ValueError, match=name):
            check_secret(name, values[name])
