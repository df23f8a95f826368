"""Quantities named in ways the thirty-sixth set's first run showed misread, worded unlike any
prompt set ("the season's fees (FCFA)" and "the skills they've improved (batting, bowling,
fielding)" were what showed it): a currency named by its own sign of letters alone, where only
a currency can stand; skills named by what someone did with them, a profile. Their neighbours
read as before."""

from __future__ import annotations

import pytest

from app.ai.compose import create
from app.ai.schemas import TemplateState
from tests.support.ai_readings import kind_key_label_prefix as read


@pytest.mark.parametrize(
    "prompt, expected",
    [
        # a sign of letters alone where only a currency can stand names its currency
        ("a club recap: dues in FCFP, visits",
         [("money", "dues_amount", "Dues", "FCFP "), ("count", "visits", "Visits", "")]),
        ("a camp recap: what they paid (FBu), visits",
         [("money", "amount_paid", "Paid", "FBu "), ("count", "visits", "Visits", "")]),
        ("a club recap: fees in Fdj", [("money", "fees_amount", "Fees", "Fdj ")]),
        ("a club recap: fees (CFA), visits",
         [("money", "fees_amount", "Fees", "CFA "), ("count", "visits", "Visits", "")]),
        # neighbours: two letters may be a unit, a sign several currencies share is the
        # table's, a sign inside words is no currency
        ("a club recap: distance in KM, visits",
         [("count", "distance", "Distance (KM)", ""), ("count", "visits", "Visits", "")]),
        ("a club recap: fees in FG", [("money", "fees", "Fees", "$")]),
        ("a club recap: fees (Rs), visits",
         [("money", "fees_amount", "Fees", "₹"), ("count", "visits", "Visits", "")]),
        ("a club recap: the FCFA rules explained, fees",
         [("count", "fcfa_rules_explained", "FCFA rules explained", ""),
          ("money", "fees", "Fees", "$")]),
    ],
)  # fmt: skip
def test_a_currency_named_by_its_sign_alone(prompt, expected) -> None:
    assert read(prompt) == expected


@pytest.mark.parametrize(
    "prompt, expected",
    [
        # skills named by what someone did with them are a profile, no count
        ("a school recap: the skills she learned this term, lessons",
         [("count", "lessons", "Lessons", "")]),
        ("a school recap: the new skills you've practised, lessons",
         [("count", "lessons", "Lessons", "")]),
        # neighbours: skills counted, or asked how many, drills done, books borrowed
        ("a school recap: skills learned, lessons",
         [("count", "skills_learned", "Skills learned", ""),
          ("count", "lessons", "Lessons", "")]),
        ("a school recap: how many skills they've learned",
         [("count", "skills_learned", "Skills learned", "")]),
        ("a school recap: the drills they've done",
         [("count", "drills_done", "Drills done", "")]),
        ("a school recap: the books they borrowed", []),
    ],
)  # fmt: skip
def test_skills_named_by_what_was_done_with_them(prompt, expected) -> None:
    assert read(prompt) == expected


def test_skills_someone_improved_make_a_profile() -> None:
    answer = create(
        "A term video for our judo club: bouts fought, the skills they've improved (throws, "
        "holds, footwork), and a button to book next term",
        TemplateState(),
    )
    assert "radar" in [scene.primitiveId for scene in answer.scenes]
