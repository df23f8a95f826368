"""Speak voiceover scripts: choose the engine for a voice id and language, use the cache,
fall back offline when needed. Offline engines run in killable child processes."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from pathlib import Path

from app.config import Settings
from app.spec import LANGUAGES
from app.voices.catalog import (
    VENDOR_VOICE,
    EngineVoice,
    VoiceQuality,
    edge_voice,
    offline_voices,
)
from app.voices.errors import AudioRefused
from app.voices.service import check_vendor_voice
from app.workdir import open_work_folder
from worker.voices.cache import VoiceCache
from worker.voices.clauses import CLAUSE_KEY, clause_pauses, cut_clauses, split_clauses
from worker.voices.edge import EdgeEngine
from worker.voices.engines import (
    EngineUnavailable,
    LanguageNotSpoken,
    Synthesis,
    VoiceEngine,
    VoiceError,
    scratch_path,
)
from worker.voices.isolated import ISOLATED_ENGINES, IsolatedEngine, SynthesisTimeout
from worker.voices.models import models_dir
from worker.voices.sentences import join, split_sentences
from worker.voices.vendor import VendorEngine

# Engines that speak one sentence per call; a script's sentences are cached one by one.
SENTENCE_ENGINES = frozenset({"kokoro", "hibari"})

log = logging.getLogger(__name__)

Say = Callable[[str], Synthesis]  # speaks words within the script's time limit


def cache_dir(settings: Settings) -> Path:
    """The voice cache: under REELSMITH_CACHE_DIR, never under the served media folder."""
    return Path(settings.cache_dir) / "voices"


class VoiceService:
    """Speaks scripts: picks the engine, uses the cache, falls back offline when needed."""

    def __init__(self, settings: Settings, engines: dict[str, VoiceEngine] | None = None) -> None:
        self.settings = settings
        self.cache = VoiceCache(cache_dir(settings), settings.session_secret)
        self._engines: dict[str, VoiceEngine] = dict(engines or {})

    def engine(self, name: str) -> VoiceEngine:
        """The engine by name, created on first use."""
        if name not in self._engines:
            self._engines[name] = self._make(name)
        return self._engines[name]

    def _make(self, name: str) -> VoiceEngine:
        # Engines write in this process's work folder (swept if the worker is killed), and
        # the cache moves a finished synthesis in.
        scratch = open_work_folder(self.settings) / "voices"
        scratch.mkdir(exist_ok=True)
        if name in ISOLATED_ENGINES:
            return IsolatedEngine(
                name, scratch, self.settings.voice_timeout_s, models_dir(self.settings)
            )
        if name == "edge-tts":
            return EdgeEngine(scratch, timeout_s=self.settings.external_timeout_s * 3)
        if name == "vendor-custom":
            if not self.settings.vendor_tts_url:
                raise VoiceError("vendor-custom voice is not configured (REELSMITH_VENDOR_TTS_URL)")
            return VendorEngine(
                scratch,
                self.settings.vendor_tts_url,
                self.settings.vendor_tts_token,
                self.settings.external_timeout_s * 3,
            )
        raise VoiceError(f"unknown voice engine {name!r}")

    def speak(
        self,
        text: str,
        voice_id: str | None,
        language: str,
        tier: str = "free",
        quality: VoiceQuality | None = None,
    ) -> Synthesis:
        """Synthesize (or reuse) the script; the result's `engine` says who spoke. `quality`
        (neural, fast, basic) picks the offline voices; None: the setting."""
        if language not in LANGUAGES:
            raise VoiceError(f"unknown language {language!r}; supported: {', '.join(LANGUAGES)}")
        if not text.strip():
            raise VoiceError("the voiceover script is empty after substitution")
        reasons = []
        choices = self.candidates(voice_id, language, tier, quality)
        for choice in choices:
            try:
                return self._speak_with(choice, text, language)
            except EngineUnavailable as exc:
                reasons.append(str(exc))
                log.warning("voice engine %s unavailable, falling back: %s", choice.engine, exc)
            except (LanguageNotSpoken, SynthesisTimeout):
                raise  # another engine would not do better (a timeout would only double)
            except VoiceError as exc:
                if choice.engine not in ISOLATED_ENGINES or choice is choices[-1]:
                    raise
                log.warning("%s failed, falling back to the next voice: %s", choice.engine, exc)
        raise VoiceError(f"no voice engine could speak {language!r}: {'; '.join(reasons)}")

    def candidates(
        self, voice_id: str | None, language: str, tier: str, quality: VoiceQuality | None = None
    ) -> list[EngineVoice]:
        """Engines to try, best first."""
        if voice_id == VENDOR_VOICE:
            try:
                check_vendor_voice(tier, self.settings)
            except AudioRefused as exc:
                raise VoiceError(exc.message, code="voice_not_allowed") from exc
            return [EngineVoice("vendor-custom", VENDOR_VOICE)]
        out = []
        if self.settings.edge_tts_enabled:
            out.append(edge_voice(voice_id, language))
        out.extend(offline_voices(voice_id, language, quality or self.settings.voice_quality))
        return out

    def _speak_with(self, choice: EngineVoice, text: str, language: str) -> Synthesis:
        engine, voice = self.engine(choice.engine), choice.voice
        if choice.engine not in SENTENCE_ENGINES:
            return self.cache.get_or_make(
                choice.engine, voice, language, text,
                lambda: engine.synthesize(text, voice, language),
            )  # fmt: skip
        cached = self.cache.get(choice.engine, voice, language, text)
        if cached is not None:
            return cached
        # The time limit holds for the whole script: each call gets what is left of it.
        deadline = time.monotonic() + self.settings.voice_timeout_s

        def say(words: str) -> Synthesis:
            left = deadline - time.monotonic()
            if left <= 0:
                raise SynthesisTimeout(self._timeout_message(choice.engine, text))
            if isinstance(engine, IsolatedEngine):
                try:
                    return engine.synthesize(words, voice, language, timeout_s=left)
                except SynthesisTimeout as exc:
                    raise SynthesisTimeout(self._timeout_message(choice.engine, text)) from exc
            return engine.synthesize(words, voice, language)

        sentences = split_sentences(text)
        parts = [self._sentence(choice.engine, voice, language, s, say) for s in sentences]
        if len(parts) == 1:
            return parts[0]
        scratch = open_work_folder(self.settings) / "voices"
        return self.cache.get_or_make(
            choice.engine, voice, language, text,
            lambda: join(parts, scratch_path(scratch, choice.engine)),
        )  # fmt: skip

    def _sentence(
        self, engine: str, voice: str, language: str, sentence: str, say: Say
    ) -> Synthesis:
        """One sentence, clause by clause where the cache holds one of its clauses
        (worker/voices/clauses.py); else spoken whole and kept whole and by clause."""
        cache = self.cache
        clauses = split_clauses(sentence)
        whole = cache.get(engine, voice, language, sentence)
        if whole is not None:
            return whole
        if len(clauses) == 1:
            return cache.get_or_make(engine, voice, language, sentence, lambda: say(sentence))
        known = [cache.get(engine, voice, language, CLAUSE_KEY + c) for c in clauses]
        if not any(known):  # spoken whole (its melody), then kept by clause too
            whole = cache.get_or_make(engine, voice, language, sentence, lambda: say(sentence))
            pieces = cut_clauses(whole, clauses, cache.scratch) or []
            for clause, piece in zip(clauses, pieces, strict=False):
                cache.put(language, CLAUSE_KEY + clause, piece)  # none was cached (known)
            return whole
        parts = [
            have or cache.get_or_make(
                engine, voice, language, CLAUSE_KEY + clause, lambda c=clause: say(c)
            )
            for have, clause in zip(known, clauses, strict=True)
        ]  # fmt: skip
        return cache.get_or_make(
            engine, voice, language, sentence,
            lambda: join(parts, scratch_path(cache.scratch, engine), clause_pauses(parts)),
        )  # fmt: skip

    def _timeout_message(self, engine: str, text: str) -> str:
        return (
            f"{engine} took longer than {self.settings.voice_timeout_s:g} s to speak "
            f"{len(text)} characters and was stopped; shorten the voiceover script"
        )
