"""Starting a table's thread as Discord may answer it: rate limited for minutes (thread
buckets are shared by the guild) or refused at the guild's cap of active threads (160006).
The game's lines never wait for it (``bot/discord/threads.py``)."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from drivers import four_seated, make_bot, play_to_the_end, press_start
from fake_discord import FakeDiscord, World, run_client

from bot.i18n import t

STARTED = t("fr", "event.game_started", name="").split(":")[0]
STANDINGS = f"**{t('fr', 'standings.title')}**"
THREADS = ("POST", "/channels/*/messages/*/threads")


def channel_lines(fake: FakeDiscord, world: World, table_id: str) -> list[str]:
    return [m.content for m in fake.channel_messages(world.table) if m.id != table_id]


async def test_a_rate_limited_thread_start_holds_no_line(
    fake: FakeDiscord, world: World, tmp_path: Path
) -> None:
    limited = fake.rate_limit(*THREADS, retry_after=219)
    bot = make_bot(tmp_path)
    async with run_client(fake, bot):
        bot.presenter.use_clock(fake.bot_clock())
        bot.presenter.tables.interval = bot.presenter.dms.interval = 0.01
        lobby = await four_seated(fake, world, bot)
        await press_start(fake, world, lobby)
        # The game's first line is in the channel within seconds, not minutes.
        await fake.wait_for(
            lambda: any(STARTED in line for line in channel_lines(fake, world, lobby.id)),
            timeout=5,
        )
        assert limited.exhausted and fake.threads(world.table) == []
        fake.advance(220)  # the limit is over: the next line starts the thread
        await play_to_the_end(fake, world, bot)
        await bot.presenter.drain()
        (thread,) = fake.threads(world.table)
        assert thread.id == lobby.id
        lines = [m.content for m in fake.thread_messages(thread)]
        assert lines and lines[-1].startswith(STANDINGS)
    assert len(fake.calls_to(*THREADS)) == 2  # the refused one, then the one that made it


async def test_a_guild_at_its_thread_cap_keeps_the_lines_in_the_channel(
    fake: FakeDiscord, world: World, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING, logger="bot.discord.threads")
    world.guild.max_active_threads = 0  # Discord: 160006
    bot = make_bot(tmp_path)
    async with run_client(fake, bot):
        bot.presenter.tables.interval = bot.presenter.dms.interval = 0.01
        lobby = await four_seated(fake, world, bot)
        await press_start(fake, world, lobby)
        await play_to_the_end(fake, world, bot)
        await bot.presenter.drain()
        lines = channel_lines(fake, world, lobby.id)
        assert lines[-1].startswith(STANDINGS) and len(lines) >= 3
        assert fake.threads(world.table) == []
    [refused] = fake.calls_to(*THREADS)  # tried once for the game: no retry storm
    assert refused.status == 400
    [told] = [r for r in caplog.records if "most active threads" in r.getMessage()]
    assert told.levelno == logging.WARNING
