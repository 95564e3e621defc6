"""Estimates with 95 % confidence intervals, and the significance of a difference.

Rates use the Wilson score interval (good at small counts and near 0 or 1); means use the
normal approximation ``mean ± 1.96·sd/√n``. A difference between two independent samples
gets a 95 % interval and a two-sided p-value: for rates Newcombe's hybrid score interval
(built from the two Wilson intervals, never degenerate at 0 % or 100 %) and a pooled
two-proportion z-test; for means a normal-approximation interval and Welch's z.

Too little data says nothing: a rate of no games is 0 in [0, 1]; a mean of no values is
NaN and a mean of one value has no standard deviation (NaN), both with the interval
(-∞, ∞); a difference involving either is unknown (interval (-∞, ∞), p = 1).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import attrs

__all__ = ["Z95", "Difference", "Estimate", "difference", "mean", "rate"]

#: The two-sided 95 % quantile of the normal distribution.
Z95 = 1.959963984540054


@attrs.frozen
class Estimate:
    """A rate or a mean estimated from ``n`` games, with its 95 % confidence interval."""

    kind: str
    """``"rate"`` (a proportion) or ``"mean"``."""
    value: float
    low: float
    high: float
    n: int
    sd: float
    """The sample standard deviation (for a rate, ``√(p(1-p))``)."""

    def format(self, digits: int = 3) -> str:
        """``"0.512 [0.490, 0.534]"``; rates as percentages (``"51.2 % [49.0, 53.4]"``)."""
        if self.kind == "rate":
            return f"{100 * self.value:.1f} % [{100 * self.low:.1f}, {100 * self.high:.1f}]"
        return f"{self.value:.{digits}g} [{self.low:.{digits}g}, {self.high:.{digits}g}]"

    def to_dict(self) -> dict[str, float | int | str]:
        """The estimate as JSON-ready data."""
        return attrs.asdict(self)


def rate(successes: int, n: int) -> Estimate:
    """The rate ``successes / n`` with its Wilson 95 % interval (``n = 0``: 0 in [0, 1])."""
    if n <= 0:
        return Estimate("rate", 0.0, 0.0, 1.0, 0, 0.0)
    p = successes / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    low = 0.0 if successes <= 0 else max(0.0, centre - half)
    high = 1.0 if successes >= n else min(1.0, centre + half)  # exact ends, no rounding
    return Estimate("rate", p, low, high, n, _sd(p))


def _sd(p: float) -> float:
    return math.sqrt(max(p * (1 - p), 0.0))


def mean(values: Sequence[float]) -> Estimate:
    """The mean of ``values`` with its normal-approximation 95 % interval (no values:
    NaN; one value: no sd, so the interval is (-∞, ∞))."""
    n = len(values)
    if n == 0:
        return Estimate("mean", math.nan, -math.inf, math.inf, 0, math.nan)
    average = math.fsum(values) / n
    if n == 1:
        return Estimate("mean", average, -math.inf, math.inf, 1, math.nan)
    sd = math.sqrt(math.fsum((v - average) ** 2 for v in values) / (n - 1))
    half = Z95 * sd / math.sqrt(n)
    return Estimate("mean", average, average - half, average + half, n, sd)


@attrs.frozen
class Difference:
    """``b - a`` for two estimates of the same kind, its 95 % interval and p-value."""

    value: float
    low: float
    high: float
    p_value: float

    @property
    def significant(self) -> bool:
        """Whether the difference is significant at the 5 % level."""
        return self.p_value < 0.05

    def format(self, percent: bool = False) -> str:
        """``"+2.1 [+0.3, +3.9] p=0.02 *"`` (percentage points for rates)."""
        scale, digits = (100.0, ".1f") if percent else (1.0, ".3g")
        star = " *" if self.significant else ""
        return (
            f"{scale * self.value:+{digits}} [{scale * self.low:+{digits}}, "
            f"{scale * self.high:+{digits}}] p={self.p_value:.2g}{star}"
        )

    def to_dict(self) -> dict[str, float]:
        """The difference as JSON-ready data."""
        return attrs.asdict(self)


def difference(a: Estimate, b: Estimate) -> Difference:
    """How ``b`` differs from ``a`` (independent samples), with a 95 % interval and a
    two-sided p-value."""
    if a.kind != b.kind:
        raise ValueError(f"cannot compare a {a.kind} with a {b.kind}")
    delta = b.value - a.value
    least = 2 if a.kind == "mean" else 1  # a mean needs two values for its sd
    if a.n < least or b.n < least:
        return Difference(delta, -math.inf, math.inf, 1.0)
    se = math.sqrt(a.sd**2 / a.n + b.sd**2 / b.n)
    if a.kind == "rate":
        pooled = (a.value * a.n + b.value * b.n) / (a.n + b.n)
        test_se = math.sqrt(pooled * (1 - pooled) * (1 / a.n + 1 / b.n))
    else:
        test_se = se
    p_value = 1.0 if test_se == 0 else math.erfc(abs(delta) / test_se / math.sqrt(2))
    if test_se == 0 and delta != 0:
        p_value = 0.0
    if a.kind == "rate":  # Newcombe's hybrid score interval, from the two Wilson intervals
        low = delta - math.hypot(b.value - b.low, a.high - a.value)
        high = delta + math.hypot(b.high - b.value, a.value - a.low)
        return Difference(delta, low, high, p_value)
    return Difference(delta, delta - Z95 * se, delta + Z95 * se, p_value)
