"""The quality report's rules without ffmpeg: what a stretch, an onset, a log, a page
warning mean for a check's status."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

from worker.render.quality import (
    CHECKS,
    Expectations,
    Measurements,
    MissingGlyph,
    Probe,
    TextFit,
    build_report,
    check_color,
    check_duration,
    check_glyphs,
    check_text_fit,
    measure_args,
    overlap_ms,
    parse_measurements,
    phrase_onset_ms,
    stem_lag_ms,
    unexpected_black,
    unexpected_frozen,
)

EXPECT = Expectations(fps=30, width=1280, height=720, duration_ms=10_000)
VIDEO: dict[str, Any] = {
    "codec_type": "video", "codec_name": "h264", "width": 1280, "height": 720,
    "avg_frame_rate": "30/1", "pix_fmt": "yuv420p", "color_range": "tv",
    "color_space": "bt709", "color_transfer": "bt709", "color_primaries": "bt709",
    "duration": "10.000000",
}  # fmt: skip
AUDIO: dict[str, Any] = {"codec_type": "audio", "codec_name": "aac", "duration": "10.010000"}


def level(ms: int, spans: list[tuple[int, int, float]], floor: float = -60.0) -> np.ndarray:
    """An envelope (dB per ms) at `floor` with each (start, end, dB) span on top."""
    env = np.full(ms, floor)
    for start, end, db in spans:
        env[start:end] = db
    return env


# ---------- stretches against the moving intervals ----------


def test_overlap_counts_overlapping_intervals_once_and_points_not_at_all():
    moving = [(0.0, 1000.0), (500.0, 1500.0), (2000.0, 2000.0)]
    assert overlap_ms((800.0, 2500.0), moving) == 700.0
    assert overlap_ms((1500.0, 2500.0), moving) == 0.0


def test_a_frozen_wait_inside_a_long_moving_interval_is_fine_until_two_seconds():
    moving = [(0.0, 3300.0)]  # a word reveal: one interval, still between words
    assert unexpected_frozen([(1600.0, 2970.0)], moving) == []
    assert unexpected_frozen([(500.0, 2600.0)], moving) == [(500.0, 2600.0, 2100.0)]


def test_a_frozen_stretch_swallowing_a_whole_animation_is_reported():
    moving = [(0.0, 0.0), (1000.0, 1600.0), (3000.0, 3200.0)]
    assert unexpected_frozen([(900.0, 1700.0)], moving) == [(900.0, 1700.0, 600.0)]
    # a 200 ms interval is too short to be sure something visible should have moved
    assert unexpected_frozen([(2900.0, 3500.0)], moving) == []


def test_a_fade_through_black_is_not_a_hole_but_a_quarter_second_is():
    moving = [(0.0, 10_000.0)]
    assert unexpected_black([(4900.0, 5100.0)], moving) == []
    assert unexpected_black([(4900.0, 5150.0)], moving) == [(4900.0, 5150.0, 250.0)]
    assert unexpected_black([(4000.0, 6000.0)], [(0.0, 4000.0), (6000.0, 9000.0)]) == []


# ---------- ffmpeg's log ----------

LOG = """
[Parsed_ebur128_3 @ 0x1] Summary:
  Integrated loudness:
    I:         -70.0 LUFS
  True peak:
    Peak:       -inf dBFS
[blackdetect @ 0x2] black_start:2 black_end:3.03333 black_duration:1.03333
[freezedetect @ 0x3] lavfi.freezedetect.freeze_start: 1.2
[freezedetect @ 0x3] lavfi.freezedetect.freeze_duration: 3.3
[freezedetect @ 0x3] lavfi.freezedetect.freeze_end: 4.5
[Parsed_metadata_6 @ 0x4] lavfi.signalstats.YMIN=16
[Parsed_metadata_7 @ 0x5] lavfi.signalstats.YMAX=235
[Parsed_metadata_6 @ 0x4] lavfi.signalstats.YMIN=12
[Parsed_metadata_7 @ 0x5] lavfi.signalstats.YMAX=230
[freezedetect @ 0x3] lavfi.freezedetect.freeze_start: 9.5
[h264 @ 0x7] error while decoding MB 5 1
[h264 @ 0x7] concealing 240 DC, 240 AC, 240 MV errors in P frame
Error while decoding stream #0:1: Invalid data found when processing input
[Parsed_ebur128_3 @ 0x6] Summary:
  Integrated loudness:
    I:         -16.2 LUFS
  True peak:
    Peak:       -1.4 dBFS
