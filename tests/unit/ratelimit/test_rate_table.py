"""The rate-limit table follows SPEC part 8, taking the stricter figure where rows differ."""

from __future__ import annotations

from app.ratelimit import DEFAULT_RULE, RATE_LIMITS, Decision, rule_for


def test_general_rows_match_spec():
    assert (
        rule_for("POST", "/api/render").limit == 30 and rule_for("POST", "/api/render").burst == 10
    )
    assert (
        rule_for("POST", "/api/render/batch").limit,
        rule_for("POST", "/api/render/batch").burst,
    ) == (5, 2)
    assert (
        rule_for("GET", "/api/render/<job_id>").limit,
        rule_for("GET", "/api/render/<job_id>").burst,
    ) == (120, 30)
    assert rule_for("GET", "/api/keys").limit == 30 and rule_for("POST", "/api/keys").burst == 10
    assert (DEFAULT_RULE.limit, DEFAULT_RULE.burst) == (60, 15)
    assert rule_for("GET", "/api/billing") is DEFAULT_RULE


def test_per_endpoint_rows_apply_the_stricter_figure():
    assert rule_for("GET", "/api/templates").limit == 30
    assert rule_for("GET", "/api/templates").per_ip
    assert rule_for("POST", "/api/templates").limit == 10
    assert rule_for("DELETE", "/api/templates/<template_id>").limit == 10
    assert rule_for("PATCH", "/api/templates/<template_id>").limit == 30
    assert rule_for("POST", "/api/prompt-builder").limit == 10
    assert rule_for("POST", "/api/generate-script").limit == 5


# SPEC part 8's lower rows: a per-minute limit and no burst.
SPEC_ROWS_WITHOUT_BURST = {
    ("GET", "/api/templates"): 30,
    ("GET", "/api/templates/<template_id>"): 30,
    ("POST", "/api/templates"): 10,
    ("DELETE", "/api/templates/<template_id>"): 10,
    ("PATCH", "/api/templates/<template_id>"): 30,
    ("PUT", "/api/templates/<template_id>"): 30,
    ("POST", "/api/prompt-builder"): 10,
    ("POST", "/api/generate-script"): 5,
}


def test_rows_without_a_spec_burst_get_a_third_of_the_limit_rounded():
    for (method, path), limit in SPEC_ROWS_WITHOUT_BURST.items():
        rule = rule_for(method, path)
        assert rule.limit == limit, (method, path)
        assert rule.burst == round(limit / 3), (method, path)
        assert rule.burst < DEFAULT_RULE.burst, (method, path)


def test_no_row_is_looser_than_the_general_default():
    for (method, path), rule in RATE_LIMITS.items():
        if path == "/api/render/<job_id>":
            continue  # SPEC raises polling to 120/30 explicitly
        assert rule.limit <= DEFAULT_RULE.limit, (method, path)
        assert rule.burst <= DEFAULT_RULE.burst, (method, path)
        assert 1 <= rule.burst <= rule.limit


def test_retry_after_only_on_denial():
    allowed = Decision(True, 60, 3, 1_700_000_000, 1).headers()
    denied = Decision(False, 60, 0, 1_700_000_000, 4).headers()
    assert "Retry-After" not in allowed and allowed["X-RateLimit-Remaining"] == "3"
    assert denied["Retry-After"] == "4" and denied["X-RateLimit-Reset"] == "1700000000"
