"""Clicks that must not act, end to end: someone not seated, a stale button, a button no
longer in its message, a double click. Each is answered (ephemerally, with the reason)
and changes nothing."""

from __future__ import annotations

import asyncio
from pathlib import Path

from drivers import (
    STALE,
    current_dm,
    ephemeral_text,
    human_to_act,
    make_bot,
    seated_game,
    state,
    table_of,
)
from fake_discord import FakeDiscord, FakeMessage, World, run_client


def enabled_move(message: FakeMessage) -> str:
    for component in message.buttons() + message.selects():
        if not component.get("disabled") and component.get("type") == 2:
            return str(component["custom_id"])
    raise AssertionError("no enabled button")


async def test_clicks_that_must_not_act_are_answered_and_change_nothing(
    fake: FakeDiscord, world: World, tmp_path: Path
) -> None:
    bot = make_bot(tmp_path, TAROT_BOT_PAUSE="3")  # the checks run between bot moves
    async with run_client(fake, bot):
        bot.presenter.tables.interval = bot.presenter.dms.interval = 0.01
        channel = await seated_game(fake, world, bot)
        user = human_to_act(bot, world, channel)
        assert user is not None
        turn = table_of(bot, channel).turn
        dm = await current_dm(fake, user, turn)
        move = enabled_move(dm)
        before = await state(bot, channel)
        hand = await fake.slash(user, world.table, "tarot", subcommand="hand")
        await hand.response()
        ephemeral = await hand.message()
        assert move in ephemeral.custom_ids()  # the same control, only for them

        # Someone not seated asks for a hand, and presses My hand on the table message.
        outsider = await fake.slash(world.outsider, world.table, "tarot", subcommand="hand")
        assert "not seated" in await ephemeral_text(outsider)
        # The table message is paced on its own: it shows the game (and its My hand)
        # within one interval of the DM, not necessarily before it.
        table_message = await fake.wait_for(
            lambda: next(
                (
                    m
                    for m in fake.channel_messages(world.table)
                    if any(":hand:" in c for c in m.custom_ids())
                ),
                None,
            ),
            timeout=5,
            message="the table message never showed the game",
        )
        mine = next(c for c in table_message.custom_ids() if ":hand:" in c)
        assert "not seated" in await ephemeral_text(
            await fake.click(world.outsider, table_message, mine)
        )
        # A button made for another turn (crafted from the current one).
        stale = move.replace(f":{turn}:", f":{turn + 7}:")
        text = await ephemeral_text(await fake.click(user, dm, stale, force=True))
        assert text in STALE
        assert await state(bot, channel) == before

        # A double click: both presses of the same button at once, exactly one acts.
        first, second = await asyncio.gather(fake.click(user, dm, move), fake.click(user, dm, move))
        answers = await asyncio.gather(first.response(), second.response())
        kinds = sorted(a["type"] for a in answers)
        assert kinds == [4, 7], answers  # one update of the DM (the move), one message
        refusal = next(a for a in answers if a["type"] == 4)
        assert refusal["data"]["content"] in STALE
        turn_after, stored = await state(bot, channel)
        assert (turn_after, stored) == (before[0] + 1, before[1] + 1)

        # The same control in the ephemeral hand, pressed once the table moved on.
        old = await fake.click(user, ephemeral, move)
        assert await ephemeral_text(old) in STALE
        assert await state(bot, channel) == (turn_after, stored)
