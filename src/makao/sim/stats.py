"""Estimates with 95 % confidence intervals, and the significance of a difference.

Rates use the Wilson score interval (good at small counts and near 0 or 1), which never
leaves [0, 1]. Means use the normal approximation ``mean ± 1.96·sd/√n`` when the quantity is
unbounded; a mean of a bounded quantity (``mean(values, low=0)`` for counts,
``mean(values, low=0, high=1)`` for a share) gets the normal interval on a scale that
respects the bounds -- the log of the distance from the bound for one bound, the logit of
the position in the range for two -- mapped back by the delta method, so the interval stays
inside the bounds (and is asymmetric near them). A difference between two independent samples
gets a 95 % interval and a two-sided p-value: for rates Newcombe's hybrid score interval
(built from the two Wilson intervals, never degenerate at 0 % or 100 %) and a pooled
two-proportion z-test; for means a normal-approximation interval and Welch's z. A paired
difference (`paired_difference`: the same games under two rule sets, value by value) is the
mean of the per-pair differences with the normal interval ``mean ± 1.96·sd/√n`` (kept
within the most two bounded values can differ) and a two-sided z-test on it; a paired
rate difference (`paired_rate_difference`) has Newcombe's paired interval and McNemar's
exact test, which is conservative: near 5 % its interval may leave out 0 while p ≥ 0.05
(a difference is marked significant by its p-value).

Too little data says nothing: a rate of no games is 0 in [0, 1]; a mean of no values is
NaN and a mean of one value has no standard deviation (NaN), both with the interval
(-∞, ∞), or the whole allowed range for a bounded quantity; a difference involving either
is unknown (interval (-∞, ∞), p = 1), and so is a paired difference of fewer than two pairs
(its interval the whole range of differences of a bounded quantity).
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Collection, Sequence

import attrs

from makao._text import shown
from makao.errors import SetupError

__all__ = [
    "Z95",
    "Difference",
    "Estimate",
    "difference",
    "mean",
    "paired_difference",
    "paired_rate_difference",
    "rate",
]

Z95 = 1.959963984540054
"""The two-sided 95 % quantile of the normal distribution."""


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
        value, low, high = (_number(x, digits) for x in (self.value, self.low, self.high))
        return f"{value} [{low}, {high}]"

    def to_dict(self) -> dict[str, float | int | str]:
        """The estimate as JSON-ready data."""
        return attrs.asdict(self)


def _number(value: float, digits: int) -> str:
    """``digits`` significant digits, but a large number whole (``12345``, not ``1.23e+04``)."""
    if math.isfinite(value) and abs(value) >= 10**digits:
        return f"{value:.0f}"
    return f"{value:.{digits}g}"


def rate(successes: int, n: int) -> Estimate:
    """The rate ``successes / n`` with its Wilson 95 % interval (``n = 0``: 0 in [0, 1]);
    anything but whole numbers ``0 <= successes <= n`` is a
    [`SetupError`][makao.errors.SetupError]."""
    if (
        not isinstance(successes, numbers.Integral)
        or not isinstance(n, numbers.Integral)
        or isinstance(successes, bool)
        or isinstance(n, bool)
        or not 0 <= successes <= n
    ):
        raise SetupError(
            "a rate needs whole numbers 0 <= successes <= n, "
            f"not {shown(successes, 40)} of {shown(n, 40)}"
        )
    _check_float("a rate's n", n)
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


def mean(
    values: Sequence[float], *, low: float | None = None, high: float | None = None
) -> Estimate:
    """The mean of ``values`` with its 95 % interval (no values: NaN; one value: no sd, so
    the interval is everything allowed).

    ``low`` and ``high`` are bounds every value respects (penalty cards ≥ 0, a share of
    the game in [0, 1]); the interval then stays inside them (see the module notes).
    Anything but a sequence of numbers (and numbers or ``None`` for the bounds) is a
    [`SetupError`][makao.errors.SetupError].
    """
    _check_numbers(values, low, high)
    n = len(values)
    whole = (-math.inf if low is None else low, math.inf if high is None else high)
    if n == 0:
        return Estimate("mean", math.nan, *whole, 0, math.nan)
    average = math.fsum(values) / n
    if n == 1:
        return Estimate("mean", average, *whole, 1, math.nan)
    sd = math.sqrt(math.fsum((v - average) * (v - average) for v in values) / (n - 1))
    se = sd / math.sqrt(n)
    if se == 0:  # every value the same: the interval is the mean itself, bounded or not
        interval = (average, average)
    elif low is not None and high is not None and high > low:
        interval = _logit_interval(average, se, low, high)
    elif low is not None:
        interval = _log_interval(average - low, se, low, 1.0)
    elif high is not None:
        interval = _log_interval(high - average, se, high, -1.0)
    else:
        interval = (average - Z95 * se, average + Z95 * se)
    return Estimate("mean", average, interval[0], interval[1], n, sd)


def _check_numbers(values: object, low: object, high: object) -> None:
    """`mean`'s arguments: a sequence of real numbers, and bounds that are ``None`` or one."""
    if isinstance(values, (str, bytes)) or not isinstance(values, Collection):
        raise SetupError(f"a mean needs a sequence of numbers, not {shown(values, 40)}")
    for value in values:
        if not isinstance(value, numbers.Real):
            raise SetupError(f"a mean needs numbers, not {shown(value, 40)}")
        _check_float("a mean's value", value)
    for name, bound in (("low", low), ("high", high)):
        if bound is not None and not isinstance(bound, numbers.Real):
            raise SetupError(f"a mean's {name} bound is a number or None, not {shown(bound, 40)}")
        if bound is not None:
            _check_float(f"a mean's {name} bound", bound)


