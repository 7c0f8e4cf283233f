"""Challenges (issue 25), written once for both backends: the instance's secret key, the
challenges with their pars, each member's one attempt and what the results compare.

An attempt is a game like a table's (its action log is the truth; ``deals.py`` stores its
turns), marked by ``games.challenge_id``: ``deals.py`` then counts none of it in the
leaderboards and ends it by marking the attempt finished. Two processes making the same
daily challenge, the instance's key or a member's attempt at once are settled by the
schema's keys, never by a read before the write alone.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Sequence
from typing import Any

from .. import stats
from ..errors import Conflict
from ..records import (
    CHALLENGE_COLUMNS,
    AttemptDeal,
    ChallengeScope,
    ParDeal,
    StoredAttempt,
    StoredChallenge,
    stored_challenge,
)
from .rows import Backend, Row, Rows

KEY_META = "challenge_key"
"""The ``meta`` key of the instance's secret key (hex)."""

KEY_BYTES = 32

_ATTEMPT_COLUMNS = (
    "a.challenge_id, a.player_id, p.name, a.variant, a.game_id, a.guild_id, a.started_at,"
    " a.finished_at"
)

_MINE = "(c.scope = 'instance' OR c.guild_id = $1)"
"""A challenge a server's members play: its own, or the instance's ($1: the guild id)."""


