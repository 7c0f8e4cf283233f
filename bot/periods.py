"""The periods a leaderboard covers besides all time: the current calendar week, from
Monday 00:00 UTC, and the current calendar month, from the 1st 00:00 UTC. UTC, as the
daily challenges' days are, so every server's week starts at the same moment."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Literal

Period = Literal["week", "month"]
PERIODS: tuple[Period, ...] = ("week", "month")


def parse_period(value: str | None) -> Period | None:
    """A command's ``period``: None for all time (``all``, or left out)."""
    if value is None or value == "all":
        return None
    for period in PERIODS:
        if value == period:
            return period
    raise ValueError(f"no period {value!r}: all, week or month")


def period_start(period: Period, now: datetime) -> datetime:
    """When the week or month holding ``now`` began (UTC); ``now`` must carry its zone."""
    if now.tzinfo is None:
        raise ValueError("a naive datetime has no moment: give it a time zone")
    now = now.astimezone(UTC)
    midnight = datetime(now.year, now.month, now.day, tzinfo=UTC)
    if period == "week":
        return midnight - timedelta(days=midnight.weekday())
    return midnight.replace(day=1)
