"""Header -> data slot mapping and cell conversion."""

from __future__ import annotations

import pytest

from app.renders.mapping import CellError, convert_cell, map_headers, normalize, row_to_data
from app.templates.slots import Slot

SLOTS = [
    Slot(
        key="person_name",
        label="Full name",
        type="text",
        required=True,
        aliases=("recipient", "customer name"),
    ),
    Slot(
        key="totalWorkouts", label="Workouts", type="number", required=True, aliases=("sessions",)
    ),
    Slot(key="joined", label="Join date", type="date", required=False),
    Slot(key="radarData", label="Activity mix", type="array", required=False),
    Slot(key="profile", label="Profile", type="object", required=False),
]


def test_normalize_ignores_case_punctuation_and_camel_case():
    assert normalize("Person Name") == normalize("person_name") == normalize("personName")
    assert normalize(" E-Mail ") == "email"


def test_headers_match_by_key_label_alias_and_fuzzily():
    mapping = map_headers(
        ["PERSON-NAME", "Sessions", "join date", "Activity Mixx", "profile", "Notes"], SLOTS
    )
    assert mapping == {
        "PERSON-NAME": "person_name",
        "Sessions": "totalWorkouts",
        "join date": "joined",
        "Activity Mixx": "radarData",
        "profile": "profile",
        "Notes": None,
    }


def test_each_slot_is_filled_by_one_column_exact_match_first():
    mapping = map_headers(["recipients", "Recipient"], SLOTS)
    assert mapping == {"Recipient": "person_name", "recipients": None}


def test_unrelated_headers_stay_unmapped():
    assert map_headers(["zip", "color"], SLOTS) == {"zip": None, "color": None}


@pytest.mark.parametrize(
    ("cell", "slot_type", "expected"),
    [
        ("1,234", "number", 1234),
        ("12.5", "number", 12.5),
        ("$ 99", "number", 99),
        ("2024-02-29", "date", "2024-02-29"),
        ("2024/02/29", "date", "2024-02-29"),
        ("29.02.2024", "date", "2024-02-29"),
        ('[{"label": "Run", "value": 3}]', "array", [{"label": "Run", "value": 3}]),
        ('{"a": 1}', "object", {"a": 1}),
        ("  Ada ", "text", "Ada"),
        ("", "number", None),
    ],
)
def test_cells_convert_to_slot_types(cell, slot_type, expected):
    assert convert_cell(cell, slot_type) == expected


@pytest.mark.parametrize(
    ("cell", "slot_type"),
    [
        ("lots", "number"),
        ("tomorrow", "date"),
        ("[1, 2", "array"),
        ('{"a": 1}', "array"),
        ("[1]", "object"),
    ],
)
def test_bad_cells_raise(cell, slot_type):
    with pytest.raises(CellError):
        convert_cell(cell, slot_type)


def test_row_keeps_unmapped_columns_as_extra_data_and_reports_bad_cells():
    headers = ["Recipient", "Sessions", "Team"]
    mapping = map_headers(headers, SLOTS)
    data, problems = row_to_data(headers, mapping, ["Ada", "x", "Blue"], SLOTS)
    assert data == {"person_name": "Ada", "Team": "Blue"}
    assert problems[0]["field"] == "totalWorkouts" and problems[0]["column"] == "Sessions"
