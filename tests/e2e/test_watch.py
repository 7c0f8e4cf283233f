"""Spectators, end to end: the Watch button of the table message shows anyone (seated or
not) the public table in a message only for them, whose Refresh redraws that very message
through its own fresh interaction, for a whole game past the 15-minute token limit, and
never shows a card hidden at that moment, not even to a seated player their own hand."""

from __future__ import annotations

import re
from pathlib import Path

from builders import visible_cards
from drivers import (
    TOKEN_EXPIRED,
    hand_ready,
    hidden_forms,
    human_to_act,
    latest_hand,
    make_bot,
    open_lobby,
    press_something,
    private_message,
    table_of,
    updated_in_place,
    wait_moved_on,
)
from fake_discord import FakeDiscord, FakeMessage, FakeUser, World, run_client

from bot.discord.client import TarotBot
from bot.i18n import t
from bot.render.cards import card_long, card_short
from bot.render.table import lobby_text, table_text
from tarot_core import view as deal_view


def button(message: FakeMessage, arg: str) -> str:
    found = [c for c in message.custom_ids() if c.startswith("tarot:lobby:") and c.endswith(arg)]
    assert len(found) == 1, f"no single {arg!r} button: {message.custom_ids()}"
    return found[0]


def no_hidden_card(bot: TarotBot, channel: int, message: FakeMessage) -> None:
    text = message.all_text()
    forms = hidden_forms(bot, channel)
    assert forms, "no card is hidden: nothing to check"
    for form in forms:
        assert not form.search(text), f"the spectator view shows {form.pattern}: {text[:300]}"


def own_hand_absent(bot: TarotBot, channel: int, user: FakeUser, message: FakeMessage) -> None:
    """None of the cards ``user`` holds (and has not shown) appears in ``message``."""
    table = table_of(bot, channel)
    seat = table.snapshot().seat_of(int(user.id))
    public = deal_view(table.deal)
    held = [c for c in range(78) if table.deal.hands[seat] >> c & 1]
    held = [c for c in held if c not in visible_cards(public)]
    assert len(held) >= 10, held
    for card in held:
        short = re.compile(r"(?<![0-9])" + re.escape(card_short(card, user.locale)))
        assert not short.search(message.content), f"own {short.pattern}: {message.content}"
        assert card_long(card, user.locale) not in message.content, message.content


def public_view(bot: TarotBot, channel: int, locale: str) -> str:
    """What a spectator in ``locale`` should read right now."""
    table = bot.tables.table(channel)
    assert table is not None
    body = lobby_text(locale, table) if table.status == "lobby" else table_text(locale, table)
    return f"{t(locale, 'watch.header')}\n\n{body}"


async def watch(fake: FakeDiscord, user: FakeUser, table_message: FakeMessage) -> FakeMessage:
    return await private_message(fake, user, table_message, button(table_message, ":watch"))


async def refresh(
    fake: FakeDiscord, user: FakeUser, view: FakeMessage, locale: str | None = None
) -> FakeMessage:
    """Press the view's Refresh: answered by an update of that very message (type 7)."""
    handle = await fake.click(user, view, button(view, ":watch_refresh"), locale=locale)
    return await updated_in_place(fake, handle, view)


