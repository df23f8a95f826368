"""What the built-in composer says and shows, read as its user reads the video: a birthday is
wished, a card of names and dates is not called numbers, a scene with no result is not
praised, the close announces nothing more, and a thing's value is named by the thing."""

from __future__ import annotations

import pytest

from app.ai.buttons import asked_button
from app.ai.compose import create
from app.ai.lines import ANNOUNCES, TONE_PRAISE
from app.ai.quantities import quantities
from app.ai.schemas import TemplateState
from tests.support.ai_prompts import CREATE


def scenes(prompt: str) -> dict[str, dict]:
    made = create(prompt, TemplateState())
    return {s.primitiveId: {"data": s.sceneData, "vo": s.voScript} for s in made.scenes}


@pytest.mark.parametrize(
    "prompt",
    [
        "A birthday greeting for everyone in our choir with their name and seasons sung",
        "bday video for the members of our climbing wall: routes climbed this year",
        "Happy birthday clip for each patron of our library, with their favourite author",
    ],
)
def test_a_birthday_video_wishes_happy_birthday(prompt: str) -> None:
    made = scenes(prompt)
    assert made["title-intro"]["data"]["subtitle"] == "Happy birthday"
    assert made["title-intro"]["vo"].startswith("Happy birthday, [person_name]!")
    assert made["outro"]["data"]["message"] == "Happy birthday, [person_name]"
    assert "writing" not in made["outro"]["vo"]  # a reader's favourite author is no spotlight


def test_a_use_case_word_inside_what_is_said_of_the_recipient_names_no_use_case() -> None:
    made = scenes("A thank-you for our book club's readers: books read, their favourite author")
    assert made["outro"]["data"]["message"] != "Keep writing, [person_name]"
    assert made["title-intro"]["data"]["subtitle"] != "Author spotlight"


def test_a_card_of_names_and_dates_is_called_details_not_numbers() -> None:
    made = scenes(
        "A welcome for new patients: their physiotherapist's name and their first visit date"
    )
    stats = made["stat-counters"]
    assert stats["data"]["title"] == "Your details at a glance"
    assert "number" not in stats["vo"].lower()
    mixed = scenes("A recap for our members: classes taken and their coach's name")
    assert "number" in mixed["stat-counters"]["vo"].lower()  # a count among them: numbers


PRAISE = {line for lines in TONE_PRAISE.values() for line in lines}
UNPRAISED = ("title-intro", "logo-reveal", "quote-card", "ken-burns", "cta-card", "outro")


@pytest.mark.parametrize("case", CREATE, ids=lambda c: c.prompt[:40])
def test_no_scene_without_a_result_is_praised_and_the_close_announces_nothing(case) -> None:
    for scene in create(case.prompt, TemplateState()).scenes:
        said = scene.voScript or ""
        if scene.primitiveId in UNPRAISED:
            assert not [p for p in PRAISE if p in said], (scene.primitiveId, said)
        if scene.primitiveId in ("cta-card", "outro"):
            sentences = [s.strip() for s in said.replace("!", ".").split(".") if s.strip()]
            assert not [s for s in sentences[1:] if s.startswith(ANNOUNCES)], said


@pytest.mark.parametrize(
    ("prompt", "label"),
    [
        ("Quarterly update for each investor: portfolio value in USD", "Portfolio value ($)"),
        ("Statement video for savers: their account value in GBP", "Account value (£)"),
        ("Homeowners in Lyon: the estimated value of their home in euros", "Estimated value (€)"),
    ],
)
def test_a_value_is_named_by_what_it_is_the_value_of(prompt: str, label: str) -> None:
    made = create(prompt, TemplateState())
    assert label in [slot.label for slot in made.dataSlots]


def texts(prompt: str) -> list[tuple[str, str]]:
    return [(q.key, q.label) for q in quantities(prompt) if q.kind == "text"]


