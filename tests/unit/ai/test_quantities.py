"""Quantities a prompt names become typed slots: the kind, the key, the symbol or unit."""

from __future__ import annotations

import pytest

from app.ai.compose import create
from app.ai.kinds import BY_NAME
from app.ai.quantities import Quantity, currency_of, quantities, unquoted
from app.ai.schemas import TemplateState
from app.ai.slots import SlotBook


def found(prompt: str) -> list[tuple[str, str, str, str]]:
    return [(q.kind, q.key, q.prefix, q.suffix.strip()) for q in quantities(prompt)]


@pytest.mark.parametrize(
    "prompt, expected",
    [
        ("thank-you for donors: how much each gave this year, a map",
         [("money", "amount_given", "$", "")]),
        ("review: revenue, seats, NPS", [("money", "revenue", "$", ""),
                                         ("count", "seats", "", ""), ("count", "nps", "", "")]),
        ("update: the value of their home in euros", [("money", "estimated_value", "€", "")]),
        ("recap: how many visits this year and the number of meals we served",
         [("count", "visits", "", ""), ("count", "meals_served", "", "")]),
        ("report: win rate, hours studied", [("percent", "win_rate", "", "%"),
                                             ("duration", "hours_studied", "", "h")]),
        ("reminder: the date of their next checkup, days since the last visit",
         [("date", "checkup_date", "", ""), ("duration", "days_since_visit", "", "days")]),
        ("recap: top 5 genres and how you compare to other viewers",
         [("top", "top_genres", "", ""), ("rank", "percentile", "", "")]),
        ("welcome: the date they joined", [("date", "join_date", "", "")]),
        ("recap: finishing time in minutes, runway in months, average response time",
         [("duration", "finishing_time", "", "min"), ("duration", "runway", "", "months"),
          ("duration", "average_response_time", "", "min")]),
        ("recap: pages turned, episodes finished, the amount still owed, account balance",
         [("count", "pages_turned", "", ""), ("count", "episodes_finished", "", ""),
          ("money", "amount_owed", "$", ""), ("money", "balance", "$", "")]),
        ("results: their place in their age group, the check-in date",
         [("rank", "percentile", "", ""), ("date", "checkin_date", "", "")]),
        ("report: dividend per share in dollars, days ahead of schedule, hours saved, total "
         "given", [("money", "dividend", "$", ""), ("duration", "days_ahead", "", "days"),
                   ("duration", "hours_saved", "", "h"), ("money", "amount_given", "$", "")]),
    ],
)  # fmt: skip
def test_each_quantity_kind_gets_its_typed_slot(prompt, expected):
    assert found(prompt) == expected


def test_what_the_video_is_and_its_audience_are_not_quantities():
    assert quantities("event recap for our conference attendees") == []
    assert quantities("sales report with a breakdown by channel") == []
    assert quantities("author spotlight for a novelist with their books") == []


def test_top_n_keeps_how_many_and_quoted_copy_is_not_read():
    (top,) = quantities("a recap with the top 3 topics")
    assert (top.kind, top.top, top.slot_type) == ("top", 3, "array")
    assert quantities("a video with the headline 'how much you saved'") == []
    assert unquoted("say 'hi there' now") == "say            now"


def test_currency_symbol_and_spoken_name():
    assert (currency_of("in euros").symbol, currency_of("£ raised").spoken) == ("€", "pounds")
    assert currency_of("how much they gave").symbol == "$"


def test_how_things_are_shown_is_not_a_count():
    assert quantities("review with stats and categories ranked") == []
    assert quantities("the countries they visited") == []


def test_a_quantity_never_takes_a_lists_slot():
    book = SlotBook([])
    assert book.key("books") == "books"  # the book shelf's list
    assert book.quantity(Quantity("count", "books", "Books")) == "books_count"
    assert {s.key: s.type for s in book.slots} == {"books": "array", "books_count": "number"}


