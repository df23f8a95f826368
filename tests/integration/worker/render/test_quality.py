"""The quality report on real files: a good clip passes every check; each defect, made on
purpose with ffmpeg's test sources and espeak-ng speech, warns or fails its own check and no
other."""

from __future__ import annotations

import re
import subprocess
import wave
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from worker.render.errors import RenderTimeout
from worker.render.quality import CHECKS, Expectations, QualityReport, Status, check_video

RATE = 48000
FPS = 30
WIDTH, HEIGHT = 320, 180
LENGTH_S = 6.0
PHRASES_S = (0.5, 3.0)  # where each scene's speech starts
SCRIPTS = ("Maria, here is your review.", "First, the numbers that matter most.")
WORDS_MS = [[500, 900, 1150, 1300], [3000, 3500, 3700, 4100]]  # only the first counts
BT709 = (
    "-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709",
    "-color_range", "tv",
)  # fmt: skip
# testsrc2 moves everywhere; a pure black and a pure white patch give the luma extremes.
PATCHES = "drawbox=x=0:y=0:w=40:h=40:c=black:t=fill,drawbox=x=280:y=0:w=40:h=40:c=white:t=fill"
TIMEOUT_S = 60.0


def run(*args: str, stdin: bytes | None = None) -> bytes:
    return subprocess.run(args, input=stdin, capture_output=True, check=True, timeout=60).stdout


def integrated_lufs(path: Path) -> float:
    err = subprocess.run(
        ["ffmpeg", "-nostats", "-i", str(path), "-af", "ebur128", "-f", "null", "-"],
        capture_output=True, text=True, check=True, timeout=60,
    ).stderr  # fmt: skip
    return float(re.findall(r"I:\s+(-?[\d.]+) LUFS", err)[-1])


def speech(text: str) -> np.ndarray:
    """espeak-ng saying `text`, mono 48 kHz, from its first audible sample."""
    spoken = run("espeak-ng", "--stdout", text)
    raw = run(
        "ffmpeg", "-v", "error", "-i", "pipe:0", "-f", "f32le", "-ac", "1", "-ar", str(RATE),
        "pipe:1", stdin=spoken,
    )  # fmt: skip
    samples = np.frombuffer(raw, dtype="<f4").astype(np.float64)
    return samples[int(np.argmax(np.abs(samples) > 1e-3)) :]


def write_wav(path: Path, samples: np.ndarray) -> Path:
    pcm = (np.clip(samples, -1.0, 1.0) * 32767).astype("<i2")
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(pcm.tobytes())
    return path


