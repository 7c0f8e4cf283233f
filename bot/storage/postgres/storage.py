"""The PostgreSQL backend: games, deals and action logs on a server that several bot
processes can share, through asyncpg.

It gives what SQLite gives (``interfaces.py``): every write that belongs with another in one
transaction, a turn stored with the deals it finishes and the game's end, a deal recorded
once and counted in the leaderboards in the same transaction. A duplicate action or deal is
found with ``ON CONFLICT DO NOTHING`` rather than a failed statement, so that the caller's
transaction stays usable after the ``StorageError``, as SQLite's does.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import time
from collections.abc import AsyncIterator, Callable, Sequence
from typing import TYPE_CHECKING, Any

import asyncpg

from tarot_core import DealResult
from tarot_core import ranks as tarot_ranks

from ..errors import DatabaseUnusable, StorageError
from ..sql.games import GameQueries
from ..sql.guild_settings import GuildSettingsQueries
from ..sql.history import HistoryQueries
from ..sql.leaderboards import LeaderboardQueries
from ..sql.messages import MessageRefQueries
from ..turns import FinishedDeal, GroupCommit, Turn
from . import counting, opening, schema
from .routes import ClickRoutes

if TYPE_CHECKING:
    from .connections import Conn, Pool

__all__ = ["PostgresStorage"]

log = logging.getLogger(__name__)

POOL_SIZE = 10
"""Connections per pool: transactions of different tables at once, and reads beside them."""

CONNECT_TIMEOUT = 10.0
"""Seconds to reach and log in to the server before the start is refused."""

REFUSALS = (asyncpg.PostgresError, asyncpg.InterfaceError, OSError, ValueError, TimeoutError)
"""What connecting or migrating raises when the server, the login or the database is wrong."""


def _changed(status: str) -> int:
    """The rows an INSERT, UPDATE or DELETE changed, from its status ("UPDATE 1")."""
    return int(status.rsplit(" ", 1)[-1])


class PostgresStorage(
    ClickRoutes,
    GameQueries,
    LeaderboardQueries,
    HistoryQueries,
    MessageRefQueries,
    GuildSettingsQueries,
):
    """Transactions hold a connection of the writers' pool each; reads outside them use
    the readers' pool (``connections.py``)."""

    def __init__(self, writers: Pool, readers: Pool, server: str) -> None:
        super().__init__(writers, readers)
        self.server = server
        """The server and database, without the password, for messages."""
        self.on_unusable: Callable[[DatabaseUnusable], None] | None = None
        """Part of the interface; a server that goes away shows as failed writes instead,
        and the bot keeps running until it is back."""
        self._turns = GroupCommit(self._write_batch)

    @classmethod
    async def open(cls, url: str) -> PostgresStorage:
        """Connect to the database at ``url`` and bring its schema up to date.

        Raises ``DatabaseUnusable`` (one line: the server without its password, the
        cause) when it cannot be reached, refuses the login, has no such database or
        cannot be migrated, with every connection made closed; ``DatabaseTooNew`` when a
        newer version of the bot migrated it."""
        server = opening.server_name(url)
        pools: list[Pool] = []
        doing = "connecting"
        try:
            for _ in range(2):
                pools.append(
                    await asyncpg.create_pool(
                        url, min_size=1, max_size=POOL_SIZE, timeout=CONNECT_TIMEOUT
                    )
                )
            writers, readers = pools
            doing = "migrating"
            async with writers.acquire() as conn:
                await schema.migrate(conn, server)
        except BaseException as e:
            for pool in pools:
                with contextlib.suppress(Exception):
                    await pool.close()
            if isinstance(e, DatabaseUnusable):
                raise
            if isinstance(e, REFUSALS):
                raise opening.unusable(url, doing, e) from None
            raise
        return cls(writers, readers, server)

    async def close(self) -> None:
        """After the turns under way are stored (or refused)."""
        await self.stop_listening()
        await self._turns.drain()
        await self.writers.close()
        await self.readers.close()

    @contextlib.asynccontextmanager
    async def exclusively(self, name: str) -> AsyncIterator[None]:
        """A session-level advisory lock, held on a connection of its own for as long as
        the block runs (freed by the server if that connection drops)."""
        key = int.from_bytes(hashlib.sha256(name.encode()).digest()[:8], "big", signed=True)
        async with self.writers.acquire() as conn:
            await conn.execute("SELECT pg_advisory_lock($1)", key)
            try:
                yield
            finally:
                await conn.execute("SELECT pg_advisory_unlock($1)", key)

    async def schema_version(self) -> int:
        async with self.readers.acquire() as conn:
            return await schema.schema_version(conn)

    # ----- the action log and finished deals ----------------------------------------------

    async def save_turn(
        self,
        game_id: int,
        seq: int,
        action: dict[str, Any] | None,
        deals: Sequence[FinishedDeal] = (),
        totals: Sequence[int] | None = None,
    ) -> None:
        """Store one turn atomically: the action, the deals it finished, the game's end.

        Turns of all tables share commits (``turns.py``); this returns once this turn is
        durable, or raises ``StorageError`` with nothing of it stored.
        """
        await self._turns.save(Turn(game_id, seq, action, deals, totals))

    async def _write_batch(self, batch: Sequence[Turn]) -> None:
        async with self._writing() as conn:
            await self._write(conn, batch)

    async def _write(self, conn: Conn, batch: Sequence[Turn]) -> None:
        now = time.time()
        rows = [(t.game_id, t.seq, json.dumps(t.action), now) for t in batch if t.action]
        try:
            await conn.executemany(
                "INSERT INTO actions (game_id, seq, action, at) VALUES ($1, $2, $3, $4)", rows
            )
        except asyncpg.IntegrityConstraintViolationError as e:
            raise StorageError("an action of this turn is already stored") from e
        for turn in batch:
            for deal in turn.deals:
                await self.record_deal(
                    turn.game_id, deal.number, deal.record, deal.result, deal.player_ids
                )
            if turn.totals is not None:
                await self.finish_game(turn.game_id, turn.totals)

    async def append_action(self, game_id: int, seq: int, action: dict[str, Any]) -> None:
        """Log one action; ``seq`` must be the next number, so a replayed click fails."""
        async with self._writing() as conn:
            try:
                done = await conn.execute(
                    "INSERT INTO actions (game_id, seq, action, at) VALUES ($1, $2, $3, $4)"
                    " ON CONFLICT (game_id, seq) DO NOTHING",
                    game_id,
                    seq,
                    json.dumps(action),
                    time.time(),
                )
            except asyncpg.ForeignKeyViolationError as e:
                raise StorageError(f"game {game_id} does not exist") from e
            if _changed(done) != 1:
                raise StorageError(f"action {seq} of game {game_id} is already stored")

    async def actions(self, game_id: int) -> list[dict[str, Any]]:
        rows = await self.current().fetch(
            "SELECT action FROM actions WHERE game_id = $1 ORDER BY seq", game_id
        )
        return [json.loads(r[0]) for r in rows]

    async def record_deal(
        self,
        game_id: int,
        number: int,
        record: dict[str, Any],
        result: DealResult,
        player_ids: list[int],
    ) -> int:
        """Store a finished deal and its seat scores, once: a second time is an error.

        The deal is added to its players' leaderboard totals in the same transaction.
        """
        async with self._writing() as conn:
            guild_id = await self._guild(conn, game_id)
            deal_id = await conn.fetchval(
                "INSERT INTO deals (game_id, number, outcome, taker_seat, contract, made,"
                " record, finished_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)"
                " ON CONFLICT (game_id, number) DO NOTHING RETURNING id",
                game_id,
                number,
                result.outcome,
                result.taker,
                result.contract.text if result.contract is not None else None,
                None if result.made is None else int(result.made),
                json.dumps(record),
                time.time(),
            )
            if deal_id is None:
                raise StorageError(f"deal {number} of game {game_id} is already recorded")
            await conn.executemany(
                "INSERT INTO deal_scores (deal_id, seat, player_id, score, took)"
                " VALUES ($1, $2, $3, $4, $5)",
                [
                    (deal_id, seat, player_ids[seat], score, int(seat == result.taker))
                    for seat, score in enumerate(result.scores)
                ],
            )
            await counting.count_deal(conn, guild_id, result, player_ids)
        return int(deal_id)

    async def finish_game(self, game_id: int, totals: Sequence[int]) -> None:
        """End a game in play with its final totals (per seat, in seat order).

        In one transaction: the status, the standings (equal totals share a rank), one more
        game for each distinct seated player and the new ratings, globally and in the guild.
        The game's row is locked first, so a second process ending it too finds it finished.
        A game stopped early never comes here: its deals count, it is not rated.
        """
        async with self._writing() as conn:
            game = await conn.fetchrow(
                "SELECT guild_id, status FROM games WHERE id = $1 FOR UPDATE", game_id
            )
            if game is None:
                raise StorageError(f"game {game_id} does not exist")
            guild_id, status = game
            if status != "playing":
                raise StorageError(f"game {game_id} is {status}, not playing")
            seated = await conn.fetch(
                "SELECT seat, player_id FROM seats WHERE game_id = $1 ORDER BY seat", game_id
            )
            if [s for s, _ in seated] != list(range(len(totals))):
                raise StorageError(
                    f"game {game_id}: {len(totals)} totals for seats {[s for s, _ in seated]}"
                )
            player_ids = [int(p) for _, p in seated]
            ranks = tarot_ranks(totals)
            await conn.executemany(
                "INSERT INTO game_results (game_id, seat, player_id, total, rank)"
                " VALUES ($1, $2, $3, $4, $5)",
                [
                    (game_id, seat, player_ids[seat], total, ranks[seat])
                    for seat, total in enumerate(totals)
                ],
            )
            await conn.execute(
                "UPDATE games SET status = 'finished', finished_at = $1 WHERE id = $2",
                time.time(),
                game_id,
            )
            await counting.count_game(conn, guild_id, player_ids, totals)

    async def _guild(self, conn: Conn, game_id: int) -> int | None:
        row = await conn.fetchrow("SELECT guild_id FROM games WHERE id = $1", game_id)
        if row is None:
            raise StorageError(f"game {game_id} does not exist")
        return None if row[0] is None else int(row[0])

    async def deal_records(self, game_id: int) -> list[dict[str, Any]]:
        rows = await self.current().fetch(
            "SELECT record FROM deals WHERE game_id = $1 ORDER BY number", game_id
        )
        return [json.loads(r[0]) for r in rows]