async def test_a_spectator_follows_a_whole_game_from_one_view(
    fake: FakeDiscord, world: World, tmp_path: Path
) -> None:
    bot = make_bot(tmp_path)
    channel = int(world.table.id)
    dave, alice = world.outsider, world.alice
    en, fr = dave.locale, alice.locale
    async with run_client(fake, bot):
        bot.presenter.tables.interval = bot.presenter.dms.interval = 0.01
        table_message = await open_lobby(fake, world, players=4, deals=1)

        # Dave, not seated, watches the lobby; Bob joins; Dave's Refresh shows him seated.
        watching = await watch(fake, dave, table_message)
        assert watching.content == public_view(bot, channel, en)
        assert "bob" not in watching.content
        await (
            await fake.click(world.bob, table_message, button(table_message, ":join"))
        ).response()
        watching = await refresh(fake, dave, watching)
        assert "bob" in watching.content and watching.content == public_view(bot, channel, en)
        for _ in range(2):
            add = button(table_message, ":addbot")
            await (await fake.click(alice, table_message, add)).response()
        await fake.wait_for(lambda: all(table_of(bot, channel).seats))
        await (await fake.click(alice, table_message, button(table_message, ":start"))).response()

        # The game: at each human's turn (the table waits for them), 16 minutes later than
        # the last press, Dave's one view is refreshed to exactly the public table.
        seen: set[str] = set()
        during: list[FakeMessage] = []
        for _ in range(200):
            if table_of(bot, channel) is None:
                break
            user = human_to_act(bot, world, channel)
            turn = table_of(bot, channel).turn
            if user is None:
                await wait_moved_on(fake, bot, channel, turn)
                continue
            await hand_ready(fake, world, user, turn)
            fake.advance(TOKEN_EXPIRED)
            watching = await refresh(fake, dave, watching)
            assert watching.content == public_view(bot, channel, en)
            no_hidden_card(bot, channel, watching)
            seen.add(watching.content)
            if not during:  # Watch during play: Dave again, and Alice, who is seated
                await fake.wait_for(
                    lambda: any(c.endswith(":watch") for c in table_message.custom_ids())
                )
                during = [await watch(fake, dave, table_message)]
                during.append(await watch(fake, alice, table_message))
                assert during[0].content == watching.content
                assert during[1].content == public_view(bot, channel, fr)
                for mine in during:
                    no_hidden_card(bot, channel, mine)
                own_hand_absent(bot, channel, alice, during[1])
            message = latest_hand(fake, user, world)
            assert message is not None and await press_something(fake, user, message)
            await wait_moved_on(fake, bot, channel, turn)
        assert table_of(bot, channel) is None, "the game did not end"
        assert len(seen) > 10, "the view did not follow the game"
        assert len(during) == 2

        # The game is over: a Refresh says so with the final standings, and offers nothing.
        await bot.presenter.drain()
        posted = [  # in the channel, or in the table's thread
            m.content
            for m in fake.messages.values()
            if m.ephemeral_for is None and m.content.startswith(f"**{t(fr, 'standings.title')}")
        ]
        assert len(posted) == 1, posted
        fake.advance(TOKEN_EXPIRED)
        final = await refresh(fake, dave, watching, locale=fr)
        said = t(fr, "watch.ended", status=t(fr, "status.finished"))
        assert final.content == f"{said}\n\n{posted[0]}"
        assert not final.custom_ids()
        final = await refresh(fake, alice, during[1])
        assert final.content.startswith(t(fr, "watch.ended", status=t(fr, "status.finished")))
        assert not final.custom_ids()
        assert [m.id for m in fake.ephemeral_messages(dave, world.table)] == [
            watching.id,
            during[0].id,
        ]


async def test_a_cancelled_lobby_is_said_to_be_cancelled(
    fake: FakeDiscord, world: World, tmp_path: Path
) -> None:
    bot = make_bot(tmp_path)
    dave = world.outsider
    async with run_client(fake, bot):
        bot.presenter.tables.interval = bot.presenter.dms.interval = 0.01
        table_message = await open_lobby(fake, world, players=4, deals=1)
        watching = await watch(fake, dave, table_message)
        leave = button(table_message, ":leave")
        await (await fake.click(world.alice, table_message, leave)).response()  # the host
        await fake.wait_for(lambda: bot.tables.table(int(world.table.id)) is None)
        watching = await refresh(fake, dave, watching)
        said = t(dave.locale, "watch.ended", status=t(dave.locale, "status.cancelled"))
        assert watching.content == said
        assert not watching.custom_ids()
