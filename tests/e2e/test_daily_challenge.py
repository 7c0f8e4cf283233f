"""The challenge of the day through the fake Discord, on a clock the test moves: nothing
until a channel is named, the post at the server's hour (once), and the next day's post
with the final table of the day before."""

from __future__ import annotations

from pathlib import Path

import pytest
from drivers import finish_alone, make_bot, settled, table_of
from fake_discord import FakeDiscord, FakeUser, World, run_client

from bot.discord.client import TarotBot
from bot.discord.daily_challenges import day_and_hour
from bot.i18n import t

HOUR = 3600.0


@pytest.fixture
def bot(world: World, tmp_path: Path) -> TarotBot:
    world.guild.owner = world.alice  # Manage Server
    return make_bot(tmp_path, TAROT_CHALLENGE_LEVEL="heuristic")


async def setting(fake: FakeDiscord, world: World, key: str, value: str) -> str:
    handle = await fake.slash(
        world.alice,
        world.table,
        "tarot",
        subcommand="settings",
        options={"setting": key, "value": value},
    )
    return (await handle.message()).content


def to_next(fake: FakeDiscord, hour: int, minute: int) -> None:
    """Move Discord's clock (and the bot's) to the next ``hour:minute`` UTC."""
    now = fake.wall_time()
    _, current = day_and_hour(now)
    into_hour = now % HOUR
    ahead = ((hour - current) % 24) * HOUR - into_hour + minute * 60
    fake.advance(ahead if ahead > 0 else ahead + 24 * HOUR)


async def play(
    fake: FakeDiscord, bot: TarotBot, user: FakeUser, challenge_id: int, world: World
) -> None:
    """``user`` presses Play on the day's post; the service plays their moves."""
    post = next(m for m in reversed(fake.channel_messages(world.table)) if m.buttons())
    handle = await fake.click(user, post, f"tarot:challenge:{challenge_id}")
    await handle.message()
    await fake.wait_for(lambda: bool(fake.dm_messages(user)), timeout=10)
    dm = fake.dm_messages(user)[0].channel
    await fake.wait_for(lambda: table_of(bot, int(dm.id)) is not None)
    await finish_alone(fake, bot, user, int(dm.id))


async def test_the_challenge_of_the_day_is_posted_at_its_hour_then_its_final_table(
    fake: FakeDiscord, world: World, bot: TarotBot
) -> None:
    async with run_client(fake, bot):
        bot.daily.clock = bot.challenges.clock = fake.bot_clock()
        to_next(fake, 8, 30)
        assert await bot.daily.look() == 0  # no channel named: nothing, ever
        await setting(fake, world, "challenge_channel", "here")
        await setting(fake, world, "challenge_hour", "9")
        assert await bot.daily.look() == 0  # 08:30: not yet
        before = len(fake.channel_messages(world.table))
        to_next(fake, 9, 1)
        assert await bot.daily.look() == 1
        assert await bot.daily.look() == 0  # once a day
        posts = fake.channel_messages(world.table)[before:]
        assert len(posts) == 1
        post = posts[0]
        assert post.content.startswith(t("fr", "challenge.daily"))  # the server's language
        day, _ = day_and_hour(fake.wall_time())
        first = await bot.storage.daily_challenge("guild", int(world.guild.id), day)
        everyone = await bot.storage.daily_challenge("instance", None, day)
        assert first is not None and everyone is not None
        assert first.message_id == int(post.id)
        assert f"tarot:challenge:{first.id}" in post.custom_ids()
        assert t("fr", "challenge.daily.everyone", id=everyone.id) in post.content
        await play(fake, bot, world.bob, first.id, world)

        fake.advance(24 * HOUR)  # the next day: yesterday's closed, today's opens
        assert await bot.daily.look() == 1
        post = fake.channel_messages(world.table)[-1]
        final = t("fr", "challenge.final.title", id=first.id, day="", count=1).split("(")[0]
        assert final in post.content and "bob" in post.content
        closed = await settled(
            lambda: bot.storage.challenge(first.id), lambda c: c is not None and c.closed_posted
        )
        assert closed is not None and closed.closed_posted
