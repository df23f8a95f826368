"""The providers behind the AI endpoints, chosen by settings.ai_provider: `builtin` (offline,
deterministic) and `openai` (any OpenAI-compatible chat completions endpoint, asked for JSON
that follows a schema generated from our pydantic models). Every outbound request goes through
app.outbound (the private-address guard, a timeout and a size limit)."""

from __future__ import annotations

import asyncio
import json
from typing import Any, Protocol

from app.ai import builtin
from app.ai.errors import UpstreamFailed
from app.ai.schemas import Composition, TemplateState, Tone
from app.ai.scripts import write_script
from app.config import Settings
from app.outbound import OutboundError, OutboundRefused, open_url
from app.primitives.catalog import catalog
from app.templates.schemas import DataSlot, SceneConfig

MAX_ANSWER_BYTES = 2 * 1024 * 1024


class Provider(Protocol):
    name: str

    async def compose(self, prompt: str, mode: str, state: TemplateState) -> Any: ...

    async def scripts(
        self, scenes: list[SceneConfig], slots: list[DataSlot], tone: Tone, name: str | None
    ) -> list[str]: ...


class BuiltinProvider:
    name = "builtin"

    async def compose(self, prompt: str, mode: str, state: TemplateState) -> Any:
        # Off the event loop: tens of milliseconds of CPU a prompt, seconds for the first of a
        # process (its regular expressions compiled, app/ai/regex.py); other requests go on.
        make = builtin.create if mode == "create" else builtin.edit
        made = await asyncio.to_thread(make, prompt, state)
        return made.model_dump(mode="json")

    async def scripts(
        self, scenes: list[SceneConfig], slots: list[DataSlot], tone: Tone, name: str | None
    ) -> list[str]:
        used: set[str] = set()  # one video never says a sentence twice
        return [write_script(s, tone, slots, None, used) for s in scenes]


async def post_json(
    what: str, url: str, body: Any, headers: dict[str, str], settings: Settings
) -> Any:
    """POST JSON under the outbound guard; the decoded answer, or UpstreamFailed with the
    service's own error message (OpenAI `{"error": {"message"}}`, LibreTranslate
    `{"error": "..."}`) cut short."""
    try:
        async with open_url(
            url,
            allow_private=settings.allow_private_urls,
            timeout_s=settings.ai_timeout_s,
            max_bytes=MAX_ANSWER_BYTES,
            what=what,
            method="POST",
            json=body,
            headers=headers,
        ) as fetched:
            status = fetched.status_code
            raw = await fetched.read()
    except OutboundRefused as exc:
        raise UpstreamFailed(what, f"was not called: {exc.reason}") from exc
    except OutboundError as exc:
        if exc.kind == "timeout":
            raise UpstreamFailed(
                what, f"did not answer within {settings.ai_timeout_s:g} s (REELSMITH_AI_TIMEOUT_S)"
            ) from exc
        raise UpstreamFailed(what, f"could not be reached ({exc.reason})") from exc
    try:
        decoded = json.loads(raw) if raw else None
    except ValueError:
        decoded = None
    if status >= 400:
        message = ""
        if isinstance(decoded, dict):
            err = decoded.get("error")
            message = err.get("message", "") if isinstance(err, dict) else str(err or "")
        hint = f": {message[:200]}" if message else ""
        raise UpstreamFailed(what, f"answered HTTP {status}{hint}")
    if decoded is None:
        raise UpstreamFailed(what, "answered with something that is not JSON")
    return decoded


class OpenAIProvider:
    """Chat completions with `response_format: json_schema`; the content is parsed as JSON and
    handed to the repair step (never trusted)."""

    name = "openai"

    def __init__(self, settings: Settings) -> None:
        self.settings = settings

    async def chat(self, system: str, user: str, schema_name: str, schema: dict[str, Any]) -> Any:
        s = self.settings
        headers = {"Authorization": f"Bearer {s.ai_openai_api_key}"} if s.ai_openai_api_key else {}
        body = {
            "model": s.ai_openai_model,
            "temperature": 0,
            "messages": [{"role": "system", "content": system}, {"role": "user", "content": user}],
            "response_format": {
                "type": "json_schema",
                "json_schema": {"name": schema_name, "schema": schema},
            },
        }
        url = s.ai_openai_base_url.rstrip("/") + "/chat/completions"
        answer = await post_json("openai", url, body, headers, s)
        try:
            content = answer["choices"][0]["message"]["content"]
        except (KeyError, IndexError, TypeError) as exc:
            raise UpstreamFailed("openai", "answered without choices[0].message.content") from exc
        try:
            return json.loads(content)
        except (TypeError, ValueError) as exc:
            raise UpstreamFailed("openai", "answered with content that is not JSON") from exc

    async def compose(self, prompt: str, mode: str, state: TemplateState) -> Any:
        primitives = [
            {
                k: getattr(p, k)
                for k in (
                    "id",
                    "category",
                    "description",
                    "animationOptions",
                    "defaultDuration",
                    "dataInputs",
                )
            }  # fmt: skip
            for p in catalog().values()
        ]
        system = (
            "You compose personalized videos from scene primitives. Answer only JSON following "
            "the schema. Use only these primitives and their animationOptions: "
            + json.dumps(primitives)
            + ". Reference recipient data in sceneData and voScript as [slot_key] with the "
            "template's data slot keys; add dataSlots for new data. Order scenes as a story: "
            "opening, data, comparison or story, call to action, close."
        )
        user = json.dumps(
            {"mode": mode, "prompt": prompt, "currentState": state.model_dump(mode="json")}
        )
        return await self.chat(system, user, "composition", Composition.model_json_schema())

    async def scripts(
        self, scenes: list[SceneConfig], slots: list[DataSlot], tone: Tone, name: str | None
    ) -> list[str]:
        system = (
            f"Write one voiceover script per scene in a {tone} tone, about 2.5 words per second "
            "of each scene's duration. Reference data only as [slot_key] with the given keys; "
            'never invent values. Answer JSON: {"scripts": [string, ...]} in scene order.'
        )
        user = json.dumps({
            "template": name,
            "slots": [s.key for s in slots],
            "scenes": [s.model_dump(mode="json", exclude_defaults=True) for s in scenes],
        })  # fmt: skip
        schema = {
            "type": "object",
            "properties": {"scripts": {"type": "array", "items": {"type": "string"}}},
            "required": ["scripts"],
        }
        answer = await self.chat(system, user, "scripts", schema)
        scripts = answer.get("scripts") if isinstance(answer, dict) else None
        if not isinstance(scripts, list) or len(scripts) != len(scenes):
            raise UpstreamFailed("openai", f"answered {len(scripts or [])} scripts for "
                                           f"{len(scenes)} scenes")  # fmt: skip
        return [str(s) for s in scripts]

    async def translate(self, texts: list[str], source: str, target: str) -> list[str]:
        system = (
            f"Translate each string from {source} to {target}. Keep every token like ⟦0⟧ "
            'exactly as it is. Answer JSON: {"translations": [string, ...]} in order.'
        )
        schema = {
            "type": "object",
            "properties": {"translations": {"type": "array", "items": {"type": "string"}}},
            "required": ["translations"],
        }
        answer = await self.chat(system, json.dumps(texts), "translations", schema)
        out = answer.get("translations") if isinstance(answer, dict) else None
        if not isinstance(out, list) or len(out) != len(texts):
            raise UpstreamFailed("openai", "answered a different number of translations")
        return [str(t) for t in out]


def provider(settings: Settings) -> Provider:
    if settings.ai_provider == "openai":
        return OpenAIProvider(settings)
    return BuiltinProvider()
