"""The benchmarks' direct line to a PostgreSQL server: refusing a database that holds data,
bulk-loading the storage benchmark's rows with ``COPY``, and the few reads it makes outside
``Storage``.

The storage benchmark writes a million deals in minutes only by going around ``Storage``,
as its SQLite fill does with ``sqlite3``; here that is asyncpg's ``copy_records_to_table``
(binary COPY). The bot's own code reaches a database driver only through ``bot.storage``;
this bulk loader is the one exception, and ``tests/bot/storage/test_storage_location.py``
names it.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterable, Mapping, Sequence
from contextlib import asynccontextmanager
from typing import Any, Protocol, cast

import asyncpg

from bot.storage import DatabaseUnusable, sqlite_path
from bot.storage.locations import shown
from bot.storage.postgres.opening import cause_of
from bot.storage.postgres.storage import CONNECT_TIMEOUT, REFUSALS

IDENTITIES = ("players", "games", "deals")
"""Tables whose ids the fill sets itself: their sequences then move past the largest."""

SETTINGS = ("fsync", "synchronous_commit", "full_page_writes", "shared_buffers")
"""Server settings that change the figures, reported beside them."""


class Server(Protocol):
    """The part of an asyncpg connection the benchmarks use."""

    async def execute(self, query: str, *args: object) -> str: ...

    async def fetch(self, query: str, *args: object) -> list[Any]: ...

    async def fetchval(self, query: str, *args: object) -> Any: ...

    async def copy_records_to_table(
        self, table_name: str, *, records: Iterable[Sequence[object]], columns: Sequence[str]
    ) -> str: ...

    async def close(self) -> None: ...


@asynccontextmanager
async def connected(url: str) -> AsyncIterator[Server]:
    """One plain connection to ``url``, closed on exit; ``DatabaseUnusable`` (one line,
    without the password) when the server cannot be reached or refuses the login."""
    try:
        conn = cast(Server, await asyncpg.connect(url, timeout=CONNECT_TIMEOUT))
    except REFUSALS as e:
        raise DatabaseUnusable(f"{shown(url)}: connecting failed ({cause_of(url, e)})") from None
    try:
        yield conn
    finally:
        await conn.close()


async def refusal(location: str) -> str | None:
    """Why a benchmark may not use ``location``: it fills and plays a new SQLite file or
    an empty PostgreSQL database only, never one in use (whose tables it would play or
    restore)."""
    path = sqlite_path(location)
    if path is None:
        return await holding_data(location)
    if path.exists():
        return f"{path}: exists; the benchmark needs a new file"
    return None


async def holding_data(url: str) -> str | None:
    """Why the database at ``url`` is not empty (the first table with a row), or None:
    the benchmarks fill and time a database of their own, never one in use."""
    async with connected(url) as conn:
        tables = await conn.fetch(
            "SELECT quote_ident(relname) FROM pg_class"
            " WHERE relkind IN ('r', 'p') AND relnamespace = 'public'::regnamespace"
            " AND relname <> 'schema_migrations' ORDER BY relname"
        )
        for (table,) in tables:
            if await conn.fetchval(f"SELECT EXISTS (SELECT 1 FROM {table})"):
                return (
                    f"{shown(url)}: table {table} has rows; the benchmark needs an empty database"
                )
    return None


async def copy_batches(
    url: str,
    columns: Mapping[str, str],
    batches: Iterable[Mapping[str, list[tuple[Any, ...]]]],
) -> None:
    """COPY each batch into the migrated, empty database at ``url``, its tables in the
    order of ``columns`` (parents before children), then ready it as a server that has run
    for a while would be: sequences past the ids written, statistics gathered (so the
    planner knows the tables' sizes), visibility maps set and everything checkpointed (so
    the timed writes do not pay for the fill)."""
    async with connected(url) as conn:
        for batch in batches:
            for table, names in columns.items():
                rows = batch.get(table)
                if rows:
                    await conn.copy_records_to_table(
                        table, records=rows, columns=[n.strip() for n in names.split(",")]
                    )
        for table in IDENTITIES:
            await conn.execute(
                f"SELECT setval(pg_get_serial_sequence('{table}', 'id'),"
                f" (SELECT COALESCE(MAX(id), 0) + 1 FROM {table}), false)"
            )
        await conn.execute("VACUUM (ANALYZE)")
        await conn.execute("CHECKPOINT")


async def deal_keys(url: str, deal_ids: Sequence[int]) -> list[tuple[int, int]]:
    """(game, number) of each deal id, in order."""
    async with connected(url) as conn:
        found = [
            await conn.fetch("SELECT game_id, number FROM deals WHERE id = $1", deal_id)
            for deal_id in deal_ids
        ]
    return [(int(rows[0][0]), int(rows[0][1])) for rows in found]


async def server_facts(url: str) -> dict[str, Any]:
    """The database's size and the server settings that weigh on the figures."""
    async with connected(url) as conn:
        size = await conn.fetchval("SELECT pg_database_size(current_database())")
        version = await conn.fetchval("SHOW server_version")
        settings = {name: await conn.fetchval(f"SHOW {name}") for name in SETTINGS}
    return {"bytes": int(size), "version": str(version), "settings": settings}
