"""The monthly ladder of daily challenges in words (``/challenge ladder``): a server's
ladder, then the reader's own place on the instance-wide one. Sums are written with one
decimal in the reader's notation."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from bot.i18n import decimal, month_of_year, t
from bot.storage import LadderLine

from .table import escape

LADDER_ROWS = 20
"""Members listed by name on a server's ladder (the reader's own line follows if lower)."""


def month_name(locale: str | None, month: str) -> str:
    """'2026-11' as the reader writes a month: ``November 2026``, ``novembre 2026``."""
    year, number = month.split("-")
    return month_of_year(date(int(year), int(number), 1), locale)


def _total(locale: str | None, line: LadderLine) -> str:
    return decimal(line.total, locale, places=1)


def ladder_text(
    locale: str | None,
    month: str,
    best: int,
    lines: Sequence[LadderLine],
    *,
    mine: LadderLine | None = None,
    everywhere: LadderLine | None = None,
    everywhere_best: int = 0,
) -> str:
    """A server's ladder for ``month`` (its best ``best`` days added up), the reader's own
    line below when it is not among ``lines``, and their place on the instance's ladder
    (``everywhere``, its best ``everywhere_best`` days) if they have one."""
    name = month_name(locale, month)
    out = [t(locale, "challenge.ladder.title", month=name, best=best)]
    if not lines:
        out.append(t(locale, "challenge.ladder.empty", month=name))
    for line in lines:
        out.append(
            t(
                locale,
                "challenge.ladder.row",
                rank=line.rank,
                name=escape(line.name),
                total=_total(locale, line),
                days=line.days,
            )
        )
    if mine is not None and all(line.player_id != mine.player_id for line in lines):
        out.append(
            t(
                locale,
                "challenge.ladder.you",
                rank=mine.rank,
                count=mine.players,
                total=_total(locale, mine),
                days=mine.days,
            )
        )
    if everywhere is not None:
        out.append("")
        out.append(
            t(
                locale,
                "challenge.ladder.everywhere",
                best=everywhere_best,
                rank=everywhere.rank,
                count=everywhere.players,
                total=_total(locale, everywhere),
                days=everywhere.days,
            )
        )
    return "\n".join(out)
