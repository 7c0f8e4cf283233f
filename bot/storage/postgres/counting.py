"""Adding a stored deal or game to the players' totals (``stats.py``), in PostgreSQL's SQL,
inside the transaction that stores it.

Rows are written in (scope, player) order and a game's rows are locked before its ratings
are read: transactions of other processes touch the same rows (a bot level plays
everywhere), and a common order keeps them from deadlocking, the lock from losing a rating
update.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from tarot_core import DealResult

from .. import rating
from ..stats import deal_rows, rated_rows, scopes

if TYPE_CHECKING:
    from .connections import Conn

_ADD_DEAL = (
    "INSERT INTO player_stats (scope, player_id, points, deals, taken, made, mu, sigma, rating)"
    " VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (scope, player_id) DO UPDATE SET"
    " points = player_stats.points + excluded.points,"
    " deals = player_stats.deals + excluded.deals,"
    " taken = player_stats.taken + excluded.taken,"
    " made = player_stats.made + excluded.made"
)

_ADD_GAME = (
    "INSERT INTO player_stats (scope, player_id, games, mu, sigma, rating)"
    " VALUES ($1, $2, 1, $3, $4, $5) ON CONFLICT (scope, player_id) DO UPDATE SET"
    " games = player_stats.games + 1, mu = excluded.mu, sigma = excluded.sigma,"
    " rating = excluded.rating"
)


async def count_deal(
    conn: Conn,
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
    conn: Conn,
    guild_id: int | None,
    player_ids: Sequence[int],
    totals: Sequence[int],
) -> None:
    """Count a finished game once per distinct player, and rate it in each of its scopes."""
    distinct = sorted(set(player_ids))
    for scope in scopes(guild_id):
        rows = await conn.fetch(
            "SELECT player_id, mu, sigma FROM player_stats"
            " WHERE scope = $1 AND player_id = ANY($2::bigint[])"
            " ORDER BY player_id FOR UPDATE",
            scope,
            distinct,
        )
        before = {int(r[0]): (float(r[1]), float(r[2])) for r in rows}
        after = rating.rate_players(player_ids, before, totals)
        await conn.executemany(_ADD_GAME, rated_rows(scope, after))
