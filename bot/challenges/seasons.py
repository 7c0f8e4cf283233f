"""Streaks and the monthly ladder of daily challenges (issue 25), the pure part: what a
closed daily challenge writes on its ladder, a streak counted from the days played, and
a month as a command names it.

Which ladder a daily challenge feeds: its own scope's only. A server's daily challenge
feeds that server's ladder; the instance's feeds the instance-wide ladder and no server's
(a member's instance day counted on their server's ladder too would count the same day
twice there, once from each challenge, and make a server's ladder depend on where its
members happened to play the instance's from). The instance's ladder adds up the best
``INSTANCE_BEST`` days: a server's ``ladder_days`` setting is its own ladder's only.

Challenges never change ratings: a ladder is kept apart from ``player_stats``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import UTC, date, datetime, timedelta

from .results import Standing

INSTANCE_BEST = 20
"""The days the instance-wide ladder adds up (a server's own is its ``ladder_days``)."""
ALONE = 50.0
"""A member's matchpoints on a day nobody else played their deals: even."""

_MONTH = re.compile(r"(\d{4})-(0[1-9]|1[0-2])")


def ladder_scores(final: Sequence[Standing]) -> list[tuple[int, float]]:
    """Each member of a closed challenge's final standings with their matchpoint
    percentage for the day (``ALONE`` with nobody to compare to), as the ladder keeps it."""
    return [(s.player_id, ALONE if s.matchpoints is None else s.matchpoints) for s in final]


def streak(days: Sequence[str], today: date) -> int:
    """Consecutive days played ('YYYY-MM-DD', any order) ending today or yesterday: a day
    not over yet does not break a streak, a whole day missed does."""
    played = {date.fromisoformat(d) for d in days}
    day = today if today in played else today - timedelta(days=1)
    count = 0
    while day in played:
        count += 1
        day -= timedelta(days=1)
    return count


def today_of(timestamp: float) -> date:
    """The UTC day of a moment: daily challenges are named by UTC days."""
    return datetime.fromtimestamp(timestamp, UTC).date()


def month_of(timestamp: float) -> str:
    """The UTC month of a moment, 'YYYY-MM' as the ladder keeps it."""
    return today_of(timestamp).strftime("%Y-%m")


def parse_month(text: str) -> str | None:
    """A month typed as 'YYYY-MM' (spaces around allowed), as the ladder keeps it; None
    for anything else."""
    found = _MONTH.fullmatch(text.strip())
    return None if found is None else f"{found[1]}-{found[2]}"
