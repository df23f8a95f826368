"""The readings added after the twenty-third held-out set, for its two failures, worded unlike
any prompt set: an amount in a Scandinavian crown whose ISO code the prompt writes ("figures
in SEK") is shown with the sign read in Denmark, Norway and Sweden alike ("kr", was the code),
while an Icelandic króna keeps its code; and a reading in a unit of concentration ("the radon
level (ppm)", "nitrate in ppb") is a count with its unit in the label (was no quantity)."""

from __future__ import annotations

import pytest

from app.ai.compose import create
from app.ai.currencies import currency_in
from app.ai.schemas import TemplateState
from tests.support.ai_readings import kind_label_unit as read


@pytest.mark.parametrize("code", ["DKK", "NOK", "SEK"])
def test_a_scandinavian_crown_written_by_its_code_is_shown_in_kr(code: str) -> None:
    prompt = f"Gym statement, all figures in {code}: what the membership cost, classes booked"
    assert read(prompt) == [("money", "Membership cost", "kr"), ("count", "Classes booked", "")]


def test_a_saving_against_a_price_in_a_crown_written_by_its_code_is_money_in_kr() -> None:
    made = create("Bakery loyalty recap (prices in DKK): how much they saved against the menu "
                  "price, loaves bought", TemplateState())  # fmt: skip
    stats = next(s for s in made.scenes if s.primitiveId == "stat-counters")
    assert [c.get("prefix") for c in stats.sceneData["stats"]][:1] == ["kr "]


@pytest.mark.parametrize(
    "text, sign",
    [
        ("spa fees (ISK)", "ISK"),  # a króna is a twentieth of theirs: its code as written
        ("deposits in PLN", "PLN"),  # no sign read beyond its country
        ("rent in Danish kroner", "kr"),  # by name, as before
    ],
)  # fmt: skip
def test_other_codes_keep_what_they_showed(text: str, sign: str) -> None:
    found = currency_in(text)
    assert found is not None and found.symbol.strip() == sign


@pytest.mark.parametrize(
    "phrase, label",
    [
        ("the radon level in their basement (ppm)", "Radon level (ppm)"),
        ("the water hardness at the tap in ppm", "Water hardness (ppm)"),
        ("lead measured in the pipes (ppb)", "Lead measured (ppb)"),
        ("nitrate in parts per million", "Nitrate (parts per million)"),
    ],
)
def test_a_reading_in_a_unit_of_concentration_is_a_count_with_its_unit(
    phrase: str, label: str
) -> None:
    assert ("count", label, "") in read(f"Home survey results: {phrase}, rooms checked")


def test_an_acronym_read_keeps_its_capitals_beside_the_unit() -> None:
    assert read("Boiler service note: the NO2 reading after the repair (ppm), parts fitted") == [
        ("count", "NO2 reading (ppm)", ""),
        ("count", "Parts fitted", ""),
    ]  # fmt: skip
