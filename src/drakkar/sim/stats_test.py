"""The statistics against published values and hand computations."""

from __future__ import annotations

import math

import pytest

from drakkar.sim.stats import (
    chi2_sf,
    chi_square_rates,
    chi_square_uniform,
    describe,
    newcombe,
    quantile,
    wilson,
)


# Newcombe (1998), "Two-sided confidence intervals for the single proportion", Table I,
# method 3 (Wilson score, no continuity correction).
@pytest.mark.parametrize(
    ("wins", "n", "low", "high"),
    [
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
        (0, 20, 0.0, 0.1611),
        (1, 29, 0.0061, 0.1718),
    ],
)
def test_wilson_matches_newcombe(wins: int, n: int, low: float, high: float) -> None:
    lo, hi = wilson(wins, n)
    assert lo == pytest.approx(low, abs=5e-5)
    assert hi == pytest.approx(high, abs=5e-5)


@pytest.mark.parametrize(("wins", "n"), [(3, 10), (37.5, 80), (999, 1000)])
def test_wilson_bounds_solve_the_score_equation(wins: float, n: int) -> None:
    # The Wilson bounds are the p where |p_hat - p| = z * sqrt(p (1 - p) / n).
    z = 1.959963984540054
    p_hat = wins / n
    for p in wilson(wins, n):
        assert abs(p_hat - p) == pytest.approx(z * math.sqrt(p * (1 - p) / n), rel=1e-9)


def test_wilson_with_no_games_is_the_whole_range() -> None:
    assert wilson(0, 0) == (0.0, 1.0)


def test_wilson_holds_the_rate_at_none_and_all_won() -> None:
    # rounding once left the bound 1e-17 inside the rate, and a report's plot refused its bars
    for n in range(1, 2001):
        assert wilson(0, n)[0] == 0.0 and wilson(n, n)[1] == 1.0
        for wins in (0, n / 3, n):
            low, high = wilson(wins, n)
            assert low <= wins / n <= high


# Critical values at 5% and 1% from any chi-square table.
@pytest.mark.parametrize(
    ("x", "df", "p"),
    [
        (3.841459, 1, 0.05),
        (5.991465, 2, 0.05),
        (7.814728, 3, 0.05),
        (9.487729, 4, 0.05),
        (11.070498, 5, 0.05),
        (6.634897, 1, 0.01),
        (11.344867, 3, 0.01),
        (16.811894, 6, 0.01),
    ],
)
def test_chi2_tail_matches_tables(x: float, df: int, p: float) -> None:
    assert chi2_sf(x, df) == pytest.approx(p, abs=2e-7)


def test_chi2_tail_edges() -> None:
    assert chi2_sf(0.0, 3) == 1.0
    with pytest.raises(ValueError):
        chi2_sf(1.0, 0)


def test_chi_square_uniform_by_hand() -> None:
    # expected 25 each: (25 + 25 + 0 + 0) / 25 = 2; P(chi2_3 >= 2) = erfc(1) + 2 e^-1 / sqrt(pi)
    t = chi_square_uniform([30, 20, 25, 25])
    assert t.statistic == pytest.approx(2.0)
    assert t.df == 3
    assert t.p_value == pytest.approx(math.erfc(1) + 2 * math.exp(-1) / math.sqrt(math.pi))
    assert chi_square_uniform([10, 10]).p_value == 1.0


def test_describe_by_hand() -> None:
    d = describe([4, 1, 3, 2, 10])
    assert (d["n"], d["mean"], d["min"], d["max"], d["median"]) == (5, 4.0, 1, 10, 3)
    assert d["sd"] == pytest.approx(math.sqrt((9 + 4 + 1 + 0 + 36) / 4))
    assert (d["q1"], d["q3"]) == (2.0, 4.0)
    assert quantile([1, 2], 0.25) == 1.25
    with pytest.raises(ValueError):
        describe([])


def test_chi_square_rates_by_hand() -> None:
    # 2 x 2 table: wins 30/100 and 50/100; pooled 0.4; expected wins 40, losses 60 each.
    # (10^2/40 + 10^2/60) * 2 = 8.3333, df 1, p = erfc(sqrt(8.3333 / 2))
    t = chi_square_rates([30, 50], [100, 100])
    assert t.statistic == pytest.approx(2 * (100 / 40 + 100 / 60))
    assert t.df == 1
    assert t.p_value == pytest.approx(math.erfc(math.sqrt(t.statistic / 2)))
    assert chi_square_rates([5, 10], [10, 20]).statistic == pytest.approx(0.0)
    assert chi_square_rates([0, 0], [10, 10]).p_value == 1.0


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [  # Newcombe (1998), Statistics in Medicine 17:873-890, Table II, method 10
        ((48, 80), (56, 70), (0.0524, 0.3339)),  # example (a): 56/70 - 48/80
        ((0, 29), (5, 56), (-0.0381, 0.1926)),  # example (d): 5/56 - 0/29
        ((0, 10), (0, 10), (-0.2775, 0.2775)),  # example (h): 0/10 - 0/10
    ],
)
def test_newcombe_matches_the_published_intervals(
    a: tuple[int, int], b: tuple[int, int], expected: tuple[float, float]
) -> None:
    low, high = newcombe(a[0], a[1], b[0], b[1])
    assert (low, high) == pytest.approx(expected, abs=6e-5)
    # swapping the studies mirrors the interval
    assert newcombe(b[0], b[1], a[0], a[1]) == pytest.approx((-high, -low))
