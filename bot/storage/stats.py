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
