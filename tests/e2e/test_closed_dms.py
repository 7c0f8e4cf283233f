"""DMs Discord refuses (issue 23): 50007 "Cannot send messages to this user" (a server's
privacy setting, a block) and 50278 "...no mutual guilds" mark the player for that game
only: the next game, on any server, tries again, and a DM that reaches them clears every
mark. Many players refused at once means the bot itself is held back (Discord documents
restricting a bot that opens many DMs quickly): an ERROR, and no one is marked."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from drivers import (
    fill_lobby,
    make_bot,
    open_lobby,
    play_to_the_end,
    press_start,
    public_messages,
    settled,
    table_of,
)
from fake_discord import FakeDiscord, FakeUser, World, run_client

from bot.discord.client import TarotBot


async def started(
    fake: FakeDiscord, world: World, bot: TarotBot, guests: list[FakeUser], players: int = 3
) -> int:
    """Alice's one-deal table in the usual channel with ``guests`` and bots, started: the
    game."""
    channel = int(world.table.id)
    bot.presenter.tables.interval = bot.presenter.dms.interval = 0.01
    lobby = await open_lobby(fake, world, players=players, deals=1)
    await fill_lobby(fake, world, lobby, guests, bots=players - 1 - len(guests))
    await fake.wait_for(
        lambda: table_of(bot, channel) is not None and all(table_of(bot, channel).seats)
    )
    await press_start(fake, world, lobby)
    return int(table_of(bot, channel).game_id)


def dm_posts(fake: FakeDiscord, user: FakeUser) -> int:
    return len(fake.calls_to("POST", f"/channels/{fake.dm_channel(user).id}/messages"))


def told(fake: FakeDiscord, world: World, user: FakeUser) -> int:
    """The lines in the table channel telling ``user`` their DMs are refused."""
    return len([m for m in public_messages(fake, world.table) if user.mention in m.content])


@pytest.mark.parametrize("code", [50007, 50278])
async def test_a_refused_dm_marks_the_player_for_the_game_and_is_not_tried_again(
    fake: FakeDiscord, world: World, tmp_path: Path, code: int
) -> None:
    """Carol's DMs refused with either code: the channel is told once, she plays with
    ``/tarot hand``, and her DMs are not tried again at every turn."""
    fake.refuse_dms(world.carol, code)
    bot = make_bot(tmp_path)
    async with run_client(fake, bot):
        game_id = await started(fake, world, bot, [world.carol])
        await play_to_the_end(fake, world, bot, guest=world.carol)
        await bot.presenter.drain()
        assert await bot.storage.dm_closed(game_id, int(world.carol.id))
    assert dm_posts(fake, world.carol) == 1
    assert told(fake, world, world.carol) == 1


async def test_a_player_refused_in_one_game_gets_dms_in_the_next_on_another_server(
    fake: FakeDiscord, world: World, tmp_path: Path
) -> None:
    """Carol's DMs were refused in a game here; she opens them, and her game on another
    server reaches her by DM, which clears the first game's mark too."""
    other = fake.add_guild("Other Club")
    room = other.add_text_channel("tarot")
    for user in (world.alice, world.carol):
        other.add_member(user)
    fake.refuse_dms(world.carol)
    bot = make_bot(tmp_path)
    async with run_client(fake, bot):
        first = await started(fake, world, bot, [world.carol])
        carol = int(world.carol.id)

        async def marked() -> bool:
            return await bot.storage.dm_closed(first, carol)

        assert await settled(marked, bool)
        fake.allow_dms(world.carol)
        new = await fake.slash(
            world.carol, room, "tarot", subcommand="new", options={"players": 3, "deals": 1}
        )
        await new.response()
        await fake.wait_for(lambda: fake.channel_messages(room), 10)
        lobby = fake.channel_messages(room)[0]
        for _ in range(2):
            add = next(c for c in lobby.custom_ids() if c.endswith(":addbot"))
            await (await fake.click(world.carol, lobby, add)).response()
        await fake.wait_for(lambda: all(table_of(bot, int(room.id)).seats))
        start = next(c for c in lobby.custom_ids() if c.endswith(":start"))
        await (await fake.click(world.carol, lobby, start)).response()
        await fake.wait_for(lambda: fake.dm_messages(world.carol), 10)
        assert not await settled(marked, lambda closed: not closed)


async def test_many_players_refused_at_once_mark_no_one_and_log_an_error(
    fake: FakeDiscord, world: World, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Five players' DMs refused as their game starts: Discord holding back the bot, not
    five privacy settings. One ERROR says so, and no one is marked."""
    erin = fake.add_user("erin", guild=world.guild)
    humans = [world.alice, world.bob, world.carol, world.outsider, erin]
    for user in humans:
        fake.refuse_dms(user, 50007)
    caplog.set_level(logging.INFO)
    bot = make_bot(tmp_path)
    async with run_client(fake, bot):
        game_id = await started(fake, world, bot, humans[1:], players=5)
        await fake.wait_for(lambda: all(dm_posts(fake, u) for u in humans), 10)
        await bot.presenter.drain()
        marks = [await bot.storage.dm_closed(game_id, int(u.id)) for u in humans]
    assert marks == [False] * 5
    errors = [r for r in caplog.records if r.levelno == logging.ERROR]
    assert len(errors) == 1 and "restricted" in errors[0].getMessage()
    assert all(told(fake, world, u) == 1 for u in humans)  # each still told to use /tarot hand
