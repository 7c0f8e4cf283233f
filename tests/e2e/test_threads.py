"""A thread per table: the table message stays in the channel and a game's event lines go
to a thread started from it, where the server allows it (``bot/discord/threads.py``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from drivers import four_seated, make_bot, play_to_the_end, press_start, table_of
from fake_discord import FakeDiscord, FakeMessage, World, run_client

from bot.discord.client import TarotBot
from bot.i18n import t


async def open_and_start(fake: FakeDiscord, world: World, bot: TarotBot) -> FakeMessage:
    """Alice's 4-seat, 1-deal table with Bob and two heuristic bots, started; returns the
    table message."""
    bot.presenter.tables.interval = bot.presenter.dms.interval = 0.01
    lobby = await four_seated(fake, world, bot)
    await press_start(fake, world, lobby)
    return lobby


SEED_WITH_A_CHIEN = 1
"""A seed whose deal is taken at Prise or Garde: its chien is shown."""


async def test_a_whole_game_posts_its_lines_in_the_tables_thread(
    fake: FakeDiscord, world: World, tmp_path: Path
) -> None:
    bot = make_bot(tmp_path)
    async with run_client(fake, bot):
        bot.tables._lobby.seeds = lambda: SEED_WITH_A_CHIEN
        lobby = await open_and_start(fake, world, bot)
        game_id = table_of(bot, int(world.table.id)).game_id
        await play_to_the_end(fake, world, bot)
        await bot.presenter.drain()
        (thread,) = fake.threads(world.table)
        assert thread.id == lobby.id  # started from the table message
        assert thread.name == t("fr", "thread.name", name="alice")  # the server's language
        # The channel holds the table message only; every line is in the thread.
        assert [m.id for m in fake.channel_messages(world.table)] == [lobby.id]
        lines = [m.content for m in fake.thread_messages(lobby)]
        assert lines[0].startswith(t("fr", "event.game_started", name="").split(":")[0])
        assert lines[-1].startswith(f"**{t('fr', 'standings.title')}**")
        assert len(lines) >= 3  # the start, a contract or "all passed", ..., the standings
        # The lines of one change are one message: the chien with the contract it follows.
        chien = t("fr", "event.chien_shown", cards="").split(":")[0]
        taken = t("fr", "event.contract_made", name="", contract="").split(":")[0].strip()
        shown = [line for line in lines if chien in line]
        assert shown
        for line in shown:
            assert taken in line.split("\n")[0], line
        assert await bot.storage.table_thread(game_id) == int(thread.id)
        assert "thread" not in bot.presenter.held(game_id)  # let go at the game's end


def lines_in_channel(fake: FakeDiscord, world: World, table_message: FakeMessage) -> list[str]:
    return [m.content for m in fake.channel_messages(world.table) if m.id != table_message.id]


async def test_without_the_permission_to_create_threads_lines_go_to_the_channel(
    fake: FakeDiscord, world: World, tmp_path: Path
) -> None:
    bot = make_bot(tmp_path)
    async with run_client(fake, bot):
        # Taken after the table opened (``/tarot new`` refuses a channel without them
        # while threads are on: test_channel_permissions.py).
        bot.presenter.tables.interval = bot.presenter.dms.interval = 0.01
        lobby = await four_seated(fake, world, bot)
        roles = world.guild.allow_bot_threads(False)
        assert roles
        await fake.update_roles(world.guild, roles)
        await press_start(fake, world, lobby)
        game_id = table_of(bot, int(world.table.id)).game_id
        await play_to_the_end(fake, world, bot)
        await bot.presenter.drain()
        assert fake.threads(world.table) == []
        lines = lines_in_channel(fake, world, lobby)
        assert lines[-1].startswith(f"**{t('fr', 'standings.title')}**")
        assert await bot.storage.table_thread(game_id) is None
    # The bot read its permissions instead of trying: no refused call to find out.
    assert not [c for c in fake.calls if c.path.endswith("/threads")]


async def test_tarot_threads_off_puts_lines_in_the_channel_for_manage_server_only(
    fake: FakeDiscord, world: World, tmp_path: Path
) -> None:
    world.guild.owner = world.alice  # Manage Server; Bob has not
    bot = make_bot(tmp_path)
    async with run_client(fake, bot):
        refused = await fake.slash(
            world.bob, world.table, "tarot", subcommand="threads", options={"state": "off"}
        )
        assert (await refused.message()).content == t("en-US", "ui.threads_manage_guild")
        assert await bot.storage.guild_settings(int(world.guild.id)) == {}
        off = await fake.slash(
            world.alice, world.table, "tarot", subcommand="threads", options={"state": "off"}
        )
        assert (await off.message()).content == t("fr", "ui.threads_off")
        lobby = await open_and_start(fake, world, bot)
        await play_to_the_end(fake, world, bot)
        await bot.presenter.drain()
        assert fake.threads(world.table) == []
        lines = lines_in_channel(fake, world, lobby)
        assert lines[-1].startswith(f"**{t('fr', 'standings.title')}**")
        on = await fake.slash(
            world.alice, world.table, "tarot", subcommand="threads", options={"state": "on"}
        )
        assert (await on.message()).content == t("fr", "ui.threads_on")
        assert await bot.storage.guild_settings(int(world.guild.id)) == {"threads": True}


async def test_after_a_restart_lines_go_to_the_same_thread(
    fake: FakeDiscord, world: World, tmp_path: Path
) -> None:
    bot = make_bot(tmp_path)
    async with run_client(fake, bot):
        lobby = await open_and_start(fake, world, bot)
        await fake.wait_for(lambda: fake.thread_messages(lobby), timeout=10)
        await bot.presenter.drain()
    before = len(fake.thread_messages(lobby))
    again = make_bot(tmp_path)
    async with run_client(fake, again):
        again.presenter.tables.interval = again.presenter.dms.interval = 0.01
        await play_to_the_end(fake, world, again)
        await again.presenter.drain()
    assert len(fake.threads(world.table)) == 1
    lines = [m.content for m in fake.thread_messages(lobby)]
    assert len(lines) > before
    assert lines[-1].startswith(f"**{t('fr', 'standings.title')}**")
    assert lines_in_channel(fake, world, lobby) == []


@pytest.mark.parametrize("how", ["deleted", "locked"])
async def test_a_thread_deleted_or_locked_gives_way_to_the_channel(
    fake: FakeDiscord, world: World, tmp_path: Path, how: str
) -> None:
    bot = make_bot(tmp_path)
    async with run_client(fake, bot):
        lobby = await open_and_start(fake, world, bot)
        game_id = table_of(bot, int(world.table.id)).game_id
        await fake.wait_for(lambda: fake.thread_messages(lobby), timeout=10)
        await bot.presenter.drain()
        (thread,) = fake.threads(world.table)
        if how == "deleted":  # by a moderator: a post is answered 404 Unknown Channel
            del fake.channels[thread.id]
        else:  # archived and locked by a moderator: 400, code 50083
            thread.archived = thread.locked = True
        await play_to_the_end(fake, world, bot)
        await bot.presenter.drain()
        lines = lines_in_channel(fake, world, lobby)
        assert lines and lines[-1].startswith(f"**{t('fr', 'standings.title')}**")
        assert await bot.storage.table_thread(game_id) is None
