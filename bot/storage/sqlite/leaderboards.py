"""Leaderboards and personal statistics, read from the materialized ``player_stats``.

A player is ranked in a scope once it has finished ``min_games`` games there. Players are
ordered by rating, then points, then id; the rank counts the ranked players strictly ahead
on rating and points, so players equal on both share a rank (1, 2, 2, 4).
"""

from __future__ import annotations

import aiosqlite

from ..records import PlayerStats, Standing
from ..standings import COLUMNS, line, ranked_page, with_defaults
from ..stats import scope_of


class LeaderboardQueries:
    """The read side of the leaderboards, mixed into ``Storage``."""

    reader: aiosqlite.Connection

    async def leaderboard(
        self, guild_id: int | None, *, min_games: int = 5, limit: int = 10, offset: int = 0
    ) -> list[Standing]:
        """One page of a guild's leaderboard (``None``: the global one), best first."""
        scope = scope_of(guild_id)
        async with self.reader.execute(
            f"SELECT {COLUMNS} FROM player_stats s JOIN players p ON p.id = s.player_id"
            " WHERE s.scope = ? AND s.games >= ?"
            " ORDER BY s.rating DESC, s.points DESC, s.player_id LIMIT ? OFFSET ?",
            (scope, min_games, limit, offset),
        ) as cur:
            rows = [line(r) for r in await cur.fetchall()]
        if not rows:
            return []
        ahead = await self._ahead(scope, min_games, rows[0]["rating"], rows[0]["points"])
        return ranked_page(rows, offset, ahead)

    async def player_stats(
        self, player_id: int, guild_id: int | None, *, min_games: int = 5
    ) -> PlayerStats | None:
        """A player's figures in a guild (``None``: globally); None for an unknown player.

        A known player with nothing recorded in this scope gets zeros and the starting
        rating.
        """
        scope = scope_of(guild_id)
        async with self.reader.execute(
            f"SELECT {COLUMNS} FROM players p"
            " LEFT JOIN player_stats s ON s.player_id = p.id AND s.scope = ? WHERE p.id = ?",
            (scope, player_id),
        ) as cur:
            found = await cur.fetchone()
        if found is None:
            return None
        row = with_defaults(line(found))
        ranked = await self.ranked_count(guild_id, min_games=min_games)
        rank = None
        if row["games"] >= min_games:
            rank = 1 + await self._ahead(scope, min_games, row["rating"], row["points"])
        return PlayerStats(**row, rank=rank, ranked=ranked)

    async def ranked_count(self, guild_id: int | None, *, min_games: int = 5) -> int:
        """How many players are ranked in a guild (``None``: globally)."""
        async with self.reader.execute(
            "SELECT COUNT(*) FROM player_stats WHERE scope = ? AND games >= ?",
            (scope_of(guild_id), min_games),
        ) as cur:
            counted = await cur.fetchone()
        return int(counted[0]) if counted else 0

    async def _ahead(self, scope: int, min_games: int, rated: float, points: int) -> int:
        """How many ranked players are strictly ahead of this rating and these points."""
        async with self.reader.execute(
            "SELECT COUNT(*) FROM player_stats WHERE scope = ? AND games >= ?"
            " AND (rating > ? OR (rating = ? AND points > ?))",
            (scope, min_games, rated, rated, points),
        ) as cur:
            row = await cur.fetchone()
        return int(row[0]) if row else 0
