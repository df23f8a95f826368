"""Quantities and currencies named in ways the thirty-fourth set's first run showed unread,
worded unlike any prompt set ("the entry fee they paid in Macedonian denars", "what the lesson
package cost in Aruban florins", "the price per kilo they got in maloti", "how close to the
crater they stood, in metres", "lobster tails landed (in pounds)", "the average price per pound
in Belize dollars" and "when the next bonus gets paid out" were what showed it): a currency
named by the plural English makes with "s" or by the plural its own country's English writes;
a unit of measure said after a comma; how close something was; things done weighed in pounds,
and a price per pound; when something is paid or arrives; two ranks named in one phrase ("their
position overall and in their age group"), each on a gauge of its own. Their neighbours read as
before."""

from __future__ import annotations

import pytest

from app.ai.compose import create
from app.ai.currencies import currency_in
from app.ai.schemas import TemplateState
from tests.support.ai_readings import kind_key_label_prefix as read


@pytest.mark.parametrize(
    "prompt, sign",
    [
        # the plural English makes with "s", where CLDR writes another ("denari") or none
        ("a gallery recap: print prices in Macedonian denars", "ден."),
        ("a gallery recap: print prices in denars", "ден."),
        ("a beach recap: sunbed rentals in Aruban florins", "Afl."),
        ("a beach recap: sunbed rentals (florins)", "Afl."),
        # the plural the currency's own country writes in English (CLDR's en_LS)
        ("a craft recap: blanket sales in maloti", "M "),
        ("a craft recap: blanket sales in Lesotho maloti", "M "),
        # neighbours: CLDR's own plurals, as before
        ("a gallery recap: print prices in Macedonian denari", "ден."),
        ("a craft recap: blanket sales in Lesotho lotis", "M "),
        ("a craft recap: blanket sales in Swazi emalangeni", "E "),
    ],
)
def test_a_currency_named_by_another_plural(prompt, sign) -> None:
    found = currency_in(prompt)
    assert found is not None and found.symbol == sign


@pytest.mark.parametrize(
    "prompt",
    [
        # a unit that is an English word too is still read only where a currency can stand
        "a bakery recap: florins of dough",
        "a museum recap: the florins on show",
        # a unit two countries share, with neither named, is no currency
        "a kiosk recap: prices in kwacha",
    ],
)
def test_plurals_of_words_name_no_currency_where_anything_can_stand(prompt) -> None:
    assert currency_in(prompt) is None


@pytest.mark.parametrize(
    "prompt, expected",
    [
        # a unit of measure said after a comma, at a phrase's end, is the phrase's
        ("a hike recap: their longest descent, in feet",
         [("count", "longest_descent", "Longest descent (feet)", "")]),
        # ...and how close something was is a distance
        ("a hike recap: how close to the summit they camped, in metres",
         [("count", "distance", "Distance (metres)", "")]),
        # neighbours: a place or "in total" after a comma, how close as no measure, how far
        # (the trail itself is said in words: a text slot, app/ai/attributes.py)
        ("a hike recap: the trail they took, in Wales", [("text", "trail", "Trail", "")]),
        ("a hike recap: nights in a hut, in total",
         [("duration", "hut_nights", "Hut nights", "")]),
        ("a hike recap: how close they came to the record", []),
        ("a hike recap: how far they walked in miles",
         [("count", "distance_walked", "Distance walked (miles)", "")]),
    ],
)  # fmt: skip
def test_a_unit_said_after_a_comma_and_how_close(prompt, expected) -> None:
    assert read(prompt) == expected


@pytest.mark.parametrize(
    "prompt, expected",
    [
        # things done, counted one by one, said in pounds are weighed: a count
        ("an angling recap: trout caught (in pounds)",
         [("count", "trout_caught", "Trout caught (pounds)", "")]),
        # a price per pound is per weight: the prompt's currency, not pounds sterling
        ("an angling recap: the price per pound", [("money", "price", "Price", "$")]),
        # neighbours: money done in pounds, pounds of something, what was spent in pounds
        ("an angling recap: donations raised (in pounds)",
         [("money", "donations_raised", "Donations raised", "£")]),
        ("an angling recap: tickets sold (in pounds)",
         [("money", "tickets_sold", "Tickets sold", "£")]),
        ("an angling recap: pounds of bait used",
         [("count", "bait_used", "Bait used (pounds)", "")]),
        ("an angling recap: what they spent (in pounds)",
         [("money", "amount_spent", "Spent", "£")]),
    ],
)  # fmt: skip
def test_things_done_weighed_in_pounds_and_a_price_per_pound(prompt, expected) -> None:
    assert read(prompt) == expected


