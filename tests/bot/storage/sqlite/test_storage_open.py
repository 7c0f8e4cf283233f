"""Opening a database file, on real files: every file the bot cannot keep its games in is
refused at start in one line, with nothing written to it and no thread left running.
SQLite only: these are the checks of its file (``sqlite/opening.py``)."""

from __future__ import annotations

import logging
import os
import shutil
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path

import pytest

from bot.storage import (
    DatabaseDamaged,
    DatabaseMismatch,
    DatabaseMissing,
    DatabaseReadOnly,
    DatabaseTooNew,
    DatabaseUnusable,
    NotADatabase,
    open_storage,
)
from bot.storage.sqlite import opening
from bot.storage.sqlite import storage as storage_module
from bot.storage.sqlite.schema import MIGRATIONS
from tarot_core import Rules


def workers() -> set[threading.Thread]:
    return {t for t in threading.enumerate() if "_connection_worker_thread" in t.name}


@contextmanager
def no_thread_left() -> Iterator[None]:
    """aiosqlite's threads are not daemons: one left running keeps the process alive."""
    before = workers()
    yield
    for thread in workers() - before:
        thread.join(timeout=2)
    assert [t for t in workers() - before if t.is_alive()] == []


async def filled(path: Path, games: int = 1) -> None:
    db = await open_storage(path)
    for i in range(games):
        await db.create_game(
            guild_id=1, channel_id=i, players=4, rules=Rules().options(), deals_target=4, seed=i
        )
    await db.close()


def plain(path: Path, sql: str) -> list[tuple[object, ...]]:
    with closing(sqlite3.connect(path, isolation_level=None)) as conn:
        return conn.execute(sql).fetchall()


def game_ids(path: Path) -> list[int]:
    return [int(str(r[0])) for r in plain(path, "SELECT id FROM games ORDER BY id")]


# ----- refused files leave nothing behind ------------------------------------------------


async def test_a_file_that_is_not_a_database_is_refused_and_nothing_keeps_running(
    tmp_path: Path,
) -> None:
    path = tmp_path / "garbage.sqlite3"
    path.write_bytes(b"not a database, just some bytes " * 200)
    with no_thread_left(), pytest.raises(NotADatabase) as refused:
        await open_storage(path)
    assert str(refused.value) == f"{path}: not a SQLite database (file is not a database)"
    assert path.read_bytes() == b"not a database, just some bytes " * 200


