"""Migration 9: the games table made again so that it takes six players, keeping every row
of it and of the tables that refer to it (foreign keys off while it runs, checked after).
SQLite only: it upgrades files written by old versions; PostgreSQL starts at six players."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from storage_backends import open_sqlite

from bot.storage import open_storage
from bot.storage.errors import DatabaseUnusable
from bot.storage.sqlite.schema import MIGRATIONS

OLD = 8
"""The schema before six players."""


def old_file(path: Path, extra: str = "") -> None:
    with sqlite3.connect(path) as old:
        old.executescript("".join(MIGRATIONS[:OLD]) + f"PRAGMA user_version = {OLD};")
        old.executescript(
            """
            INSERT INTO players (id, kind, external_id, name, created_at)
                VALUES (1, 'user', '42', 'Alice', 0), (2, 'bot', 'heuristic', 'H', 0);
            INSERT INTO games (id, guild_id, channel_id, players, rules, deals_target, seed,
                status, created_at, host_id, message_id, thread_id, turn_timers)
                VALUES (7, 9, 5, 3, '{"misere": true}', 2, '123', 'playing', 1.5, 1, 77,
                    88, '[5.0, 10.0]');
            INSERT INTO seats (game_id, seat, player_id) VALUES (7, 0, 1), (7, 1, 2), (7, 2, 2);
            INSERT INTO actions (game_id, seq, action, at) VALUES (7, 0, '{"type": "x"}', 2.0);
            INSERT INTO deals (id, game_id, number, outcome, record, finished_at)
                VALUES (3, 7, 1, 'passed', '{}', 3.0);
            """
            + extra
        )


async def test_an_old_file_keeps_every_game_row_and_what_refers_to_it(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    old_file(path)
    db = await open_sqlite(path)
    try:
        assert await db.schema_version() == len(MIGRATIONS)
        game = await db.game(7)
        assert game is not None
        assert (game.players, game.rules, game.deals_target, game.seed, game.status) == (
            3,
            {"misere": True},
            2,
            123,
            "playing",
        )
        assert game.turn_timers == (5.0, 10.0)
        assert await db.table_message(7) == 77 and await db.table_thread(7) == 88
        assert [s.seat for s in await db.seated(7)] == [0, 1, 2]  # not cascaded away
        assert len(await db.actions(7)) == 1
        new = await db.create_game(
            guild_id=9, channel_id=6, players=6, rules={}, deals_target=6, seed=1
        )
        assert (await db.game(new)).players == 6  # type: ignore[union-attr]
    finally:
        await db.close()
    with sqlite3.connect(path) as check:
        assert check.execute("PRAGMA foreign_key_check").fetchall() == []
        indexes = {r[1] for r in check.execute("PRAGMA index_list(games)")}
        assert {"games_by_channel", "games_by_guild"} <= indexes
        with pytest.raises(sqlite3.IntegrityError):
            check.execute(
                "INSERT INTO games (channel_id, players, rules, deals_target, seed, status,"
                " created_at) VALUES (1, 7, '{}', 1, '1', 'lobby', 0)"
            )


async def test_a_row_that_refers_to_nothing_stops_the_migration_and_changes_nothing(
    tmp_path: Path,
) -> None:
    """A file whose seats name a game that is not there (written with foreign keys off)
    is refused before anything of migration 9 is committed."""
    path = tmp_path / "broken.sqlite3"
    old_file(path, "INSERT INTO seats (game_id, seat, player_id) VALUES (99, 0, 1);")
    with pytest.raises(DatabaseUnusable, match="migration 9 of .* failed"):
        await open_storage(path)
    with sqlite3.connect(path) as check:
        assert check.execute("PRAGMA user_version").fetchone() == (OLD,)
        sql = check.execute("SELECT sql FROM sqlite_schema WHERE name = 'games'").fetchone()
        assert "BETWEEN 3 AND 5" in sql[0]