class ChallengeQueries(Backend):
    """Challenges, pars and attempts, part of each backend's storage."""

    async def instance_key(self) -> bytes:
        """This instance's secret key, the root of every challenge's seed: made once (the
        first process to ask stores it; any other reads that one) and kept in ``meta``."""
        async with self.writes() as db:
            await db.execute(
                "INSERT INTO meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING",
                KEY_META,
                secrets.token_bytes(KEY_BYTES).hex(),
            )
            value = await db.fetchval("SELECT value FROM meta WHERE key = $1", KEY_META)
        return bytes.fromhex(str(value))

    async def create_challenge(
        self,
        *,
        scope: ChallengeScope,
        guild_id: int | None,
        day: str | None,
        players: int,
        rules: dict[str, Any],
        deals: int,
        seat: int,
        variants: int,
        level: str,
        seed: int,
        created_by: int | None,
        opened_at: float,
        closes_at: float,
    ) -> tuple[int, bool]:
        """The challenge's id, and whether this call made it: a daily one (``day`` set)
        that exists already for this scope, server and day is returned as it is."""
        if (scope == "instance") != (guild_id is None):
            raise ValueError("an instance's challenge has no guild, a guild's has one")
        if guild_id == stats.GLOBAL:
            raise ValueError("guild id 0 is the global leaderboard's scope")
        async with self.writes() as db:
            made = await db.fetchval(
                "INSERT INTO challenges (scope, guild_id, day, players, rules, deals, seat,"
                " variants, level, seed, created_by, opened_at, closes_at)"
                " VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)"
                " ON CONFLICT (scope, COALESCE(guild_id, 0), day) WHERE day IS NOT NULL"
                " DO NOTHING RETURNING id",
                scope,
                guild_id,
                day,
                players,
                json.dumps(rules),
                deals,
                seat,
                variants,
                level,
                str(seed),
                created_by,
                opened_at,
                closes_at,
            )
            if made is not None:
                return int(made), True
            assert day is not None  # only a daily challenge can be there already
            row = await _daily(db, scope, guild_id, day)
            assert row is not None  # the conflict's row is committed, or ours
            return int(row[0]), False

    async def challenge(self, challenge_id: int) -> StoredChallenge | None:
        row = await self.current().fetchrow(
            f"SELECT {CHALLENGE_COLUMNS} FROM challenges WHERE id = $1", challenge_id
        )
        return None if row is None else stored_challenge(row)

    async def daily_challenge(
        self, scope: ChallengeScope, guild_id: int | None, day: str
    ) -> StoredChallenge | None:
        """The day's challenge of a server (``guild_id``) or of the instance (None)."""
        row = await _daily(self.current(), scope, guild_id, day)
        return None if row is None else stored_challenge(row)

    async def open_challenges(self, guild_id: int | None, now: float) -> list[StoredChallenge]:
        """The challenges a server's members can play at ``now``: its own and the
        instance's, opened and not closed, newest first."""
        rows = await self.current().fetch(
            f"SELECT {CHALLENGE_COLUMNS} FROM challenges c WHERE {_MINE}"
            " AND c.opened_at <= $2 AND c.closes_at > $2 ORDER BY c.opened_at DESC, c.id DESC",
            guild_id,
            now,
        )
        return [stored_challenge(r) for r in rows]

    async def recent_challenges(self, guild_id: int, limit: int) -> list[StoredChallenge]:
        """A server's latest challenges, its own and the instance's, open or closed, newest
        first (what ``/challenge results`` offers)."""
        rows = await self.current().fetch(
            f"SELECT {CHALLENGE_COLUMNS} FROM challenges c WHERE {_MINE}"
            " ORDER BY c.opened_at DESC, c.id DESC LIMIT $2",
            guild_id,
            limit,
        )
        return [stored_challenge(r) for r in rows]

    async def challenges_of_day(self, guild_id: int | None, day: str) -> list[StoredChallenge]:
        """A day's challenges of a server: its own first, then the instance's."""
        rows = await self.current().fetch(
            f"SELECT {CHALLENGE_COLUMNS} FROM challenges c WHERE {_MINE} AND c.day = $2"
            " ORDER BY c.scope, c.id",
            guild_id,
            day,
        )
        return [stored_challenge(r) for r in rows]

    async def closed_unposted(self, guild_id: int, now: float) -> list[StoredChallenge]:
        """The server's own challenges closed at ``now`` whose final table is not posted,
        oldest first. Only its own: the instance's is one row for every server, so one
        flag cannot say where its table was posted."""
        rows = await self.current().fetch(
            f"SELECT {CHALLENGE_COLUMNS} FROM challenges WHERE scope = 'guild'"
            " AND guild_id = $1 AND closes_at <= $2 AND closed_posted = 0"
            " ORDER BY closes_at, id",
            guild_id,
            now,
        )
        return [stored_challenge(r) for r in rows]

    async def set_closed_posted(self, challenge_id: int) -> bool:
        """Mark the final table posted; False if it was marked already (another process
        took it first), so that it is posted once."""
        async with self.writes() as db:
            changed = await db.execute(
                "UPDATE challenges SET closed_posted = 1 WHERE id = $1 AND closed_posted = 0",
                challenge_id,
            )
        return changed == 1

    async def set_challenge_message(
        self, challenge_id: int, channel_id: int | None, message_id: int | None
    ) -> None:
        """Where the challenge was posted (to edit that message rather than post again)."""
        async with self.writes() as db:
            await db.execute(
                "UPDATE challenges SET channel_id = $1, message_id = $2 WHERE id = $3",
                channel_id,
                message_id,
                challenge_id,
            )

    async def set_pars(self, challenge_id: int, pars: Sequence[ParDeal]) -> None:
        """The challenge's pars, all together; a par stored already is replaced."""
        async with self.writes() as db:
            await db.executemany(
                "INSERT INTO challenge_pars (challenge_id, variant, number, score, outcome,"
                " taker_seat, contract, made, record) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)"
                " ON CONFLICT (challenge_id, variant, number) DO UPDATE SET"
                " score = excluded.score, outcome = excluded.outcome,"
                " taker_seat = excluded.taker_seat, contract = excluded.contract,"
                " made = excluded.made, record = excluded.record",
                [
                    (
                        challenge_id,
                        p.variant,
                        p.number,
                        p.score,
                        p.outcome,
                        p.taker_seat,
                        p.contract,
                        None if p.made is None else int(p.made),
                        json.dumps(p.record),
                    )
                    for p in pars
                ],
            )

    async def pars(self, challenge_id: int) -> list[ParDeal]:
        """The challenge's pars by variant, then deal; empty until they are computed."""
        rows = await self.committed.fetch(
            "SELECT variant, number, score, outcome, taker_seat, contract, made, record"
            " FROM challenge_pars WHERE challenge_id = $1 ORDER BY variant, number",
            challenge_id,
        )
        return [
            ParDeal(
                variant=r[0],
                number=r[1],
                score=r[2],
                outcome=r[3],
                taker_seat=r[4],
                contract=r[5],
                made=None if r[6] is None else bool(r[6]),
                record=json.loads(r[7]),
            )
            for r in rows
        ]

    async def start_attempt(
        self,
        *,
        challenge_id: int,
        player_id: int,
        variant: int,
        guild_id: int | None,
        channel_id: int,
        players: int,
        rules: dict[str, Any],
        deals_target: int,
        seed: int,
        seats: Sequence[int],
        started_at: float,
    ) -> int:
        """A member's attempt, in one transaction: its game (in play, hosted by the
        member), its seats (``seats[i]``: the player in seat i) and the attempt; the
        game's id. A member's second attempt at a challenge raises ``Conflict`` and
        stores nothing."""
        if len(seats) != players:
            raise ValueError(f"{len(seats)} seats for {players} players")
        if guild_id == stats.GLOBAL:
            raise ValueError("guild id 0 is the global leaderboard's scope")
        async with self.writes() as db:
            if await _attempted(db, challenge_id, player_id):  # else the key refuses it
                raise Conflict(f"player {player_id} has an attempt at challenge {challenge_id}")
            game_id = await db.fetchval(
                "INSERT INTO games (guild_id, channel_id, players, rules, deals_target, seed,"
                " status, created_at, host_id, challenge_id)"
                " VALUES ($1, $2, $3, $4, $5, $6, 'playing', $7, $8, $9) RETURNING id",
                guild_id,
                channel_id,
                players,
                json.dumps(rules),
                deals_target,
                str(seed),
                started_at,
                player_id,
                challenge_id,
            )
            await db.executemany(
                "INSERT INTO seats (game_id, seat, player_id) VALUES ($1, $2, $3)",
                [(game_id, seat, pid) for seat, pid in enumerate(seats)],
            )
            await db.execute(
                "INSERT INTO challenge_attempts (challenge_id, player_id, variant, game_id,"
                " guild_id, started_at) VALUES ($1, $2, $3, $4, $5, $6)",
                challenge_id,
                player_id,
                variant,
                game_id,
                guild_id,
                started_at,
            )
        return int(game_id)

    async def attempt(self, challenge_id: int, player_id: int) -> StoredAttempt | None:
        row = await self.current().fetchrow(
            f"SELECT {_ATTEMPT_COLUMNS} FROM challenge_attempts a"
            " JOIN players p ON p.id = a.player_id"
            " WHERE a.challenge_id = $1 AND a.player_id = $2",
            challenge_id,
            player_id,
        )
        return None if row is None else _attempt(row)

    async def attempt_of_game(self, game_id: int) -> StoredAttempt | None:
        """The attempt a game is; None for a table's game."""
        row = await self.current().fetchrow(
            f"SELECT {_ATTEMPT_COLUMNS} FROM challenge_attempts a"
            " JOIN players p ON p.id = a.player_id WHERE a.game_id = $1",
            game_id,
        )
        return None if row is None else _attempt(row)

    async def attempts(self, challenge_id: int) -> list[StoredAttempt]:
        """Every attempt at the challenge, finished or not, with a deal recorded or not
        (``challenge_results`` has their deals), in the order they started."""
        rows = await self.committed.fetch(
            f"SELECT {_ATTEMPT_COLUMNS} FROM challenge_attempts a"
            " JOIN players p ON p.id = a.player_id"
            " WHERE a.challenge_id = $1 ORDER BY a.started_at, a.player_id",
            challenge_id,
        )
        return [_attempt(r) for r in rows]

    async def challenge_results(self, challenge_id: int) -> list[AttemptDeal]:
        """Every recorded deal of every attempt at the challenge, the member's seat's
        score, by variant, deal and player. An attempt with no deal recorded yet has no
        line here (``attempts`` lists it)."""
        rows = await self.committed.fetch(
            "SELECT a.player_id, p.name, a.guild_id, a.variant, a.game_id, a.finished_at,"
            " d.number, s.score, d.outcome, d.taker_seat, d.contract, d.made"
            " FROM challenge_attempts a"
            " JOIN challenges c ON c.id = a.challenge_id"
            " JOIN players p ON p.id = a.player_id"
            " JOIN deals d ON d.game_id = a.game_id"
            " JOIN deal_scores s ON s.deal_id = d.id AND s.seat = c.seat"
            " WHERE a.challenge_id = $1 ORDER BY a.variant, d.number, a.player_id",
            challenge_id,
        )
        return [
            AttemptDeal(
                player_id=int(r[0]),
                name=r[1],
                guild_id=None if r[2] is None else int(r[2]),
                variant=r[3],
                game_id=int(r[4]),
                finished_at=None if r[5] is None else float(r[5]),
                number=r[6] - 1,
                score=r[7],
                outcome=r[8],
                taker_seat=r[9],
                contract=r[10],
                made=None if r[11] is None else bool(r[11]),
            )
            for r in rows
        ]

    async def attempt_record(
        self, challenge_id: int, player_id: int, number: int
    ) -> dict[str, Any] | None:
        """The ``tarot-deal/1`` record of deal ``number`` (from 0) of the player's attempt
        at the challenge; None if it is not recorded. The one way to a challenge deal's
        record (``history.py`` reads table games only): the service decides who may see it."""
        record = await self.committed.fetchval(
            "SELECT d.record FROM challenge_attempts a JOIN deals d ON d.game_id = a.game_id"
            " WHERE a.challenge_id = $1 AND a.player_id = $2 AND d.number = $3",
            challenge_id,
            player_id,
            number + 1,
        )
        return None if record is None else dict(json.loads(record))

    async def challenge_days(self, player_id: int) -> list[str]:
        """The days of the daily challenges the player finished an attempt at, newest
        first (a streak counts them)."""
        rows = await self.committed.fetch(
            "SELECT DISTINCT c.day FROM challenge_attempts a"
            " JOIN challenges c ON c.id = a.challenge_id"
            " WHERE a.player_id = $1 AND a.finished_at IS NOT NULL AND c.day IS NOT NULL"
            " ORDER BY c.day DESC",
            player_id,
        )
        return [str(r[0]) for r in rows]


async def _daily(db: Rows, scope: ChallengeScope, guild_id: int | None, day: str) -> Row | None:
    """The row of a day's challenge (the instance's has no guild: IS NULL, not = NULL)."""
    guild = "guild_id IS NULL" if guild_id is None else "guild_id = $3"
    return await db.fetchrow(
        f"SELECT {CHALLENGE_COLUMNS} FROM challenges WHERE scope = $1 AND day = $2 AND {guild}",
        scope,
        day,
        *(() if guild_id is None else (guild_id,)),
    )


async def _attempted(db: Rows, challenge_id: int, player_id: int) -> bool:
    found = await db.fetchval(
        "SELECT 1 FROM challenge_attempts WHERE challenge_id = $1 AND player_id = $2",
        challenge_id,
        player_id,
    )
    return found is not None


def _attempt(row: Row) -> StoredAttempt:
    return StoredAttempt(
        challenge_id=int(row[0]),
        player_id=int(row[1]),
        name=row[2],
        variant=row[3],
        game_id=int(row[4]),
        guild_id=None if row[5] is None else int(row[5]),
        started_at=float(row[6]),
        finished_at=None if row[7] is None else float(row[7]),
    )
