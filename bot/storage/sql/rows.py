"""What the shared queries run on: asyncpg's own ``fetch``/``fetchrow``/``fetchval``/
``execute`` (a pool or a connection), which SQLite's connection gets through an adapter
(``sqlite/rows.py``), so that a query both backends run is written once."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol


class Row(Protocol):
    def __getitem__(self, index: int, /) -> Any: ...
    def __iter__(self) -> Iterator[Any]: ...


class Rows(Protocol):
    async def fetch(self, query: str, *args: Any) -> Sequence[Row]: ...
    async def fetchrow(self, query: str, *args: Any) -> Row | None: ...
    async def fetchval(self, query: str, *args: Any) -> Any: ...
    async def execute(self, query: str, *args: Any) -> Any: ...


class Backend:
    """What a backend gives the shared queries (set by its ``__init__``): where reads see
    committed data only (never a transaction's writes under way), a consistent view for
    reads that must agree, and one write transaction."""

    committed: Rows
    snapshot: Callable[[], AbstractAsyncContextManager[Rows]]
    writes: Callable[[], AbstractAsyncContextManager[Rows]]
    LOCK_ROW: str
    """Appended to a SELECT whose row is then updated in the same transaction: PostgreSQL
    must lock it against another process's transaction; SQLite holds the whole file."""
