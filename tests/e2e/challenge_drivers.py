"""What the challenges' end-to-end tests do through the fake Discord: open a challenge, and
play a member's attempt from its Play button to its end."""

from __future__ import annotations

from drivers import finish_alone, press_something, table_of
from fake_discord import FakeDiscord, FakeMessage, FakeUser, World

from bot.discord.client import TarotBot


async def create(fake: FakeDiscord, world: World, user: FakeUser, **options: object) -> FakeMessage:
    handle = await fake.slash(user, world.table, "challenge", subcommand="create", options=options)
    return await handle.message()


def dm_channel(fake: FakeDiscord, user: FakeUser) -> int:
    dms = fake.dm_messages(user)
    assert dms, f"{user.name} has no DM"
    return int(dms[-1].channel.id)


def hand(fake: FakeDiscord, user: FakeUser, turn: int) -> FakeMessage | None:
    """The DM offering ``user`` the moves of ``turn`` (their DMs also hold the table)."""
    for message in reversed(fake.dm_messages(user)):
        if not message.ephemeral and any(f":{turn}:" in c for c in message.custom_ids()):
            return message
    return None


async def play_attempt(fake: FakeDiscord, bot: TarotBot, user: FakeUser, post: FakeMessage) -> str:
    """``user`` presses Play on the post, then their first move's control in their DMs;
    the service plays their other moves (the first legal one: each DM edit waits a second
    of pacing, and the controls are the tables' own, tested elsewhere) until the attempt
    ends. The answer to Play."""
    play = next(c for c in post.custom_ids() if c.startswith("tarot:challenge:"))
    handle = await fake.click(user, post, play)
    answered = await handle.message()
    await fake.wait_for(lambda: bool(fake.dm_messages(user)), timeout=10)
    channel = dm_channel(fake, user)
    await fake.wait_for(
        lambda: (table := table_of(bot, channel)) is not None and table.deal.to_act == 0
    )
    turn = table_of(bot, channel).turn
    await fake.wait_for(lambda: hand(fake, user, turn) is not None, timeout=15)
    dm = hand(fake, user, turn)
    assert dm is not None
    assert await press_something(fake, user, dm)
    await fake.wait_for(
        lambda: table_of(bot, channel) is None or table_of(bot, channel).turn > turn
    )
    await finish_alone(fake, bot, user, channel)
    return answered.content


async def press_moves(
    fake: FakeDiscord, bot: TarotBot, user: FakeUser, channel: int, moves: int | None
) -> None:
    """``user`` presses the first control of their hand in their DMs, ``moves`` times (or
    until the attempt ends); ``bot`` runs the attempt (another process may receive the
    clicks)."""
    made = 0
    while (table := table_of(bot, channel)) is not None and (moves is None or made < moves):
        turn = table.turn
        deal = table.deal
        if deal is not None and not deal.done and deal.to_act == 0:
            await fake.wait_for(lambda t=turn: hand(fake, user, t) is not None, timeout=30)
            message = hand(fake, user, turn)
            assert message is not None
            assert await press_something(fake, user, message)
            made += 1
        await fake.wait_for(
            lambda t=turn: (x := table_of(bot, channel)) is None or x.turn > t, timeout=30
        )
