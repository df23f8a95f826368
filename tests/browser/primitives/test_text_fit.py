"""Text that fits: every primitive, every option, with every text field at one character, at
typical length and at the longest the tier limits allow. At each scene's settled frame:

- every piece of text lies inside its own element's box (nothing spills or is clipped),
- inside the frame's safe area: 5 % in from each edge (64 px left and right, 36 px top and
  bottom of the 1280x720 layout),
- and no two pieces of text of different elements overlap.

Boxes are the browser's own: DOM ranges over the text nodes a viewer can see."""

from __future__ import annotations

from typing import Any

import pytest

from app.primitives.catalog import catalog, get_primitive
from tests.support.fit_samples import SETS, fit_case
from tests.support.layout import settled_problems

pytestmark = [pytest.mark.asyncio(loop_scope="session"), pytest.mark.slow]


def _scenes(primitive_id: str, fields: dict[str, Any]) -> list[dict[str, Any]]:
    info = get_primitive(primitive_id)
    assert info is not None
    return [
        {"primitiveId": primitive_id, "animationOption": option, "transition": "cut", **fields}
        for option in info.animationOptions
    ]


@pytest.mark.parametrize("which", sorted(SETS))
@pytest.mark.parametrize("primitive_id", sorted(catalog()))
async def test_every_text_fits_its_box_the_safe_area_and_its_neighbours(
    make_composition, primitive_id: str, which: str
) -> None:
    fields, data = fit_case(primitive_id, which)
    page = await make_composition(_scenes(primitive_id, fields), data)
    found = {k: v for k, v in (await settled_problems(page)).items() if v}
    assert found == {}, f"{primitive_id} ({which}): {found}"
    assert page.errors == [], page.errors
