"""hibari: a distilled Kokoro `af_heart` (8 MB, in the hibari-tts wheel) that speaks about 70x
faster than Kokoro; the fast tier for US women (`voice_quality=fast`). Word timing comes from
its phoneme durations, as for Kokoro (the graph's duration node is made an output on load)."""

from __future__ import annotations

import importlib.resources
import threading
from pathlib import Path
from typing import Any

import numpy as np

from worker.voices.engines import Speech, Synthesis, VoiceError, scratch_path, speech_to_synthesis
from worker.voices.kokoro_engine import (
    DURATION_UNIT,
    chunks,
    end_after_last_word,
    phoneme_groups,
    trim,
    vocab,
)
from worker.voices.phonemes import phonemize
from worker.voices.timing import punctuation_breaks, snap_breaks, spans_from_groups, tighten

RATE = 24000
HIBARI_VOICES = {"heart": "hibari.onnx"}  # the one voice inside the wheel (US English, female)
DURATION_OUTPUT = "/Clip_output_0"
MAX_PHONEMES = 400

_state: dict[str, Any] = {}
_lock = threading.Lock()


def session(voice: str) -> Any:
    """The voice's model with its duration output, loaded once per process."""
    if voice not in HIBARI_VOICES:
        raise VoiceError(f"no bundled hibari voice {voice!r}; bundled: {', '.join(HIBARI_VOICES)}")
    with _lock:
        if "session" not in _state:
            import onnx  # noqa: PLC0415  (heavy: loaded on first use)
            import onnxruntime as ort  # noqa: PLC0415

            path = importlib.resources.files("hibari") / "assets" / HIBARI_VOICES[voice]
            model = onnx.load_from_string(path.read_bytes())
            model.graph.output.append(
                onnx.helper.make_tensor_value_info(DURATION_OUTPUT, onnx.TensorProto.FLOAT, None)
            )
            options = ort.SessionOptions()
            options.intra_op_num_threads = options.inter_op_num_threads = 1
            options.log_severity_level = 3
            _state["session"] = ort.InferenceSession(
                model.SerializeToString(), options, providers=["CPUExecutionProvider"]
            )
        return _state["session"]


def loaded() -> bool:
    return "session" in _state


def unload() -> None:
    with _lock:
        _state.pop("session", None)


class HibariEngine:
    """US English, female (`heart`), offline and fast."""

    name = "hibari"

    def __init__(self, workdir: Path) -> None:
        self.workdir = workdir

    def synthesize(self, text: str, voice: str, language: str) -> Synthesis:
        if language.split("-")[0] != "en":
            raise VoiceError(f"hibari voice {voice!r} speaks English only, not {language!r}")
        from hibari import dsp  # noqa: PLC0415

        phonemized = phonemize(text, "en", "en-US")
        if not phonemized.tokens or not phonemized.phonemes.strip():
            raise VoiceError("the voiceover script is empty")
        model, table = session(voice), vocab()
        rng = np.random.default_rng(0)  # the same line sounds the same every time
        audio: list[np.ndarray] = []
        groups: list[tuple[int, int]] = []
        offset = 0
        for piece in chunks(phonemized.phonemes, MAX_PHONEMES):
            ids, _ = phoneme_groups(piece, [], 0, table, DURATION_UNIT)
            if len(ids) <= 2:
                continue
            *parts, durations = model.run(
                None, {"ids": np.array([ids], np.int64), "speed": np.array([1.0], np.float32)}
            )
            samples = np.asarray(dsp.synth(*(p[0] for p in parts), rng), dtype=np.float32)
            groups.extend(phoneme_groups(piece, durations.ravel(), offset, table, DURATION_UNIT)[1])
            audio.append(samples)
            offset += len(samples)
        if not audio or not groups:
            raise VoiceError(f"hibari produced no speech for voice {voice!r}")
        samples, groups = trim(np.concatenate(audio), groups, RATE)
        spans = spans_from_groups(phonemized.tokens, groups, {len(groups) - 1})
        spans = snap_breaks(samples, RATE, spans, punctuation_breaks(phonemized.tokens))
        spans = tighten(samples, RATE, spans)
        samples = end_after_last_word(samples, spans, RATE)
        peak = float(np.abs(samples).max()) or 1.0
        speech = Speech(samples * min(1.0, 0.9 / peak), RATE, spans)
        return speech_to_synthesis(speech, scratch_path(self.workdir, self.name), self.name, voice)
