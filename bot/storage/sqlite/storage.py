"""The SQLite backend, one file through aiosqlite: opening, migrations, transactions and a
file lost in use. Its queries are the shared ones (``sql/``).

Every write that belongs with another happens in one transaction (``async with
storage.transaction()``), so an action and the deal it finishes are stored together or not
at all, and a deal or a game is counted in the leaderboards exactly when it is stored.
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from contextvars import ContextVar
from pathlib import Path

import aiosqlite

from ..errors import DatabaseLost, DatabaseUnusable
from ..sql.challenges import ChallengeQueries
from ..sql.deals import DealQueries
from ..sql.games import GameQueries
from ..sql.guild_settings import GuildSettingsQueries
from ..sql.history import HistoryQueries
from ..sql.ladder import LadderQueries
from ..sql.leaderboards import LeaderboardQueries
from ..sql.messages import MessageRefQueries
from ..sql.reviews import ReviewQueries
from ..sql.rows import Rows
from ..turns import GroupCommit
from . import opening
from .rows import SqliteRows
from .schema import MIGRATIONS

__all__ = ["SqliteStorage"]


class SqliteStorage(
    GameQueries,
    DealQueries,
    LeaderboardQueries,
    HistoryQueries,
    MessageRefQueries,
    GuildSettingsQueries,
    ChallengeQueries,
    LadderQueries,
    ReviewQueries,
):
    """The writing connection (``conn``) serves the tables; leaderboards, stats and
    history read through their own (``reader``), so they see only committed data (WAL
    lets it read while a commit is under way) and never queue behind a batch of turns."""

    reader: aiosqlite.Connection
    LOCK_ROW = ""  # a transaction holds the whole file

    def __init__(self, conn: aiosqlite.Connection, path: Path) -> None:
        self.conn = conn
        self.path = path
        self.lost: DatabaseLost | None = None
        """Set once the file is found deleted or replaced: every later write is refused."""
        self.on_unusable: Callable[[DatabaseUnusable], None] | None = None
        """Told once when the file is lost, so that the bot can stop."""
        self._file = opening.file_id(path)
        self._journal: dict[Path, opening.FileId] = {}
        self._lock = asyncio.Lock()
        self._named_locks: dict[str, asyncio.Lock] = {}
        self._inside: ContextVar[bool] = ContextVar(f"storage-{id(self)}", default=False)
        self._turns = GroupCommit(self._write_batch)
        self._writer = SqliteRows(conn)

    @classmethod
    async def open(cls, path: str | Path) -> SqliteStorage:
        """Open (or create) the database at ``path``, after the checks of ``opening.py``.

        Raises ``DatabaseUnusable`` (one line: the file, the cause, the way out), with
        every connection it made closed, so that a refused file never keeps the process
        alive through aiosqlite's threads.
        """
        path = Path(path).absolute()
        opened: list[aiosqlite.Connection] = []
        try:
            opening.refuse_if_lost(path)
            conn = await aiosqlite.connect(str(path), isolation_level=None)
            opened.append(conn)
            version, stored_id = await opening.inspect(conn, path, len(MIGRATIONS))
            await conn.execute("PRAGMA journal_mode = WAL")
            await conn.execute("PRAGMA foreign_keys = ON")
            await conn.execute("PRAGMA synchronous = NORMAL")
            storage = cls(conn, path)
            await storage.migrate()
            await opening.identify(conn, path, stored_id, new=version == 0)
            storage.reader = await aiosqlite.connect(str(path), isolation_level=None)
            opened.append(storage.reader)
            await storage.reader.execute("PRAGMA query_only = ON")
            storage.committed = SqliteRows(storage.reader)
            storage._journal = opening.journal_of(path)
        except BaseException as e:
            for connection in reversed(opened):
                with contextlib.suppress(Exception):
                    await connection.close()
            if isinstance(e, (sqlite3.Error, OSError, ValueError)):
                raise opening.unusable(path, e) from e
            raise
        return storage

    async def close(self) -> None:
        await self._turns.drain()
        await self.reader.close()
        await self.conn.close()
        if self.lost is not None:
            opening.drop_journal(self._journal)

    async def schema_version(self) -> int:
        async with self.conn.execute("PRAGMA user_version") as cur:
            row = await cur.fetchone()
        return int(row[0]) if row else 0

    async def migrate(self) -> None:
        """Each pending migration in one transaction, with foreign keys off (a table made
        again must not take its dependents with it) and checked before it commits."""
        version = await self.schema_version()
        if version == len(MIGRATIONS):
            return
        await self.conn.execute("PRAGMA foreign_keys = OFF")  # outside any transaction
        try:
            for number, script in enumerate(MIGRATIONS[version:], start=version + 1):
                await self._migration(number, script)
        finally:
            await self.conn.execute("PRAGMA foreign_keys = ON")

    async def _migration(self, number: int, script: str) -> None:
        try:
            await self.conn.executescript(f"BEGIN; {script}; PRAGMA user_version = {number};")
            async with self.conn.execute("PRAGMA foreign_key_check") as cur:
                broken = await cur.fetchone()
            if broken is not None:
                raise sqlite3.IntegrityError(f"a row of {broken[0]} refers to nothing")
            await self.conn.execute("COMMIT")
        except sqlite3.Error as e:
            with contextlib.suppress(sqlite3.Error):
                await self.conn.execute("ROLLBACK")
            raise DatabaseUnusable(
                f"{self.path}: migration {number} of {len(MIGRATIONS)} failed ({e});"
                " nothing of it was applied"
            ) from e

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[None]:
        """One atomic unit of writes; nested uses (in the same task) join the outer one.

        One connection serves every table, so transactions of different tasks take turns:
        without the lock a second task would join the first one's transaction and share
        its fate on rollback.
        """
        if self._inside.get():
            yield
            return
        async with self._lock:
            token = self._inside.set(True)
            try:
                if self.lost is not None:
                    raise DatabaseLost(str(self.lost))
                await self.conn.execute("BEGIN IMMEDIATE")
                try:
                    yield
                except BaseException:
                    await self.conn.execute("ROLLBACK")
                    raise
                change = opening.change_of(self.path, self._file)
                if change is not None:
                    await self.conn.execute("ROLLBACK")
                    raise await self._lose(change)
                await self.conn.execute("COMMIT")
            finally:
                self._inside.reset(token)

    @asynccontextmanager
    async def exclusively(self, name: str) -> AsyncIterator[None]:
        """One holder at a time in this process (one process serves a SQLite file)."""
        lock = self._named_locks.setdefault(name, asyncio.Lock())
        async with lock:
            yield

    @asynccontextmanager
    async def writes(self) -> AsyncIterator[Rows]:
        """One transaction, for the shared queries (``sql/``)."""
        async with self.transaction():
            yield self._writer

    def current(self) -> Rows:
        """The writing connection: it sees the open transaction's writes."""
        return self._writer

    @asynccontextmanager
    async def snapshot(self) -> AsyncIterator[Rows]:
        """The reading connection as it is: its reads are not one snapshot (a
        transaction on it would be shared by every task reading at the same time)."""
        yield self.committed

    async def _lose(self, change: str) -> DatabaseLost:
        """The file was deleted or replaced under the open connection: what it held is
        copied beside the path (the open connection still reads it), every later write is
        refused, and ``on_unusable`` is told, once."""
        rescued = opening.rescue_path(self.path)
        try:
            await self.conn.execute("VACUUM INTO ?", (str(rescued),))
            saved = f"what it held is copied to {rescued}"
        except sqlite3.Error as e:
            saved = f"it could not be copied to {rescued} ({e})"
        self.lost = DatabaseLost(
            f"{self.path}: the database file was {change} while in use; nothing more is"
            f" stored, {saved}"
        )
        if self.on_unusable is not None:
            self.on_unusable(self.lost)
        return DatabaseLost(str(self.lost))
