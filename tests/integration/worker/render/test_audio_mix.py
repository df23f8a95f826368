"""The soundtrack: placement, ducking, loudness, exact length; measured with real ffmpeg."""

from __future__ import annotations

import asyncio
import re
import subprocess
import threading
import wave
from collections.abc import Callable, Iterator
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import numpy as np
import pytest

from app.composition.timeline import BREATH_MS, build_timeline
from app.config import Settings
from app.media.ffmpeg import run_ffmpeg
from app.voices.music import MUSIC_DIR
from worker.render.audio import (
    EBUR128,
    RATE,
    Voiceover,
    ebur128_summary,
    measure_loudness,
    mix_audio,
    normalize,
    normalize_args,
    premix_args,
    prepare_voiceovers,
    write_pcm,
)
from worker.render.errors import AssetError
from worker.render.mux import join_and_mux
from worker.render.turns import render_turn
from worker.voices.service import VoiceService

SCENES = [
    {"primitiveId": "title-intro", "voScript": "Hello [name], welcome to your year in review."},
    {"primitiveId": "stat-counters", "voScript": "You read [books] books, a new record."},
    {"primitiveId": "outro", "voScript": "Thanks for watching!"},
]
DATA = {"name": "Maria", "books": 42}


def read_samples(path: Path) -> np.ndarray:
    """Decode any audio/video file's sound to mono float samples at 48 kHz."""
    raw = subprocess.run(
        ["ffmpeg", "-v", "error", "-i", str(path), "-f", "f32le", "-ac", "1", "-ar", str(RATE),
         "-"],
        capture_output=True, check=True,
    ).stdout  # fmt: skip
    return np.frombuffer(raw, dtype="<f4")


def ebur128(path: Path) -> tuple[float, float]:
    """Integrated loudness (LUFS) and true peak (dBTP) as ffmpeg's ebur128 filter measures them."""
    err = subprocess.run(
        ["ffmpeg", "-nostats", "-i", str(path), "-af", "ebur128=peak=true", "-f", "null", "-"],
        capture_output=True, text=True, check=True,
    ).stderr  # fmt: skip
    summary = err[err.rindex("Summary:") :]
    integrated = float(re.search(r"I:\s+(-?[\d.]+) LUFS", summary)[1])  # type: ignore[index]
    peak = float(re.search(r"Peak:\s+(-?[\d.inf]+) dBFS", summary)[1])  # type: ignore[index]
    return integrated, peak


def tone_wav(path: Path, segments: list[tuple[float, float]], freq: float = 1000.0) -> Path:
    """A 24 kHz mono WAV: tone during each (start_s, end_s), silence elsewhere."""
    rate = 24000
    total = int(max(e for _, e in segments) * rate) + 1
    samples = np.zeros(total)
    for start, end in segments:
        t = np.arange(int(start * rate), int(end * rate))
        samples[t] = 0.5 * np.sin(2 * np.pi * freq * t / rate)
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(rate)
        out.writeframes((samples * 32767).astype("<i2").tobytes())
    return path


def voiceover(index: int, path: Path, duration_ms: int) -> Voiceover:
    return Voiceover(index, path, duration_ms, [], "test-tone", "tone")


@pytest.fixture(scope="module")
def spoken(tmp_path_factory: pytest.TempPathFactory) -> tuple[Settings, dict[int, Voiceover]]:
    """Real voiceovers for SCENES (espeak-ng, Jenny's basic offline voice), made once for the
    module."""

    base = tmp_path_factory.mktemp("voices")
    settings = Settings(
        media_dir=base / "media",
        database_url=f"sqlite+aiosqlite:///{base}/x.db",
        voice_quality="basic",
    )
    audio = {"includeVoiceover": True, "voiceId": "en-US-JennyNeural"}
    voiceovers = asyncio.run(prepare_voiceovers(SCENES, DATA, audio, "en", settings, "free"))
    return settings, voiceovers


def test_prepare_speaks_each_enabled_scene_with_variables_filled(
    spoken: tuple[Settings, dict[int, Voiceover]],
) -> None:
    _, voiceovers = spoken
    assert sorted(voiceovers) == [0, 1, 2]
    assert voiceovers[0].text == "Hello Maria, welcome to your year in review."
    assert voiceovers[1].word_timestamps[2]["word"] == "42"
    assert all(v.engine == "espeak-ng" for v in voiceovers.values())


async def test_prepare_skips_disabled_and_skipped_scenes_and_respects_the_switch(
    settings: Settings,
) -> None:
    scenes = [
        {"primitiveId": "title-intro", "voScript": "One."},
        {"primitiveId": "outro", "voScript": "Two.", "enabled": False},
        {"primitiveId": "outro", "voScript": "Three.",
         "skipCondition": {"field": "books", "op": "<", "value": 10, "skipWhen": True}},
    ]  # fmt: skip
    audio = {"includeVoiceover": True, "voiceId": "en-GB-SoniaNeural"}
    out = await prepare_voiceovers(scenes, {"books": 3}, audio, "en", settings, "free")
    assert sorted(out) == [0]
    off = {**audio, "includeVoiceover": False}
    assert await prepare_voiceovers(scenes, {}, off, "en", settings, "free") == {}


