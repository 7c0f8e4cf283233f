"""Every reason to refuse a database file, checked when it is opened, before any write.

A file the bot cannot keep its games in must stop it at start, in one line that names the
file, the cause and the way out, rather than be found out move by move or, worse, be
replaced silently by a new empty database:

- a file that is missing where something shows that a database was there (the ``.id``
  marker written beside it at creation, or SQLite's leftover ``-wal``/``-shm``);
- a file that is not a SQLite database, is damaged (``PRAGMA quick_check``), was written
  by a newer version (a schema this one does not know), cannot be written, or is not the
  database that was at this path before (the id kept in its ``meta`` table and in the
  marker differ).

The same file identity (device and inode) lets the open storage notice, before each
commit, that its file was deleted or replaced under it (``FileId``).
"""

from __future__ import annotations

import asyncio
import contextlib
import glob
import logging
import os
import sqlite3
import subprocess
import sys
import time
import uuid
from pathlib import Path

import aiosqlite

from ..errors import (
    DatabaseDamaged,
    DatabaseMismatch,
    DatabaseMissing,
    DatabaseReadOnly,
    DatabaseTooNew,
    DatabaseUnusable,
    NotADatabase,
)

log = logging.getLogger(__name__)

ID_KEY = "database_id"
"""The ``meta`` row holding the database's id, also written to the marker beside it."""
META_SINCE = 4
"""The schema version that created the ``meta`` table."""
PREREAD_FROM = 64 << 20
"""Bytes from which a file is read in order before its check (below, it hardly helps)."""
PREREAD = (
    "import sys\n"
    "with open(sys.argv[1], 'rb', buffering=0) as f:\n"
    "    while f.read(1 << 20):\n"
    "        pass\n"
)

SQLITE_HEADER = b"SQLite format 3\x00"
"""The first bytes of every SQLite database file."""

FileId = tuple[int, int]
"""A file's device and inode: the same path with another FileId is another file."""


def beside(path: Path, suffix: str) -> Path:
    return path.with_name(path.name + suffix)


def marker_of(path: Path) -> Path:
    """The small file that says a database was created at ``path``, and which one."""
    return beside(path, ".id")


def file_id(path: Path) -> FileId | None:
    try:
        found = os.stat(path)
    except FileNotFoundError:
        return None
    return (found.st_dev, found.st_ino)


def change_of(path: Path, opened: FileId | None) -> str | None:
    """How the file at ``path`` differs from the one opened as ``opened``, if it does."""
    now = file_id(path)
    if now == opened:
        return None
    return "deleted" if now is None else "replaced by another file"


def journal_of(path: Path) -> dict[Path, FileId]:
    """The WAL files in use beside ``path``, to recognise them after the file is lost."""
    found = {p: file_id(p) for p in (beside(path, "-wal"), beside(path, "-shm"))}
    return {p: i for p, i in found.items() if i is not None}


def drop_journal(journal: dict[Path, FileId]) -> None:
    """Remove the WAL files of a lost database, still the ones it used. SQLite leaves the
    WAL of a deleted or replaced file behind, and would replay it into whatever file is
    put at the path next (a restored backup), mixing two databases."""
    for path, opened in journal.items():
        if file_id(path) == opened:
            path.unlink(missing_ok=True)


def rescue_path(path: Path) -> Path:
    """Where to copy a database whose file was lost while open (found again at start)."""
    return beside(path, time.strftime(".rescued-%Y%m%d-%H%M%S"))


def refuse_if_lost(path: Path) -> None:
    """Before SQLite creates a missing file: refuse when a database was there, so that
    its games are restored from a backup instead of started over from nothing."""
    if path.exists():
        return
    evidence = (marker_of(path), beside(path, "-wal"), beside(path, "-shm"))
    found = [p for p in evidence if p.exists()]
    if not found:
        return
    copies = sorted(glob.glob(glob.escape(str(path)) + ".rescued-*"))
    way = f"move {copies[-1]} (a copy saved when it was lost) to it" if copies else ""
    way = way or "restore it from a backup"
    names = " and ".join(p.name for p in found)
    show = "shows" if len(found) == 1 else "show"
    raise DatabaseMissing(
        f"{path} is missing, but {names} beside it {show} that a database was there:"
        f" {way}, or remove {names} to start a new empty database"
    )


def is_sqlite_file(path: Path) -> bool:
    """Whether the regular file at ``path`` can be a SQLite database by its first bytes:
    empty (SQLite makes it one) or starting with SQLite's header; ``OSError`` if it cannot
    be read. What ``--check`` can tell without opening it; at the open, SQLite's own
    refusal of such a file (``SQLITE_NOTADB``, in ``unusable``) decides."""
    with path.open("rb") as file:
        header = file.read(len(SQLITE_HEADER))
    return not header or header == SQLITE_HEADER


def unusable(path: Path, error: BaseException) -> DatabaseUnusable:
    """A SQLite or file error met while opening, as the refusal it amounts to."""
    text = str(error) or type(error).__name__
    code = getattr(error, "sqlite_errorcode", -1) & 0xFF
    if code == sqlite3.SQLITE_NOTADB:
        return NotADatabase(f"{path}: not a SQLite database ({text})")
    if code == sqlite3.SQLITE_CORRUPT:
        return damaged(path, text)
    if code == sqlite3.SQLITE_READONLY:
        return read_only(path, text)
    if code == sqlite3.SQLITE_CANTOPEN:
        return DatabaseUnusable(
            f"{path}: cannot be opened ({text}); check that its folder exists and can be written"
        )
    return DatabaseUnusable(f"{path}: cannot be used ({text})")


