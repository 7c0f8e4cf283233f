"""A long game outlives its messages: Discord stops taking edits of a message older than an
hour (30046) and a rate limit may last minutes. The table and the DMs get fresh messages
at each deal and near the hour, and a long rate limit never freezes the table
(``bot/discord/freshness.py``, ``pacing.py``)."""

from __future__ import annotations

from pathlib import Path

from drivers import (
    alice_to_play,
    dm_ids,
    hand_ready,
    human_to_act,
    latest_hand,
    make_bot,
    play_to_the_end,
    press_something,
    settled,
    table_of,
    three_seated,
    wait_moved_on,
)
from fake_discord import FakeDiscord, FakeMessage, World, run_client

from bot.discord.client import TarotBot
from bot.discord.freshness import FRESH_FOR
from bot.i18n import t

SIGN = t("fr", "table.moved", link="").split("↓")[0]
DEAL_SIGN = t("fr", "table.moved_deal", n=2, link="").split("↓")[0]


def bot_messages(fake: FakeDiscord, world: World) -> list[FakeMessage]:
    return [m for m in fake.channel_messages(world.table) if m.author is fake.bot_user]


async def alice_plays(fake: FakeDiscord, world: World, bot: TarotBot) -> int:
    """Alice presses a control of her hand once it is her turn; the turn she left."""
    channel = int(world.table.id)
    await fake.wait_for(lambda: human_to_act(bot, world, channel) is world.alice, timeout=15)
    turn = table_of(bot, channel).turn
    await hand_ready(fake, world, world.alice, turn)
    hand = latest_hand(fake, world.alice, world)
    assert hand is not None and await press_something(fake, world.alice, hand)
    await wait_moved_on(fake, bot, channel, turn)
    return turn


def is_stub(message: FakeMessage, new: FakeMessage, sign: str) -> bool:
    """``message`` was left as one line pointing at ``new``, without controls."""
    return (
        message.content.startswith(sign)
        and message.content.endswith(f"/{new.id}")
        and "\n" not in message.content
        and not message.components
    )


async def test_a_table_message_near_the_hour_gives_way_to_a_fresh_one(
    fake: FakeDiscord, world: World, tmp_path: Path
) -> None:
    bot = make_bot(tmp_path)
    async with run_client(fake, bot):
        bot.presenter.use_clock(fake.bot_clock())  # the bot reads Discord's time
        game_id, _ = await alice_to_play(fake, world, bot)
        [old] = bot_messages(fake, world)
        old_dm = fake.messages[dm_ids(fake, world.alice)[-1]]
        fake.advance(FRESH_FOR + 60)  # both are 51 minutes old now
        await alice_plays(fake, world, bot)
        await fake.wait_for(lambda: len(bot_messages(fake, world)) == 2, timeout=5)
        new = bot_messages(fake, world)[-1]
        await fake.wait_for(lambda: is_stub(old, new, SIGN), timeout=5)
        assert new.custom_ids()  # the controls moved to the new message
        assert await bot.storage.table_message(game_id) == int(new.id)  # found after a restart
        # Alice's DM too: a fresh one, the old one a stub.
        await fake.wait_for(lambda: dm_ids(fake, world.alice)[-1] != old_dm.id, timeout=5)
        new_dm = fake.messages[dm_ids(fake, world.alice)[-1]]
        await fake.wait_for(lambda: is_stub(old_dm, new_dm, SIGN), timeout=5)
        assert (await bot.presenter.dm_ref(game_id, 0) or (0, 0))[1] == int(new_dm.id)
        # The new message is the one edited from then on.
        edits = len(new.history)
        await alice_plays(fake, world, bot)
        await fake.wait_for(lambda: len(new.history) > edits, timeout=5)
        assert len(bot_messages(fake, world)) == 2


async def test_discord_refusing_more_edits_makes_the_bot_post_anew(
    fake: FakeDiscord, world: World, tmp_path: Path
) -> None:
    """30046 on an edit (the bot's clock saw no reason to replace the message: Discord's
    threshold is not documented): a new message at once, and the table keeps updating."""
    fake.old_message_edits = 1
    bot = make_bot(tmp_path)
    async with run_client(fake, bot):
        game_id, _ = await alice_to_play(fake, world, bot)
        [old] = bot_messages(fake, world)
        fake.advance(3600 + 60)  # over the hour for Discord; the bot's clock did not move
        for _ in range(6):  # one more edit is taken, then refused
            if len(bot_messages(fake, world)) >= 2:
                break
            await alice_plays(fake, world, bot)
        assert len(bot_messages(fake, world)) == 2
        refused = fake.calls_to("PATCH", f"/channels/*/messages/{old.id}")
        assert refused[-1].status == 400
        new = bot_messages(fake, world)[-1]
        # The new message is stored once Discord has given its id: read until then.
        stored = await settled(
            lambda: bot.storage.table_message(game_id), lambda found: found == int(new.id)
        )
        assert stored == int(new.id)
        edits = len(new.history)
        await alice_plays(fake, world, bot)
        await fake.wait_for(lambda: len(new.history) > edits, timeout=5)  # still updating
        assert len(bot_messages(fake, world)) == 2


async def test_each_deal_gets_a_fresh_table_message_and_dm(
    fake: FakeDiscord, world: World, tmp_path: Path
) -> None:
    bot = make_bot(tmp_path)
    async with run_client(fake, bot):
        lobby = await three_seated(fake, world, bot, deals=2)
        await play_to_the_end(fake, world, bot)
        await bot.presenter.drain()
        first, second = bot_messages(fake, world)  # one per deal played
        assert first.id == lobby.id
        assert is_stub(first, second, DEAL_SIGN)
        assert t("fr", "table.finished") in second.content
        dms = [fake.messages[i] for i in dm_ids(fake, world.alice)]
        assert len(dms) == 2 and is_stub(dms[0], dms[1], DEAL_SIGN)


async def test_a_long_rate_limit_on_the_table_does_not_freeze_it(
    fake: FakeDiscord, world: World, tmp_path: Path
) -> None:
    """A 429 of minutes is not slept on inside discord.py: the table waits it out on its
    own and then shows its latest state; the DMs go on meanwhile."""
    bot = make_bot(tmp_path)
    async with run_client(fake, bot):
        bot.presenter.use_clock(fake.bot_clock())
        await alice_to_play(fake, world, bot)
        [table] = bot_messages(fake, world)
        limited = fake.rate_limit(
            "PATCH", f"/channels/{world.table.id}/messages/{table.id}", retry_after=219
        )
        edits = len(table.history)
        turn = await alice_plays(fake, world, bot)
        await fake.wait_for(lambda: limited.exhausted, timeout=5)
        # Alice's DM moved on while the table waits out its limit, without retrying early.
        await fake.wait_for(lambda: human_to_act(bot, world, int(world.table.id)) is world.alice)
        await hand_ready(fake, world, world.alice, table_of(bot, int(world.table.id)).turn)
        assert len(table.history) == edits
        calls = len(fake.calls_to("PATCH", f"/channels/*/messages/{table.id}"))
        fake.advance(220)  # the limit is over
        await fake.wait_for(lambda: len(table.history) > edits, timeout=3)
        assert len(fake.calls_to("PATCH", f"/channels/*/messages/{table.id}")) == calls + 1
        assert table_of(bot, int(world.table.id)).turn > turn
