"""The PostgreSQL backend, on a server that several bot processes can share, through
asyncpg: opening (with the migrations), the pools and transactions (``connections.py``),
the advisory locks and the routed clicks (``routes.py``). Its queries are the shared ones
(``sql/``); it gives what SQLite gives (``interfaces.py``).
"""

from __future__ import annotations

import contextlib
import hashlib
from collections.abc import AsyncIterator, Callable
from typing import TYPE_CHECKING

import asyncpg

from ..errors import DatabaseUnusable
from ..sql.challenges import ChallengeQueries
from ..sql.deals import DealQueries
from ..sql.games import GameQueries
from ..sql.guild_settings import GuildSettingsQueries
from ..sql.history import HistoryQueries
from ..sql.ladder import LadderQueries
from ..sql.leaderboards import LeaderboardQueries
from ..sql.messages import MessageRefQueries
from ..sql.reviews import ReviewQueries
from ..turns import GroupCommit
from . import opening, schema
from .routes import ClickRoutes

if TYPE_CHECKING:
    from .connections import Pool

__all__ = ["PostgresStorage"]

POOL_SIZE = 10
"""Connections per pool: transactions of different tables at once, and reads beside them."""

CONNECT_TIMEOUT = 10.0
"""Seconds to reach and log in to the server before the start is refused."""

REFUSALS = (asyncpg.PostgresError, asyncpg.InterfaceError, OSError, ValueError, TimeoutError)
"""What connecting or migrating raises when the server, the login or the database is wrong."""


class PostgresStorage(
    ClickRoutes,
    GameQueries,
    DealQueries,
    LeaderboardQueries,
    HistoryQueries,
    MessageRefQueries,
    GuildSettingsQueries,
    ChallengeQueries,
    LadderQueries,
    ReviewQueries,
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
