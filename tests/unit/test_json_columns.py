"""JSON columns are written and read by orjson (app/db.py), with the standard library for
what orjson does not take: the same values come back."""

from __future__ import annotations

import json
import math

from app.db import dump_json, load_json


def test_values_come_back_the_same() -> None:
    value = {"scenes": [{"sceneData": {"title": "Grüße, Ада 👋", "n": 1.5e-7}}],
             "data": {"big": 2**70, "neg": -(2**63), "flag": True, "none": None}}  # fmt: skip
    text = dump_json(value)
    assert load_json(text) == value == json.loads(text)


def test_keys_that_are_not_strings_and_old_nan_rows() -> None:
    assert load_json(dump_json({1: "one"})) == {"1": "one"}  # as json.dumps writes them
    assert math.isnan(load_json('{"x": NaN}')["x"])  # a row written before orjson
    assert load_json(dump_json({"x": math.nan})) == {"x": None}  # JSON has no NaN
