"""AI composition and scripts: the provider proposes, the repair step makes it valid."""

from __future__ import annotations

import math
import time
from datetime import UTC, datetime, timedelta

from redis.asyncio import Redis

from app.ai.errors import BadSceneIndex, DailyLimitReached, UpstreamFailed
from app.ai.providers import Provider
from app.ai.repair import clean_text, repair
from app.ai.schemas import (
    TONES,
    Composition,
    PromptBuilderResponse,
    SceneScript,
    TemplateState,
    Tone,
)
from app.ai.scripts import WORDS_PER_SECOND, known_keys, scene_seconds, slots_for_keys
from app.limits import Allowance
from app.templates.schemas import SceneConfig


def estimated_seconds(scenes: list[SceneConfig]) -> int:
    """Whole seconds of the enabled scenes: each its duration or its script at ~2.5 words/s."""
    total = 0.0
    for scene in scenes:
        if scene.enabled:
            speech = len((scene.voScript or "").split()) / WORDS_PER_SECOND
            total += max(scene_seconds(scene), speech)
    return math.ceil(total)


async def count_daily_call(
    redis: Redis, prefix: str, account_id: str, allow: Allowance, now: float | None = None
) -> int:
    """Count one prompt-builder call for the account's UTC day; DailyLimitReached past the
    tier's `prompt_builder_daily`. Returns the calls left today."""
    moment = datetime.fromtimestamp(now if now is not None else time.time(), UTC)
    reset = datetime(moment.year, moment.month, moment.day, tzinfo=UTC) + timedelta(days=1)
    key = f"{prefix}:ai:daily:{account_id}:{moment:%Y%m%d}"
    used = int(await redis.incr(key))
    if used == 1:
        await redis.expireat(key, int(reset.timestamp()) + 60)
    limit = allow.limits.prompt_builder_daily
    if used > limit:
        retry = max(1, math.ceil(reset.timestamp() - moment.timestamp()))
        raise DailyLimitReached(allow.tier, limit, int(reset.timestamp()), retry)
    return limit - used


async def compose(
    provider: Provider, prompt: str, mode: str, state: TemplateState, allow: Allowance
) -> PromptBuilderResponse:
    raw = await provider.compose(prompt, mode, state)
    if not isinstance(raw, dict):
        raise UpstreamFailed(provider.name, "answered JSON that is not an object")
    notes: list[str] = []
    scenes, slots = repair(raw.get("scenes"), raw.get("dataSlots"), state.dataSlots, allow, notes)
    if not scenes and mode == "create":
        raise UpstreamFailed(provider.name, "proposed no scene that fits the primitive catalog")
    given = raw.get("explanation")
    explanation: str = given if isinstance(given, str) else ""
    if notes:
        explanation = (explanation + " Repaired: " + "; ".join(notes) + ".").strip()
    tone = raw.get("suggestedVoiceoverTone")
    base = Composition.model_fields["suggestedVoiceoverTone"].default
    return PromptBuilderResponse(
        scenes=scenes,
        explanation=explanation[:2000] or "Composed the scenes from the primitive catalog.",
        suggestedVoiceoverTone=tone if tone in TONES else base,
        estimatedDuration=estimated_seconds(scenes),
        dataSlots=slots,
    )


async def scripts(
    provider: Provider,
    scenes: list[SceneConfig],
    data: dict[str, object],
    tone: Tone,
    scene_index: int | None,
    name: str | None,
) -> list[SceneScript]:
    """One script per enabled scene (or the one at scene_index), referencing only slot keys,
    at most ~2.5 words per second of the scene."""
    if scene_index is not None and not 0 <= scene_index < len(scenes):
        raise BadSceneIndex("sceneIndex", scene_index, len(scenes))
    chosen = (
        [scene_index] if scene_index is not None else [i for i, s in enumerate(scenes) if s.enabled]
    )
    keys = known_keys(scenes, data)
    slots = slots_for_keys(keys)
    texts = await provider.scripts([scenes[i] for i in chosen], slots, tone, name)
    out: list[SceneScript] = []
    for i, text in zip(chosen, texts, strict=True):
        cleaned = clean_text(text, set(keys)).strip()
        budget = max(2, int(scene_seconds(scenes[i]) * WORDS_PER_SECOND))
        parts = cleaned.split()
        if len(parts) > budget:
            cleaned = " ".join(parts[:budget]).rstrip(",;:") + "."
        out.append(SceneScript(sceneId=str(i), voScript=cleaned))
    return out
