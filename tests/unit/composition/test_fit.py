"""fit.json: every primitive declares how its text fits, in the one format the runtime reads."""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

from app.composition.fit import FIT_FILE, FitRule, fit_rules, rules_for_page
from app.primitives.catalog import PRIMITIVES_DIR, catalog


@pytest.mark.parametrize("primitive_id", sorted(catalog()))
def test_every_primitive_declares_its_text_elements(primitive_id: str) -> None:
    assert (PRIMITIVES_DIR / primitive_id / FIT_FILE).is_file()
    rules = fit_rules(primitive_id)
    assert rules, primitive_id
    template = (PRIMITIVES_DIR / primitive_id / "scene.html.j2").read_text()
    script = (PRIMITIVES_DIR / primitive_id / "scene.js").read_text()
    for rule in rules:
        # every selector names a class the primitive's markup or script really uses
        last = rule.selector.split()[-1].lstrip(".")
        assert last in template or last in script, (primitive_id, rule.selector)


def test_a_rule_takes_exactly_one_way_to_overflow() -> None:
    assert FitRule(selector=".a", min=12, wrap=2).wrap == 2
    assert FitRule(selector=".a", min=12, ellipsis=True).ellipsis
    for bad in (
        {"selector": ".a", "min": 12},
        {"selector": ".a", "min": 12, "wrap": 2, "ellipsis": True},
        {"selector": ".a", "min": 30, "max": 20, "ellipsis": True},
        {"selector": ".a", "min": 12, "ellipsis": True, "shrink": "yes"},
    ):
        with pytest.raises(ValidationError):
            FitRule.model_validate(bad)


def test_the_page_gets_only_the_fields_a_rule_sets() -> None:
    rules = rules_for_page("title-intro")
    assert {"selector": ".ti-name", "min": 52.0, "wrap": 2} in rules
    assert all("ellipsis" not in r or r["ellipsis"] is True for r in rules)
    json.dumps(rules)  # goes into the page's timeline JSON
