"""The monthly ladder of daily challenges (issue 25), written once for both backends: each
member's matchpoints of a closed daily challenge kept as one row per ladder, day and
member, and a month's ladder added up from them (the sum of each member's best N days).

A row is written once: the key (scope, guild, day, member) refuses a second one, so two
processes closing the same challenge, or one closing it twice, write it once, and a
member's day never changes once written. Ladders are never ratings: nothing here touches
``player_stats``.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..records import ChallengeScope, LadderLine
from .rows import Backend, Row

INSTANCE = 0
"""The ``guild_id`` of the instance-wide ladder."""

_LADDER = (
    "WITH ranked AS ("
    " SELECT player_id, matchpoints,"
    " ROW_NUMBER() OVER (PARTITION BY player_id ORDER BY matchpoints DESC, day) AS n"
    " FROM challenge_ladder WHERE scope = $1 AND guild_id = $2 AND month = $3),"
    " totals AS ("
    " SELECT player_id, SUM(CASE WHEN n <= $4 THEN matchpoints ELSE 0 END) AS total,"
    " COUNT(*) AS days FROM ranked GROUP BY player_id),"
    " placed AS ("
    " SELECT player_id, total, days, RANK() OVER (ORDER BY total DESC, days DESC) AS rank,"
    " COUNT(*) OVER () AS everyone FROM totals)"
    " SELECT p.id, p.name, p.external_id, placed.total, placed.days, placed.rank,"
    " placed.everyone FROM placed JOIN players p ON p.id = placed.player_id"
)
"""A month's ladder ($1 scope, $2 guild, $3 'YYYY-MM', $4 N), every member placed; the
caller adds which lines it wants."""


class LadderQueries(Backend):
    """The monthly ladder and the days a streak counts, part of each backend's storage."""

    async def record_ladder(self, challenge_id: int, scores: Sequence[tuple[int, float]]) -> int:
        """Each ``(player_id, matchpoints)`` of a daily challenge on its ladder (its scope
        and server's; the instance's is guild 0), in its day and month; a member's day
        written already stays as it is. How many rows this call wrote (0 for a challenge
        on demand, which feeds no ladder)."""
        written = 0
        async with self.writes() as db:
            for player_id, matchpoints in scores:
                written += await db.execute(
                    "INSERT INTO challenge_ladder"
                    " (scope, guild_id, month, day, player_id, matchpoints, challenge_id)"
                    " SELECT c.scope, COALESCE(c.guild_id, 0), substr(c.day, 1, 7), c.day,"
                    " CAST($2 AS BIGINT), CAST($3 AS DOUBLE PRECISION), c.id"
                    " FROM challenges c WHERE c.id = $1 AND c.day IS NOT NULL"
                    " ON CONFLICT (scope, guild_id, day, player_id) DO NOTHING",
                    challenge_id,
                    player_id,
                    float(matchpoints),
                )
        return written

    async def ladder(
        self,
        scope: ChallengeScope,
        guild_id: int | None,
        month: str,
        best: int,
        limit: int,
        offset: int = 0,
    ) -> list[LadderLine]:
        """The ladder of a server (``guild_id``) or of the instance (None) for ``month``
        ('YYYY-MM'): per member the sum of their best ``best`` days, highest first (then
        more days, then the player's id), ranks shared by equals."""
        rows = await self.committed.fetch(
            f"{_LADDER} ORDER BY placed.rank, p.id LIMIT $5 OFFSET $6",
            scope,
            guild_id or INSTANCE,
            month,
            best,
            limit,
            offset,
        )
        return [_line(r) for r in rows]

    async def ladder_place(
        self, scope: ChallengeScope, guild_id: int | None, month: str, best: int, player_id: int
    ) -> LadderLine | None:
        """One member's line on that ladder; None if they played none of its days."""
        row = await self.committed.fetchrow(
            f"{_LADDER} WHERE p.id = $5", scope, guild_id or INSTANCE, month, best, player_id
        )
        return None if row is None else _line(row)

    async def daily_days(
        self, player_id: int, scope: ChallengeScope, guild_id: int | None
    ) -> list[str]:
        """The days of the daily challenges of one scope and server (None: the instance's)
        the player finished an attempt at, newest first (what a streak counts)."""
        rows = await self.committed.fetch(
            "SELECT DISTINCT c.day FROM challenge_attempts a"
            " JOIN challenges c ON c.id = a.challenge_id"
            " WHERE a.player_id = $1 AND a.finished_at IS NOT NULL AND c.day IS NOT NULL"
            " AND c.scope = $2 AND COALESCE(c.guild_id, 0) = $3 ORDER BY c.day DESC",
            player_id,
            scope,
            guild_id or INSTANCE,
        )
        return [str(r[0]) for r in rows]


def _line(row: Row) -> LadderLine:
    return LadderLine(
        player_id=int(row[0]),
        name=row[1],
        external_id=str(row[2]),
        total=float(row[3]),
        days=int(row[4]),
        rank=int(row[5]),
        players=int(row[6]),
    )
