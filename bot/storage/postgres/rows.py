"""asyncpg's pool or connection as the shared queries' ``Rows`` (``sql/rows.py``):
``execute`` tells how many rows it changed (asyncpg gives a status such as "UPDATE 1"),
and an integrity error comes out as the storage's own ``Conflict``, without the values
the server quotes in it."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

import asyncpg

from ..errors import Conflict
from .opening import without_detail

if TYPE_CHECKING:
    from .connections import Conn, Pool


def changed(status: str) -> int:
    """The rows an INSERT, UPDATE or DELETE changed, from its status ("UPDATE 1")."""
    count = status.rsplit(" ", 1)[-1]
    return int(count) if count.isdigit() else 0


@contextmanager
def _conflicts() -> Iterator[None]:
    """An integrity error as ``Conflict``: the server's message names the constraint; its
    DETAIL, which quotes the failing row (a deal's record, an action's cards), is left out
    of the text and of the chain."""
    try:
        yield
    except asyncpg.IntegrityConstraintViolationError as e:
        raise Conflict(without_detail(e)) from None


class PgRows:
    def __init__(self, db: Pool | Conn) -> None:
        self.db = db

    async def fetch(self, query: str, *args: Any) -> Sequence[asyncpg.Record]:
        with _conflicts():
            return await self.db.fetch(query, *args)

    async def fetchrow(self, query: str, *args: Any) -> asyncpg.Record | None:
        with _conflicts():
            return await self.db.fetchrow(query, *args)

    async def fetchval(self, query: str, *args: Any) -> Any:
        with _conflicts():
            return await self.db.fetchval(query, *args)

    async def execute(self, query: str, *args: Any) -> int:
        with _conflicts():
            return changed(await self.db.execute(query, *args))

    async def executemany(self, query: str, args: Iterable[Sequence[Any]]) -> None:
        with _conflicts():
            await self.db.executemany(query, args)
