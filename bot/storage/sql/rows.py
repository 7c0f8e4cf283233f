"""What the shared queries run on, so that each query is written once for both backends.

A backend gives a handful of primitives (``Rows``): asyncpg's ``fetch``/``fetchrow``/
``fetchval``, ``execute`` returning how many rows it changed, ``executemany``; its own
integrity errors come out as ``errors.Conflict``. Placeholders are PostgreSQL's ``$1``
(SQLite's adapter, ``sqlite/rows.py``, makes them ``?1``). Where the two dialects differ,
the backend says it in one attribute (``LOCK_ROW``) rather than in a copy of the query."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol


class Row(Protocol):
    def __getitem__(self, index: int, /) -> Any: ...
    def __iter__(self) -> Iterator[Any]: ...


class Rows(Protocol):
    async def fetch(self, query: str, *args: Any) -> Sequence[Row]: ...
    async def fetchrow(self, query: str, *args: Any) -> Row | None: ...
    async def fetchval(self, query: str, *args: Any) -> Any: ...
    async def execute(self, query: str, *args: Any) -> int:
        """Run one statement; the rows it inserted, updated or deleted."""
        ...

    async def executemany(self, query: str, args: Iterable[Sequence[Any]]) -> None: ...


class Backend:
    """What a backend gives the shared queries (set by its ``__init__``): where reads see
    committed data only (never a transaction's writes under way), a consistent view for
    reads that must agree, where the tables' own reads run, and one write transaction."""

    committed: Rows
    snapshot: Callable[[], AbstractAsyncContextManager[Rows]]
    writes: Callable[[], AbstractAsyncContextManager[Rows]]
    current: Callable[[], Rows]
    """Where a read of games, seats and actions runs: inside this task's transaction it
    sees that transaction's writes."""
    LOCK_ROW: str
    """Appended to a SELECT whose row is then updated in the same transaction: PostgreSQL
    must lock it against another process's transaction; SQLite holds the whole file."""