@pytest.mark.parametrize(
    "prompt, expected",
    [
        # "compared with" does not cut the phrase that names the rank
        ("recap: their average rating compared with other drivers in the city",
         [("rank", "percentile", "", "")]),
        # a count led by another noun or by "average"; an irregular participle
        ("review: support tickets opened, average steps per day, exhibitions seen",
         [("count", "support_tickets_opened", "", ""), ("count", "average_steps", "", ""),
          ("count", "exhibitions_seen", "", "")]),
    ],
)  # fmt: skip
def test_counts_and_ranks_phrased_around_their_noun(prompt, expected):
    assert found(prompt) == expected


@pytest.mark.parametrize(
    "prompt, expected",
    [
        # a count in a unit of measure, named by the thing and what was done with it
        ("impact report: tonnes of CO2 avoided, litres of water saved, miles of trail cleaned",
         [("count", "co2_avoided", "CO2 avoided (tonnes)"),
          ("count", "water_saved", "Water saved (litres)"),
          ("count", "trail_cleaned", "Trail cleaned (miles)")]),
        # "<things> they <did>": the things, with a word before them, and what was done
        ("recap: the brewery events they attended, the trails you rode, the hours we "
         "volunteered", [("count", "brewery_events_attended", "Brewery events attended"),
                         ("count", "trails_ridden", "Trails ridden"),
                         ("duration", "hours_volunteered", "Hours volunteered")]),
        # a place overall is a rank
        ("results: their position overall", [("rank", "percentile", "Percentile")]),
        ("results: their overall placing", [("rank", "percentile", "Percentile")]),
    ],
)  # fmt: skip
def test_counts_in_units_done_by_someone_and_places_overall(prompt, expected):
    assert [(q.kind, q.key, q.label) for q in quantities(prompt)] == expected


@pytest.mark.parametrize(
    "prompt, expected",
    [
        # a date named by when it is booked; how long since a hyphenated thing
        ("reminder: when their next cleaning is booked, how long it's been since their last "
         "x-ray, the date of their follow-up visit",
         [("date", "cleaning_date", "Cleaning date"),
          ("duration", "days_since_xray", "Days since your last x-ray"),
          ("date", "followup_visit_date", "Follow-up visit date")]),
        # a count in a unit named after "in" (pounds after "in" stay the currency)
        ("report: electricity used in kWh, total distance ridden in kilometres, money raised "
         "in pounds", [("count", "electricity_used", "Electricity used (kWh)"),
                       ("count", "distance_ridden", "Distance ridden (kilometres)"),
                       ("money", "amount_raised", "Raised")]),
        # a count led by a word that says which ones
        ("review: active employees on the platform, unique visitors",
         [("count", "active_employees", "Active employees"),
          ("count", "unique_visitors", "Unique visitors")]),
        # where they ended up is a rank, even on a leaderboard; a leaderboard alone is not
        ("wrap-up: where they ended up on the club leaderboard",
         [("rank", "percentile", "Percentile")]),
        ("wrap-up: a sales leaderboard", []),
    ],
)  # fmt: skip
def test_dates_units_leads_and_ranks_named_around_their_measure(prompt, expected):
    assert [(q.kind, q.key, q.label) for q in quantities(prompt)] == expected


def test_a_weight_in_pounds_is_no_currency_and_its_unit_is_spoken():
    assert currency_of("pounds of food donated and the money raised").symbol == "$"
    assert currency_of("the money raised in pounds").symbol == "£"
    (weight,) = quantities("thank-you: pounds of food donated")
    shown = (weight.kind, weight.label, weight.prefix, weight.spoken)
    assert shown == ("count", "Food donated (pounds)", "", "pounds")
    scenes = create("thank-you: pounds of food donated", TemplateState(scenes=[], dataSlots=[]))
    scripts = " ".join(s.voScript or "" for s in scenes.scenes)
    assert "Food donated: [food_donated] pounds." in scripts


def test_things_done_by_someone_are_not_places_or_scenes():
    assert quantities("recap: the cities they visited, the photos they took") == []


