"""The statistics a balance study needs, from their textbook formulas (in Python's floats).

- `wilson(wins, n)`: the Wilson score interval for a proportion (Wilson 1927), which keeps
  inside [0, 1] and stays honest for small n or rates near 0 or 1, unlike p ± 1.96·se.
- `chi_square_uniform(counts)`: Pearson's goodness-of-fit test that counts are equal (seat
  wins, when seats are rotated, should be), with the exact chi-square upper tail.
- `newcombe(wins_a, n_a, wins_b, n_b)`: the 95% interval for the difference of two rates
  (b - a) from their Wilson intervals (Newcombe 1998, method 10), for comparing two studies.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

Z95 = 1.959963984540054  # the 97.5% point of the standard normal


def wilson(wins: float, n: float, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for `wins` successes in `n` trials (shared wins: fractions)."""
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z / (1 + z2 / n) * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    low, high = max(0.0, centre - half), min(1.0, centre + half)
    # at 0 or n wins the interval touches 0 or 1 exactly (rounding left it 1e-17 off, and a
    # plot's error bar below the rate then came out negative)
    return (0.0 if wins <= 0 else min(low, p), 1.0 if wins >= n else max(high, p))


def newcombe(
    wins_a: float, n_a: float, wins_b: float, n_b: float, z: float = Z95
) -> tuple[float, float]:
    """The interval for rate b - rate a (Newcombe's hybrid score interval, method 10).

    Each rate's distance to its own Wilson bound stands in for its standard error, so the
    interval stays sensible near 0 and 1 and for small samples, where p ± 1.96·se does not.
    """
    pa = wins_a / n_a if n_a > 0 else 0.0
    pb = wins_b / n_b if n_b > 0 else 0.0
    la, ua = wilson(wins_a, n_a, z)
    lb, ub = wilson(wins_b, n_b, z)
    d = pb - pa
    return (
        d - math.sqrt((pb - lb) ** 2 + (ua - pa) ** 2),
        d + math.sqrt((ub - pb) ** 2 + (pa - la) ** 2),
    )


def chi2_sf(x: float, df: int) -> float:
    """P(X >= x) for X chi-square with `df` degrees of freedom (the exact series).

    Even df: e^(-x/2) Σ_{k<df/2} (x/2)^k / k!. Odd df: erfc(√(x/2)) plus
    e^(-x/2) Σ_{k=1}^{(df-1)/2} (x/2)^(k-1/2) / Γ(k+1/2).
    """
    if df < 1:
        raise ValueError(f"degrees of freedom must be >= 1, got {df}")
    if x <= 0:
        return 1.0
    h = x / 2
    if df % 2 == 0:
        term = total = math.exp(-h)
        for k in range(1, df // 2):
            term *= h / k
            total += term
        return min(1.0, total)
    total = math.erfc(math.sqrt(h))
    term = math.exp(-h) * math.sqrt(h) / math.gamma(1.5)  # k = 1
    for k in range(1, (df - 1) // 2 + 1):
        total += term
        term *= h / (k + 0.5)
    return min(1.0, total)


@dataclass(frozen=True)
class ChiSquare:
    statistic: float
    df: int
    p_value: float


def chi_square_uniform(counts: Sequence[float]) -> ChiSquare:
    """Pearson's test that `counts` all have the same expectation (their mean)."""
    k = len(counts)
    total = float(sum(counts))
    if k < 2 or total <= 0:
        return ChiSquare(0.0, max(1, k - 1), 1.0)
    expected = total / k
    stat = sum((c - expected) ** 2 for c in counts) / expected
    return ChiSquare(stat, k - 1, chi2_sf(stat, k - 1))


def chi_square_rates(wins: Sequence[float], n: Sequence[float]) -> ChiSquare:
    """Pearson's test that groups (Captains, say) share one win rate: the 2 x k table of
    wins and losses per group against the pooled rate, df = k - 1."""
    k = len(wins)
    total_n, total_w = float(sum(n)), float(sum(wins))
    if k < 2 or total_n <= 0 or total_w <= 0 or total_w >= total_n:
        return ChiSquare(0.0, max(1, k - 1), 1.0)
    p = total_w / total_n
    stat = 0.0
    for w, m in zip(wins, n, strict=True):
        stat += (w - m * p) ** 2 / (m * p) + ((m - w) - m * (1 - p)) ** 2 / (m * (1 - p))
    return ChiSquare(stat, k - 1, chi2_sf(stat, k - 1))


def describe(values: Sequence[float] | NDArray[Any]) -> dict[str, float]:
    """Mean, standard deviation (n-1), min, quartiles, max of a non-empty sample."""
    # a NumPy column (a million games' scores) sorts in NumPy, then adds up as a list does
    xs = np.sort(values).tolist() if isinstance(values, np.ndarray) else sorted(values)
    n = len(xs)
    if n == 0:
        raise ValueError("no values to describe")
    mean = sum(xs) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / (n - 1)) if n > 1 else 0.0
    return {
        "n": float(n),
        "mean": mean,
        "sd": sd,
        "min": xs[0],
        "q1": quantile(xs, 0.25),
        "median": quantile(xs, 0.5),
        "q3": quantile(xs, 0.75),
        "max": xs[-1],
    }


def quantile(sorted_xs: Sequence[float], q: float) -> float:
    """Linear interpolation between order statistics (numpy's default, 'type 7')."""
    pos = (len(sorted_xs) - 1) * q
    lo = math.floor(pos)
    hi = min(lo + 1, len(sorted_xs) - 1)
    return sorted_xs[lo] + (sorted_xs[hi] - sorted_xs[lo]) * (pos - lo)
