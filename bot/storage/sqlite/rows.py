"""SQLite's connection as the shared queries' ``Rows`` (``sql/rows.py``): their
PostgreSQL placeholders ``$1`` become SQLite's numbered ``?1`` (the same parameter may
stand twice), and rows come back as asyncpg's calls return them."""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

import aiosqlite

_PLACEHOLDER = re.compile(r"\$(\d+)")


@lru_cache(maxsize=256)
def sqlite_sql(query: str) -> str:
    return _PLACEHOLDER.sub(r"?\1", query)


class SqliteRows:
    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn

    async def fetch(self, query: str, *args: Any) -> Sequence[Any]:
        async with self.conn.execute(sqlite_sql(query), args) as cur:
            return list(await cur.fetchall())

    async def fetchrow(self, query: str, *args: Any) -> Any:
        async with self.conn.execute(sqlite_sql(query), args) as cur:
            return await cur.fetchone()

    async def fetchval(self, query: str, *args: Any) -> Any:
        row = await self.fetchrow(query, *args)
        return None if row is None else row[0]

    async def execute(self, query: str, *args: Any) -> None:
        await self.conn.execute(sqlite_sql(query), args)
