"""asyncpg's pool or connection as the shared queries' ``Rows`` (``sql/rows.py``):
``execute`` tells how many rows it changed (asyncpg gives a status such as "UPDATE 1"),
and an integrity error comes out as the storage's own ``Conflict``."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

import asyncpg

from ..errors import Conflict

if TYPE_CHECKING:
    from .connections import Conn, Pool


def changed(status: str) -> int:
    """The rows an INSERT, UPDATE or DELETE changed, from its status ("UPDATE 1")."""
    count = status.rsplit(" ", 1)[-1]
    return int(count) if count.isdigit() else 0


class PgRows:
    def __init__(self, db: Pool | Conn) -> None:
        self.db = db

    async def fetch(self, query: str, *args: Any) -> Sequence[asyncpg.Record]:
        try:
            return await self.db.fetch(query, *args)
        except asyncpg.IntegrityConstraintViolationError as e:
            raise Conflict(str(e)) from e

    async def fetchrow(self, query: str, *args: Any) -> asyncpg.Record | None:
        try:
            return await self.db.fetchrow(query, *args)
        except asyncpg.IntegrityConstraintViolationError as e:
            raise Conflict(str(e)) from e

    async def fetchval(self, query: str, *args: Any) -> Any:
        try:
            return await self.db.fetchval(query, *args)
        except asyncpg.IntegrityConstraintViolationError as e:
            raise Conflict(str(e)) from e

    async def execute(self, query: str, *args: Any) -> int:
        try:
            return changed(await self.db.execute(query, *args))
        except asyncpg.IntegrityConstraintViolationError as e:
            raise Conflict(str(e)) from e

    async def executemany(self, query: str, args: Iterable[Sequence[Any]]) -> None:
        try:
            await self.db.executemany(query, args)
        except asyncpg.IntegrityConstraintViolationError as e:
            raise Conflict(str(e)) from e
