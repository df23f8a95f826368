"""Shared by the tier-limit tests (app/limits.py, app/renders/limits.py): the tiers as
configured by default, a scene, render options, and the refused check's exception."""

from __future__ import annotations

from typing import Any

import pytest

from app.config import Settings
from app.limits import Allowance, LimitExceeded, allowance

SETTINGS = Settings(_env_file=None)
STUDIO = allowance(SETTINGS, "studio")
FREE = allowance(SETTINGS, "free")
ENTERPRISE = allowance(SETTINGS, "enterprise")


def scene(**fields: Any) -> dict[str, Any]:
    return {"primitiveId": "title-intro", "durationOverride": 1.0, **fields}


def options(scenes: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    return {
        "scenes": scenes,
        "dataSlots": [],
        "audio": {"includeVoiceover": True},
        "output": {"resolution": "1080p", "fps": 30},
        **extra,
    }


def tiny(**limits: Any) -> Allowance:
    return Allowance("studio", STUDIO.limits.model_copy(update=limits))


def refused(call: Any, *args: Any) -> LimitExceeded:
    with pytest.raises(LimitExceeded) as info:
        call(*args)
    return info.value
