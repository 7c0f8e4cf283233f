"""Per-player totals kept current as deals and games are stored (the ``player_stats`` table).

Leaderboards must answer in milliseconds over millions of deals, so each deal adds to its
players' rows in the same transaction that stores it, and each finished game moves their
ratings; reading is then an index range. Every row exists twice: scope 0 counts every game,
and a game in a guild also counts in the guild's own scope.

A player is one row however many seats it holds (a bot level can fill several seats of one
table), so every figure on its row stays true: a deal or a game counts once for it, its
points are the sum of its seats' scores (a row's points still add up to zero over the
board), it took a deal if one of its seats took, and it made it if that seat made it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from tarot_core import Outcome

from . import rating

GLOBAL = 0
"""The scope of every game; Discord guild ids are never 0."""


def scope_of(guild_id: int | None) -> int:
    """The scope of a leaderboard: a guild's, or the global one for ``None``."""
    return GLOBAL if guild_id is None else guild_id


def scopes(guild_id: int | None) -> tuple[int, ...]:
    """The scopes a game of this guild counts in; a game outside any guild counts globally."""
    return (GLOBAL,) if guild_id is None else (GLOBAL, guild_id)


@dataclass(frozen=True)
class DealFigures:
    """What one deal adds to one player's row, all its seats together."""

    points: int
    deals: int
    """1 for a deal played to the end, 0 for a redeal (passed, petit sec)."""
    taken: int
    made: int


class Scored(Protocol):
    """What counting needs of a deal's result (a ``DealResult``, or the benchmark's stand-in)."""

    @property
    def outcome(self) -> str: ...
    @property
    def scores(self) -> Sequence[int]: ...
    @property
    def taker(self) -> int | None: ...
    @property
    def made(self) -> bool | int | None: ...


def deal_figures(result: Scored, player_ids: Sequence[int]) -> dict[int, DealFigures]:
    """Each distinct player's share of a deal: its seats' scores summed, the deal once."""
    played = int(result.outcome == Outcome.PLAYED)
    figures: dict[int, DealFigures] = {}
    for seat, score in enumerate(result.scores):
        player = player_ids[seat]
        took = int(seat == result.taker)
        made = int(took and bool(result.made))
        had = figures.get(player)
        if had is not None:
            score, took, made = had.points + score, had.taken | took, had.made | made
        figures[player] = DealFigures(score, played, took, made)
    return figures


StatsRow = tuple[int, int, int, int, int, int, float, float, float]
"""What a deal adds to one ``player_stats`` row: scope, player, points, deals, taken,
made, and the starting mu, sigma and rating of a row it creates."""


def deal_rows(guild_id: int | None, result: Scored, player_ids: Sequence[int]) -> list[StatsRow]:
    """The rows a deal adds to, in every scope it counts in, players in id order (so that
    concurrent writers lock rows in one order)."""
    start = rating.DEFAULT + (rating.ordinal(rating.DEFAULT),)
    figures = deal_figures(result, player_ids)
    return [
        (scope, player, f.points, f.deals, f.taken, f.made, *start)
        for scope in scopes(guild_id)
        for player, f in sorted(figures.items())
    ]


def rated_rows(
    scope: int, after: dict[int, tuple[float, float]]
) -> list[tuple[int, int, float, float, float]]:
    """A scope's new ratings (scope, player, mu, sigma, ordinal), players in id order."""
    return [
        (scope, player, mu, sigma, rating.ordinal((mu, sigma)))
        for player, (mu, sigma) in sorted(after.items())
    ]
