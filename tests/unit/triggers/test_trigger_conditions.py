"""Trigger conditions: the skipCondition ops on dotted paths, all/any, and their schema."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from app.triggers.conditions import holds
from app.triggers.schemas import Condition

DATA = {
    "workouts": 100,
    "streak": "12",
    "plan": {"tier": "gold", "since": None},
    "tags": ["a", "b"],
    "vip": True,
    "empty": "",
}


@pytest.mark.parametrize(
    ("field", "op", "value", "expected"),
    [
        ("workouts", ">=", 100, True),
        ("workouts", ">=", 101, False),
        ("workouts", "<=", 100, True),
        ("workouts", "<=", 99, False),
        ("workouts", ">", 99, True),
        ("workouts", ">", 100, False),
        ("workouts", "<", 101, True),
        ("workouts", "<", 100, False),
        ("workouts", "==", 100, True),
        ("workouts", "==", "100", True),  # numeric strings compare as numbers
        ("workouts", "!=", 100, False),
        ("workouts", "!=", 7, True),
        ("streak", ">", 10, True),
        ("plan.tier", "==", "gold", True),
        ("plan.tier", "==", "Gold", False),  # case-sensitive
        ("plan.tier", "!=", "silver", True),
        ("plan.tier", "exists", None, True),
        ("plan.since", "exists", None, False),  # null is not present
        ("plan.since", "not_exists", None, True),
        ("empty", "exists", None, False),
        ("missing.deep.path", "not_exists", None, True),
        ("missing", ">=", 0, False),  # a missing side makes ordering ops false
        ("tags.length", "==", 2, True),
        ("tags.0", "==", "a", True),
        ("vip", "==", "true", True),
        ("plan.tier", ">", 1, False),  # not a number
    ],
)
def test_each_op_on_dotted_paths(field, op, value, expected):
    assert holds({"field": field, "op": op, "value": value}, DATA) is expected


def test_all_and_any_compose():
    gold = {"field": "plan.tier", "op": "==", "value": "gold"}
    many = {"field": "workouts", "op": ">=", "value": 500}
    vip = {"field": "vip", "op": "exists"}
    assert holds({"all": [gold, vip]}, DATA) is True
    assert holds({"all": [gold, many]}, DATA) is False
    assert holds({"any": [many, vip]}, DATA) is True
    assert holds({"any": [many, {"field": "nope", "op": "exists"}]}, DATA) is False
    assert holds({"all": [gold, {"any": [many, vip]}]}, DATA) is True
    assert holds({"any": [{"all": [gold, many]}, {"all": [vip, many]}]}, DATA) is False


@pytest.mark.parametrize(
    "bad",
    [
        {"field": "x", "op": "~="},
        {"field": "x", "op": ">="},  # no value
        {"op": "exists"},  # no field
        {"all": []},
        {"all": [{"field": "x", "op": "exists"}], "any": [{"field": "x", "op": "exists"}]},
        {"field": "x", "op": "exists", "any": [{"field": "y", "op": "exists"}]},
        {"field": "x", "op": "exists", "extra": 1},
        {"all": [{"all": [{"all": [{"all": [{"field": "x", "op": "exists"}]}]}]}]},  # too deep
    ],
)
def test_malformed_conditions_are_rejected(bad):
    with pytest.raises(ValidationError):
        Condition.model_validate(bad)


def test_stored_form_drops_empty_members():
    condition = Condition.model_validate(
        {"any": [{"field": "a", "op": "exists"}, {"field": "b", "op": "==", "value": 0}]}
    )
    assert condition.stored() == {
        "any": [{"field": "a", "op": "exists"}, {"field": "b", "op": "==", "value": 0}]
    }