def limit(samples: np.ndarray, ceiling: float) -> np.ndarray:
    """A plain peak limiter (10 ms hold, smoothed gain): loud, yet under -1 dBTP."""
    win = 480
    edges = (win // 2, win - win // 2 - 1)
    peak = np.lib.stride_tricks.sliding_window_view(np.pad(np.abs(samples), edges, "edge"), win)
    gain = np.minimum(1.0, ceiling / np.maximum(peak.max(axis=1), 1e-9))
    return samples * np.convolve(np.pad(gain, edges, "edge"), np.ones(win) / win, mode="valid")


def placed(voices: Sequence[np.ndarray], shift_s: float = 0.0) -> np.ndarray:
    """The voices at PHRASES_S (+ shift_s) on a LENGTH_S track."""
    track = np.zeros(int(LENGTH_S * RATE))
    for at, voice in zip(PHRASES_S, voices, strict=True):
        start = int((at + shift_s) * RATE)
        part = voice[: len(track) - start]
        track[start : start + len(part)] += part
    return track


def soundtrack(path: Path, voice: np.ndarray) -> Path:
    """`voice` over a tonal music bed ducked 12 dB under speech, limited, at -16 LUFS."""
    t = np.arange(len(voice)) / RATE
    bed = 0.05 * (np.sin(2 * np.pi * 110 * t) + 0.6 * np.sin(2 * np.pi * 165 * t))
    bed *= 1 + 0.5 * np.sin(2 * np.pi * 2 * t)
    speaking = np.convolve(np.abs(voice) > 1e-3, np.ones(4800), mode="same") > 0
    mix = voice + bed * np.where(speaking, 0.25, 1.0)
    driven = limit(mix * 10 ** ((-10 - integrated_lufs(write_wav(path, mix))) / 20), 0.7)
    return write_wav(path, driven * 10 ** ((-16 - integrated_lufs(write_wav(path, driven))) / 20))


@dataclass(frozen=True)
class Picture:
    """How the test video is made: testsrc2 with the patches, then `extra` filters."""

    extra: str = ""
    out_range: str = "tv"
    pix_fmt: str = "yuv420p"
    tags: Sequence[str] = BT709


def encode(out: Path, audio: Path | None, picture: Picture | None = Picture(), **opts: Any) -> Path:
    """An MP4: the picture as H.264 and `audio` as AAC (cut to `audio_s`); None leaves out."""
    inputs: list[str] = []
    outputs: list[str] = []
    if picture is not None:
        chain = ",".join(f for f in (PATCHES, picture.extra) if f)
        chain += f",scale=out_color_matrix=bt709:out_range={picture.out_range}"
        inputs += ["-f", "lavfi", "-i", f"testsrc2=s={WIDTH}x{HEIGHT}:r={FPS}:d={LENGTH_S}"]
        outputs += ["-vf", f"{chain},format={picture.pix_fmt}"]
        outputs += ["-c:v", "libx264", "-preset", "ultrafast", *picture.tags]
    if audio is not None:
        inputs += ["-i", str(audio)]
        outputs += ["-af", f"atrim=duration={opts.get('audio_s', LENGTH_S)}"]
        outputs += ["-c:a", "aac", "-b:a", "160k", "-ar", str(RATE), "-ac", "2"]
    args = ["ffmpeg", "-v", "error", "-y", *inputs, *outputs]
    run(*args, "-movflags", "+faststart", str(out))
    return out


@dataclass(frozen=True)
class Media:
    folder: Path
    good: Path  # the mix: speech at its word timing, music ducked under it, -16 LUFS
    stem: Path  # the voice alone at its word timing
    shifted: Path  # the same mix with every phrase 200 ms late
    loud: Path  # the good mix 8 dB louder (-8 LUFS)
    clicks: Path  # the good mix with three full-scale 2 ms bursts
    good_clip: Path


@pytest.fixture(scope="module")
def media(tmp_path_factory: pytest.TempPathFactory) -> Media:
    folder = tmp_path_factory.mktemp("quality")
    voices = [speech(text) for text in SCRIPTS]
    good = soundtrack(folder / "good.wav", placed(voices))
    samples = np.frombuffer(good.read_bytes()[44:], dtype="<i2") / 32767
    clicks = samples.copy()
    for at in (1.5, 2.5, 5.5):
        clicks[int(at * RATE) : int(at * RATE) + 96] = np.sign(np.sin(np.arange(96) / 3))
    return Media(
        folder=folder,
        good=good,
        stem=write_wav(folder / "stem.wav", placed(voices)),
        shifted=soundtrack(folder / "shifted.wav", placed(voices, shift_s=0.2)),
        loud=write_wav(folder / "loud.wav", samples * 10 ** (8 / 20)),
        clicks=write_wav(folder / "clicks.wav", clicks),
        good_clip=encode(folder / "good.mp4", good),
    )


def expected(**changes: Any) -> Expectations:
    """What the pipeline would pass for the test clip: all of it moving, two phrases."""
    base = Expectations(
        fps=FPS,
        width=WIDTH,
        height=HEIGHT,
        duration_ms=int(LENGTH_S * 1000),
        audio=True,
        word_starts_ms=WORDS_MS,
        moving_ms=[(0.0, LENGTH_S * 1000)],
    )
    return replace(base, **changes)


async def checked(path: Path, expect: Expectations | None = None) -> QualityReport:
    return await check_video(path, expect or expected(), TIMEOUT_S)


def assert_only(report: QualityReport, name: str, status: Status, *phrases: str) -> None:
    """`name` has `status` and its detail says each of `phrases`; every other check passes."""
    check = report.check(name)
    assert check.status == status, check
    for phrase in phrases:
        assert re.search(phrase, check.detail), (phrase, check.detail)
    others = {c.name: (c.status, c.detail) for c in report.checks if c.name != name}
    assert all(s == "pass" for s, _ in others.values()), others
    assert report.status == status


@pytest.mark.parametrize("with_stem", [False, True], ids=["onsets", "stem"])
async def test_a_good_clip_passes_every_check(media: Media, with_stem: bool) -> None:
    stem = media.stem if with_stem else None
    report = await checked(media.good_clip, expected(voice_stem=stem))

    assert [c.name for c in report.checks] == list(CHECKS)
    assert report.status == "pass", report.to_json()
    assert "2 phrases within" in report.check("av_sync").detail
    assert report.to_json()["checks"][0] == {
        "name": "streams", "status": "pass", "detail": "h264+aac, 320x180 @ 30 fps",
    }  # fmt: skip
    assert not list(media.folder.glob(".quality-*")), "the scratch folder is removed"


@pytest.mark.parametrize(
    ("picture", "says"),
    [
        (Picture(tags=()), r"primaries untagged .*transfer untagged .*matrix untagged"),
        (Picture(out_range="full", tags=(*BT709[:-1], "pc")), r"range pc \(expected tv\)"),
        (Picture(out_range="full"), r"luma samples span \d-25\d, outside the limited range"),
        (Picture(pix_fmt="yuv444p"), r"pixel format yuv444p \(expected yuv420p\)"),
    ],
    ids=["untagged", "full-range-tagged", "full-range-samples-tagged-limited", "yuv444p"],
)
async def test_colour_defects_warn_in_color(
    media: Media, tmp_path: Path, picture: Picture, says: str
) -> None:
    clip = encode(tmp_path / "colour.mp4", media.good, picture)
    assert_only(await checked(clip), "color", "warn", says)


async def test_audio_half_a_second_short_fails_duration(media: Media, tmp_path: Path) -> None:
    clip = encode(tmp_path / "short.mp4", media.good, audio_s=LENGTH_S - 0.5)
    assert_only(
        await checked(clip), "duration", "fail", r"lengths differ by 5\d\d ms", r"audio 5\.5\d\d s"
    )


async def test_loud_audio_warns_in_loudness(media: Media, tmp_path: Path) -> None:
    clip = encode(tmp_path / "loud.mp4", media.loud)
    assert_only(
        await checked(clip), "loudness", "warn",
        r"^integrated -[789]\.\d LUFS, outside -16 ± 1 LU",
    )  # fmt: skip


async def test_clipping_peaks_warn_in_loudness(media: Media, tmp_path: Path) -> None:
    report = await checked(encode(tmp_path / "clicks.mp4", media.clicks))
    assert_only(report, "loudness", "warn", r"^true peak -?\d+\.\d dBTP, above -1 dBTP$")


@pytest.fixture(scope="module")
def black_clip(media: Media) -> Path:
    """All black from 2 to 3 s."""
    extra = "drawbox=c=black:t=fill:enable='gte(t,2)*lt(t,3)'"
    return encode(media.folder / "black.mp4", media.good, Picture(extra=extra))


@pytest.fixture(scope="module")
def frozen_clip(media: Media) -> Path:
    """Frames 30-134 (1.0-4.5 s) all show frame 30."""
    extra = "setpts='if(between(N,30,134),30,N)/(30*TB)',fps=30"
    return encode(media.folder / "frozen.mp4", media.good, Picture(extra=extra))


async def test_black_inside_moving_time_warns(black_clip: Path) -> None:
    assert_only(
        await checked(black_clip), "black", "warn",
        r"black where the timeline moves: 2\.00-3\.0\d s \(1\.0\d s of it moving\)",
    )  # fmt: skip


async def test_black_where_the_timeline_is_still_passes(black_clip: Path) -> None:
    report = await checked(black_clip, expected(moving_ms=[(0.0, 2000.0), (3000.0, 6000.0)]))
    assert report.status == "pass", report.to_json()
    assert report.check("black").detail == "1 black stretch, all where the timeline is still"


async def test_frozen_inside_moving_time_warns(frozen_clip: Path) -> None:
    assert_only(
        await checked(frozen_clip), "frozen", "warn",
        r"frozen where the timeline moves: 1\.\d\d-4\.50 s",
    )  # fmt: skip


async def test_frozen_where_the_timeline_is_still_passes(frozen_clip: Path) -> None:
    report = await checked(frozen_clip, expected(moving_ms=[(0.0, 1000.0), (4500.0, 6000.0)]))
    assert report.status == "pass", report.to_json()
    assert report.check("frozen").detail == "1 frozen stretch, all where the timeline is still"


@pytest.mark.parametrize("with_stem", [False, True], ids=["onsets", "stem"])
async def test_speech_200_ms_late_warns_in_av_sync(
    media: Media, tmp_path: Path, with_stem: bool
) -> None:
    clip = encode(tmp_path / "late.mp4", media.shifted)
    report = await checked(clip, expected(voice_stem=media.stem if with_stem else None))
    assert_only(
        report, "av_sync", "warn",
        r"phrase at 500 ms: speech \+(19\d|20\d|21\d) ms off",
        # "First" starts with an /f/ the music bed hides: its onset reads on the vowel
        r"phrase at 3000 ms: speech \+(19\d|2\d\d) ms off",
    )  # fmt: skip


async def test_no_video_stream_fails_streams(media: Media, tmp_path: Path) -> None:
    clip = encode(tmp_path / "sound.mp4", media.good, picture=None)
    report = await checked(clip)
    assert_only(report, "streams", "fail", r"^no video stream$")
    for name in ("color", "black", "frozen"):
        assert report.check(name).detail == "not measured: no video stream (see streams)"


async def test_no_audio_stream_fails_streams_only_when_a_soundtrack_is_expected(
    tmp_path: Path,
) -> None:
    clip = encode(tmp_path / "mute.mp4", None)
    assert_only(await checked(clip), "streams", "fail", r"^no audio stream")
    quiet = await checked(clip, expected(audio=False, word_starts_ms=[]))
    assert quiet.status == "pass", quiet.to_json()


async def test_a_file_that_is_not_a_video_fails_streams(tmp_path: Path) -> None:
    junk = tmp_path / "junk.mp4"
    junk.write_text("not a video")
    assert_only(await checked(junk), "streams", "fail", r"ffprobe failed .*Invalid data")


async def test_damaged_frames_fail_streams(media: Media, tmp_path: Path) -> None:
    data = bytearray(media.good_clip.read_bytes())
    rng = np.random.default_rng(3)
    for at in rng.integers(len(data) // 3, 2 * len(data) // 3, 40):
        data[at : at + 8] = rng.integers(0, 256, 8, dtype=np.uint8).tobytes()
    damaged = tmp_path / "damaged.mp4"
    damaged.write_bytes(bytes(data))
    check = (await checked(damaged)).check("streams")
    assert check.status == "fail"
    assert re.fullmatch(r"the decoders met damaged data \d+ times", check.detail), check.detail


async def test_a_check_past_its_time_limit_raises(media: Media) -> None:
    with pytest.raises(RenderTimeout, match="took longer than"):
        await check_video(media.good_clip, expected(), 0.001)
    assert not list(media.folder.glob(".quality-*"))
