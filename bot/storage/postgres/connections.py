"""Which connection a statement runs on: the base of the PostgreSQL storage and its parts.

Two pools, like SQLite's two connections: ``writers`` holds transactions, one connection
each for as long as it is open, so tasks write side by side; ``readers`` answers reads
outside any transaction, and the reads that must see committed data only (leaderboards,
history, message ids) even from inside one. A transaction never waits for a connection of
its own pool while holding one, so no number of concurrent transactions can starve the
pool into a deadlock.

The open transaction is found through a context variable holding its task and its
connection: nested uses in the same task join it; a task started inside it (which copies
the context) does not, since two tasks may not share one connection.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from contextvars import ContextVar
from typing import TYPE_CHECKING, TypeAlias

from ..sql.rows import Rows
from .rows import PgRows

if TYPE_CHECKING:  # asyncpg's classes are generic only in its stubs
    import asyncpg
    from asyncpg.pool import PoolConnectionProxy

    Conn: TypeAlias = PoolConnectionProxy[asyncpg.Record]
    Pool: TypeAlias = asyncpg.Pool[asyncpg.Record]


class Connections:
    """The pools, ``transaction()`` and the choice of connection for each statement."""

    LOCK_ROW = " FOR UPDATE"
    """Another process's transaction could change the row between its read and its write."""

    def __init__(self, writers: Pool, readers: Pool) -> None:
        self.writers = writers
        self.readers = readers
        self.committed: Rows = PgRows(readers)
        """Where the shared queries (``sql/``) read committed data."""
        self._open: ContextVar[tuple[asyncio.Task[object] | None, Conn] | None] = ContextVar(
            f"pg-transaction-{id(self)}", default=None
        )

    def _joined(self) -> Conn | None:
        """The connection of the transaction this task has open, if any."""
        found = self._open.get()
        if found is None:
            return None
        task, conn = found
        return conn if task is asyncio.current_task() else None

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[None]:
        """One atomic unit of writes; nested uses (in the same task) join the outer one;
        other tasks' transactions run at the same time on other connections."""
        async with self._writing():
            yield

    @asynccontextmanager
    async def _writing(self) -> AsyncIterator[Conn]:
        """The connection of this task's transaction, opening one (committed on a clean
        exit, rolled back on any exception) unless one is open already."""
        joined = self._joined()
        if joined is not None:
            yield joined
            return
        async with self.writers.acquire() as conn, conn.transaction():
            token = self._open.set((asyncio.current_task(), conn))
            try:
                yield conn
            finally:
                self._open.reset(token)

    @asynccontextmanager
    async def writes(self) -> AsyncIterator[Rows]:
        """This task's transaction, for the shared queries (``sql/``)."""
        async with self._writing() as conn:
            yield PgRows(conn)

    @asynccontextmanager
    async def snapshot(self) -> AsyncIterator[Rows]:
        """One read-only snapshot of committed data, for reads that must agree."""
        async with (
            self.readers.acquire() as conn,
            conn.transaction(isolation="repeatable_read", readonly=True),
        ):
            yield PgRows(conn)

    def current(self) -> Rows:
        """Where a read runs: in this task's transaction (it sees its own writes), else on
        the readers (committed data)."""
        joined = self._joined()
        return self.committed if joined is None else PgRows(joined)
