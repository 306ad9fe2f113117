"""Statistics of a match: win rate with a 95% interval, Elo difference, rates, times.

The interval is clustered by duplicate pair: a pair scores 0, 0.25, ..., 1 for agent A
(wins plus half ties, over its two games), and the interval is the normal one on the
mean pair score (the two games of a pair share their deals, so they are not
independent). The Wilson interval on single games is given too.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

__all__ = ["elo", "mean_ci", "percentile", "wilson"]

Z95 = 1.959963984540054


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval (two fractions in [0, 1]) for ``successes`` out of ``n``."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_ci(values: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """(mean, low, high): the mean and its normal 95% interval (``z`` standard errors)."""
    n = len(values)
    if n == 0:
        return (0.0, 0.0, 0.0)
    m = sum(values) / n
    if n == 1:
        return (m, m, m)
    var = sum((v - m) ** 2 for v in values) / (n - 1)
    half = z * math.sqrt(var / n)
    return (m, m - half, m + half)


def elo(p: float) -> float:
    """Elo difference (points) for an expected score ``p`` (clamped to [0.001, 0.999])."""
    p = min(max(p, 0.001), 0.999)
    return 400.0 * math.log10(p / (1.0 - p))


def percentile(sorted_values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0-1) of already sorted values, linear interpolation (0 if empty)."""
    n = len(sorted_values)
    if n == 0:
        return 0.0
    pos = q * (n - 1)
    lo = int(pos)
    hi = min(lo + 1, n - 1)
    return sorted_values[lo] + (sorted_values[hi] - sorted_values[lo]) * (pos - lo)
