"""Leaderboards and personal statistics, read from the materialized ``player_stats``, on
committed data only (even from inside a transaction).

A player is ranked in a scope once it has finished ``min_games`` games there. Players are
ordered by rating, then points, then id; the rank counts the ranked players strictly ahead
on rating and points, so players equal on both share a rank (1, 2, 2, 4).

A period's board (a week, a month) has no running totals to read: it adds up the deals
that finished in the period (``deals.finished_at``, an index range), of table games only,
as ``stats.deal_figures`` counts them.
"""

from __future__ import annotations

from .. import rating
from ..records import PeriodStanding, PlayerStats, Standing
from ..standings import COLUMNS, line, ranked_page, with_defaults
from ..stats import scope_of
from .rows import Backend

_PER_DEAL = (
    "SELECT s.player_id, SUM(s.score) AS score,"
    " MAX(CASE WHEN d.outcome = 'played' THEN 1 ELSE 0 END) AS played,"
    " MAX(s.took) AS took, MAX(s.took * COALESCE(d.made, 0)) AS made"
    " FROM deals d CROSS JOIN games g CROSS JOIN deal_scores s"
    " WHERE d.finished_at >= $1 AND g.id = d.game_id AND s.deal_id = d.id"
    " AND g.challenge_id IS NULL{guild}"
    " GROUP BY s.player_id, d.id"
)
"""Each player's share of each deal of the period, all its seats together (a bot level in
several seats counts a deal once, with its seats' scores summed). ``CROSS JOIN`` is an
inner join in both dialects, and SQLite keeps its order: the period's deals, a range of
``deals_by_finished_at``, drive the join, never every deal or every game of the guild
(grouped by player first, so that reading every deal in id order saves SQLite no sort)."""
_PERIOD_BOARD = (
    "WITH per_deal AS ({per_deal}), totals AS ("
    " SELECT player_id, SUM(score) AS points, SUM(played) AS deals, SUM(took) AS taken,"
    " SUM(made) AS made FROM per_deal GROUP BY player_id HAVING SUM(played) > 0)"
    " SELECT p.id, p.name, p.kind, p.external_id, t.points, t.deals, t.taken, t.made,"
    " RANK() OVER (ORDER BY t.points DESC, t.deals DESC)"
    " FROM totals t JOIN players p ON p.id = t.player_id"
    " ORDER BY t.points DESC, t.deals DESC, t.player_id LIMIT $2 OFFSET $3"
)
PERIOD_BOARD = {
    False: _PERIOD_BOARD.format(per_deal=_PER_DEAL.format(guild="")),
    True: _PERIOD_BOARD.format(per_deal=_PER_DEAL.format(guild=" AND g.guild_id = $4")),
}
"""A period's board, every game's (False) or one guild's (True, the guild as ``$4``)."""


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

    async def period_board(
        self, guild_id: int | None, since: float, *, limit: int = 10, offset: int = 0
    ) -> list[PeriodStanding]:
        """One page of a guild's board (``None``: every game's) over the deals finished
        since ``since`` (a Unix time), table games only; best first on points, then deals,
        then id, players equal on points and deals sharing a rank. Every player with a
        deal played in the period is on it, bot levels as on the all-time board."""
        guild = () if guild_id is None else (guild_id,)
        found = await self.committed.fetch(
            PERIOD_BOARD[guild_id is not None], float(since), limit, offset, *guild
        )
        return [
            PeriodStanding(
                player_id=int(r[0]),
                name=r[1],
                kind=r[2],
                external_id=r[3],
                points=int(r[4]),
                deals=int(r[5]),
                taken=int(r[6]),
                made=int(r[7]),
                rank=int(r[8]),
            )
            for r in found
        ]

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
