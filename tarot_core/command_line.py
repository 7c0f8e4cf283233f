"""What every command line of the project shares: a refusal is one line on standard error
with exit status 2, and a number outside its range is refused by the same words everywhere.

``Parser`` is argparse's parser with the usage block left out of refusals (subcommands
inherit it); ``whole(low, high)`` is the ``type=`` of every integer option.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import NoReturn

from .quoting import one_line

REFUSED = 2
"""The exit status of a refused command line, as argparse gives it."""


class Parser(argparse.ArgumentParser):
    """argparse, but a refusal is one line (``prog: message``), not a usage block."""

    def error(self, message: str) -> NoReturn:
        self.exit(REFUSED, one_line(f"{self.prog}: {message}") + "\n")


def whole(low: int | None = None, high: int | None = None) -> Callable[[str], int]:
    """An argparse ``type`` for a whole number from ``low`` to ``high`` (either may be open)."""

    def parse(text: str) -> int:
        try:
            value = int(text.strip())
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
        if low is not None and high is not None and not low <= value <= high:
            raise argparse.ArgumentTypeError(f"choose {low} to {high}, not {value}")
        if low is not None and value < low:
            raise argparse.ArgumentTypeError(f"must be at least {low}, not {value}")
        if high is not None and value > high:
            raise argparse.ArgumentTypeError(f"must be at most {high}, not {value}")
        return value

    parse.__name__ = "whole number"  # argparse names the type in its refusals
    return parse
