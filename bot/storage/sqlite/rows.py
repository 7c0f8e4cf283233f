"""SQLite's connection as the shared queries' ``Rows`` (``sql/rows.py``): their
PostgreSQL placeholders ``$1`` become SQLite's numbered ``?1`` (the same parameter may
stand twice), rows come back as asyncpg's calls return them, and an integrity error comes
out as the storage's own ``Conflict``."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Any

import aiosqlite

from ..errors import Conflict

_PLACEHOLDER = re.compile(r"\$(\d+)")


@lru_cache(maxsize=256)
def sqlite_sql(query: str) -> str:
    return _PLACEHOLDER.sub(r"?\1", query)


class SqliteRows:
    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn

    async def fetch(self, query: str, *args: Any) -> Sequence[Any]:
        """One trip to aiosqlite's thread (not three: execute, fetch, close)."""
        try:
            return list(await self.conn.execute_fetchall(sqlite_sql(query), args))
        except aiosqlite.IntegrityError as e:
            raise Conflict(str(e)) from e

    async def fetchrow(self, query: str, *args: Any) -> Any:
        rows = await self.fetch(query, *args)
        return rows[0] if rows else None

    async def fetchval(self, query: str, *args: Any) -> Any:
        row = await self.fetchrow(query, *args)
        return None if row is None else row[0]

    async def execute(self, query: str, *args: Any) -> int:
        try:
            cur = await self.conn.execute(sqlite_sql(query), args)
        except aiosqlite.IntegrityError as e:
            raise Conflict(str(e)) from e
        return max(cur.rowcount, 0)

    async def executemany(self, query: str, args: Iterable[Sequence[Any]]) -> None:
        try:
            await self.conn.executemany(sqlite_sql(query), args)
        except aiosqlite.IntegrityError as e:
            raise Conflict(str(e)) from e
