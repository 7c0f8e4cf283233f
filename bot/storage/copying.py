"""Copying a SQLite database into an empty PostgreSQL one (``python -m bot migrate-db``).

A bot that outgrows its SQLite file moves to PostgreSQL without losing a game: every row
of every table is copied with its ids (so records, seats and leaderboards keep pointing at
the same players and games), live games' action logs included, so the bot restarted on
PostgreSQL restores its tables. Each identity sequence is then moved past the copied ids.

The copy is one PostgreSQL transaction, so a failure half way leaves nothing behind. It
locks the target's tables against writers, refuses a target with any row, and streams
each table through one binary COPY, with the foreign keys dropped meanwhile and added
again after (each then checked once over the whole table, not row by row: three times
faster). It is verified before it commits, through the storage's own queries on both
sides: the row counts of every table, every page of every leaderboard (every player),
some deal records, live games with their action logs, guild settings and meta. Any
difference rolls it all back: the target stays empty.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import random
import sqlite3
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from dataclasses import dataclass
from graphlib import TopologicalSorter
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import asyncpg

from . import open_storage, sqlite_path
from .errors import DatabaseUnusable
from .interfaces import Storage
from .locations import is_postgres_url, shown
from .postgres import PostgresStorage
from .postgres.opening import one_line, unusable, without_detail

if TYPE_CHECKING:
    from .postgres.connections import Conn, Pool

BATCH = 5_000
"""Rows read from SQLite at a time, while PostgreSQL takes in the previous ones."""

PAGE = 500
"""Leaderboard lines compared at a time."""

SAMPLED_DEALS = 5
"""Deal records compared one by one, picked at random (the counts cover the rest)."""

LIVE_GAMES = 100
"""Live games compared (the newest): rows, seats, action log and message ids."""

_PG_ERRORS = (asyncpg.PostgresError, asyncpg.InterfaceError, OSError, TimeoutError)

_BAD_ROW = (
    asyncpg.DataError,
    asyncpg.IntegrityConstraintViolationError,
    TypeError,  # asyncpg's encoders, for a value of another type than its column's
    ValueError,
    OverflowError,
)
"""A row the target refuses: SQLite stores any value in any column."""


class CopyRefused(Exception):
    """The copy cannot start (arguments, source, a target that is not empty): nothing was
    changed. One line, printed as it is."""


class CopyMismatch(Exception):
    """The copy differs from its source: it was rolled back. One line."""


@dataclass
class CopyReport:
    tables: dict[str, int]
    """Rows copied per table, in the order they were copied."""
    copy_seconds: float
    """From the start of the transaction to the last row copied, its keys checked."""
    verify_seconds: float
    """The verification and the commit."""
    checked: list[str]
    """What the verification compared, in words."""


@dataclass(frozen=True)
class Table:
    name: str
    columns: tuple[str, ...]
    identities: tuple[str, ...]
    """Its identity columns (PostgreSQL): their sequences move past the copied ids."""


async def copy_database(source: str | Path, target: str, *, seed: int | None = None) -> CopyReport:
    """Copy the SQLite database at ``source`` into the empty PostgreSQL database at
    ``target``, verified, in one transaction.

    Raises ``CopyRefused`` (nothing changed), ``DatabaseUnusable`` (a database cannot be
    opened, or the server failed during the copy: nothing committed) or ``CopyMismatch``
    (rolled back). ``seed`` picks the deal records compared."""
    path = _source_path(source, target)
    src = await open_storage(path)  # the backend's checks: damaged, newer, not a database
    try:
        dst = await open_storage(target)
        try:
            if not isinstance(dst, PostgresStorage):  # a postgresql:// URL opens one
                raise CopyRefused(f"--to {shown(target)}: not a PostgreSQL database")
            with contextlib.closing(_read_only(path)) as reading:
                return await _copy(reading, path, src, dst, target, random.Random(seed))
        finally:
            await dst.close()
    finally:
        await src.close()


def _source_path(source: str | Path, target: str) -> Path:
    if str(source) == str(target):
        raise CopyRefused(f"--from and --to are the same location ({shown(target)})")
    path = sqlite_path(source)
    if path is None:
        raise CopyRefused(
            f"--from {shown(source)}: migrate-db copies from a SQLite file"
            " (a path or sqlite:///path/to/file)"
        )
    if not is_postgres_url(target):
        raise CopyRefused(
            f"--to {shown(target)}: migrate-db copies into a PostgreSQL database"
            " (postgresql://user@host/database)"
        )
    if not path.is_file():
        raise CopyRefused(f"--from {path}: no such file")
    return path


def _read_only(path: Path) -> sqlite3.Connection:
    """The source once more, read only, for the rows themselves (no driver in between);
    read in a thread (``_rows``), one at a time."""
    uri = path.absolute().as_uri() + "?mode=ro"
    conn = sqlite3.connect(uri, uri=True, check_same_thread=False, isolation_level=None)
    conn.execute("BEGIN")  # one snapshot for every table, should anything still write
    return conn


async def _copy(
    reading: sqlite3.Connection,
    path: Path,
    src: Storage,
    dst: PostgresStorage,
    target: str,
    rng: random.Random,
) -> CopyReport:
    started = time.perf_counter()
    try:
        async with dst.writers.acquire() as conn, conn.transaction():
            tables = await _tables(conn, reading, path, dst.server)
            names = ", ".join(_quoted(t.name) for t in tables)
            await conn.execute(f"LOCK TABLE {names} IN EXCLUSIVE MODE")  # reads only, meanwhile
            await _refuse_unless_empty(conn, tables, dst.server)
            foreign_keys = await _drop_foreign_keys(conn)
            copied: dict[str, int] = {}
            for table in tables:
                copied[table.name] = await _copy_table(conn, reading, table, path)
                await _move_identities(conn, table)
            await _restore_foreign_keys(conn, foreign_keys, path)
            for table in tables:
                await conn.execute(f"ANALYZE {_quoted(table.name)}")  # sizes for the planner
            verifying = time.perf_counter()
            dst_reads = _uncommitted(conn, dst.server)
            checked = await _verify(conn, reading, src, dst_reads, tables, copied, rng)
    except _PG_ERRORS as e:
        failed = unusable(target, "copying", e)
        raise DatabaseUnusable(f"{failed}; nothing was committed") from None
    except sqlite3.Error as e:
        raise DatabaseUnusable(f"{path}: reading failed ({e}); nothing was committed") from None
    return CopyReport(copied, verifying - started, time.perf_counter() - verifying, checked)


def _quoted(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


async def _tables(conn: Conn, reading: sqlite3.Connection, path: Path, server: str) -> list[Table]:
    """The tables of the target in an order that copies each after those it refers to,
    once checked to be the source's tables with the same columns."""
    rows = await conn.fetch(
        "SELECT table_name, column_name, is_identity = 'YES' FROM information_schema.columns"
        " WHERE table_schema = current_schema() AND table_name <> 'schema_migrations'"
        " ORDER BY table_name, ordinal_position"
    )
    columns: dict[str, list[str]] = {}
    identities: dict[str, list[str]] = {}
    for table, column, identity in rows:
        columns.setdefault(table, []).append(column)
        if identity:
            identities.setdefault(table, []).append(column)
    theirs = _sqlite_columns(reading)
    for name in sorted(set(columns) | set(theirs)):
        if columns.get(name) != theirs.get(name):
            raise CopyRefused(
                f"table {name}: {path} has columns {theirs.get(name) or 'none'}, {server}"
                f" {columns.get(name) or 'none'}: this version cannot copy between them"
            )
    refers = await conn.fetch(
        "SELECT t.relname, p.relname FROM pg_constraint k"
        " JOIN pg_class t ON t.oid = k.conrelid JOIN pg_class p ON p.oid = k.confrelid"
        " WHERE k.contype = 'f' AND k.connamespace = current_schema()::regnamespace"
    )
    order: TopologicalSorter[str] = TopologicalSorter({name: set() for name in sorted(columns)})
    for table, parent in refers:
        if table != parent:
            order.add(table, parent)
    return [
        Table(name, tuple(columns[name]), tuple(identities.get(name, ())))
        for name in order.static_order()
    ]


