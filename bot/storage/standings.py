"""Leaderboard lines from rows, whatever the backend: the columns a line is read from,
the ranks of a page (players equal on rating and points share one: 1, 2, 2, 4), and the
figures of a known player with nothing recorded in a scope."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from . import rating
from .records import Standing

COLUMNS = (
    "p.id, p.name, p.kind, p.external_id, s.points, s.games, s.deals, s.taken, s.made,"
    " s.rating, s.mu, s.sigma"
)
"""What a line is read from (``players p`` joined with ``player_stats s``)."""
_KEYS = "player_id name kind external_id points games deals taken made rating mu sigma".split()


def line(row: Iterable[Any]) -> dict[str, Any]:
    """A row of ``COLUMNS`` by field name."""
    return dict(zip(_KEYS, row, strict=True))


def ranked_page(rows: Sequence[dict[str, Any]], offset: int, first_ahead: int) -> list[Standing]:
    """A page of lines, best first, ``offset`` lines into the board, whose first line has
    ``first_ahead`` ranked players strictly ahead of it (on rating, then points)."""
    page: list[Standing] = []
    for i, row in enumerate(rows):
        if i == 0:
            rank = 1 + first_ahead if offset else 1
        elif (row["rating"], row["points"]) == (page[-1].rating, page[-1].points):
            rank = page[-1].rank
        else:
            rank = offset + i + 1
        page.append(Standing(**row, rank=rank))
    return page


def with_defaults(row: dict[str, Any]) -> dict[str, Any]:
    """A player's line in a scope where nothing of theirs is recorded: zeros and the
    starting rating."""
    if row["games"] is not None:
        return row
    mu, sigma = rating.DEFAULT
    zero = {"points": 0, "games": 0, "deals": 0, "taken": 0, "made": 0}
    return row | zero | {"mu": mu, "sigma": sigma, "rating": rating.ordinal(rating.DEFAULT)}
