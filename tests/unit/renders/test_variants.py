"""A/B assignment: exact counts (largest remainder), deterministic, the same CSV gives the
same split whatever the batch, and the split rules."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from app.renders.variants import assign, check_split, exact_counts, recipient_key


@pytest.mark.parametrize(
    ("total", "splits", "counts"),
    [
        (10, [50, 50], [5, 5]),
        (7, [50, 50], [4, 3]),  # remainders tie: the earlier variant gets the row
        (10, [33, 33, 34], [3, 3, 4]),  # 3.3, 3.3, 3.4: the largest remainder wins
        (1, [50, 50], [1, 0]),
        (3, [10, 90], [0, 3]),  # 0.3, 2.7: remainders .3 and .7
        (1001, [25, 25, 25, 25], [251, 250, 250, 250]),
    ],
)
def test_exact_counts_by_largest_remainder(total, splits, counts):
    assert exact_counts(total, splits) == counts
    assert sum(exact_counts(total, splits)) == total


def test_assignment_has_the_exact_counts_and_is_deterministic():
    keys = [f"person_name:Person {i}" for i in range(101)]
    variants = [("a", 30), ("b", 70)]
    first = assign(keys, variants)
    assert Counter(first) == {"a": 30, "b": 71}  # 30.3 and 70.7: b takes the extra row
    assert assign(keys, variants) == first
    # the same rows in another order: every recipient keeps their variant
    reordered = list(reversed(keys))
    again = dict(zip(reordered, assign(reordered, variants), strict=True))
    assert again == dict(zip(keys, first, strict=True))
    # a mixed split (not the first 30 rows)
    assert first[:30] != ["a"] * 30
    # other variants (the seed) draw another split
    assert assign(keys, [("x", 30), ("y", 70)]) != [{"a": "x", "b": "y"}[v] for v in first]


def test_duplicate_keys_still_get_exact_counts():
    assert Counter(assign(["same"] * 5, [("a", 60), ("b", 40)])) == {"a": 3, "b": 2}


def test_recipient_key_prefers_email_then_person_name_then_first_cell():
    data = {"person_name": "Ada", "contact": " Ada@Example.com "}
    assert recipient_key(data, ["Ada", "x"], ["contact"]) == "contact:ada@example.com"
    assert recipient_key(data, ["Ada", "x"]) == "person_name:Ada"
    assert recipient_key({}, ["  id-7 ", "x"]) == "cell:id-7"
    assert recipient_key({}, [None, "x"]).startswith("row:")


@pytest.mark.parametrize(
    ("ids", "splits", "problem"),
    [
        (["a"], [100], "has 1 variant(s)"),
        ([str(i) for i in range(11)], [9] * 10 + [10], "has 11 variant(s)"),
        (["a", "a"], [50, 50], "'a' is used twice"),
        (["a", "b"], [50, 49], "sum to 99 (50 + 49)"),
    ],
)
def test_check_split_names_the_problem(ids, splits, problem):
    with pytest.raises(ValueError, match=re.escape(problem)):
        check_split(ids, splits)
    check_split(["a", "b", "c"], [20, 30, 50])
