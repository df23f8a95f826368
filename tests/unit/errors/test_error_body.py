"""The error body shape and messages, without HTTP."""

from __future__ import annotations

from app.accounts.service import InsufficientCredits
from app.config import Settings
from app.errors import ApiError, DomainError, Kind, summarize


def test_error_code_follows_status():
    assert ApiError(400, "x").error == "invalid_request"
    assert ApiError(401, "x").error == "unauthorized"
    assert ApiError(402, "x").error == "insufficient_credits"
    assert ApiError(403, "x").error == "forbidden"
    assert ApiError(404, "x").error == "not_found"
    assert ApiError(429, "x").error == "rate_limited"
    assert ApiError(502, "x").error == "upstream_failed"


def test_body_has_fixed_keys_and_extras():
    settings = Settings(_env_file=None, upgrade_url="https://u")
    body = InsufficientCredits(2, 5).body(settings)
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


def test_a_domain_error_answers_with_the_status_of_its_kind():
    class Gone(DomainError):
        kind = Kind.NOT_FOUND

    class Busy(DomainError):
        kind = Kind.CONFLICT
        error_code = "busy"

    assert (Gone("x").status, Gone("x").error) == (404, "not_found")
    assert (Busy("x").status, Busy("x").error) == (409, "busy")
    assert Gone("nothing here", details=[{"loc": ["id"]}], extra=1).body() == {
        "success": False,
        "error": "not_found",
        "message": "nothing here",
        "details": [{"loc": ["id"]}],
        "extra": 1,
    }
