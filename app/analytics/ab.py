"""The A/B decision (pure): per-arm metrics from aggregated session counts, and whether the
best arm's lead on the primary metric is real. docs/api/ab-campaigns.md states the rules:

- the unit is the viewing session (one page view of a recipient's video);
- completionRate and avgWatchPercent count sessions that started the video; ctaClickRate and
  shareRate count every viewing session;
- `sample_ratio_mismatch`: the sessions per arm do not fit the arms' recipient counts
  (chi-square goodness of fit, p < SRM_P): the split or the tracking is broken, no winner;
- `collecting`: an arm has fewer than `min_sessions` sessions counted by the primary metric;
- otherwise the best arm is tested against the runner-up (two-proportion z-test for the rates,
  Welch's t-test for avgWatchPercent), two-sided, at ALPHA / (arms - 1) (Bonferroni: the best
  arm must beat each of the others); `significant` names it the winner, else `no_difference`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from app.analytics import stats

ALPHA = 0.05
SRM_P = 0.001

Status = Literal["collecting", "significant", "no_difference", "sample_ratio_mismatch"]
RATE_METRICS = ("completionRate", "ctaClickRate", "shareRate")


@dataclass(frozen=True)
class ArmCounts:
    """One arm's aggregated sessions (what the SQL GROUP BY returns)."""

    variant_id: str
    label: str
    split_percent: int
    recipients: int
    sessions: int = 0
    started: int = 0
    completed: int = 0  # sessions that started and completed
    watch_sum: int = 0  # sum of furthest_percent over started sessions
    watch_sq: int = 0  # sum of furthest_percent squared over started sessions
    cta_clicked: int = 0
    shared: int = 0

    def trials(self, metric: str) -> tuple[int, int]:
        """(successes, sessions counted) of a rate metric."""
        if metric == "completionRate":
            return self.completed, self.started
        if metric == "ctaClickRate":
            return self.cta_clicked, self.sessions
        if metric == "shareRate":
            return self.shared, self.sessions
        raise ValueError(f"{metric} is not a rate metric")

    def counted(self, metric: str) -> int:
        """Sessions the metric counts (its denominator)."""
        return self.started if metric == "avgWatchPercent" else self.trials(metric)[1]

    def moments(self) -> stats.Moments:
        return stats.Moments(self.started, self.watch_sum, self.watch_sq)

    def value(self, metric: str) -> float:
        """The metric as a fraction (rates) or percent mean (avgWatchPercent), unrounded."""
        if metric == "avgWatchPercent":
            return self.moments().mean
        successes, n = self.trials(metric)
        return successes / n if n else 0.0


def percent(numerator: int, denominator: int) -> int:
    """100 * numerator / denominator rounded half up; 0 when nothing was counted."""
    if denominator <= 0:
        return 0
    return (200 * numerator + denominator) // (2 * denominator)


def metrics(arm: ArmCounts) -> dict[str, int]:
    """SPEC 2.13 metrics of an arm, integer percents."""
    return {
        "completionRate": percent(arm.completed, arm.started),
        "ctaClickRate": percent(arm.cta_clicked, arm.sessions),
        "avgWatchPercent": percent(arm.watch_sum, 100 * arm.started),
        "shareRate": percent(arm.shared, arm.sessions),
    }


@dataclass(frozen=True)
class Comparison:
    """The best arm against the runner-up on the primary metric."""

    best: ArmCounts
    runner_up: ArmCounts
    p_value: float
    lift: float | None  # best / runner-up - 1; None when the runner-up's value is 0
    interval: tuple[float, float] | None
    confidence: float


@dataclass(frozen=True)
class Decision:
    status: Status
    sample_ratio_p: float
    comparison: Comparison | None
    message: str

    @property
    def winner(self) -> ArmCounts | None:
        return self.comparison.best if self.status == "significant" and self.comparison else None


def compare(best: ArmCounts, runner_up: ArmCounts, metric: str, arms: int) -> Comparison:
    """Test best against runner-up at ALPHA / (arms - 1); the lift interval at that level."""
    alpha = ALPHA / max(1, arms - 1)
    confidence = 1.0 - alpha
    if metric == "avgWatchPercent":
        a, b = best.moments(), runner_up.moments()
        tested = stats.welch_t(a, b) if a.n > 1 and b.n > 1 else stats.Significance(0.0, 1.0)
        interval = stats.mean_lift_interval(a, b, confidence)
        base, top = b.mean, a.mean
    else:
        sa, na = best.trials(metric)
        sb, nb = runner_up.trials(metric)
        tested = stats.two_proportion_z(sa, na, sb, nb)
        interval = stats.proportion_lift_interval(sa, na, sb, nb, confidence)
        base, top = sb / nb, sa / na
    lift = top / base - 1.0 if base > 0 else None
    return Comparison(best, runner_up, tested.p_value, lift, interval, confidence)


def decide(arms: list[ArmCounts], metric: str, min_sessions: int) -> Decision:
    """The A/B status of the arms on the primary metric (module docstring)."""
    weights = [float(a.recipients) for a in arms]
    if not any(weights):
        weights = [float(a.split_percent) for a in arms]
    srm_p = stats.sample_ratio_p([a.sessions for a in arms], weights)
    if srm_p < SRM_P:
        return Decision(
            "sample_ratio_mismatch",
            srm_p,
            None,
            f"The viewing sessions per variant do not fit the split (chi-square p = {srm_p:.2g} "
            f"< {SRM_P}): the assignment or the tracking is broken; no winner can be trusted",
        )
    short = [a for a in arms if a.counted(metric) < min_sessions]
    if short:
        names = ", ".join(f"{a.variant_id} ({a.counted(metric)})" for a in short)
        return Decision(
            "collecting",
            srm_p,
            None,
            f"Waiting for at least {min_sessions} sessions per variant counted by {metric}; "
            f"short: {names}",
        )
    ranked = sorted(arms, key=lambda a: -a.value(metric))  # stable: ties keep variant order
    comparison = compare(ranked[0], ranked[1], metric, len(arms))
    alpha = 1.0 - comparison.confidence
    if comparison.p_value < alpha and ranked[0].value(metric) > ranked[1].value(metric):
        return Decision(
            "significant",
            srm_p,
            comparison,
            f"{ranked[0].variant_id} beats {ranked[1].variant_id} on {metric} "
            f"(p = {comparison.p_value:.2g} < {alpha:.3g})",
        )
    return Decision(
        "no_difference",
        srm_p,
        comparison,
        f"No significant difference on {metric} between {ranked[0].variant_id} and "
        f"{ranked[1].variant_id} yet (p = {comparison.p_value:.2g}, needs < {alpha:.3g}); "
        "more sessions may still show one",
    )
