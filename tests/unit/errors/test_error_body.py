"""The error body shape and messages, without HTTP."""

from __future__ import annotations

from app.errors import ApiError, insufficient_credits, summarize


def test_error_code_follows_status():
    assert ApiError(400, "x").error == "invalid_request"
    assert ApiError(401, "x").error == "unauthorized"
    assert ApiError(402, "x").error == "insufficient_credits"
    assert ApiError(403, "x").error == "forbidden"
    assert ApiError(404, "x").error == "not_found"
    assert ApiError(429, "x").error == "rate_limited"
    assert ApiError(502, "x").error == "upstream_failed"


def test_body_has_fixed_keys_and_extras():
    body = insufficient_credits(2, 5, "https://u").body()
    assert body == {
        "success": False,
        "error": "insufficient_credits",
        "message": body["message"],
        "details": [],
        "credits": 2,
        "upgradeUrl": "https://u",
    }
    assert "5" in body["message"] and "2" in body["message"]


def test_summary_names_fields_and_caps_the_list():
    details = [{"loc": ["scenes", str(i), "primitiveId"], "msg": "required"} for i in range(7)]
    text = summarize(details)
    assert text.startswith("scenes.0.primitiveId: required")
    assert text.endswith("(+2 more)")
