"""Data checks against a template's data slots: required fields and types."""

from __future__ import annotations

from app.templates.slots import Slot, check_data

SLOTS = [
    Slot(key="person_name", label="Full name", type="text", required=True),
    Slot(key="totalWorkouts", label="Workouts", type="number", required=True),
    Slot(key="joined", label="Join date", type="date", required=False),
]


def test_check_data_names_missing_and_mistyped_fields_and_only_checks():
    slots = [
        *SLOTS,
        Slot(
            key="tier", label="Tier", type="text", required=True, default="gold", has_default=True
        ),
    ]
    data = {"totalWorkouts": "7", "joined": "soon"}
    problems = check_data(slots, data)
    assert {(p["field"], p["problem"]) for p in problems} == {
        ("person_name", "is required"),
        ("totalWorkouts", "must be a number"),
        ("joined", "must be an ISO 8601 date (YYYY-MM-DD)"),
    }
    # a slot with a default is never missing; the default is applied by prepare_render only
    assert data == {"totalWorkouts": "7", "joined": "soon"}
