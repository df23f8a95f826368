"""The A/B decision against hand-computed values: too few sessions, a sample-ratio mismatch,
a significant winner, no difference, and the Bonferroni level with three arms."""

from __future__ import annotations

import pytest

from app.analytics.ab import ArmCounts, decide, metrics, percent


def arm(variant_id: str, started: int, completed: int, **more: int) -> ArmCounts:
    values = {"sessions": started, "recipients": 500, "split_percent": 50, **more}
    return ArmCounts(variant_id, variant_id.upper(), started=started, completed=completed, **values)


def test_percent_rounds_half_up():
    assert percent(1, 8) == 13  # 12.5
    assert percent(1, 3) == 33 and percent(2, 3) == 67 and percent(5, 0) == 0


def test_metrics_are_integer_percents_of_their_sessions():
    a = ArmCounts(
        "a",
        "A",
        50,
        10,
        sessions=8,
        started=4,
        completed=1,
        watch_sum=250,
        watch_sq=0,
        cta_clicked=3,
        shared=1,
    )
    assert metrics(a) == {
        "completionRate": 25,  # 1 / 4 started
        "ctaClickRate": 38,  # 3 / 8 sessions = 37.5
        "avgWatchPercent": 63,  # 250 / 4 = 62.5
        "shareRate": 13,  # 1 / 8 = 12.5
    }


def test_too_few_sessions_is_collecting():
    decision = decide([arm("a", 99, 90), arm("b", 120, 10)], "completionRate", 100)
    assert decision.status == "collecting" and decision.winner is None
    assert "a (99)" in decision.message


def test_sample_ratio_mismatch_means_no_winner():
    # equal recipients, 1000 vs 700 sessions: chi2 = 52.9, p ~ 3e-13 < 0.001
    decision = decide([arm("a", 1000, 900), arm("b", 700, 100)], "completionRate", 100)
    assert decision.status == "sample_ratio_mismatch" and decision.winner is None
    assert decision.sample_ratio_p < 1e-12


def test_significant_winner_by_hand():
    # 600/1000 vs 500/1000: pooled 0.55, SE 0.0222486, z = 4.4947, p = 6.97e-6
    decision = decide([arm("a", 1000, 500), arm("b", 1000, 600)], "completionRate", 100)
    assert decision.status == "significant"
    assert decision.winner is not None and decision.winner.variant_id == "b"
    c = decision.comparison
    assert c is not None and c.runner_up.variant_id == "a"
    assert c.p_value == pytest.approx(6.97e-6, rel=0.01)
    assert c.lift == pytest.approx(0.2)
    assert c.interval == (pytest.approx(0.10772, abs=1e-4), pytest.approx(0.29997, abs=1e-4))
    assert decision.sample_ratio_p == pytest.approx(1.0)


def test_no_difference_by_hand():
    # 510/1000 vs 500/1000: z = 0.447, p = 0.655
    decision = decide([arm("a", 1000, 500), arm("b", 1000, 510)], "completionRate", 100)
    assert decision.status == "no_difference" and decision.winner is None
    assert decision.comparison.p_value == pytest.approx(0.6547, abs=1e-3)


def test_three_arms_use_the_bonferroni_level():
    # 545/1000 vs 500/1000: pooled 0.5225, SE 0.022338, z = 2.0145, p = 0.04396:
    # significant at 0.05 with two arms, not at 0.05 / 2 with three
    two = decide([arm("a", 1000, 500), arm("b", 1000, 545)], "completionRate", 100)
    assert two.status == "significant" and two.comparison.p_value == pytest.approx(
        0.04396, abs=1e-4
    )
    three = decide(
        [arm("a", 1000, 500), arm("b", 1000, 545), arm("c", 1000, 400)], "completionRate", 100
    )
    assert three.status == "no_difference" and three.comparison.runner_up.variant_id == "a"
    assert three.comparison.confidence == pytest.approx(0.975)


def test_avg_watch_percent_uses_welch():
    # a: 200 sessions at 60 (variance 100), b: 200 sessions at 50 (variance 100)
    a = arm("a", 200, 0, watch_sum=200 * 60, watch_sq=200 * 3600 + 199 * 100)
    b = arm("b", 200, 0, watch_sum=200 * 50, watch_sq=200 * 2500 + 199 * 100)
    decision = decide([b, a], "avgWatchPercent", 100)
    # t = 10 / sqrt(100/200 + 100/200) = 10: far beyond any critical value
    assert decision.status == "significant" and decision.winner.variant_id == "a"
    assert decision.comparison.lift == pytest.approx(0.2)
