"""The database against the bot process (``python -m bot`` in its own process, against
the fake Discord): a file it cannot use is refused before connecting, and the process
ends; a file deleted while it runs makes it refuse the next move, log one CRITICAL line
and exit with status 4, and its restart is refused instead of starting every game over in
a new empty database."""

from __future__ import annotations

import asyncio
import os
import signal
import sqlite3
import sys
from contextlib import closing
from pathlib import Path

from fake_discord import FakeDiscord, World

HERE = Path(__file__).parent
EXIT_WITHIN = 20.0
"""Seconds a bot that must stop is given before the test fails (and kills it)."""


def count(db: Path, sql: str) -> int:
    with closing(sqlite3.connect(db)) as conn:
        return int(conn.execute(sql).fetchone()[0])


class Bots:
    """``python tests/e2e/fake_discord.py REST GATEWAY bot``: ``bot.__main__`` against the
    fake, settings from the environment; each run logs to ``bot<n>.log``."""

    def __init__(self, fake: FakeDiscord, world: World, tmp_path: Path) -> None:
        self.db = tmp_path / "tarot.sqlite3"
        self.tmp_path = tmp_path
        self.env = {
            **os.environ,
            "DISCORD_TOKEN": fake.token,
            "TAROT_DB": str(self.db),
            "TAROT_BOT_PAUSE": "0",
            "TAROT_BOT_WORKERS": "1",
            "TAROT_DEV_GUILD": world.guild.id,
        }
        self.launcher = [sys.executable, str(HERE / "fake_discord.py"), fake.rest_base]
        self.launcher += [fake.gateway_url, "bot"]
        self.procs: list[asyncio.subprocess.Process] = []

    async def spawn(self) -> asyncio.subprocess.Process:
        with self.log(len(self.procs) + 1).open("w") as out:
            proc = await asyncio.create_subprocess_exec(
                *self.launcher, env=self.env, cwd=self.tmp_path, stdout=out, stderr=out
            )
        self.procs.append(proc)
        return proc

    def log(self, number: int) -> Path:
        return self.tmp_path / f"bot{number}.log"

    async def kill_all(self) -> None:
        for proc in self.procs:
            if proc.returncode is None:
                proc.send_signal(signal.SIGKILL)
                await proc.wait()


async def test_a_file_that_is_not_a_database_ends_the_process_before_connecting(
    fake: FakeDiscord, world: World, tmp_path: Path
) -> None:
    bots = Bots(fake, world, tmp_path)
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
    bots = Bots(fake, world, tmp_path)
    db = bots.db
    try:
        first = await bots.spawn()
        await fake.wait_for(lambda: fake.connected and fake.sync_counts.get(world.guild.id), 20)
        new = await fake.slash(world.alice, world.table, "tarot", subcommand="new")
        await new.response()
        await fake.wait_for(lambda: fake.channel_messages(world.table), 10)
        lobby = fake.channel_messages(world.table)[0]
        join = next(c for c in lobby.custom_ids() if c.endswith(":join"))
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
