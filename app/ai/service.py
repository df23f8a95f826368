"""AI composition and scripts: the provider proposes, the repair step makes it valid."""

from __future__ import annotations

import hashlib
import math
import time
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from redis.asyncio import Redis
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from app.ai.errors import (
    BadSceneIndex,
    DailyLimitReached,
    SceneIndexesMismatch,
    UnknownLanguage,
    UpstreamFailed,
)
from app.ai.models import NO_SCENE, NO_TEMPLATE, Translation
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
from app.ai.scripts import (
    estimate_seconds,
    known_keys,
    scene_seconds,
    slots_for_keys,
    speech_budget,
    spoken_seconds,
)
from app.ai.translate import base, engine_for, translate_protected
from app.config import Settings
from app.db import Database
from app.limits import Allowance
from app.spec import LANGUAGES
from app.templates.schemas import DataSlot, SceneConfig


def estimated_seconds(scenes: list[SceneConfig], slots: list[DataSlot] | None = None) -> int:
    """Whole seconds the video plays with the offline voices: each voiced scene its script's
    speech plus a breath, the others their duration, transitions overlapping."""
    return round(estimate_seconds(scenes, slots or []))


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
        estimatedDuration=estimated_seconds(scenes, slots),
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
        # A script far longer than its scene is cut (the voice would stretch the scene).
        budget = speech_budget(scene_seconds(scenes[i])) * 1.25
        parts = cleaned.split()
        while len(parts) > 2 and spoken_seconds(" ".join(parts) + ".", slots) > budget:
            parts.pop()
        if len(parts) < len(cleaned.split()):
            cleaned = " ".join(parts).rstrip(",;:") + "."
        out.append(SceneScript(sceneId=str(i), voScript=cleaned))
    return out


# ---- translation ----


def source_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@dataclass
class Translated:
    translations: list[str]
    cached: int
    generated: int


async def translate(
    db: Database,
    settings: Settings,
    texts: list[str],
    source: str,
    target: str,
    template_id: str | None,
    scene_indexes: list[int] | None,
) -> Translated:
    """Each text from the cache (template, scene, languages, source hash) or from the engine
    that covers the pair; new translations are stored. `cached` + `generated` = texts that
    needed translating (identical source and target languages need none). The engine runs
    between two short transactions, never inside one."""
    for field, code in (("sourceLanguage", source), ("targetLanguage", target)):
        if code not in LANGUAGES:
            raise UnknownLanguage(field, code)
    if scene_indexes is not None and len(scene_indexes) != len(texts):
        raise SceneIndexesMismatch(len(scene_indexes), len(texts))
    if base(source) == base(target):
        return Translated(list(texts), 0, 0)
    engine = engine_for(settings, source, target)
    template = template_id or NO_TEMPLATE
    scenes = scene_indexes if scene_indexes is not None else [NO_SCENE] * len(texts)
    keys = [(scenes[i], source_hash(t)) for i, t in enumerate(texts)]
    async with db.session() as session:
        rows = await session.execute(
            select(Translation).where(
                Translation.template_id == template,
                Translation.source_language == source,
                Translation.target_language == target,
                Translation.source_hash.in_({h for _, h in keys}),
            )
        )
        found = {(r.scene_index, r.source_hash): r.translated for r in rows.scalars()}
    missing = sorted({k for k in keys if k not in found}, key=keys.index)
    if missing:
        todo = [texts[keys.index(k)] for k in missing]

        async def run(batch: list[str]) -> list[str]:
            return await engine.translate(batch, source, target)

        fresh = await translate_protected(todo, run)
        async with db.session() as session:
            for (scene, digest), text in zip(missing, fresh, strict=True):
                found[(scene, digest)] = text
                try:
                    async with session.begin_nested():
                        session.add(
                            Translation(
                                template_id=template,
                                scene_index=scene,
                                source_language=source,
                                target_language=target,
                                source_hash=digest,
                                translated=text,
                                engine=engine.name,
                            )
                        )
                except IntegrityError:
                    pass  # a concurrent request stored the same key first
    new = set(missing)
    return Translated(
        [found[k] for k in keys],
        cached=sum(1 for k in keys if k not in new),
        generated=sum(1 for k in keys if k in new),
    )
