"""The statistics of A/B results, in plain Python (no scipy at runtime): the normal, Student t
and chi-square distributions, the two-proportion z-test, Welch's t-test, the sample-ratio
check and the confidence interval of a relative lift. Pure functions; docs/api/ab-campaigns.md.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

_EPS = 1e-15
_MAX_ITER = 500


# ---- distributions ----


def normal_cdf(x: float) -> float:
    """P(Z <= x) for a standard normal Z."""
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


def normal_quantile(p: float) -> float:
    """x with normal_cdf(x) = p, 0 < p < 1 (bisection on the CDF: exact to ~1e-12)."""
    if not 0.0 < p < 1.0:
        raise ValueError(f"p must be in (0, 1), got {p}")
    lo, hi = -40.0, 40.0
    for _ in range(200):
        mid = (lo + hi) / 2.0
        if normal_cdf(mid) < p:
            lo = mid
        else:
            hi = mid
        if hi - lo < 1e-13:
            break
    return (lo + hi) / 2.0


def _beta_continued_fraction(a: float, b: float, x: float) -> float:
    """Continued fraction of the incomplete beta function (modified Lentz)."""
    tiny = 1e-300
    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c, d = 1.0, 1.0 - qab * x / qap
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, _MAX_ITER):
        m2 = 2 * m
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        h *= d * c
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < _EPS:
            break
    return h


def regularized_beta(a: float, b: float, x: float) -> float:
    """I_x(a, b), the regularized incomplete beta function."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    log_front = (
        math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)
    )
    front = math.exp(log_front)
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _beta_continued_fraction(a, b, x) / a
    return 1.0 - front * _beta_continued_fraction(b, a, 1.0 - x) / b


def t_two_sided_p(t: float, df: float) -> float:
    """P(|T| >= |t|) for Student's t with df degrees of freedom."""
    if df <= 0:
        raise ValueError(f"df must be positive, got {df}")
    return regularized_beta(df / 2.0, 0.5, df / (df + t * t))


def regularized_gamma_q(a: float, x: float) -> float:
    """Q(a, x) = 1 - P(a, x), the regularized upper incomplete gamma function."""
    if x <= 0.0:
        return 1.0
    log_front = -x + a * math.log(x) - math.lgamma(a)
    if x < a + 1.0:  # series for P, then 1 - P
        term = total = 1.0 / a
        ap = a
        for _ in range(_MAX_ITER):
            ap += 1.0
            term *= x / ap
            total += term
            if abs(term) < abs(total) * _EPS:
                break
        return max(0.0, 1.0 - total * math.exp(log_front))
    tiny = 1e-300  # continued fraction for Q (modified Lentz)
    b = x + 1.0 - a
    c = 1.0 / tiny
    d = 1.0 / b
    h = d
    for i in range(1, _MAX_ITER):
        an = -i * (i - a)
        b += 2.0
        d = an * d + b
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = b + an / c
        c = c if abs(c) > tiny else tiny
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < _EPS:
            break
    return math.exp(log_front) * h


def chi2_sf(x: float, df: int) -> float:
    """P(X >= x) for a chi-square X with df degrees of freedom."""
    if df <= 0:
        raise ValueError(f"df must be positive, got {df}")
    return regularized_gamma_q(df / 2.0, x / 2.0)


# ---- tests ----


@dataclass(frozen=True)
class Significance:
    """A two-sided test of arm A against arm B: the statistic and its p-value."""

    statistic: float
    p_value: float


def two_proportion_z(successes_a: int, n_a: int, successes_b: int, n_b: int) -> Significance:
    """Two-sided two-proportion z-test with the pooled proportion (H0: p_a = p_b)."""
    if n_a <= 0 or n_b <= 0:
        raise ValueError("both arms need at least one trial")
    pooled = (successes_a + successes_b) / (n_a + n_b)
    se = math.sqrt(pooled * (1.0 - pooled) * (1.0 / n_a + 1.0 / n_b))
    diff = successes_a / n_a - successes_b / n_b
    if se == 0.0:  # every trial of both arms alike: no evidence of a difference
        return Significance(0.0, 1.0)
    z = diff / se
    return Significance(z, 2.0 * (1.0 - normal_cdf(abs(z))))