def damaged(path: Path, detail: str) -> DatabaseDamaged:
    return DatabaseDamaged(
        f"{path}: the database is damaged ({detail}); restore it from a backup, or copy out"
        f" what can still be read with: sqlite3 {path} .recover | sqlite3 {path}.recovered"
    )


def read_only(path: Path, detail: str) -> DatabaseReadOnly:
    return DatabaseReadOnly(
        f"{path}: the database is read-only ({detail}); let this user write the file and its"
        f" folder (SQLite keeps {path.name}-wal and {path.name}-shm beside it)"
    )


async def inspect(conn: aiosqlite.Connection, path: Path, known: int) -> tuple[int, str | None]:
    """Refuse the file unless this version can use it; its schema version and id.

    Nothing is written (the write probe is rolled back): a refused file is left as it was
    found."""
    version = await scalar(conn, "PRAGMA user_version")
    if version > known:
        raise DatabaseTooNew(
            f"{path}: this database was written by a newer version (schema {version},"
            f" this version knows {known}); run that version, or restore a backup"
        )
    await check_integrity(conn, path)
    await probe_write(conn, path, version)
    stored = await stored_id(conn) if version >= META_SINCE else None
    marker = read_marker(path)
    if marker is not None and marker != stored:
        has = f"id {stored}" if stored else "no id"
        raise DatabaseMismatch(
            f"{path} is not the database that was here: it has {has},"
            f" but {marker_of(path).name} says {marker or 'nothing'}; put the right file back,"
            f" or remove {marker_of(path)} to use this one"
        )
    return version, stored


async def check_integrity(conn: aiosqlite.Connection, path: Path) -> None:
    """``PRAGMA quick_check``, after reading a large file once in order.

    quick_check visits pages in b-tree order: on a cold cache that is random reads, 35 s
    for the 2.3 GB benchmark database here, against 3 s when the file is first read
    sequentially into the page cache (``preread``). A page too damaged to read raises
    ``SQLITE_CORRUPT``, which ``unusable`` turns into the same ``damaged`` refusal."""
    started = time.perf_counter()
    size = path.stat().st_size
    if PREREAD_FROM <= size < memory() // 2:  # a larger file would not stay in the cache
        await asyncio.to_thread(preread, path)
    rows = await conn.execute_fetchall("PRAGMA quick_check")
    problems = [str(row[0]).replace("\n", " ") for row in rows]
    if problems != ["ok"]:
        more = f" and {len(problems) - 2} more" if len(problems) > 2 else ""
        raise damaged(path, "; ".join(problems[:2]) + more)
    log.info(
        "%s: integrity checked in %.1f s (%.0f MB)",
        path,
        time.perf_counter() - started,
        size / 1e6,
    )


def memory() -> int:
    try:
        return os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (ValueError, OSError, AttributeError):
        return 0


def preread(path: Path) -> None:
    """Read the file into the page cache from another process: closing a descriptor of it
    in this one would drop the POSIX locks that SQLite holds on it here, and another
    process could then checkpoint and delete the WAL under the open connections
    (https://sqlite.org/howtocorrupt.html, 2.2). It only makes the check faster, so a
    failure is ignored."""
    with contextlib.suppress(OSError, subprocess.SubprocessError):
        subprocess.run(
            [sys.executable, "-c", PREREAD, str(path)],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            check=False,
        )


async def probe_write(conn: aiosqlite.Connection, path: Path, version: int) -> None:
    """Write once and roll back: SQLite opens a file it may not write read-only without
    a word, and ``BEGIN IMMEDIATE`` alone succeeds on it; only a real write tells."""
    if not os.access(path.parent, os.W_OK | os.X_OK):
        raise read_only(path, f"its folder {path.parent} cannot be written")
    await conn.execute("BEGIN IMMEDIATE")
    try:
        await conn.execute(f"PRAGMA user_version = {version}")
    finally:
        await conn.execute("ROLLBACK")


async def identify(conn: aiosqlite.Connection, path: Path, stored: str | None, new: bool) -> None:
    """Give the database an id if it has none (a new file, or one from before ids), and
    keep it in the marker beside the file, so that a missing file is noticed at start."""
    marker = marker_of(path)
    if stored is None:
        stored = uuid.uuid4().hex
        # autocommit: the one statement is its own transaction
        await conn.execute("INSERT INTO meta (key, value) VALUES (?, ?)", (ID_KEY, stored))
        if new:
            log.info("%s: created a new empty database (id %s)", path, stored)
        else:
            log.info("%s: the database gets the id %s", path, stored)
    if read_marker(path) is None:
        partial = beside(marker, ".tmp")
        partial.write_text(stored + "\n")
        os.replace(partial, marker)


def read_marker(path: Path) -> str | None:
    try:
        return marker_of(path).read_text().strip()
    except FileNotFoundError:
        return None


async def scalar(conn: aiosqlite.Connection, sql: str) -> int:
    async with conn.execute(sql) as cur:
        row = await cur.fetchone()
    return int(row[0]) if row else 0


async def stored_id(conn: aiosqlite.Connection) -> str | None:
    async with conn.execute("SELECT value FROM meta WHERE key = ?", (ID_KEY,)) as cur:
        row = await cur.fetchone()
    return None if row is None else str(row[0])
