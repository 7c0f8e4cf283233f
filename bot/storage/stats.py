"""Per-player totals kept current as deals and games are stored (the ``player_stats`` table).

Leaderboards must answer in milliseconds over millions of deals, so each deal adds to its
players' rows in the same transaction that stores it, and each finished game moves their
ratings; reading is then an index range. Every row exists twice: scope 0 counts every game,
and a game in a guild also counts in the guild's own scope.
"""

from __future__ import annotations

from collections.abc import Sequence

import aiosqlite

from tarot_core import DealResult

from . import rating

GLOBAL = 0
"""The scope of every game; Discord guild ids are never 0."""


def scope_of(guild_id: int | None) -> int:
    """The scope of a leaderboard: a guild's, or the global one for ``None``."""
    return GLOBAL if guild_id is None else guild_id


def scopes(guild_id: int | None) -> tuple[int, ...]:
    """The scopes a game of this guild counts in; a game outside any guild counts globally."""
    return (GLOBAL,) if guild_id is None else (GLOBAL, guild_id)


_ADD_DEAL = (
    "INSERT INTO player_stats (scope, player_id, points, deals, taken, made, mu, sigma, rating)"
    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (scope, player_id) DO UPDATE SET"
    " points = points + excluded.points, deals = deals + excluded.deals,"
    " taken = taken + excluded.taken, made = made + excluded.made"
)

_ADD_GAME = (
    "INSERT INTO player_stats (scope, player_id, games, mu, sigma, rating)"
    " VALUES (?, ?, 1, ?, ?, ?) ON CONFLICT (scope, player_id) DO UPDATE SET"
    " games = games + 1, mu = excluded.mu, sigma = excluded.sigma, rating = excluded.rating"
)


async def count_deal(
    conn: aiosqlite.Connection,
    guild_id: int | None,
    result: DealResult,
    player_ids: Sequence[int],
) -> None:
    """Add one stored deal to its players' totals, seat by seat.

    Redeals (passed, petit sec) score nothing and are not deals; a player in two seats
    counts two seat-deals.
    """
    played = int(result.outcome == "played")
    start = rating.DEFAULT + (rating.ordinal(rating.DEFAULT),)
    rows = []
    for scope in scopes(guild_id):
        for seat, score in enumerate(result.scores):
            took = seat == result.taker
            made = took and bool(result.made)
            rows.append((scope, player_ids[seat], score, played, int(took), int(made), *start))
    await conn.executemany(_ADD_DEAL, rows)


async def count_game(
    conn: aiosqlite.Connection,
    guild_id: int | None,
    player_ids: Sequence[int],
    totals: Sequence[int],
) -> None:
    """Count a finished game once per distinct player, and rate it in each of its scopes."""
    distinct = list(dict.fromkeys(player_ids))
    marks = ", ".join("?" * len(distinct))
    for scope in scopes(guild_id):
        async with conn.execute(
            f"SELECT player_id, mu, sigma FROM player_stats"
            f" WHERE scope = ? AND player_id IN ({marks})",
            (scope, *distinct),
        ) as cur:
            before = {int(p): (float(mu), float(sigma)) for p, mu, sigma in await cur.fetchall()}
        after = rating.rate_players(player_ids, before, totals)
        await conn.executemany(
            _ADD_GAME,
            [
                (scope, player, mu, sigma, rating.ordinal((mu, sigma)))
                for player, (mu, sigma) in after.items()
            ],
        )
