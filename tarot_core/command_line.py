"""What every command line of the project shares: a refusal is one line on standard error
with exit status 2, and a number outside its range is refused by the same words everywhere.

``Parser`` is argparse's parser with the usage block left out of refusals (subcommands
inherit it); ``whole(low, high)`` is the ``type=`` of every integer option and
``decimal(low, high)`` of every other number, each with its range.
"""

from __future__ import annotations

import argparse
import math
from dataclasses import dataclass
from typing import NoReturn, TypeVar

from .bots import MAX_THINK_MS
from .quoting import one_line
from .rules import PLAYER_COUNTS

REFUSED = 2
"""The exit status of a refused command line, as argparse gives it."""
MAX_SEED = 2**63 - 1
"""A seed is kept as a signed 64-bit integer wherever it is stored."""


class Parser(argparse.ArgumentParser):
    """argparse, but a refusal is one line (``prog: message``), not a usage block."""

    def error(self, message: str) -> NoReturn:
        self.exit(REFUSED, one_line(f"{self.prog}: {message}") + "\n")


@dataclass(frozen=True)
class Whole:
    """An argparse ``type`` for a whole number from ``low`` to ``high`` (either may be
    open); it keeps its range, so that a test can try every option's bounds."""

    low: int | None = None
    high: int | None = None

    def __call__(self, text: str) -> int:
        try:
            value = int(text.strip())
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
        return _within(value, self.low, self.high)


@dataclass(frozen=True)
class Decimal:
    """An argparse ``type`` for a finite number from ``low`` to ``high``."""

    low: float
    high: float

    def __call__(self, text: str) -> float:
        try:
            value = float(text.strip())
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
        if not math.isfinite(value):
            raise argparse.ArgumentTypeError(f"not a finite number: {text!r}")
        return _within(value, self.low, self.high)


N = TypeVar("N", int, float)


def _within(value: N, low: N | None, high: N | None) -> N:
    if low is not None and high is not None and not low <= value <= high:
        raise argparse.ArgumentTypeError(f"choose {low} to {high}, not {_shown(value)}")
    if low is not None and value < low:
        raise argparse.ArgumentTypeError(f"must be at least {low}, not {_shown(value)}")
    if high is not None and value > high:
        raise argparse.ArgumentTypeError(f"must be at most {high}, not {_shown(value)}")
    return value


def _shown(value: float) -> str:
    """A refused value as typed, short: ``-5``, ``1e+30``, ``0.5``."""
    return f"{value:.6g}" if isinstance(value, float) else str(value)


def whole(low: int | None = None, high: int | None = None) -> Whole:
    """An argparse ``type`` for a whole number from ``low`` to ``high`` (either may be open)."""
    return Whole(low, high)


def decimal(low: float, high: float) -> Decimal:
    """An argparse ``type`` for a finite number from ``low`` to ``high``."""
    return Decimal(low, high)


SEED = whole(0, MAX_SEED)
PLAYERS = whole(PLAYER_COUNTS[0], PLAYER_COUNTS[-1])
THINK_MS = whole(1, MAX_THINK_MS)
"""The expert's budget per decision in milliseconds, as the bot's ``TAROT_THINK_MS``."""