"""


def test_the_log_gives_stretches_luma_damage_and_the_last_loudness_summary():
    found = parse_measurements(LOG, video_end_ms=10_000.0)
    assert found.black_ms == [(2000.0, 3033.33)]
    # a freeze still open at the end of the file ends with it
    assert found.frozen_ms == [(1200.0, 4500.0), (9500.0, 10_000.0)]
    assert found.luma == (12, 235)
    assert (found.integrated_lufs, found.true_peak_dbtp) == (-16.2, -1.4)
    assert found.damaged == 2  # one concealed video frame, one dropped audio packet


# ---------- speech onsets ----------


def test_an_onset_is_found_where_speech_steps_up_after_a_pause():
    env = level(3000, [(1000, 1400, -15.0), (1450, 1900, -16.0)])
    assert phrase_onset_ms(env, 1000) == 1000
    assert phrase_onset_ms(env, 1200) == 1000  # 200 ms early: found, and off by 200


def test_a_quiet_first_consonant_is_walked_back_to_its_start():
    env = level(3000, [(960, 1000, -40.0), (1000, 1400, -15.0)])
    assert phrase_onset_ms(env, 980) == 960


def test_codec_pre_echo_before_speech_out_of_silence_is_not_its_start():
    env = level(3000, [(970, 1000, -70.0), (1000, 1400, -12.0)], floor=-100.0)
    assert phrase_onset_ms(env, 1000) == 1000


def test_the_phrase_wins_over_a_nearer_beat_of_the_music():
    env = level(3000, [(950, 990, -30.0), (1150, 1600, -12.0)], floor=-35.0)
    assert phrase_onset_ms(env, 980) == 1150


def test_no_step_means_no_onset():
    assert phrase_onset_ms(np.full(3000, -20.0), 1000) is None
    assert phrase_onset_ms(np.full(3000, -20.0), 9000) is None


def test_the_stem_gives_the_lag_of_the_mix_to_the_millisecond():
    rng = np.random.default_rng(7)
    speech = np.repeat(rng.uniform(-30, -10, 60), 20)  # 1.2 s of syllable-like levels
    stem = np.full(5000, -100.0)
    stem[2000:3200] = speech
    mix = np.full(5000, -35.0)  # a music bed
    mix[2037:3237] = speech
    assert stem_lag_ms(mix, stem, 2000) == (37, stem_lag_ms(mix, stem, 2000)[1])  # type: ignore[index]
    assert stem_lag_ms(mix, stem, 2000)[1] > 0.99  # type: ignore[index]
    assert stem_lag_ms(mix, stem, 4500) is None  # the stem is silent there


# ---------- the checks ----------


def test_duration_tolerates_a_frame_and_fails_beyond():
    probe = Probe(duration_s=10.033, video=VIDEO, audio=AUDIO)
    assert check_duration(probe, EXPECT).status == "pass"
    late = Probe(duration_s=10.2, video=VIDEO, audio={**AUDIO, "duration": "10.2"})
    check = check_duration(late, EXPECT)
    assert check.status == "fail"
    assert "lengths differ by 200 ms" in check.detail and "audio 10.200 s" in check.detail


def test_colour_names_each_missing_tag():
    untagged = {**VIDEO, "color_primaries": "unknown", "color_range": "pc"}
    check = check_color(Probe(video=untagged), Measurements(luma=(16, 235)))
    assert check.status == "warn"
    assert check.detail == "primaries untagged (expected bt709); range pc (expected tv)"


def test_page_warnings_pass_through_glyphs_and_text_fit():
    assert check_glyphs([]).status == "pass"
    glyphs = check_glyphs([MissingGlyph(0x1F600, "person_name"), MissingGlyph(0x0E01, "company")])
    assert glyphs.status == "warn"
    assert glyphs.detail == "no bundled font draws U+1F600 in person_name, U+0E01 in company"

    assert check_text_fit([]).status == "pass"
    fine = check_text_fit([TextFit("scene 1 title", 0.85)])
    assert (fine.status, fine.detail) == ("pass", "1 fitted elements, smallest at 85%")
    shrunk = check_text_fit(
        [TextFit("scene 1 title", 0.62), TextFit("scene 2 label", 1.0, truncated=True)]
    )
    assert shrunk.status == "warn"
    assert shrunk.detail == "text did not fit: scene 1 title shrunk to 62%, scene 2 label truncated"


def test_the_report_lists_every_check_and_takes_the_worst_status():
    probe = Probe(duration_s=10.0, video=VIDEO, audio=AUDIO)
    found = Measurements(integrated_lufs=-16.0, true_peak_dbtp=-1.5, luma=(16, 235))
    good = build_report(probe, found, EXPECT)
    assert [c.name for c in good.checks] == list(CHECKS)
    assert good.status == "pass"
    glyph = Expectations(**{**EXPECT.__dict__, "missing_glyphs": [MissingGlyph(0x1F600, "x")]})
    assert build_report(probe, found, glyph).status == "warn"
    broken = build_report(Probe(duration_s=10.0, audio=AUDIO), found, glyph)
    assert broken.status == "fail"
    assert broken.to_json()["checks"][0] == {
        "name": "streams", "status": "fail", "detail": "no video stream",
    }  # fmt: skip


def test_the_measuring_run_decodes_and_filters_on_one_thread() -> None:
    # Frame threads and filter threads cost CPU beside a render that keeps every core busy.
    args = measure_args(
        Path("video.mp4"), True, True, 30, Path("stem.wav"), Path("mix"), Path("stem")
    )
    video_input = args.index("video.mp4")
    assert args[video_input - 3 : video_input] == ["-threads", "1", "-i"]
    assert args[args.index("-filter_complex_threads") + 1] == "1"
