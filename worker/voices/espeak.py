"""espeak-ng through its C library (libespeak-ng.so.1) with word events for timing."""

from __future__ import annotations

import ctypes
import ctypes.util
import threading
from pathlib import Path

import numpy as np

from app.voices.catalog import ESPEAK_BAD_LANGUAGES
from worker.voices.engines import (
    LanguageNotSpoken,
    Speech,
    Synthesis,
    VoiceError,
    scratch_path,
    speech_to_synthesis,
)
from worker.voices.normalize import normalize_tokens, spoken_text
from worker.voices.timing import spans_from_starts, tighten, token_at, token_offsets

_AUDIO_OUTPUT_SYNCHRONOUS = 2
_INITIALIZE_DONT_EXIT = 0x8000
_POS_CHARACTER = 1
_CHARS_UTF8 = 1
_EVENT_WORD = 1
_EVENT_LIST_TERMINATED = 0
_PARAM_RATE = 1
# espeak_TextToPhonemes: IPA (bit 1), a tie (bit 7) given in bits 8-23
_PHONEMES_IPA_TIED = 0x02 | 0x80 | (ord("^") << 8)
WORDS_PER_MINUTE = 160


class _EventId(ctypes.Union):
    _fields_ = [("number", ctypes.c_int), ("name", ctypes.c_char_p), ("string", ctypes.c_char * 8)]


class _Event(ctypes.Structure):
    _fields_ = [
        ("type", ctypes.c_int),
        ("unique_identifier", ctypes.c_uint),
        ("text_position", ctypes.c_int),
        ("length", ctypes.c_int),
        ("audio_position", ctypes.c_int),
        ("sample", ctypes.c_int),
        ("user_data", ctypes.c_void_p),
        ("id", _EventId),
    ]


_CALLBACK = ctypes.CFUNCTYPE(
    ctypes.c_int, ctypes.POINTER(ctypes.c_short), ctypes.c_int, ctypes.POINTER(_Event)
)


