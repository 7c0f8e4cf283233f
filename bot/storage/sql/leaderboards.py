"""Leaderboards and personal statistics, read from the materialized ``player_stats``, on
committed data only (even from inside a transaction).

A player is ranked in a scope once it has finished ``min_games`` games there. Players are
ordered by rating, then points, then id; the rank counts the ranked players strictly ahead
on rating and points, so players equal on both share a rank (1, 2, 2, 4).
"""

from __future__ import annotations

from .. import rating
from ..records import PlayerStats, Standing
from ..standings import COLUMNS, line, ranked_page, with_defaults
from ..stats import scope_of
from .rows import Backend


class LeaderboardQueries(Backend):
    """The read side of the leaderboards, part of each backend's storage."""

    async def leaderboard(
        self, guild_id: int | None, *, min_games: int = 5, limit: int = 10, offset: int = 0
    ) -> list[Standing]:
        """One page of a guild's leaderboard (``None``: the global one), best first."""
        scope = scope_of(guild_id)
        found = await self.committed.fetch(
            f"SELECT {COLUMNS} FROM player_stats s JOIN players p ON p.id = s.player_id"
            " WHERE s.scope = $1 AND s.games >= $2"
            " ORDER BY s.rating DESC, s.points DESC, s.player_id LIMIT $3 OFFSET $4",
            scope,
            min_games,
            limit,
            offset,
        )
        rows = [line(r) for r in found]
        if not rows:
            return []
        ahead = 0  # the first page's first line is first
        if offset:
            ahead = await self._ahead(scope, min_games, rows[0]["rating"], rows[0]["points"])
        return ranked_page(rows, offset, ahead)

    async def player_stats(
        self, player_id: int, guild_id: int | None, *, min_games: int = 5
    ) -> PlayerStats | None:
        """A player's figures in a guild (``None``: globally); None for an unknown player.

        A known player with nothing recorded in this scope gets zeros and the starting
        rating (the players ahead of it counted from there). One query, so that the line,
        the ranked count and the rank agree.
        """
        found = await self.committed.fetchrow(
            f"SELECT {COLUMNS},"
            " (SELECT COUNT(*) FROM player_stats WHERE scope = $1 AND games >= $2),"
            " (SELECT COUNT(*) FROM player_stats a WHERE a.scope = $1 AND a.games >= $2"
            " AND (a.rating > COALESCE(s.rating, $4)"
            " OR (a.rating = COALESCE(s.rating, $4) AND a.points > COALESCE(s.points, 0))))"
            " FROM players p LEFT JOIN player_stats s ON s.player_id = p.id AND s.scope = $1"
            " WHERE p.id = $3",
            scope_of(guild_id),
            min_games,
            player_id,
            rating.ordinal(rating.DEFAULT),
        )
        if found is None:
            return None
        *figures, ranked, ahead = found
        row = with_defaults(line(figures))
        rank = 1 + int(ahead) if row["games"] >= min_games else None
        return PlayerStats(**row, rank=rank, ranked=int(ranked))

    async def ranked_count(self, guild_id: int | None, *, min_games: int = 5) -> int:
        """How many players are ranked in a guild (``None``: globally)."""
        counted = await self.committed.fetchval(
            "SELECT COUNT(*) FROM player_stats WHERE scope = $1 AND games >= $2",
            scope_of(guild_id),
            min_games,
        )
        return int(counted)

    async def _ahead(self, scope: int, min_games: int, rated: float, points: int) -> int:
        """How many ranked players are strictly ahead of this rating and these points."""
        ahead = await self.committed.fetchval(
            "SELECT COUNT(*) FROM player_stats WHERE scope = $1 AND games >= $2"
            " AND (rating > $3 OR (rating = $3 AND points > $4))",
            scope,
            min_games,
            rated,
            points,
        )
        return int(ahead)
