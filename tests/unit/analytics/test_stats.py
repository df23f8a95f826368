"""app.analytics.stats against known values: published critical values of the normal, t and
chi-square distributions, closed forms (df 1 and 2), and hand-computed tests."""

from __future__ import annotations

import math

import pytest

from app.analytics import stats


def test_normal_quantile_and_cdf_match_the_table():
    assert stats.normal_quantile(0.975) == pytest.approx(1.959963985, abs=1e-8)
    assert stats.normal_quantile(0.9875) == pytest.approx(2.241402728, abs=1e-8)
    assert stats.normal_cdf(1.959963985) == pytest.approx(0.975, abs=1e-9)
    assert stats.normal_cdf(0.0) == 0.5


@pytest.mark.parametrize(
    ("critical", "df"),
    [(3.841458821, 1), (5.991464547, 2), (7.814727903, 3), (124.3421134, 100)],
)
def test_chi2_sf_at_the_95_percent_critical_values_is_5_percent(critical, df):
    assert stats.chi2_sf(critical, df) == pytest.approx(0.05, abs=1e-7)


def test_chi2_sf_at_the_99_9_percent_critical_value_and_closed_form():
    assert stats.chi2_sf(10.82756617, 1) == pytest.approx(0.001, abs=1e-9)
    for x in (0.1, 1.0, 4.0, 30.0):  # df 2: P(X >= x) = exp(-x / 2)
        assert stats.chi2_sf(x, 2) == pytest.approx(math.exp(-x / 2), rel=1e-10)


@pytest.mark.parametrize(
    ("critical", "df"),
    [(12.70620474, 1), (2.228138852, 10), (2.042272456, 30), (1.983971519, 100)],
)
def test_t_two_sided_p_at_the_97_5_percent_critical_values_is_5_percent(critical, df):
    assert stats.t_two_sided_p(critical, df) == pytest.approx(0.05, abs=1e-8)


def test_t_two_sided_p_closed_forms():
    for t in (0.3, 1.0, 5.0):
        # df 1 (Cauchy): 1 - 2 atan(|t|) / pi; df 2: 1 - |t| / sqrt(2 + t^2)
        assert stats.t_two_sided_p(t, 1) == pytest.approx(1 - 2 * math.atan(t) / math.pi)
        assert stats.t_two_sided_p(-t, 2) == pytest.approx(1 - t / math.sqrt(2 + t * t))


def test_two_proportion_z_by_hand():
    # 200/1000 vs 250/1000: pooled 0.225, SE = sqrt(0.225 * 0.775 * 2 / 1000) = 0.0186748
    result = stats.two_proportion_z(200, 1000, 250, 1000)
    assert result.statistic == pytest.approx(-0.05 / 0.018674849, rel=1e-6)  # -2.67740
    assert result.p_value == pytest.approx(0.0074196, abs=1e-6)
    # equal rates: no evidence; every trial alike: p = 1
    assert stats.two_proportion_z(30, 100, 30, 100).p_value == pytest.approx(1.0)
    assert stats.two_proportion_z(0, 100, 0, 100).p_value == 1.0


def test_welch_t_by_hand():
    # a: n 10, mean 20, variance 4; b: n 20, mean 22, variance 9
    a = stats.Moments(10, 200, 10 * 400 + 9 * 4)  # sum of squares = n mean^2 + (n-1) var
    b = stats.Moments(20, 440, 20 * 484 + 19 * 9)
    assert a.mean == 20 and a.variance == pytest.approx(4)
    assert b.variance == pytest.approx(9)
    result = stats.welch_t(a, b)
    se = math.sqrt(4 / 10 + 9 / 20)  # 0.921954
    assert result.statistic == pytest.approx(-2 / se)  # -2.16930
    df = (0.85**2) / (0.4**2 / 9 + 0.45**2 / 19)  # 25.408
    assert result.p_value == pytest.approx(stats.t_two_sided_p(2 / se, df))
    # between the two-sided p of df 25 and df 26 at that t: 0.03 < p < 0.05
    assert 0.03 < result.p_value < 0.05


def test_sample_ratio_p():
    # 1000 vs 700 sessions for equal arms: chi2 = 2 * 150^2 / 850 = 52.94, p ~ 3.4e-13
    assert stats.sample_ratio_p([1000, 700], [1, 1]) == pytest.approx(
        math.erfc(math.sqrt(52.941176 / 2)), rel=1e-4
    )
    # exactly on the split: p = 1; nothing seen: 1
    assert stats.sample_ratio_p([500, 250, 250], [50, 25, 25]) == pytest.approx(1.0)
    assert stats.sample_ratio_p([0, 0], [1, 1]) == 1.0


def test_lift_intervals_by_hand():
    # 600/1000 vs 500/1000: log ratio 0.18232, Var = 0.4/600 + 0.5/500 = 0.0016667
    low, high = stats.proportion_lift_interval(600, 1000, 500, 1000, 0.95)
    half = 1.959963985 * math.sqrt(0.4 / 600 + 0.5 / 500)
    assert low == pytest.approx(1.2 * math.exp(-half) - 1, rel=1e-6)  # +10.8%
    assert high == pytest.approx(1.2 * math.exp(half) - 1, rel=1e-6)  # +30.0%
    assert stats.proportion_lift_interval(0, 100, 5, 100, 0.95) is None
    a, b = stats.Moments(100, 6000, 100 * 3600 + 99 * 100), stats.Moments(100, 5000, 100 * 2500)
    low, high = stats.mean_lift_interval(a, b, 0.95)
    half = 1.959963985 * math.sqrt(100 / (100 * 3600))  # b has variance 0
    assert (low, high) == (
        pytest.approx(1.2 * math.exp(-half) - 1),
        pytest.approx(1.2 * math.exp(half) - 1),
    )


def test_format_lift():
    assert stats.format_lift(0.125) == "+12.5%"
    assert stats.format_lift(-0.04) == "-4.0%"
    assert stats.format_lift(0.0) == "+0.0%"
