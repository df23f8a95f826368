"""Shapes: the resolution names the frame's short side; the page is laid out at a 720 CSS px
short side and captured at the resolution's device scale."""

from __future__ import annotations

import pytest

from app.spec import ASPECT_RATIOS, frame_size, layout_size


@pytest.mark.parametrize(
    ("resolution", "shape", "size"),
    [
        ("720p", "16:9", (1280, 720)),
        ("1080p", "16:9", (1920, 1080)),
        ("4k", "16:9", (3840, 2160)),
        ("720p", "9:16", (720, 1280)),
        ("1080p", "1:1", (1080, 1080)),
        ("1080p", "4:5", (1080, 1350)),
        ("4k", "9:16", (2160, 3840)),
    ],
)
def test_the_resolution_names_the_short_side(resolution, shape, size):
    assert frame_size(resolution, shape) == size


def test_every_shape_has_a_720_px_short_side_and_even_frame_sizes():
    assert ASPECT_RATIOS == ("16:9", "9:16", "1:1", "4:5")
    for shape in ASPECT_RATIOS:
        assert min(layout_size(shape)) == 720
        for resolution in ("720p", "1080p", "4k"):
            assert all(side % 2 == 0 for side in frame_size(resolution, shape))
    assert frame_size("1080p") == (1920, 1080)  # no shape: 16:9
