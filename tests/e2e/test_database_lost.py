"""The database against the bot process (``python -m bot`` in its own process, against
the fake Discord): a file it cannot use is refused before connecting, and the process
ends; a file deleted while it runs makes it refuse the next move, log one CRITICAL line
and exit with status 4, and its restart is refused instead of starting every game over in
a new empty database."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

from drivers import BotProcess, lobby_control, open_lobby, query
from fake_discord import FakeDiscord, World

EXIT_WITHIN = 20.0
"""Seconds a bot that must stop is given before the test fails (and kills it)."""


def count(db: Path, sql: str) -> int:
    return int(query(db, sql)[0][0])


async def test_a_file_that_is_not_a_database_ends_the_process_before_connecting(
    fake: FakeDiscord, world: World, tmp_path: Path
) -> None:
    bots = BotProcess(fake, world, tmp_path)
    bots.db.write_bytes(b"SQLite format 3\0" + bytes(range(256)) * 64)
    try:
        proc = await bots.spawn()
        assert await asyncio.wait_for(proc.wait(), EXIT_WITHIN) == 4
        assert bots.log(1).read_text() == (
            f"Database: {bots.db}: not a SQLite database (file is not a database)\n"
        )
        assert fake.identify_count == 0
    finally:
        await bots.kill_all()


async def test_a_deleted_database_stops_the_bot_and_its_restart(
    fake: FakeDiscord, world: World, tmp_path: Path
) -> None:
    bots = BotProcess(fake, world, tmp_path)
    db = bots.db
    try:
        first = await bots.spawn()
        await fake.wait_for(lambda: fake.connected and fake.sync_counts.get(world.guild.id), 20)
        lobby = await open_lobby(fake, world)
        join = lobby_control(lobby, ":join")
        shown = "SELECT count(*) FROM games WHERE message_id IS NOT NULL"
        await fake.wait_for(lambda: count(db, shown), 10)  # the lobby's last write
        assert count(db, "SELECT count(*) FROM seats") == 1

        os.unlink(db)
        await fake.click(world.bob, lobby, join)  # answered or not: the bot is stopping
        assert await asyncio.wait_for(first.wait(), EXIT_WITHIN) == 4
        [critical] = [line for line in bots.log(1).read_text().splitlines() if "CRITICAL" in line]
        assert f"{db}: the database file was deleted while in use" in critical
        [rescued] = tmp_path.glob("tarot.sqlite3.rescued-*")
        assert count(rescued, "SELECT count(*) FROM seats") == 1  # Bob's join was not stored

        identified = fake.identify_count
        second = await bots.spawn()
        assert await asyncio.wait_for(second.wait(), EXIT_WITHIN) == 4
        assert bots.log(2).read_text() == (
            f"Database: {db} is missing, but tarot.sqlite3.id beside it shows that a database"
            f" was there: move {rescued} (a copy saved when it was lost) to it, or remove"
            " tarot.sqlite3.id to start a new empty database\n"
        )
        assert fake.identify_count == identified and not db.exists()
    finally:
        await bots.kill_all()