def _sqlite_columns(reading: sqlite3.Connection) -> dict[str, list[str]]:
    names = reading.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
    ).fetchall()
    return {
        name: [r[1] for r in reading.execute(f"PRAGMA table_info({_quoted(name)})")]
        for (name,) in names
    }


async def _refuse_unless_empty(conn: Conn, tables: Sequence[Table], server: str) -> None:
    for table in tables:
        rows = await conn.fetchval(f"SELECT count(*) FROM {_quoted(table.name)}")
        if rows:
            raise CopyRefused(
                f"--to {server}: table {table.name} already has {rows} row(s); migrate-db"
                " copies only into an empty database, nothing was changed"
            )


async def _copy_table(conn: Conn, reading: sqlite3.Connection, table: Table, path: Path) -> int:
    """Stream the table's rows into one binary COPY; how many were copied."""
    select = f"SELECT {', '.join(map(_quoted, table.columns))} FROM {_quoted(table.name)}"
    cursor = await asyncio.to_thread(reading.execute, select)
    counted = [0]
    try:
        await conn.copy_records_to_table(
            table.name, columns=list(table.columns), records=_rows(cursor, counted)
        )
    except _BAD_ROW as e:
        raise CopyRefused(
            f"table {table.name}: a row of {path} cannot be copied ({without_detail(e)});"
            " nothing was committed"
        ) from None
    finally:
        cursor.close()
    return counted[0]