@pytest.mark.parametrize(
    ("prompt", "wanted"),
    [
        ("A renewal nudge for tenants: contract number, the move-out date",
         [("contract_number", "Contract number")]),
        ("Race-day recap for runners: their bib number, minutes run",
         [("bib_number", "Bib number")]),
        ("A spa birthday card: a voucher code for a free massage, visits",
         [("voucher_code", "Voucher code")]),
        ("Check-in video for guests: their reservation ref and nights booked",
         [("reservation_reference", "Reservation reference")]),
        ("Welcome for patients: their patient ID, their doctor's name",
         [("patient_id", "Patient ID"), ("doctor", "Doctor")]),
    ],
)  # fmt: skip
def test_an_identifier_the_recipient_holds_is_a_text_slot(prompt: str, wanted: list) -> None:
    assert texts(prompt) == wanted


@pytest.mark.parametrize(
    "prompt",
    [
        "A hotel recap: the number of nights they stayed",
        "Shop recap: how many promo codes they used this year",
        "A quiz recap with their lucky number",
    ],
)
def test_what_is_no_identifier_is_no_text_slot(prompt: str) -> None:
    assert texts(prompt) == []


@pytest.mark.parametrize(
    ("prompt", "button"),
    [
        (
            "a welcome for patients and a button to fill in the intake form",
            "Fill in your intake form",
        ),
        ("a recap with a button to check in online", "Check in online"),
        ("a reminder, a button to fill in their details, and a map", "Fill in your details"),
        ("a season recap with a button to book in the app", "Book now"),  # "in" not the verb's
        ("a trip recap and a button to book a sunset cruise", "Book your sunset cruise"),
    ],
)
def test_a_button_that_fills_in_or_checks_in_says_so(prompt: str, button: str) -> None:
    assert asked_button(prompt) == button


def dates(prompt: str) -> list[tuple[str, str]]:
    return [(q.key, q.label) for q in quantities(prompt) if q.kind == "date"]


@pytest.mark.parametrize(
    ("prompt", "wanted"),
    [
        ("A welcome for new students: the date and time of their first lesson, books to bring",
         [("first_lesson_date", "First lesson date")]),
        ("A nudge for applicants: the scholarship deadline, essays sent",
         [("scholarship_deadline", "Scholarship deadline")]),
        ("onboarding: the deadline to upload their ID, and a button to upload",
         [("deadline", "Deadline")]),
        ("A voucher reminder: the date their voucher expires", [("voucher_expiry_date",
                                                                  "Voucher expiry date")]),
    ],
)  # fmt: skip
def test_a_date_is_named_by_what_happens_on_it(prompt: str, wanted: list) -> None:
    assert dates(prompt) == wanted


@pytest.mark.parametrize(
    "prompt",
    [
        "End of season video for our hockey club's players: goals, assists, minutes on ice",
        "season wrap-up for members of our sailing club: races sailed and their boat name",
        "A season summary for the volunteers of our turtle patrol: nests guarded",
    ],
)
def test_a_season_recap_looks_back_on_the_season(prompt: str) -> None:
    made = scenes(prompt)
    assert made["title-intro"]["data"]["subtitle"] == "Your season in review"
    assert "season" in made["title-intro"]["vo"] and "next season" not in made["title-intro"]["vo"]
    assert made["outro"]["data"]["message"] == "Here's to next season, [person_name]"


def test_an_address_said_of_the_recipient_is_a_text_slot() -> None:
    assert texts("A welcome home video for buyers: their new address, the closing date") == [
        ("new_address", "New address")
    ]


def test_a_first_day_video_for_new_employees_is_an_onboarding() -> None:
    made = scenes("A first-day video for each new employee: their start date, their desk location")
    assert made["title-intro"]["data"]["subtitle"] == "Welcome aboard"
    assert texts("new starters: their start date, their locker location") == [
        ("locker_location", "Locker location")
    ]