def _check_float(what: str, value: numbers.Real) -> None:
    """Refuse a number too large for a float (an `int` beyond about 1.8e308)."""
    try:
        float(value)
    except OverflowError:
        raise SetupError(f"{what} is too large for a float: {shown(value, 40)}") from None


def _log_interval(distance: float, se: float, bound: float, sign: float) -> tuple[float, float]:
    """The normal interval of ``log(distance)`` (``distance`` from ``bound``, on the side
    ``sign``), back on the original scale: ``bound + sign·distance·exp(±1.96·se/distance)``."""
    if distance <= 0 or se == 0:
        return bound + sign * max(distance, 0.0), bound + sign * max(distance, 0.0)
    near, far = distance * math.exp(-Z95 * se / distance), distance * math.exp(Z95 * se / distance)
    ends = (bound + sign * near, bound + sign * far)
    return min(ends), max(ends)


def _logit_interval(average: float, se: float, low: float, high: float) -> tuple[float, float]:
    """The normal interval of ``logit(p)``, ``p`` the mean's position in ``[low, high]``."""
    width = high - low
    p = min(max((average - low) / width, 0.0), 1.0)
    if se == 0 or p in (0.0, 1.0):
        return average, average
    centre, half = math.log(p / (1 - p)), Z95 * (se / width) / (p * (1 - p))
    ends = [low + width / (1 + math.exp(-x)) for x in (centre - half, centre + half)]
    return ends[0], ends[1]


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
    two-sided p-value. A rate and a mean are no pair: a [`SetupError`][makao.errors.SetupError]."""
    for estimate in (a, b):
        if not isinstance(estimate, Estimate):
            raise SetupError(f"a difference is of two estimates, not {shown(estimate, 40)}")
    if a.kind != b.kind:
        raise SetupError(f"cannot compare a {a.kind} with a {b.kind}")
    delta = b.value - a.value
    least = 2 if a.kind == "mean" else 1  # a mean needs two values for its sd
    if a.n < least or b.n < least:
        return Difference(delta, -math.inf, math.inf, 1.0)
    se = math.sqrt(a.sd * a.sd / a.n + b.sd * b.sd / b.n)  # a square too big is infinite
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


def paired_difference(
    a_values: Sequence[float],
    b_values: Sequence[float],
    *,
    low: float | None = None,
    high: float | None = None,
) -> Difference:
    """How ``b_values`` differ from ``a_values`` pair by pair (``a_values[i]`` and
    ``b_values[i]`` measured on the same game): the mean of ``d = b - a``, its 95 % interval
    ``mean ± 1.96·sd(d)/√n`` and a two-sided normal p-value. ``low`` and ``high`` bound
    every value (as in `mean`): the interval then stays within ``±(high - low)``, the most
    two values can differ.

    Every ``d`` the same: a zero-width interval, p = 1 if that is 0 else 0. Fewer than two
    pairs (or differences too large for a float): the whole range of differences, p = 1.
    (A rate's 0/1 outcomes: `paired_rate_difference`.) Anything but two sequences of
    numbers of the same length is a [`SetupError`][makao.errors.SetupError].
    """
    _check_pairs(a_values, b_values)
    reach = _reach(a_values, b_values, low, high)
    deltas = [b - a for a, b in zip(a_values, b_values, strict=True)]
    n = len(deltas)
    average = math.fsum(deltas) / n if n else math.nan
    sd = (
        math.sqrt(math.fsum((d - average) * (d - average) for d in deltas) / (n - 1))
        if n > 1
        else 0.0
    )
    se = sd / math.sqrt(n) if n > 1 else math.inf
    if not math.isfinite(se):
        return Difference(average, -reach, reach, 1.0)
    if se == 0:
        return Difference(average, average, average, 1.0 if average == 0 else 0.0)
    p_value = math.erfc(abs(average) / se / math.sqrt(2))
    return Difference(
        average, max(-reach, average - Z95 * se), min(reach, average + Z95 * se), p_value
    )


def _reach(
    a_values: Sequence[float], b_values: Sequence[float], low: float | None, high: float | None
) -> float:
    """The most two values can differ by: ``high - low`` when both bounds are given (each
    a number, ``low <= high``, every value between them), else infinity; anything else is
    a [`SetupError`][makao.errors.SetupError]."""
    _check_numbers((), low, high)
    if low is None or high is None:
        return math.inf
    if not low <= high:
        raise SetupError(
            f"a paired difference's bounds must have low <= high, not {low} and {high}"
        )
    if any(not low <= value <= high for value in (*a_values, *b_values)):
        raise SetupError(
            f"a paired difference's values must lie within their bounds {low} to {high}"
        )
    return float(high - low)


def paired_rate_difference(a_values: Sequence[float], b_values: Sequence[float]) -> Difference:
    """How the rate of ``b_values`` differs from that of ``a_values``, 0/1 outcomes of the
    same games pair by pair: ``b``'s rate minus ``a``'s, Newcombe's hybrid score interval
    for paired proportions (his method 10, 1998: the two Wilson intervals joined through
    the outcomes' correlation, which stays inside [-1, 1] and keeps a width where no game
    changed its outcome), and McNemar's exact two-sided test on the games whose outcome
    differs (p = 1 with none). No pairs: interval [-1, 1], p = 1. Anything but two
    sequences of 0s and 1s of the same length is a [`SetupError`][makao.errors.SetupError].
    """
    _check_pairs(a_values, b_values)
    if any(value not in (0, 1) for value in (*a_values, *b_values)):
        raise SetupError("a paired rate difference needs outcomes of 0 or 1")
    n = len(a_values)
    if n == 0:
        return Difference(0.0, -1.0, 1.0, 1.0)
    both = sum(1 for a, b in zip(a_values, b_values, strict=True) if a and b)
    only_a = sum(1 for a, b in zip(a_values, b_values, strict=True) if a and not b)
    only_b = sum(1 for a, b in zip(a_values, b_values, strict=True) if b and not a)
    neither = n - both - only_a - only_b
    first, second = rate(both + only_a, n), rate(both + only_b, n)
    phi = _phi(both, only_a, only_b, neither)
    below = _joined(second.value - second.low, first.high - first.value, phi)
    above = _joined(second.high - second.value, first.value - first.low, phi)
    delta = second.value - first.value
    p_value = _mcnemar(only_a, only_b)

    return Difference(delta, max(-1.0, delta - below), min(1.0, delta + above), p_value)


def _mcnemar(only_a: int, only_b: int) -> float:
    """McNemar's exact two-sided p-value: under no difference each game whose outcome
    differs went either way with even odds, so the fewer of ``only_a`` and ``only_b`` is
    binomial with p = 1/2 (summed in logarithms: a count of any size; 1 with none)."""
    total, fewer = only_a + only_b, min(only_a, only_b)
    if total == 0 or 2 * fewer == total:
        return 1.0
    whole = math.lgamma(total + 1) - total * math.log(2)
    tail = math.fsum(
        math.exp(whole - math.lgamma(k + 1) - math.lgamma(total - k + 1)) for k in range(fewer + 1)
    )
    return min(1.0, 2 * tail)


def _phi(both: int, only_a: int, only_b: int, neither: int) -> float:
    """The correlation of the paired outcomes in Newcombe's method 10: the phi coefficient
    of the 2×2 table, its positive part less ``n/2`` (a continuity correction), 0 when a
    margin is empty."""
    margins = (both + only_a) * (only_b + neither) * (both + only_b) * (only_a + neither)
    if margins == 0:
        return 0.0
    cross = both * neither - only_a * only_b
    half = (both + only_a + only_b + neither) / 2
    corrected = cross - half if cross > half else min(cross, 0)
    return corrected / math.sqrt(margins)


def _joined(one: float, other: float, phi: float) -> float:
    """One side of Newcombe's paired interval: two Wilson half-widths joined through
    ``phi``."""
    return math.sqrt(max(0.0, one * one - 2 * phi * one * other + other * other))


def _check_pairs(a_values: object, b_values: object) -> None:
    """`paired_difference`'s arguments: two sequences of real numbers of the same length."""
    a_count, b_count = _count_numbers(a_values), _count_numbers(b_values)
    if a_count != b_count:
        raise SetupError(
            "a paired difference needs one b value per a value, "
            f"not {a_count} a values and {b_count} b values"
        )


def _count_numbers(values: object) -> int:
    """How many numbers ``values`` holds; a `SetupError` unless it is a sequence of them."""
    if isinstance(values, (str, bytes)) or not isinstance(values, Sequence):
        raise SetupError(
            f"a paired difference needs two sequences of numbers, not {shown(values, 40)}"
        )
    for value in values:
        if not isinstance(value, numbers.Real):
            raise SetupError(f"a paired difference needs numbers, not {shown(value, 40)}")
        _check_float("a paired value", value)
    return len(values)
