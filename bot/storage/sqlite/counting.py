"""Adding a stored deal or game to the players' totals (``stats.py``), in SQLite's SQL,
inside the transaction that stores it."""

from __future__ import annotations

from collections.abc import Sequence

import aiosqlite

from tarot_core import DealResult

from .. import rating
from ..stats import deal_rows, rated_rows, scopes

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
    """Add one stored deal to its players' totals, once per distinct player.

    Redeals (passed, petit sec) score nothing and are not deals; a player in several seats
    (a bot level) counts the deal once, with the sum of its seats' scores.
    """
    await conn.executemany(_ADD_DEAL, deal_rows(guild_id, result, player_ids))


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
        await conn.executemany(_ADD_GAME, rated_rows(scope, after))
