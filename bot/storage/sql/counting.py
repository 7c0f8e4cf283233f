"""Adding a stored deal or game to the players' totals (``stats.py``), inside the
transaction that stores it, written once for both backends.

A game's rows are read in (scope, player) order and locked (``LOCK_ROW``) before its
ratings are read: on PostgreSQL, transactions of other processes touch the same rows (a bot
level plays everywhere), and a common order keeps them from deadlocking, the lock from
losing a rating update. The deal rows come in (scope, player) order for the same reason.
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
    """Count a finished game once per distinct player, and rate it in each of its scopes:
    the ratings of every scope read (and locked) at once, in (scope, player) order."""
    counted = scopes(guild_id)
    distinct = sorted(set(player_ids))
    scope_marks = ", ".join(f"${n}" for n in range(1, len(counted) + 1))
    player_marks = ", ".join(
        f"${n}" for n in range(len(counted) + 1, len(counted) + len(distinct) + 1)
    )
    rows = await db.fetch(
        "SELECT scope, player_id, mu, sigma FROM player_stats"
        f" WHERE scope IN ({scope_marks}) AND player_id IN ({player_marks})"
        f" ORDER BY scope, player_id{lock_row}",
        *counted,
        *distinct,
    )
    before: dict[int, dict[int, tuple[float, float]]] = {scope: {} for scope in counted}
    for scope, player, mu, sigma in rows:
        before[int(scope)][int(player)] = (float(mu), float(sigma))
    await db.executemany(
        _ADD_GAME,
        [
            row
            for scope in counted
            for row in rated_rows(scope, rating.rate_players(player_ids, before[scope], totals))
        ],
    )