async def _rows(cursor: sqlite3.Cursor, counted: list[int]) -> AsyncIterator[tuple[Any, ...]]:
    while batch := await asyncio.to_thread(cursor.fetchmany, BATCH):
        counted[0] += len(batch)
        for row in batch:
            yield row


@dataclass(frozen=True)
class ForeignKey:
    table: str
    name: str
    definition: str
    """As ``pg_get_constraintdef`` gives it: ``FOREIGN KEY (...) REFERENCES ...``."""


async def _drop_foreign_keys(conn: Conn) -> list[ForeignKey]:
    """Drop the foreign keys for the copy (inside its transaction), as ``pg_restore`` does:
    checked row by row, they would make the copy several times slower than checking each
    once over the whole table afterwards (``_restore_foreign_keys``)."""
    found = [
        ForeignKey(*row)
        for row in await conn.fetch(
            "SELECT t.relname, k.conname, pg_get_constraintdef(k.oid) FROM pg_constraint k"
            " JOIN pg_class t ON t.oid = k.conrelid"
            " WHERE k.contype = 'f' AND k.connamespace = current_schema()::regnamespace"
            " ORDER BY t.relname, k.conname"
        )
    ]
    for key in found:
        await conn.execute(f"ALTER TABLE {_quoted(key.table)} DROP CONSTRAINT {_quoted(key.name)}")
    return found


async def _restore_foreign_keys(conn: Conn, keys: Sequence[ForeignKey], path: Path) -> None:
    """The foreign keys as they were, each checked against every copied row at once."""
    for key in keys:
        try:
            await conn.execute(
                f"ALTER TABLE {_quoted(key.table)} ADD CONSTRAINT {_quoted(key.name)}"
                f" {key.definition}"
            )
        except asyncpg.ForeignKeyViolationError as e:
            raise CopyRefused(
                f"table {key.table}: a row of {path} refers to nothing ({one_line(e)});"
                " nothing was committed"
            ) from None


async def _move_identities(conn: Conn, table: Table) -> None:
    """Each identity's next value past the highest copied id, so new rows never collide
    (an empty table's sequence stays at its start)."""
    for column in table.identities:
        await conn.execute(
            f"SELECT setval(pg_get_serial_sequence($1, $2), MAX({_quoted(column)}))"
            f" FROM {_quoted(table.name)} HAVING MAX({_quoted(column)}) IS NOT NULL",
            _quoted(table.name),
            column,
        )


# ----- verification, inside the transaction ------------------------------------------------


class _InTransaction:
    """The transaction's one connection, shaped as the pools the PostgreSQL storage reads
    through, so that its own queries read the copy before it is committed (and a
    difference can still roll it back)."""

    def __init__(self, conn: Conn) -> None:
        self._conn = conn

    async def fetch(self, query: str, *args: object) -> list[asyncpg.Record]:
        return await self._conn.fetch(query, *args)

    async def fetchrow(self, query: str, *args: object) -> asyncpg.Record | None:
        return await self._conn.fetchrow(query, *args)

    async def fetchval(self, query: str, *args: object) -> Any:
        return await self._conn.fetchval(query, *args)

    @contextlib.asynccontextmanager
    async def acquire(self) -> AsyncIterator[Conn]:
        yield self._conn


def _uncommitted(conn: Conn, server: str) -> Storage:
    """The target's storage, read inside the copy's transaction (for reads only)."""
    view = cast("Pool", _InTransaction(conn))
    return PostgresStorage(view, view, server)