async def test_a_request_asking_for_fast_voices_gets_them_over_the_setting(
    settings: Settings,
) -> None:
    scenes = [{"primitiveId": "outro", "voScript": "Thanks for watching, [name]."}]
    audio = {"includeVoiceover": True, "voiceId": "en-US-JennyNeural", "voiceQuality": "fast"}
    out = await prepare_voiceovers(scenes, DATA, audio, "en", settings, "free")
    assert settings.voice_quality == "basic" and out[0].engine == "hibari"
    basic = {**audio, "voiceQuality": None}  # unset: the deployment's setting
    assert (await prepare_voiceovers(scenes, DATA, basic, "en", settings, "free"))[0].engine == (
        "espeak-ng"
    )


def test_scene_lengths_are_voiceover_lengths_plus_breath(
    spoken: tuple[Settings, dict[int, Voiceover]],
) -> None:
    _, voiceovers = spoken
    timeline = build_timeline(SCENES, DATA, {i: v.duration_ms for i, v in voiceovers.items()})
    for scene in timeline.scenes:
        assert scene.duration_ms == voiceovers[scene.index].duration_ms + BREATH_MS


@pytest.mark.parametrize("music", ["bright-pop", None])
async def test_mix_is_minus_16_lufs_with_true_peak_under_minus_1(
    spoken: tuple[Settings, dict[int, Voiceover]], tmp_path: Path, music: str | None
) -> None:
    settings, voiceovers = spoken
    timeline = build_timeline(SCENES, DATA, {i: v.duration_ms for i, v in voiceovers.items()})
    options = {"musicTrack": music, "musicVolume": 0.5}
    out = await mix_audio(timeline, voiceovers, options, settings, tmp_path)
    integrated, peak = ebur128(out)
    assert abs(integrated - -16.0) <= 0.35  # the slack 0.25 LU, and ebur128 prints one decimal
    assert peak <= -1.5
    with wave.open(str(out)) as wav:  # exactly the timeline, to the sample
        assert wav.getnframes() == round(timeline.duration_ms * RATE / 1000)
        assert (wav.getframerate(), wav.getnchannels()) == (RATE, 2)


