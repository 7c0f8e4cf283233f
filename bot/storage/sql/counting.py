"""Adding a stored deal or game to the players' totals (``stats.py``), inside the
transaction that stores it, written once for both backends.

A game's rows are read in player order and locked (``LOCK_ROW``) before its ratings are
read: on PostgreSQL, transactions of other processes touch the same rows (a bot level plays
everywhere), and a common order keeps them from deadlocking, the lock from losing a rating
update. The deal rows come in (scope, player) order for the same reason.
"""

from __future__ import annotations

from collections.abc import Sequence

from tarot_core import DealResult

from .. import rating
from ..stats import deal_rows, rated_rows, scopes
from .rows import Rows

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
    db: Rows, guild_id: int | None, result: DealResult, player_ids: Sequence[int]
) -> None:
    """Add one stored deal to its players' totals, once per distinct player.

    Redeals (passed, petit sec) score nothing and are not deals; a player in several seats
    (a bot level) counts the deal once, with the sum of its seats' scores.
    """
    await db.executemany(_ADD_DEAL, deal_rows(guild_id, result, player_ids))


async def count_game(
    db: Rows,
    guild_id: int | None,
    player_ids: Sequence[int],
    totals: Sequence[int],
    lock_row: str,
) -> None:
    """Count a finished game once per distinct player, and rate it in each of its scopes."""
    distinct = sorted(set(player_ids))
    marks = ", ".join(f"${n}" for n in range(2, len(distinct) + 2))
    for scope in scopes(guild_id):
        rows = await db.fetch(
            "SELECT player_id, mu, sigma FROM player_stats"
            f" WHERE scope = $1 AND player_id IN ({marks}) ORDER BY player_id{lock_row}",
            scope,
            *distinct,
        )
        before = {int(r[0]): (float(r[1]), float(r[2])) for r in rows}
        after = rating.rate_players(player_ids, before, totals)
        await db.executemany(_ADD_GAME, rated_rows(scope, after))
