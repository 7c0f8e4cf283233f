"""A database file deleted or replaced while the storage has it open: the next write is
refused before anything is stored, every later one too, the bot is told once, what the
open file held is copied beside it, and the next start refuses instead of starting over.
SQLite only: a PostgreSQL database is not a file the bot's host can lose under it."""

from __future__ import annotations

import os
import shutil
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from bot.storage import (
    DatabaseLost,
    DatabaseMismatch,
    DatabaseMissing,
    Storage,
    StorageError,
    open_storage,
)
from tarot_core import Rules


async def new_game(db: Storage, channel: int) -> int:
    return await db.create_game(
        guild_id=1, channel_id=channel, players=3, rules=Rules().options(), deals_target=3, seed=1
    )


def channels(path: Path) -> list[int]:
    with closing(sqlite3.connect(path)) as conn:
        return [int(r[0]) for r in conn.execute("SELECT channel_id FROM games ORDER BY id")]


async def test_a_deleted_file_refuses_every_write_and_the_next_start(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    db = await open_storage(path)
    told: list[StorageError] = []
    db.on_unusable = told.append
    game = await new_game(db, channel=1)
    await db.set_status(game, "playing")
    os.unlink(path)

    with pytest.raises(DatabaseLost) as refused:
        await new_game(db, channel=2)
    message = str(refused.value)
    assert message.startswith(f"{path}: the database file was deleted while in use;")
    with pytest.raises(DatabaseLost):  # a turn, through the shared writer, is refused too
        await db.save_turn(game, 0, {"type": "bid", "seat": 0, "contract": "pass"})
    assert len(told) == 1 and str(told[0]) == message
    await db.close()

    [rescued] = tmp_path.glob("t.sqlite3.rescued-*")
    assert f"what it held is copied to {rescued}" in message
    assert channels(rescued) == [1]  # the game before the loss, nothing after it
    with pytest.raises(DatabaseMissing) as again:
        await open_storage(path)
    assert f"move {rescued} (a copy saved when it was lost) to it" in str(again.value)
    assert not path.exists()
    shutil.move(rescued, path)  # the way out it names: the same database, so accepted
    db = await open_storage(path)
    assert [g.id for g in await db.live_games()] == [game]
    await db.close()


async def test_a_replaced_file_is_left_alone_and_refused_at_the_next_start(
    tmp_path: Path,
) -> None:
    path, other = tmp_path / "t.sqlite3", tmp_path / "other.sqlite3"
    db = await open_storage(path)
    await new_game(db, channel=1)
    with closing(sqlite3.connect(other)) as conn:
        conn.execute("CREATE TABLE unrelated (x)")
    os.replace(other, path)
    replacement = path.read_bytes()

    with pytest.raises(DatabaseLost, match="the database file was replaced by another file"):
        await new_game(db, channel=2)
    with pytest.raises(DatabaseLost):
        await db.set_status(1, "playing")
    await db.close()

    assert path.read_bytes() == replacement
    [rescued] = tmp_path.glob("t.sqlite3.rescued-*")
    assert channels(rescued) == [1]
    with pytest.raises(DatabaseMismatch, match="is not the database that was here"):
        await open_storage(path)