async def test_music_alone_is_looped_to_the_video_and_normalized(
    settings: Settings, tmp_path: Path
) -> None:
    timeline = build_timeline(
        [{"primitiveId": "outro", "durationOverride": 46}], {}
    )  # longer than any bed: it must loop
    out = await mix_audio(timeline, {}, {"musicTrack": "calm-ambient"}, settings, tmp_path)
    samples = read_samples(out)
    assert len(samples) == 46 * RATE
    integrated, peak = ebur128(out)
    assert abs(integrated - -16.0) <= 0.35 and peak <= -1.5
    late = samples[42 * RATE : 43 * RATE]  # past the 41 s bed: still playing
    assert np.sqrt(np.mean(late**2)) > 0.01
    assert np.abs(samples[-RATE // 50 :]).max() < np.abs(late).max() / 4  # faded out


async def test_nothing_to_play_is_silence_of_the_right_length(
    settings: Settings, tmp_path: Path
) -> None:
    timeline = build_timeline([{"primitiveId": "outro", "durationOverride": 2.5}], {})
    out = await mix_audio(timeline, {}, {"musicTrack": None}, settings, tmp_path)
    samples = read_samples(out)
    assert len(samples) == int(2.5 * RATE)
    assert not samples.any()
    zero = await mix_audio(
        timeline, {}, {"musicTrack": "bright-pop", "musicVolume": 0}, settings, tmp_path
    )
    assert not read_samples(zero).any()


def band_rms_db(samples: np.ndarray, start_s: float, end_s: float, cutoff: float = 1500.0) -> float:
    """RMS (dB) of the part of the signal below `cutoff` Hz within a window."""
    part = samples[int(start_s * RATE) : int(end_s * RATE)]
    spectrum = np.fft.rfft(part)
    spectrum[np.fft.rfftfreq(len(part), 1 / RATE) > cutoff] = 0
    low = np.fft.irfft(spectrum, len(part))
    return float(20 * np.log10(np.sqrt(np.mean(low**2)) + 1e-12))


async def test_music_ducks_under_speech_and_swells_between_phrases(
    settings: Settings, tmp_path: Path
) -> None:
    # The "voice" is a 6 kHz tone, so everything below 1.5 kHz in the mix is the music bed.
    voice = tone_wav(tmp_path / "voice.wav", [(0.0, 2.0), (4.0, 6.0)], freq=6000.0)
    timeline = build_timeline([{"primitiveId": "outro", "durationOverride": 8}], {})
    vos = {0: voiceover(0, voice, 6000)}
    out = await mix_audio(timeline, vos, {"musicTrack": "calm-ambient", "musicVolume": 0.6},
                          settings, tmp_path / "mix")  # fmt: skip
    samples = read_samples(out)
    under = (band_rms_db(samples, 1.0, 1.9) + band_rms_db(samples, 4.6, 5.8)) / 2
    between = band_rms_db(samples, 2.9, 3.9)
    assert between - under >= 6.0, (under, between)


@pytest.mark.parametrize("fps", [30, 60])
async def test_each_voiceover_starts_at_its_scene_start_within_one_frame(
    settings: Settings, tmp_path: Path, fps: int
) -> None:

    scenes = [
        {"primitiveId": p, "transition": "fade"} for p in ("title-intro", "stat-counters", "outro")
    ]
    lengths = {0: 1700, 1: 2300, 2: 1100}
    vos = {i: voiceover(i, tone_wav(tmp_path / f"v{i}.wav", [(0.0, ms / 1000)]), ms)
           for i, ms in lengths.items()}  # fmt: skip
    timeline = build_timeline(scenes, {}, lengths)
    soundtrack = await mix_audio(timeline, vos, {"musicTrack": None}, settings, tmp_path / "mix")
    # Through the real mux (AAC in MP4) as the render does, with a plain video as long.
    duration_s = timeline.duration_ms / 1000
    run = tmp_path / "run.mp4"
    color = f"color=c=black:s=160x90:r={fps}:d={duration_s}"
    subprocess.run(
        ["ffmpeg", "-v", "error", "-f", "lavfi", "-i", color, "-c:v", "libx264",
         "-pix_fmt", "yuv420p", str(run)],
        check=True,
    )  # fmt: skip
    video = await join_and_mux([run], soundtrack, duration_s, tmp_path / "out.mp4", 60)
    frame_ms = 1000 / fps
    for source in (soundtrack, video):
        samples = np.abs(read_samples(source))
        for scene in timeline.scenes:
            lo = int((scene.start_ms - 100) * RATE / 1000)
            window = samples[max(lo, 0) : lo + RATE // 2]
            onset_ms = (max(lo, 0) + int(np.argmax(window > 0.05))) * 1000 / RATE
            assert abs(onset_ms - scene.start_ms) < frame_ms, (source.name, scene.index, onset_ms)


@pytest.fixture
def local(settings: Settings) -> Settings:
    """The music server listens on the loopback: allowed only by the explicit setting."""
    return settings.model_copy(update={"allow_private_urls": True})


@pytest.fixture
def music_server(tmp_path: Path) -> Iterator[str]:
    (tmp_path / "bed.ogg").write_bytes((MUSIC_DIR / "bright-pop.ogg").read_bytes())
    (tmp_path / "page.html").write_text("<html></html>")
    handler = partial(SimpleHTTPRequestHandler, directory=str(tmp_path))
    handler.log_message = lambda *a: None  # type: ignore[attr-defined]
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


async def test_music_track_by_url_is_fetched_and_mixed(
    local: Settings, tmp_path: Path, music_server: str
) -> None:
    timeline = build_timeline([{"primitiveId": "outro", "durationOverride": 3}], {})
    out = await mix_audio(
        timeline, {}, {"musicTrack": f"{music_server}/bed.ogg"}, local, tmp_path / "m"
    )
    assert np.sqrt(np.mean(read_samples(out) ** 2)) > 0.01


async def test_music_url_that_is_not_audio_or_too_large_is_refused(
    local: Settings, tmp_path: Path, music_server: str
) -> None:
    settings = local
    timeline = build_timeline([{"primitiveId": "outro", "durationOverride": 3}], {})
    with pytest.raises(AssetError, match="not an audio file"):
        await mix_audio(
            timeline, {}, {"musicTrack": f"{music_server}/page.html"}, settings, tmp_path / "a"
        )
    small = settings.model_copy(update={"asset_max_bytes": 1000})
    with pytest.raises(AssetError, match="larger than"):
        await mix_audio(
            timeline, {}, {"musicTrack": f"{music_server}/bed.ogg"}, small, tmp_path / "b"
        )
    with pytest.raises(AssetError, match="HTTP 404"):
        await mix_audio(
            timeline, {}, {"musicTrack": f"{music_server}/nope.ogg"}, settings, tmp_path / "c"
        )


async def test_music_url_on_a_private_address_is_refused_in_every_environment(
    settings_factory: Callable[..., Settings], tmp_path: Path, music_server: str
) -> None:
    settings = settings_factory()  # the defaults, not this folder's loopback-allowing override
    production = settings.model_copy(update={"env": "production", "secret_key": "k"})
    timeline = build_timeline([{"primitiveId": "outro", "durationOverride": 3}], {})
    for guarded in (settings, production):  # development is the default
        assert not guarded.allow_private_urls
        with pytest.raises(AssetError, match="not public") as caught:
            await mix_audio(
                timeline, {}, {"musicTrack": f"{music_server}/bed.ogg"}, guarded, tmp_path
            )
        assert music_server in str(caught.value) and "HTTP" not in str(caught.value)


async def test_peaks_far_over_the_ceiling_are_limited_and_the_loudness_still_lands(
    tmp_path: Path,
) -> None:
    """A quiet bed with loud clicks: the gain to -16 LUFS would put the clicks ~20 dB over the
    ceiling. The limiter holds them, and the gain is corrected for what it took off."""
    rate, seconds = RATE, 12
    t = np.arange(rate * seconds) / rate
    bed = 0.02 * np.sin(2 * np.pi * 220 * t)
    bed[:: rate // 4] = 0.9  # a click every quarter second
    src = tmp_path / "premix.wav"
    stereo = np.repeat(bed[:, None], 2, axis=1).astype("<f4")
    # the premix is float32 WAV, as premix_args writes it
    subprocess.run(
        ["ffmpeg", "-v", "error", "-y", "-f", "f32le", "-ar", str(rate), "-ac", "2",
         "-i", "pipe:0", "-c:a", "pcm_f32le", str(src)],
        input=stereo.tobytes(), check=True,
    )  # fmt: skip
    assert ebur128(src)[1] > -2  # the clicks
    measured = await measure_loudness(src)
    out = tmp_path / "soundtrack.wav"
    result = await normalize(src, measured, seconds, out)
    integrated, peak = ebur128(out)
    assert abs(integrated - -16.0) <= 0.35, integrated
    assert abs(result.integrated_lufs - integrated) <= 0.1
    assert peak <= -1.5


def test_the_mix_measures_integrated_loudness_only_and_the_report_the_true_peak() -> None:
    # The gain needs the integrated loudness alone; true peak's 4x oversampling would cost a
    # third of each measurement again. The limiter holds the peaks; the report measures them.
    args = normalize_args(Path("premix.wav"), 3.0, 10.0, Path("out.wav"))
    assert not [arg for arg in args if "peak=true" in arg]
    assert "peak=true" in EBUR128


async def test_the_premix_is_measured_in_the_run_that_mixes_it(tmp_path: Path) -> None:
    # One ffmpeg fewer per render: the loudness the gain needs comes from the mixing run.
    t = np.arange(RATE * 3) / RATE
    voice = write_pcm(tmp_path / "voice.wav", 0.2 * np.sin(2 * np.pi * 300 * t) * (t > 0.5))
    music = MUSIC_DIR / "bright-pop.ogg"
    premix = tmp_path / "premix.wav"
    log = await run_ffmpeg(premix_args(voice, music, 0.3, 3.0, premix), 60, "audio mix")

    integrated, _peak = ebur128_summary(log)
    assert integrated is not None, "the mixing run printed no loudness summary"
    assert integrated == (await measure_loudness(premix)).integrated_lufs


async def test_an_opened_videos_lines_are_spoken_two_at_a_time(
    spoken: tuple[Settings, dict[int, Voiceover]],
) -> None:
    """Someone waits for an opened video's live page, which needs its voice: its lines go to
    two voice processes at once; any other render speaks one line at a time. The voiceovers
    are the same either way, in scene order."""
    settings, alone = spoken
    service = VoiceService(settings)
    real, lock = service.speak, threading.Lock()
    busy = {"now": 0, "peak": 0}

    def speak(*args: object, **kwargs: object) -> object:
        with lock:
            busy["now"] += 1
            busy["peak"] = max(busy["peak"], busy["now"])
        try:
            threading.Event().wait(0.2)  # long enough for the other line to start beside it
            return real(*args, **kwargs)  # type: ignore[arg-type]
        finally:
            with lock:
                busy["now"] -= 1

    service.speak = speak  # type: ignore[method-assign]
    audio = {"includeVoiceover": True, "voiceId": "en-US-JennyNeural"}
    with render_turn(True):
        opened = await prepare_voiceovers(SCENES, DATA, audio, "en", settings, "free", service)
    assert busy["peak"] == 2
    busy["peak"] = 0
    bulk = await prepare_voiceovers(SCENES, DATA, audio, "en", settings, "free", service)
    assert busy["peak"] == 1
    for out in (opened, bulk):
        assert list(out) == [0, 1, 2]
        assert [(v.text, v.duration_ms) for v in out.values()] == [
            (v.text, v.duration_ms) for v in alone.values()
        ]
