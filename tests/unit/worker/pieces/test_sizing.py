"""The sizing rule of a long render's pieces (worker/pieces/plan.py `piece_ranges`)."""

from __future__ import annotations

from pathlib import Path

from app.config import Settings
from worker.pieces.plan import piece_ranges, wants_pieces


def rules(**overrides: float) -> Settings:
    values = {"chunk_threshold_s": 120.0, "chunk_min_s": 20.0, "chunk_max": 16, **overrides}
    return Settings(media_dir=Path("/nonexistent"), **values)  # type: ignore[arg-type]


def test_only_a_video_longer_than_the_threshold_is_split_and_zero_turns_it_off():
    assert not wants_pieces(120_000, rules())
    assert wants_pieces(120_001, rules())
    assert not wants_pieces(3_600_000, rules(chunk_threshold_s=0))


def test_one_piece_per_worker_slot_on_gop_boundaries_covering_every_frame():
    frames = 300 * 30  # five minutes at 30 fps
    ranges = piece_ranges(frames, 30, 2, rules())
    assert ranges == [range(0, 4500), range(4500, 9000)]
    ranges = piece_ranges(frames + 7, 30, 3, rules())
    assert [r.start % 30 for r in ranges] == [0, 0, 0]
    assert ranges[0].start == 0 and ranges[-1].stop == frames + 7
    assert all(a.stop == b.start for a, b in zip(ranges, ranges[1:], strict=False))


def test_no_piece_shorter_than_the_minimum_and_no_more_than_the_maximum():
    # 130 s with 8 slots: 20 s minimum -> 6 pieces, not 8.
    assert len(piece_ranges(130 * 30, 30, 8, rules())) == 6
    assert len(piece_ranges(3600 * 30, 30, 100, rules())) == 16
    assert len(piece_ranges(3600 * 30, 30, 100, rules(chunk_max=4))) == 4
    # The minimum rounds up to whole GOPs (one second each): 1.5 s -> 2 s.
    assert len(piece_ranges(10 * 30, 30, 10, rules(chunk_min_s=1.5))) == 5


def test_one_slot_or_too_short_for_two_pieces_renders_in_one_piece():
    assert piece_ranges(9000, 30, 1, rules()) == [range(0, 9000)]
    assert piece_ranges(39 * 30, 30, 4, rules()) == [range(0, 1170)]
    assert piece_ranges(9000, 30, 0, rules()) == [range(0, 9000)]
