"""Figures of a sample, for the lab's reports and the bot's benchmarks: the mean with its 95%
interval, and percentiles by nearest rank (a value of the sample, never an interpolation)."""

from __future__ import annotations

import math
from collections.abc import Sequence

Z95 = 1.96
"""The normal distribution's two-sided 95% quantile."""


def mean_ci95(values: Sequence[float]) -> tuple[float | None, list[float] | None, float | None]:
    """Mean, normal 95% interval of the mean (sd with n-1) and sd; one value gives a zero-width
    interval, none gives nulls."""
    n = len(values)
    if n == 0:
        return None, None, None
    mean = sum(values) / n
    if n == 1:
        return mean, [mean, mean], None
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    half = Z95 * sd / math.sqrt(n)
    return mean, [mean - half, mean + half], sd


def percentile(values: Sequence[float], q: float) -> float | None:
    """Nearest rank: the smallest value with at least ``q`` of the values at or below it."""
    if not values:
        return None
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q * len(ordered)) - 1)]


def p95(values: Sequence[float]) -> float | None:
    return percentile(values, 0.95)