@dataclass(frozen=True)
class Moments:
    """One arm of a numeric metric: count, sum and sum of squares (what SQL aggregates)."""

    n: int
    total: float
    total_sq: float

    @property
    def mean(self) -> float:
        return self.total / self.n if self.n else 0.0

    @property
    def variance(self) -> float:
        """Sample variance (n - 1 in the denominator)."""
        if self.n < 2:
            return 0.0
        return max(0.0, (self.total_sq - self.total * self.total / self.n) / (self.n - 1))


def welch_t(a: Moments, b: Moments) -> Significance:
    """Two-sided Welch's t-test of mean a against mean b (unequal variances), with the
    Welch-Satterthwaite degrees of freedom."""
    if a.n < 2 or b.n < 2:
        raise ValueError("both arms need at least two observations")
    va, vb = a.variance / a.n, b.variance / b.n
    se2 = va + vb
    if se2 == 0.0:
        return Significance(0.0, 1.0 if a.mean == b.mean else 0.0)
    t = (a.mean - b.mean) / math.sqrt(se2)
    df = se2 * se2 / (va * va / (a.n - 1) + vb * vb / (b.n - 1))
    return Significance(t, t_two_sided_p(t, df))


def sample_ratio_p(observed: list[int], weights: list[float]) -> float:
    """Chi-square goodness-of-fit p-value of observed counts against the expected shares
    `weights` (any positive scale); 1.0 when nothing was observed."""
    if len(observed) != len(weights) or len(observed) < 2:
        raise ValueError("need one weight per observed count, at least two")
    total, scale = sum(observed), sum(weights)
    if total == 0:
        return 1.0
    stat = 0.0
    for count, weight in zip(observed, weights, strict=True):
        expected = total * weight / scale
        if expected <= 0:
            if count:
                return 0.0
            continue
        stat += (count - expected) ** 2 / expected
    return chi2_sf(stat, len(observed) - 1)


def ratio_interval(
    mean_a: float, se_log_a2: float, mean_b: float, se_log_b2: float, confidence: float
) -> tuple[float, float] | None:
    """Confidence interval of the relative lift mean_a / mean_b - 1, by the delta method on
    the log of the ratio; `se_log_*2` are the squared standard errors of each log mean.
    None when either mean is 0 (no ratio)."""
    if mean_a <= 0 or mean_b <= 0:
        return None
    z = normal_quantile(0.5 + confidence / 2.0)
    center = math.log(mean_a / mean_b)
    half = z * math.sqrt(se_log_a2 + se_log_b2)
    return math.exp(center - half) - 1.0, math.exp(center + half) - 1.0


def proportion_lift_interval(
    successes_a: int, n_a: int, successes_b: int, n_b: int, confidence: float
) -> tuple[float, float] | None:
    """CI of p_a / p_b - 1 (Var(log p) ~ (1 - p) / (n p))."""
    pa, pb = successes_a / n_a, successes_b / n_b
    if pa <= 0 or pb <= 0:
        return None
    return ratio_interval(pa, (1 - pa) / (n_a * pa), pb, (1 - pb) / (n_b * pb), confidence)


def mean_lift_interval(a: Moments, b: Moments, confidence: float) -> tuple[float, float] | None:
    """CI of mean_a / mean_b - 1 (Var(log mean) ~ s^2 / (n mean^2))."""
    if a.mean <= 0 or b.mean <= 0:
        return None
    return ratio_interval(
        a.mean,
        a.variance / (a.n * a.mean * a.mean),
        b.mean,
        b.variance / (b.n * b.mean * b.mean),
        confidence,
    )


def format_lift(lift: float) -> str:
    """A relative lift as a signed percent string with one decimal: 0.125 -> "+12.5%"."""
    return f"{lift * 100:+.1f}%"
