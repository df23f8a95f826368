"""Every slot the composer proposes has a valid data slot key, however the prompt names its
quantity: a name starting with a digit ("3D prints", "2FA codes") made a key the slot schema
refuses, and `POST /api/prompt-builder` answered 500 (found by the fifteenth held-out set)."""

from __future__ import annotations

import pytest

from app.ai.compose import create
from app.ai.schemas import TemplateState
from app.ai.slots import slot_key
from app.composition.variables import KEY, VARIABLE


@pytest.mark.parametrize(
    "prompt",
    [
        "Print farm recap: 3D prints completed, filament used in kg and a button to reorder",
        "Security digest for admins — 2FA codes sent this month, 5G devices seen",
        "Arcade wrap: 1up tokens earned, high scores set",
    ],
)
def test_quantities_named_with_a_leading_digit_get_valid_keys_and_their_scenes_use_them(
    prompt: str,
) -> None:
    composed = create(prompt, TemplateState())
    keys = {s.key for s in composed.dataSlots}
    assert all(KEY.fullmatch(k) for k in keys), keys
    referenced = {
        m.group(1).split(".")[0]
        for scene in composed.scenes
        for m in VARIABLE.finditer(scene.model_dump_json())
    }
    assert referenced <= keys, referenced - keys


def test_a_key_that_would_start_with_a_digit_is_led_by_its_kind() -> None:
    assert slot_key("3d_prints_completed", "count") == "count_3d_prints_completed"
    assert slot_key("prints_completed", "count") == "prints_completed"
    assert slot_key("_", "money") == "money"