@pytest.mark.parametrize(
    "prompt, expected",
    [
        # when something is paid, paid out or arrives is a date
        ("a payroll recap: when the next dividend gets paid out",
         [("date", "dividend_payment_date", "Dividend payment date", "")]),
        ("a payroll recap: when the refund is paid",
         [("date", "refund_payment_date", "Refund payment date", "")]),
        ("a payroll recap: when their parcel arrives",
         [("date", "parcel_arrival_date", "Parcel arrival date", "")]),
        ("a payroll recap: the date the dividend is paid",
         [("date", "dividend_payment_date", "Dividend payment date", "")]),
        # neighbours: what they paid, when they paid (past), the dividend, when it is due
        ("a payroll recap: what they paid", [("money", "amount_paid", "Paid", "$")]),
        ("a payroll recap: when they paid", [("money", "when_paid", "When paid", "$")]),
        ("a payroll recap: the dividend", [("money", "dividend", "Dividend", "$")]),
        ("a payroll recap: when the next dividend is due", [("date", "due_date", "Due date", "")]),
    ],
)  # fmt: skip
def test_when_something_is_paid_or_arrives(prompt, expected) -> None:
    assert read(prompt) == expected


@pytest.mark.parametrize(
    "prompt, expected",
    [
        # two ranks named in one phrase, the second by what it is within, are a rank each
        ("a cycling recap: where they finished overall and among juniors",
         [("rank", "percentile", "Percentile overall", ""),
          ("rank", "juniors_percentile", "Percentile among juniors", "")]),
        ("a darts recap: their standing in the league and in their county",
         [("rank", "percentile", "Percentile in league", ""),
          ("rank", "county_percentile", "Percentile in county", "")]),
        ("a ski recap: their rank overall, in their club and among veterans",
         [("rank", "percentile", "Percentile overall", ""),
          ("rank", "club_percentile", "Percentile in club", ""),
          ("rank", "veterans_percentile", "Percentile among veterans", "")]),
        # neighbours: a rank alone, a rank beside another measure, a top-N list, "and" then
        # no group
        ("a darts recap: their standing in the league", [("rank", "percentile", "Percentile", "")]),
        ("a darts recap: their rank in the league and the darts they threw",
         [("rank", "percentile", "Percentile", ""), ("count", "darts_thrown", "Darts thrown", "")]),
        ("a bowling recap: their top 5 alleys and their rank overall",
         [("top", "top_alleys", "Top 5", ""), ("rank", "percentile", "Percentile", "")]),
        ("a darts recap: their rank overall and in 2025",
         [("rank", "percentile", "Percentile", "")]),
        ("a rowing recap: their rank overall and in their own words",
         [("rank", "percentile", "Percentile", "")]),
        ("a rowing recap: their rank overall and among other things",
         [("rank", "percentile", "Percentile", "")]),
    ],
)  # fmt: skip
def test_two_ranks_in_one_phrase(prompt, expected) -> None:
    assert read(prompt) == expected


def _gauges(prompt: str) -> tuple[list[tuple[str, object, object]], dict[str, str]]:
    made = create(prompt, TemplateState())
    gauges = [(s.label, s.sceneData["percentile"], s.sceneData["title"])
              for s in made.scenes if s.primitiveId == "percentile-gauge"]  # fmt: skip
    return gauges, {s.key: s.label for s in made.dataSlots if s.type == "number"}


def test_two_ranks_in_one_phrase_are_shown_on_a_gauge_each() -> None:
    gauges, labels = _gauges("A season recap for our cyclists: their distance ridden in km, "
                             "and where they finished overall and among juniors")  # fmt: skip
    assert gauges == [
        ("Your rank overall", "[percentile]", "Overall"),
        ("Your rank among juniors", "[juniors_percentile]", "Among juniors"),
    ]
    assert labels["percentile"] == "Percentile overall"
    assert labels["juniors_percentile"] == "Percentile among juniors"


def test_a_rank_alone_is_shown_on_one_gauge_as_before() -> None:
    gauges, labels = _gauges("A season recap for our cyclists: their distance ridden in km, "
                             "and where they finished overall")  # fmt: skip
    assert len(gauges) == 1 and gauges[0][:2] == ("Your rank", "[percentile]")
    assert gauges[0][2] not in ("Overall", "") and labels["percentile"] == "Percentile"