async def _verify(
    conn: Conn,
    reading: sqlite3.Connection,
    src: Storage,
    dst: Storage,
    tables: Sequence[Table],
    copied: dict[str, int],
    rng: random.Random,
) -> list[str]:
    """Raise ``CopyMismatch`` at the first difference; what was compared, in words."""
    for table in tables:
        name = _quoted(table.name)
        here = await conn.fetchval(f"SELECT count(*) FROM {name}")
        there = _one(reading, f"SELECT count(*) FROM {name}")
        if not here == there == copied[table.name]:
            raise CopyMismatch(
                f"table {table.name}: {there} rows in the source, {copied[table.name]}"
                f" copied, {here} in the target"
            )
    checked = [f"the row counts of {len(tables)} tables"]
    guilds = _ids(reading, "SELECT DISTINCT scope FROM player_stats WHERE scope <> 0")
    lines = 0
    for guild_id in [None, *guilds]:
        lines += await _same_leaderboard(src, dst, guild_id)
    checked.append(f"{len(guilds) + 1} leaderboards, every page ({lines:,} lines)")
    deals = _sampled_deals(reading, rng)
    for game_id, number in deals:
        await _same(
            f"deal {number} of game {game_id}", src.deal_record, dst.deal_record, game_id, number
        )
    checked.append(_count(len(deals), "deal record") + " picked at random")
    live = _ids(
        reading,
        "SELECT id FROM games WHERE status IN ('lobby', 'playing') ORDER BY id DESC LIMIT ?",
        LIVE_GAMES,
    )
    for game_id in live:
        for get in ("game", "seated", "actions", "table_message", "table_thread"):
            await _same(f"{get} of game {game_id}", getattr(src, get), getattr(dst, get), game_id)
        for seat in await src.seated(game_id):
            await _same(
                f"the DM of seat {seat.seat} of game {game_id}",
                src.dm_message,
                dst.dm_message,
                game_id,
                seat.seat,
            )
    checked.append(_count(len(live), "live game") + " (game, seats, action log, messages, DMs)")
    for guild_id in _ids(reading, "SELECT guild_id FROM guild_settings"):
        await _same(
            f"guild {guild_id}'s settings", src.guild_settings, dst.guild_settings, guild_id
        )
    for key in [str(k) for (k,) in reading.execute("SELECT key FROM meta")]:
        await _same(f"meta {key!r}", src.meta, dst.meta, key)
    checked.append("every guild's settings and meta key")
    return checked


def _count(n: int, thing: str) -> str:
    return f"{n:,} {thing}{'' if n == 1 else 's'}"


def _one(reading: sqlite3.Connection, sql: str) -> int:
    return int(reading.execute(sql).fetchone()[0])


def _ids(reading: sqlite3.Connection, sql: str, *args: object) -> list[int]:
    return [int(row[0]) for row in reading.execute(sql, args)]


async def _same_leaderboard(src: Storage, dst: Storage, guild_id: int | None) -> int:
    """Every page of one leaderboard, every player (min_games=0); its line count."""
    offset = 0
    while True:
        page = await src.leaderboard(guild_id, min_games=0, limit=PAGE, offset=offset)
        there = await dst.leaderboard(guild_id, min_games=0, limit=PAGE, offset=offset)
        if page != there:
            board = (
                "the global leaderboard" if guild_id is None else f"guild {guild_id}'s leaderboard"
            )
            same = itertools.takewhile(
                lambda pair: pair[0] == pair[1], zip(page, there, strict=False)
            )
            line = offset + len(list(same)) + 1
            raise CopyMismatch(f"{board} differs in the target from line {line}")
        offset += len(page)
        if len(page) < PAGE:
            return offset


def _sampled_deals(reading: sqlite3.Connection, rng: random.Random) -> list[tuple[int, int]]:
    """A few deals picked at random by id (without reading every record)."""
    low, high = reading.execute("SELECT MIN(id), MAX(id) FROM deals").fetchone()
    if low is None:
        return []
    picked: set[tuple[int, int]] = set()
    for _ in range(SAMPLED_DEALS):
        game_id, number = reading.execute(
            "SELECT game_id, number FROM deals WHERE id >= ? ORDER BY id LIMIT 1",
            (rng.randint(low, high),),
        ).fetchone()
        picked.add((int(game_id), int(number)))
    return sorted(picked)


async def _same(
    what: str,
    source: Callable[..., Awaitable[object]],
    target: Callable[..., Awaitable[object]],
    *args: Any,
) -> None:
    """The same read on both sides gives the same answer."""
    if await source(*args) != await target(*args):
        raise CopyMismatch(f"{what} differs in the target")
