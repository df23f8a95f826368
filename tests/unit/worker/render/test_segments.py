"""Where a video is cut (worker/render/segments.py): the GOP grid, and the pages' shares of it
by capture work."""

from __future__ import annotations

from worker.render.segments import gop_grid, page_work, split_gops


def split_ranges(flags: list[bool], gop: int, parts: int) -> list[range]:
    """A video of one segment shared between `parts` pages."""
    return split_gops(flags, gop_grid([range(len(flags))], gop), parts)


def test_ranges_cover_every_frame_once_on_gop_boundaries():
    flags = [True] * 45 + [False] * 100 + [True] * 155
    ranges = split_ranges(flags, 30, 3)
    assert [i for r in ranges for i in r] == list(range(300))
    assert all(r.start % 30 == 0 for r in ranges)
    assert len(ranges) == 3


def test_ranges_balance_captured_frames_not_frame_counts():
    flags = [True] * 60 + [False] * 240  # all the motion in the first two seconds
    first, second = split_ranges(flags, 30, 2)
    assert len(first) < len(second)  # the static tail is cheap: one page takes most of it


def test_short_video_uses_fewer_pages_than_asked():
    assert split_ranges([True] * 20, 30, 4) == [range(0, 20)]


def test_the_gop_grid_restarts_at_every_segment_start():
    gops = gop_grid([range(0, 45), range(45, 52), range(52, 120)], 30)
    assert [g.start for g in gops] == [0, 30, 45, 52, 82, 112]
    assert [i for g in gops for i in g] == list(range(120))


def test_pages_split_at_the_boundary_nearest_an_equal_share():
    gops = gop_grid([range(0, 95), range(95, 200)], 30)  # ... 60-90, 90-95, 95-125 ...
    first, second = split_gops([True] * 200, gops, 2)
    assert (first, second) == (range(0, 95), range(95, 200))  # 95 frames, not 125
    assert split_gops([True] * 200, gops, 8) == gops  # one GOP each at most


def test_page_work_keeps_each_page_on_contiguous_frames_cut_where_segments_end():
    segments = [range(0, 45), range(45, 52), range(52, 120)]
    work = page_work(segments, [True] * 120, 30, 2)
    assert work == [[(0, range(0, 45)), (1, range(45, 52))], [(2, range(52, 120))]]
    # Segments already cached (not asked for) leave a gap no page's work spans.
    work = page_work([range(0, 45), range(52, 120)], [True] * 120, 30, 1)
    assert work == [[(0, range(0, 45)), (1, range(52, 120))]]
