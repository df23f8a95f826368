"""Offline engines (Piper, espeak-ng) speak in child processes, so a synthesis that runs past
its time limit is really stopped: its process is killed (a thread could not be), its files
are removed, and nothing reaches the cache.

Children are started with `spawn` (the worker has threads and an event loop), reused while
they behave (a Piper model is loaded once per child), and end when the worker does: each
child leaves when its pipe closes.
"""

from __future__ import annotations

import multiprocessing
import shutil
import threading
import uuid
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from worker.voices.engines import EngineUnavailable, LanguageNotSpoken, Synthesis, VoiceError
from worker.voices.espeak import EspeakEngine
from worker.voices.piper_engine import PiperEngine

ISOLATED_ENGINES = ("piper", "espeak-ng")
MAX_IDLE_CHILDREN = 4
_CONTEXT = multiprocessing.get_context("spawn")


class SynthesisTimeout(VoiceError):
    """A synthesis ran past its time limit and was stopped."""

    def __init__(self, message: str) -> None:
        super().__init__(message, code="voice_timeout")


def _make_engine(name: str, workdir: Path) -> Any:
    if name == "piper":
        return PiperEngine(workdir)
    if name == "espeak-ng":
        return EspeakEngine(workdir)
    raise VoiceError(f"engine {name!r} does not run in a child process")


def _serve(conn: Connection) -> None:
    """The child: speak each request, answer ("ok", Synthesis) or ("error", kind, text, code)."""
    while True:
        try:
            engine, workdir, text, voice, language = conn.recv()
        except (EOFError, OSError):
            return  # the worker went away
        answer: tuple[Any, ...]
        try:
            answer = ("ok", _make_engine(engine, Path(workdir)).synthesize(text, voice, language))
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

    def _take(self) -> _Child:
        with self._lock:
            while self._idle:
                child = self._idle.pop()
                if child.process.is_alive():
                    return child
                child.kill()
        return _Child()

    def _give_back(self, child: _Child) -> None:
        with self._lock:
            if len(self._idle) < MAX_IDLE_CHILDREN:
                self._idle.append(child)
                return
        child.kill()

    def synthesize(
        self, engine: str, workdir: Path, text: str, voice: str, language: str, timeout_s: float
    ) -> Synthesis:
        """Speak in a child; past `timeout_s` the child is killed and SynthesisTimeout raised."""
        child = self._take()
        try:
            child.conn.send((engine, str(workdir), text, voice, language))
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

    def __init__(self, name: str, workdir: Path, timeout_s: float) -> None:
        self.name, self.workdir, self.timeout_s = name, workdir, timeout_s

    def synthesize(self, text: str, voice: str, language: str) -> Synthesis:
        """The synthesis, its audio in `workdir`; on any failure no file of it remains."""
        call_dir = self.workdir / f"call-{uuid.uuid4().hex}"
        call_dir.mkdir(parents=True)
        try:
            result = POOL.synthesize(self.name, call_dir, text, voice, language, self.timeout_s)
            final = self.workdir / result.audio_path.name
            result.audio_path.replace(final)
            result.audio_path = final
            return result
        finally:
            shutil.rmtree(call_dir, ignore_errors=True)