async def test_a_failing_migration_is_named_and_nothing_keeps_running(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "t.sqlite3"
    await filled(path)
    monkeypatch.setattr(storage_module, "MIGRATIONS", (*MIGRATIONS, "CREATE TABLE broken ("))
    with no_thread_left(), pytest.raises(DatabaseUnusable) as refused:
        await open_storage(path)
    message = str(refused.value)
    assert message.startswith(f"{path}: migration {len(MIGRATIONS) + 1} of ")
    assert "\n" not in message and "nothing of it was applied" in message
    assert plain(path, "PRAGMA user_version") == [(len(MIGRATIONS),)]


# ----- a missing or replaced file is never started over silently ---------------------------


async def test_a_new_database_says_so_and_leaves_its_id_beside_it(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "new.sqlite3"
    with caplog.at_level(logging.INFO, logger="bot.storage"):
        db = await open_storage(path)
        await db.close()
    [created] = [r for r in caplog.records if "created a new empty database" in r.getMessage()]
    assert created.levelno == logging.INFO and str(path) in created.getMessage()
    marker = (tmp_path / "new.sqlite3.id").read_text().strip()
    assert plain(path, "SELECT value FROM meta WHERE key = 'database_id'") == [(marker,)]
    caplog.clear()
    with caplog.at_level(logging.INFO, logger="bot.storage"):
        await (await open_storage(path)).close()  # reopening creates nothing
    assert not any("created" in r.getMessage() for r in caplog.records)


async def test_a_missing_file_with_its_marker_beside_it_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    await filled(path)
    path.unlink()
    with no_thread_left(), pytest.raises(DatabaseMissing) as refused:
        await open_storage(path)
    assert str(refused.value) == (
        f"{path} is missing, but t.sqlite3.id beside it shows that a database was there:"
        " restore it from a backup, or remove t.sqlite3.id to start a new empty database"
    )
    assert not path.exists()  # no empty database was made in its place


async def test_leftover_journal_files_without_the_file_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    (tmp_path / "t.sqlite3-wal").write_bytes(b"")
    (tmp_path / "t.sqlite3-shm").write_bytes(b"")
    with pytest.raises(DatabaseMissing, match=r"t\.sqlite3-wal and t\.sqlite3-shm beside it"):
        await open_storage(path)
    assert not path.exists()


async def test_another_database_at_the_path_is_refused_until_its_marker_is_removed(
    tmp_path: Path,
) -> None:
    path, other = tmp_path / "t.sqlite3", tmp_path / "other" / "t.sqlite3"
    other.parent.mkdir()
    await filled(path)
    await filled(other, games=2)
    shutil.copy(other, path)
    before = path.read_bytes()
    with pytest.raises(DatabaseMismatch, match="is not the database that was here") as refused:
        await open_storage(path)
    assert f"remove {tmp_path / 't.sqlite3.id'} to use this one" in str(refused.value)
    assert path.read_bytes() == before
    (tmp_path / "t.sqlite3.id").unlink()
    await (await open_storage(path)).close()
    assert (tmp_path / "t.sqlite3.id").read_text() == (other.parent / "t.sqlite3.id").read_text()


async def test_a_database_from_before_ids_gets_one(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    with closing(sqlite3.connect(path)) as old:
        old.executescript("".join(MIGRATIONS) + f"PRAGMA user_version = {len(MIGRATIONS)};")
    await (await open_storage(path)).close()
    marker = (tmp_path / "old.sqlite3.id").read_text().strip()
    assert plain(path, "SELECT value FROM meta WHERE key = 'database_id'") == [(marker,)]


# ----- damaged, newer, read-only ----------------------------------------------------------


def corrupt_a_table(path: Path, table: str) -> None:
    """Garbage over the root page of ``table`` (an interior page, not the schema's)."""
    [(page_size,)] = plain(path, "PRAGMA page_size")
    [(root,)] = plain(path, f"SELECT rootpage FROM sqlite_master WHERE name = '{table}'")
    assert isinstance(page_size, int) and isinstance(root, int) and root > 1
    with path.open("r+b") as file:
        file.seek((root - 1) * page_size + 8)
        file.write(bytes(range(256)) * ((page_size - 8) // 256))


async def test_a_damaged_database_is_refused_with_the_way_to_recover(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    await filled(path, games=300)
    corrupt_a_table(path, "games")
    with pytest.raises(sqlite3.DatabaseError, match="malformed"):  # SQLite itself sees it
        plain(path, "PRAGMA quick_check")
    before, mtime = path.read_bytes(), path.stat().st_mtime_ns
    with no_thread_left(), pytest.raises(DatabaseDamaged) as refused:
        await open_storage(path)
    message = str(refused.value)
    assert message.startswith(f"{path}: the database is damaged (")
    assert "(database disk image is malformed)" in message
    assert message.endswith(
        "; restore it from a backup, or copy out what can still be read with:"
        f" sqlite3 {path} .recover | sqlite3 {path}.recovered"
    )
    assert "\n" not in message
    assert path.read_bytes() == before and path.stat().st_mtime_ns == mtime


async def test_a_database_of_a_newer_version_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    await filled(path)
    plain(path, "PRAGMA user_version = 99")
    before = path.read_bytes()
    with no_thread_left(), pytest.raises(DatabaseTooNew) as refused:
        await open_storage(path)
    assert str(refused.value).startswith(
        f"{path}: this database was written by a newer version"
        f" (schema 99, this version knows {len(MIGRATIONS)})"
    )
    assert path.read_bytes() == before
    assert plain(path, "SELECT name FROM sqlite_master WHERE name = 'broken'") == []


@contextmanager
def read_only(path: Path) -> Iterator[None]:
    """Make ``path`` read-only for SQLite. chmod does not stop root, so as root the file is
    made immutable (``chattr +i``), which SQLite meets exactly as a file it may not write:
    its read-write open fails and it falls back to reading."""
    if os.geteuid() != 0:
        path.chmod(0o444)
        try:
            yield
        finally:
            path.chmod(0o644)
        return
    chattr = shutil.which("chattr")
    if chattr is None:
        pytest.skip("as root, only chattr +i makes a file read-only, and it is not installed")
    done = subprocess.run([chattr, "+i", str(path)], capture_output=True, text=True, timeout=10)
    if done.returncode != 0:
        pytest.skip(f"as root, only chattr +i makes a file read-only: {done.stderr.strip()}")
    try:
        yield
    finally:
        subprocess.run([chattr, "-i", str(path)], check=True, timeout=10)


async def test_a_read_only_database_with_its_journal_files_is_refused(tmp_path: Path) -> None:
    live, path = tmp_path / "live.sqlite3", tmp_path / "t.sqlite3"
    await filled(live)
    db = await open_storage(live)  # copied while open: the -wal and -shm files exist
    await db.create_game(
        guild_id=1, channel_id=9, players=3, rules=Rules().options(), deals_target=3, seed=1
    )
    for suffix in ("", "-wal", "-shm"):
        shutil.copy(f"{live}{suffix}", f"{path}{suffix}")
    await db.close()
    before = path.read_bytes()
    with read_only(path), no_thread_left(), pytest.raises(DatabaseReadOnly) as refused:
        await open_storage(path)
    message = str(refused.value)
    assert message.startswith(f"{path}: the database is read-only (")
    assert "\n" not in message
    assert path.read_bytes() == before


async def test_reading_a_large_file_ahead_keeps_the_locks_of_the_open_connection(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The file is read ahead of its check (as if it were large) while the writer holds
    it: another process closing its own connection must not then take the WAL away."""
    path = tmp_path / "t.sqlite3"
    await filled(path)
    monkeypatch.setattr(opening, "PREREAD_FROM", 0)
    db = await open_storage(path)
    try:
        await db.create_game(
            guild_id=1, channel_id=7, players=3, rules=Rules().options(), deals_target=3, seed=1
        )
        # the last connection to close checkpoints and removes the WAL
        read = "import sqlite3, sys; c = sqlite3.connect(sys.argv[1])"
        read += "; c.execute('SELECT * FROM games'); c.close()"
        subprocess.run([sys.executable, "-c", read, str(path)], check=True, timeout=30)
        assert (tmp_path / "t.sqlite3-wal").exists()
        await db.create_game(
            guild_id=1, channel_id=8, players=3, rules=Rules().options(), deals_target=3, seed=1
        )
    finally:
        await db.close()
    assert [c for (c,) in plain(path, "SELECT channel_id FROM games")] == [0, 7, 8]
