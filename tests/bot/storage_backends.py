"""The storage backends the storage tests run against, and what opens them.

Every test of the storage interface runs once per backend (the ``backend`` fixture in
conftest.py), so a behaviour SQLite has and PostgreSQL lacks fails a test instead of a
game. Tests of what only SQLite has (its files, PRAGMAs, old schemas) open a
``SqliteStorage`` through ``open_sqlite``.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

import asyncpg

from bot.storage import Storage, open_storage
from bot.storage.sqlite import SqliteStorage

BACKENDS = ("sqlite", "postgres")


class Storages:
    """Opens storages at one test's location (a SQLite file or a PostgreSQL database) and
    closes, after the test, whichever are still open."""

    def __init__(self, location: str | Path) -> None:
        self.location = location
        self._open: list[Storage] = []

    async def open(self) -> Storage:
        db = await open_storage(self.location)
        self._open.append(db)
        return db

    async def reopen(self, db: Storage) -> Storage:
        """``db`` closed and the same location opened again: what a restart sees."""
        await self.close(db)
        return await self.open()

    async def close(self, db: Storage) -> None:
        self._open.remove(db)
        await db.close()

    async def close_all(self) -> None:
        while self._open:
            await self.close(self._open[-1])


async def open_sqlite(path: Path) -> SqliteStorage:
    """The SQLite storage at ``path``, typed as such for the tests that look inside it."""
    db = await open_storage(path)
    assert isinstance(db, SqliteStorage), f"{path} opened as {type(db).__name__}"
    return db


@dataclass
class Commits:
    count: int = 0
    """Write transactions committed in the block (final once it is left)."""


@asynccontextmanager
async def commits_counted(db: Storage, location: str | Path) -> AsyncIterator[Commits]:
    """How many write transactions ``db`` commits inside the block, seen from outside the
    storage: on SQLite, the COMMITs its one writing connection sends; on PostgreSQL, the
    transaction ids the server hands out meanwhile (each write transaction takes one; so
    does each of the two reads of the counter, which are not counted)."""
    counted = Commits()
    if isinstance(db, SqliteStorage):
        original = db.conn.execute

        async def counting(sql: str, *args: object) -> object:
            counted.count += sql == "COMMIT"
            return await original(sql, *args)

        db.conn.execute = counting  # type: ignore[assignment,method-assign]
        try:
            yield counted
        finally:
            db.conn.execute = original  # type: ignore[method-assign]
        return
    server = await asyncpg.connect(str(location))
    try:
        query = "SELECT pg_current_xact_id()::text::bigint"
        before: int = await server.fetchval(query)
        yield counted
        after: int = await server.fetchval(query)
        counted.count = after - before - 1
    finally:
        await server.close()
