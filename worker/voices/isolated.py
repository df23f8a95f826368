"""Offline engines (Kokoro, hibari, Piper, espeak-ng) speak in child processes, so a synthesis
that runs past its time limit is really stopped: its process is killed (a thread could not be),
its files are removed, and nothing reaches the cache.

Children are started with `spawn` (the worker has threads and an event loop), reused while
they behave, and end when the worker does: each child leaves when its pipe closes.

Memory: a child holds at most one model (Kokoro ~0.3-0.5 GB, Piper, hibari) and drops it before
loading another; a synthesis goes to an idle child already holding its engine's model when
there is one, and at most MAX_IDLE_CHILDREN children wait idle. A worker speaking one line at a
time (concurrency 1) so has one voice child.
"""

from __future__ import annotations

import gc
import multiprocessing
import shutil
import threading
import uuid
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from worker.voices import hibari_engine, kokoro_engine, piper_engine
from worker.voices.engines import EngineUnavailable, LanguageNotSpoken, Synthesis, VoiceError
from worker.voices.espeak import EspeakEngine
from worker.voices.hibari_engine import HibariEngine
from worker.voices.kokoro_engine import KokoroEngine
from worker.voices.piper_engine import PiperEngine

ISOLATED_ENGINES = ("kokoro", "hibari", "piper", "espeak-ng")
# Engines that keep a model loaded in their child, and how to drop it.
MODEL_ENGINES: dict[str, Any] = {
    "kokoro": kokoro_engine,
    "hibari": hibari_engine,
    "piper": piper_engine,
}
MAX_IDLE_CHILDREN = 2
_CONTEXT = multiprocessing.get_context("spawn")


class SynthesisTimeout(VoiceError):
    """A synthesis ran past its time limit and was stopped."""

    def __init__(self, message: str) -> None:
        super().__init__(message, code="voice_timeout")


def _make_engine(name: str, workdir: Path, models_root: Path) -> Any:
    for other, module in MODEL_ENGINES.items():
        if other != name and module.loaded():
            module.unload()  # one resident model per child
            gc.collect()
    if name == "kokoro":
        return KokoroEngine(workdir, models_root)
    if name == "hibari":
        return HibariEngine(workdir)
    if name == "piper":
        return PiperEngine(workdir)
    if name == "espeak-ng":
        return EspeakEngine(workdir)
    raise VoiceError(f"engine {name!r} does not run in a child process")


def _serve(conn: Connection) -> None:
    """The child: speak each request, answer ("ok", Synthesis) or ("error", kind, text, code)."""
    while True:
        try:
            engine, workdir, models_root, text, voice, language = conn.recv()
        except (EOFError, OSError):
            return  # the worker went away
        answer: tuple[Any, ...]
        try:
            speaker = _make_engine(engine, Path(workdir), Path(models_root))
            answer = ("ok", speaker.synthesize(text, voice, language))
        except VoiceError as exc:
            answer = ("error", type(exc).__name__, str(exc), exc.code)
        except Exception as exc:  # an engine bug: reported, the child stays usable
            answer = ("error", "VoiceError", f"{engine} failed: {exc}", "voice_failed")
        conn.send(answer)


def _error(kind: str, message: str, code: str) -> VoiceError:
    if kind == "LanguageNotSpoken":
        return LanguageNotSpoken(message)
    if kind == "EngineUnavailable":
        return EngineUnavailable(message)
    return VoiceError(message, code=code)


class _Child:
    def __init__(self) -> None:
        self.model: str | None = None  # the engine whose model this child holds
        self.conn, theirs = _CONTEXT.Pipe()
        self.process = _CONTEXT.Process(
            target=_serve, args=(theirs,), name="reelsmith-voice", daemon=True
        )
        self.process.start()
        theirs.close()

    def kill(self) -> None:
        self.process.kill()
        self.process.join(10)
        self.conn.close()


class ChildPool:
    """Idle children of this process, taken one per synthesis (so syntheses run in parallel)."""

    def __init__(self) -> None:
        self._idle: list[_Child] = []
        self._lock = threading.Lock()

    def _take(self, engine: str) -> _Child:
        """An idle child, best one already holding the engine's model, else one holding none."""
        with self._lock:
            for dead in [c for c in self._idle if not c.process.is_alive()]:
                self._idle.remove(dead)
                dead.kill()
            if self._idle:
                wanted = engine if engine in MODEL_ENGINES else None
                rank = {wanted: 0, None: 1}
                child = min(reversed(self._idle), key=lambda c: rank.get(c.model, 2))
                self._idle.remove(child)
                return child
        return _Child()

    def _give_back(self, child: _Child) -> None:
        with self._lock:
            if len(self._idle) < MAX_IDLE_CHILDREN:
                self._idle.append(child)
                return
        child.kill()

    def synthesize(
        self,
        engine: str,
        workdir: Path,
        text: str,
        voice: str,
        language: str,
        timeout_s: float,
        models_root: Path = Path(),
    ) -> Synthesis:
        """Speak in a child; past `timeout_s` the child is killed and SynthesisTimeout raised."""
        child = self._take(engine)
        try:
            child.conn.send((engine, str(workdir), str(models_root), text, voice, language))
            if not child.conn.poll(timeout_s):
                child.kill()
                raise SynthesisTimeout(
                    f"{engine} took longer than {timeout_s:g} s to speak {len(text)} characters "
                    "and was stopped; shorten the voiceover script"
                )
            answer = child.conn.recv()
        except (EOFError, OSError) as exc:  # the child died (killed, out of memory)
            child.kill()
            raise VoiceError(f"the {engine} voice process died while speaking") from exc
        except BaseException:
            if child.process.is_alive() and not child.conn.closed:
                child.kill()
            raise
        if engine in MODEL_ENGINES:
            child.model = engine
        self._give_back(child)
        if answer[0] == "ok":
            result: Synthesis = answer[1]
            return result
        raise _error(*answer[1:])

    def close(self) -> None:
        with self._lock:
            idle, self._idle = self._idle, []
        for child in idle:
            child.kill()


POOL = ChildPool()


class IsolatedEngine:
    """A VoiceEngine that speaks with `name` in a child process under a time limit."""

    def __init__(
        self, name: str, workdir: Path, timeout_s: float, models_root: Path = Path()
    ) -> None:
        self.name, self.workdir, self.timeout_s = name, workdir, timeout_s
        self.models_root = models_root

    def synthesize(
        self, text: str, voice: str, language: str, timeout_s: float | None = None
    ) -> Synthesis:
        """The synthesis, its audio in `workdir`; on any failure no file of it remains.
        `timeout_s` overrides the engine's limit for this call."""
        call_dir = self.workdir / f"call-{uuid.uuid4().hex}"
        call_dir.mkdir(parents=True)
        limit = self.timeout_s if timeout_s is None else timeout_s
        try:
            result = POOL.synthesize(
                self.name, call_dir, text, voice, language, limit, self.models_root
            )
            final = self.workdir / result.audio_path.name
            result.audio_path.replace(final)
            result.audio_path = final
            return result
        finally:
            shutil.rmtree(call_dir, ignore_errors=True)