class _Library:
    """The loaded library; espeak-ng keeps global state, so one synthesis at a time."""

    def __init__(self) -> None:
        name = ctypes.util.find_library("espeak-ng") or "libespeak-ng.so.1"
        try:
            self.lib = ctypes.CDLL(name)
        except OSError as exc:
            raise VoiceError(
                "espeak-ng is not installed (Debian package libespeak-ng1)",
                code="engine_unavailable",
            ) from exc
        self.lib.espeak_Initialize.restype = ctypes.c_int
        self.sample_rate = self.lib.espeak_Initialize(
            _AUDIO_OUTPUT_SYNCHRONOUS, 0, None, _INITIALIZE_DONT_EXIT
        )
        if self.sample_rate <= 0:
            raise VoiceError("espeak-ng failed to initialise (is espeak-ng-data installed?)")
        self.lock = threading.Lock()
        self._chunks: list[np.ndarray] = []
        self._events: list[tuple[int, int]] = []  # (text_position, audio_position_ms)
        self._callback = _CALLBACK(self._on_audio)
        self.lib.espeak_SetSynthCallback(self._callback)
        self.lib.espeak_SetVoiceByName.argtypes = [ctypes.c_char_p]
        self.lib.espeak_TextToPhonemes.restype = ctypes.c_char_p
        self.lib.espeak_TextToPhonemes.argtypes = [
            ctypes.POINTER(ctypes.c_void_p),
            ctypes.c_int,
            ctypes.c_int,
        ]
        self.lib.espeak_Synth.argtypes = [
            ctypes.c_void_p, ctypes.c_size_t, ctypes.c_uint, ctypes.c_int, ctypes.c_uint,
            ctypes.c_uint, ctypes.POINTER(ctypes.c_uint), ctypes.c_void_p,
        ]  # fmt: skip

    def _on_audio(self, wav: ctypes._Pointer, count: int, events: ctypes._Pointer) -> int:
        if count > 0 and wav:
            self._chunks.append(np.ctypeslib.as_array(wav, shape=(count,)).copy())
        i = 0
        while events[i].type != _EVENT_LIST_TERMINATED:
            if events[i].type == _EVENT_WORD:
                self._events.append((events[i].text_position, events[i].audio_position))
            i += 1
        return 0

    def speak(self, text: str, voice: str) -> tuple[np.ndarray, list[tuple[int, int]]]:
        """Samples (float32) and word events (1-based char position, ms) for the text."""
        with self.lock:
            if self.lib.espeak_SetVoiceByName(voice.encode()) != 0:
                raise VoiceError(f"espeak-ng has no voice {voice!r}")
            self.lib.espeak_SetParameter(_PARAM_RATE, WORDS_PER_MINUTE, 0)
            self._chunks, self._events = [], []
            data = text.encode("utf-8") + b"\0"
            buf = ctypes.create_string_buffer(data)
            err = self.lib.espeak_Synth(
                buf, len(data), 0, _POS_CHARACTER, 0, _CHARS_UTF8, None, None
            )
            self.lib.espeak_Synchronize()
            if err != 0:
                raise VoiceError(f"espeak-ng failed to speak (error {err})")
            chunks, events = self._chunks, self._events
        pcm = np.concatenate(chunks) if chunks else np.zeros(0, dtype=np.int16)
        return pcm.astype(np.float32) / 32768.0, events

    def phonemes(self, text: str, voice: str) -> str:
        """IPA for one clause of text, words separated by spaces and multi-letter phonemes tied
        with `^` (as the Kokoro front end reads them). Punctuation is not kept."""
        with self.lock:
            if self.lib.espeak_SetVoiceByName(voice.encode()) != 0:
                raise VoiceError(f"espeak-ng has no voice {voice!r}")
            keep = ctypes.c_char_p(text.encode("utf-8"))
            pointer = ctypes.pointer(ctypes.cast(keep, ctypes.c_void_p))
            parts = []
            while pointer.contents.value:
                out = self.lib.espeak_TextToPhonemes(pointer, _CHARS_UTF8, _PHONEMES_IPA_TIED)
                if out:
                    parts.append(out.decode("utf-8").strip())
        return " ".join(p for p in parts if p)


_library: _Library | None = None
_library_lock = threading.Lock()


def library() -> _Library:
    global _library
    with _library_lock:
        if _library is None:
            _library = _Library()
        return _library


class EspeakEngine:
    """espeak-ng: every SPEC language it speaks acceptably; the fallback for all of them."""

    name = "espeak-ng"

    def __init__(self, workdir: Path) -> None:
        self.workdir = workdir

    def synthesize(self, text: str, voice: str, language: str) -> Synthesis:
        """Speak `text` with an espeak-ng voice name such as `en-gb` or `de+f3`."""
        if language in ESPEAK_BAD_LANGUAGES:
            raise LanguageNotSpoken(ESPEAK_BAD_LANGUAGES[language])
        tokens = normalize_tokens(text, language)
        if not tokens:
            raise VoiceError("the voiceover script is empty")
        spoken = spoken_text(tokens)
        samples, events = library().speak(spoken, voice)
        if samples.size == 0:
            raise VoiceError(f"espeak-ng produced no audio for voice {voice!r}")
        rate = library().sample_rate
        offsets = token_offsets(tokens)
        starts: dict[int, int] = {}
        for text_pos, ms in events:
            index = token_at(offsets, _char_index(spoken, text_pos))
            starts.setdefault(index, int(ms * rate / 1000))
        spans = tighten(samples, rate, spans_from_starts(tokens, starts, len(samples)))
        path = scratch_path(self.workdir, self.name)
        return speech_to_synthesis(Speech(samples, rate, spans), path, self.name, voice)


def _char_index(text: str, text_position: int) -> int:
    """espeak-ng reports 1-based character positions."""
    return min(max(text_position - 1, 0), max(len(text) - 1, 0))