def test_a_list_led_by_an_adjective_is_not_a_count():
    assert quantities("recap: their favorite songs") == []
    assert quantities("recap: the amazing songs") == []


@pytest.mark.parametrize(
    "prompt, absent",
    [
        ("year-end recap for our ride-share drivers: trips completed", "breakdown"),
        ("quarterly review: uptime as a percent and a link to upgrade their plan", "timeline"),
        ("season summary: medals won and a team photo", "quote"),
    ],
)
def test_words_that_name_no_scene(prompt, absent):
    scenes = create(prompt, TemplateState(scenes=[], dataSlots=[])).scenes
    assert BY_NAME[absent].primitive not in [s.primitiveId for s in scenes]


@pytest.mark.parametrize(
    "prompt, expected",
    [
        # a question or an exclamation ends a phrase; a unit in parentheses stays with its phrase
        ("Can we do a recap for riders? Show rides taken!! distance covered (km), screen time "
         "(hours)", [("count", "rides_taken", "Rides taken"),
                     ("count", "distance_covered", "Distance covered (km)"),
                     ("duration", "screen_time", "Screen time")]),
        # whose it is names nothing; "current" says which; what is due is dated
        ("reminder: their bike's current mileage, the date their next service is due",
         [("count", "current_mileage", "Current mileage"), ("date", "due_date", "Due date")]),
        # "what they paid" is an amount; a count is no amount unless a currency is named
        ("recap: what you spent on repairs, how many times they've donated, the number of "
         "lives their gifts saved", [("money", "amount_spent", "Spent"),
                                     ("count", "times_donated", "Times donated"),
                                     ("count", "lives_saved", "Lives saved")]),
        # time named by what it was spent on; things counted in what holds them
        ("usage: call minutes, studio hours booked, bottles of wine they've opened, photos of "
         "the trip", [("duration", "call_minutes", "Call minutes"),
                      ("duration", "studio_hours_booked", "Studio hours booked"),
                      ("count", "bottles_of_wine", "Bottles of wine")]),
        # kilowatt hours are energy, not time
        ("impact: kilowatt hours generated", [("count", "kilowatt_hours_generated",
                                               "Kilowatt hours generated")]),
    ],
)  # fmt: skip
def test_the_seventh_sets_readings(prompt, expected):
    assert [(q.kind, q.key, q.label) for q in quantities(prompt)] == expected


def test_a_pic_is_a_photo_and_comments_are_a_quote():
    prompt = "term report: lessons attended, a pic from the concert and their tutor's comments"
    scenes = create(prompt, TemplateState(scenes=[], dataSlots=[])).scenes
    shown = [s.primitiveId for s in scenes]
    assert BY_NAME["photo"].primitive in shown and BY_NAME["quote"].primitive in shown


@pytest.mark.parametrize(
    "prompt, expected",
    [
        # a dash between words ends a phrase (a hyphen does not); yards are a unit
        ("Could you make a recap for our cricket league — wickets taken - best throw in yards "
         "- a follow-up date", [("count", "wickets_taken", "Wickets taken"),
                                ("count", "best_throw", "Best throw (yards)"),
                                ("date", "followup_date", "Follow-up date")]),
        # a word in -ing says what kind of things are counted; a unit can be what was counted
        ("statement: coaching calls, upcoming classes, GB uploaded, litres pumped",
         [("count", "coaching_calls", "Coaching calls"), ("count", "gb_uploaded", "GB uploaded"),
          ("count", "litres_pumped", "Litres pumped")]),
        # how something ranks, stacks up or measures up against others is a rank
        ("team recap: how your score stacks up", [("rank", "percentile", "Percentile")]),
        ("school report: where attendance ranks among other schools",
         [("rank", "percentile", "Percentile")]),
    ],
)  # fmt: skip
def test_the_eighth_sets_readings(prompt, expected):
    assert [(q.kind, q.key, q.label) for q in quantities(prompt)] == expected
