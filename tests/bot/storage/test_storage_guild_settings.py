"""Each table's thread and per-server settings, on each backend; and migration 7, which
brought them to SQLite files."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

from storage_backends import Storages, open_sqlite

from bot.storage import Storage
from bot.storage.sqlite.schema import MIGRATIONS
from tarot_core import Rules


async def test_a_schema_6_file_gains_threads_and_settings_keeping_its_games(
    tmp_path: Path,
) -> None:
    """SQLite only: an upgrade of a file written by an old version."""
    path = tmp_path / "old.sqlite3"
    with sqlite3.connect(path) as old:
        old.executescript("".join(MIGRATIONS[:6]) + "PRAGMA user_version = 6;")
        old.executescript(
            """
            INSERT INTO games (id, guild_id, channel_id, players, rules, deals_target, seed,
                status, created_at, message_id) VALUES (1, 9, 5, 4, '{}', 1, '1', 'playing',
                0, 77);
            """
        )
    db = await open_sqlite(path)
    try:
        assert await db.schema_version() == len(MIGRATIONS)
        assert await db.table_message(1) == 77
        old_game = await db.game(1)
        assert old_game is not None and old_game.turn_timers is None  # the process's delays
        assert await db.table_thread(1) is None  # an old game posts in its channel
        assert await db.guild_settings(9) == {}
        await db.set_table_thread(1, 88)
        assert await db.table_thread(1) == 88
        await db.set_guild_settings(9, {"threads": False})
        assert await db.guild_settings(9) == {"threads": False}
    finally:
        await db.close()
    db = await open_sqlite(path)  # kept across a restart
    try:
        assert await db.table_thread(1) == 88
        assert await db.guild_settings(9) == {"threads": False}
    finally:
        await db.close()


async def test_a_tables_thread_and_a_guilds_settings_survive_a_restart(
    storages: Storages,
) -> None:
    db = await storages.open()
    game = await db.create_game(
        guild_id=9, channel_id=5, players=4, rules=Rules().options(), deals_target=1, seed=1
    )
    assert await db.table_thread(game) is None  # posts in its channel until it has one
    assert await db.guild_settings(9) == {}
    await db.set_table_thread(game, 88)
    await db.set_guild_settings(9, {"threads": False})
    db = await storages.reopen(db)
    assert await db.table_thread(game) == 88
    assert await db.guild_settings(9) == {"threads": False}
    await db.set_table_thread(game, None)
    assert await db.table_thread(game) is None


async def test_settings_merge_per_guild_and_none_restores_the_default(db: Storage) -> None:
    # Two changes at once (one shared connection, or two of a pool) both stay.
    await asyncio.gather(
        db.set_guild_settings(1, {"threads": False}),
        db.set_guild_settings(1, {"language": "fr"}),
    )
    assert await db.guild_settings(1) == {"threads": False, "language": "fr"}
    assert await db.guild_settings(2) == {}
    now = await db.set_guild_settings(1, {"threads": None, "players": 5})
    assert now == {"language": "fr", "players": 5}
    assert await db.guild_settings(1) == now


async def test_every_servers_settings_are_read_at_once(db: Storage) -> None:
    """The challenge of the day's hourly look: every server that set something, and only
    what each set."""
    assert await db.all_guild_settings() == []
    await db.set_guild_settings(1, {"challenge_channel": 123456789012345678})
    await db.set_guild_settings(2, {"threads": False})
    await db.set_guild_settings(2, {"threads": None})  # back to the default: an empty row
    assert sorted(await db.all_guild_settings()) == [
        (1, {"challenge_channel": 123456789012345678}),
        (2, {}),
    ]
