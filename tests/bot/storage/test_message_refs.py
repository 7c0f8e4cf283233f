"""Message ids, closed DMs, languages and deployment facts survive a restart, on each
backend."""

import sqlite3
from contextlib import closing
from pathlib import Path

import asyncpg
from storage_backends import Storages, open_sqlite

from bot.storage import open_storage
from bot.storage.postgres.schema import MIGRATIONS as PG_MIGRATIONS
from bot.storage.postgres.schema import migrate
from bot.storage.sqlite.schema import MIGRATIONS as SQLITE_MIGRATIONS
from tarot_core import Rules


async def test_message_refs_survive_a_restart(storages: Storages) -> None:
    db = await storages.open()
    alice = await db.player("user", "111", "Alice")
    game = await db.create_game(
        guild_id=1,
        channel_id=5,
        players=3,
        rules=Rules(players=3).options(),
        deals_target=3,
        seed=1,
    )
    bob = await db.player("user", "222", "Bob")
    await db.seat(game, 0, alice)
    await db.seat(game, 1, bob)
    assert await db.table_message(game) is None and await db.dm_message(game, 0) is None
    await db.set_table_message(game, 9001)
    await db.set_dm_message(game, 0, 700, 9002)
    await db.set_dm_closed(game, 222, True)
    await db.set_meta("commands", "abc")
    await db.set_meta("commands", "def")

    db = await storages.reopen(db)
    assert await db.table_message(game) == 9001
    assert await db.dm_message(game, 0) == (700, 9002)
    assert await db.dm_message(game, 1) is None
    assert await db.dm_closed(game, 222) and not await db.dm_closed(game, 111)
    assert not await db.dm_closed(game, 333)  # never seen
    assert await db.meta("commands") == "def" and await db.meta("other") is None
    await db.set_dm_closed(game, 222, False)
    assert not await db.dm_closed(game, 222)


async def test_dms_refused_in_one_game_are_tried_in_the_next(storages: Storages) -> None:
    """A refused DM is marked for its game only (a server's privacy setting, Discord's
    restriction of the moment), and any DM that reaches the user clears every mark."""
    db = await storages.open()
    bob = await db.player("user", "222", "Bob")
    alice = await db.player("user", "111", "Alice")
    games = []
    for guild in (1, 2, 2):
        game = await db.create_game(
            guild_id=guild, channel_id=5, players=3, rules={}, deals_target=1, seed=1
        )
        await db.seat(game, 0, bob)
        await db.seat(game, 1, alice)
        games.append(game)
    first, other_server, next_game = games
    await db.set_dm_closed(first, 222, True)
    await db.set_dm_closed(other_server, 222, True)
    await db.set_dm_closed(other_server, 111, True)
    db = await storages.reopen(db)
    assert await db.dm_closed(first, 222) and await db.dm_closed(other_server, 222)
    assert not await db.dm_closed(next_game, 222)  # the next game tries again
    await db.dms_reopened(222)  # a DM reached Bob
    assert not await db.dm_closed(first, 222) and not await db.dm_closed(other_server, 222)
    assert await db.dm_closed(other_server, 111)  # Alice's mark is hers


async def test_a_users_language_is_kept(storages: Storages) -> None:
    db = await storages.open()
    await db.player("user", "111", "Alice")
    assert await db.locale(111) is None
    await db.set_locale(111, "fr")
    await db.set_locale(999, "fr")  # never seen: nothing to remember
    db = await storages.reopen(db)
    assert await db.locale(111) == "fr" and await db.locale(999) is None


OLD_MARK = """
    INSERT INTO players (id, kind, external_id, name, created_at, dm_closed)
        VALUES (1, 'user', '222', 'Bob', 0, 1);
    INSERT INTO games (id, guild_id, channel_id, players, rules, deals_target, seed, status,
        created_at) VALUES (1, 9, 5, 3, '{}', 1, '1', 'playing', 0);
    INSERT INTO seats (game_id, seat, player_id) VALUES (1, 0, 1);
"""
"""Bob marked for ever by a version before schema 12 (SQLite 11, PostgreSQL 3)."""


async def test_the_marks_made_for_ever_are_dropped_by_the_migration_on_sqlite(
    tmp_path: Path,
) -> None:
    path = tmp_path / "old.sqlite3"
    with closing(sqlite3.connect(path)) as old, old:
        old.executescript("".join(SQLITE_MIGRATIONS[:11]) + "PRAGMA user_version = 11;")
        old.executescript(OLD_MARK)
    db = await open_sqlite(path)
    try:
        assert await db.schema_version() == len(SQLITE_MIGRATIONS)
        assert not await db.dm_closed(1, 222)
        await db.set_dm_closed(1, 222, True)
        assert await db.dm_closed(1, 222)
    finally:
        await db.close()


async def test_the_marks_made_for_ever_are_dropped_by_the_migration_on_postgres(
    pg_url: str,
) -> None:
    conn = await asyncpg.connect(pg_url)
    try:
        await migrate(conn, "test", PG_MIGRATIONS[:3])
        await conn.execute(OLD_MARK)
    finally:
        await conn.close()
    db = await open_storage(pg_url)
    try:
        assert not await db.dm_closed(1, 222)
        await db.set_dm_closed(1, 222, True)
        assert await db.dm_closed(1, 222)
    finally:
        await db.close()
