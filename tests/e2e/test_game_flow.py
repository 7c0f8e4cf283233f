"""Whole games through the real bot and the real discord.py client against the fake
Discord: humans press the buttons of their DMs (or of their ephemeral hand when their DMs
are closed), bots fill the other seats, and the results reach the database."""

from __future__ import annotations

import logging
import re
from pathlib import Path
from typing import Any

import pytest
from fake_discord import FakeChannel, FakeDiscord, FakeMessage, FakeUser, World, run_client

from bot.discord.client import TarotBot
from bot.render.cards import card_long, card_short
from bot.settings import load_settings
from tarot_core import view


def make_bot(tmp_path: Path, **env: str) -> TarotBot:
    settings = load_settings(
        {
            "DISCORD_TOKEN": "x",
            "TAROT_DB": str(tmp_path / "tarot.sqlite3"),
            "TAROT_BOT_PAUSE": "0",
            "TAROT_BOT_WORKERS": "1",
        }
        | env,
        None,
    )
    return TarotBot(settings, guild_ready_timeout=0.05)


def table_of(bot: TarotBot, channel: int) -> Any:
    return bot.tables._tables.get(channel)


def hidden_forms(bot: TarotBot, channel: int) -> list[re.Pattern[str]]:
    """Patterns for every card that no public message may show right now."""
    table = table_of(bot, channel)
    if table is None or table.deal is None:
        return []
    deal = table.deal
    public = view(deal)
    shown = public.visible_cards() | ({public.called} if public.called is not None else set())
    hidden = set()
    for hand in deal.hands:
        hidden |= {c for c in range(78) if hand >> c & 1}
    hidden -= shown
    forms = []
    for card in hidden:
        for locale in ("en", "fr"):
            forms.append(re.compile(r"(?<![0-9])" + re.escape(card_short(card, locale))))
            forms.append(re.compile(re.escape(card_long(card, locale))))
    return forms


def public_messages(fake: FakeDiscord, channel: FakeChannel) -> list[FakeMessage]:
    """What everybody sees of ``channel``'s tables: the channel, then each table's thread
    (where a table's event lines go, see ``bot/discord/threads.py``)."""
    found = list(fake.channel_messages(channel))
    for thread in fake.threads(channel):
        found += fake.channel_messages(thread)
    return found


def check_public(fake: FakeDiscord, world: World, bot: TarotBot) -> None:
    forms = hidden_forms(bot, int(world.table.id))
    for message in public_messages(fake, world.table):
        if message.ephemeral:
            continue
        text = message.all_text()
        for form in forms:
            assert not form.search(text), f"public message shows {form.pattern}: {text[:300]}"


def latest_hand(fake: FakeDiscord, user: FakeUser, world: World) -> FakeMessage | None:
    dms = [m for m in fake.dm_messages(user) if not m.deleted]
    if dms:
        return dms[-1]
    mine = [m for m in fake.ephemeral_messages(user, world.table) if m.selects() or m.buttons()]
    return mine[-1] if mine else None


async def press_something(fake: FakeDiscord, user: FakeUser, message: FakeMessage) -> bool:
    """Use the first enabled control of a hand message; False if there is none."""
    for select in message.selects():
        if select.get("disabled"):
            continue
        options = [o["value"] for o in select.get("options", [])]
        count = select.get("max_values", 1)
        handle = await fake.select(user, message, select["custom_id"], options[:count])
        await handle.response()
        return True
    for button in message.buttons():
        if button.get("disabled") or not button.get("custom_id", "").startswith("tarot:"):
            continue
        if ":hand:" in button["custom_id"]:
            continue
        handle = await fake.click(user, message, button["custom_id"])
        await handle.response()
        return True
    return False


@pytest.mark.parametrize(("players", "guest"), [(3, "bob"), (4, "bob"), (5, "bob"), (4, "carol")])
async def test_a_whole_game_with_two_humans_and_bots(
    fake: FakeDiscord,
    world: World,
    tmp_path: Path,
    players: int,
    guest: str,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """``carol`` has closed her DMs: she is told once and plays from ``/tarot hand``."""
    caplog.set_level(logging.INFO)
    bot = make_bot(tmp_path, TAROT_MIN_GAMES="1")
    channel = int(world.table.id)
    alice, bob = world.alice, getattr(world, guest)
    async with run_client(fake, bot):
        # Paced at 1 s per message edit for Discord; the fake needs no such care.
        bot.presenter.tables.interval = bot.presenter.dms.interval = 0.01
        new = await fake.slash(
            alice, world.table, "tarot", subcommand="new", options={"players": players, "deals": 1}
        )
        await new.response()
        await fake.wait_for(lambda: len(fake.channel_messages(world.table)) >= 1)
        lobby = fake.channel_messages(world.table)[0]
        join = next(c for c in lobby.custom_ids() if c.endswith(":join"))
        await (await fake.click(bob, lobby, join)).response()
        add = next(c for c in lobby.custom_ids() if c.endswith(":addbot"))
        for _ in range(players - 2):
            await (await fake.click(alice, lobby, add)).response()
        await fake.wait_for(
            lambda: table_of(bot, channel) is not None and all(table_of(bot, channel).seats)
        )
        start = next(c for c in lobby.custom_ids() if c.endswith(":start"))
        await (await fake.click(alice, lobby, start)).response()
        game_id = table_of(bot, channel).game_id

        for _ in range(400):
            table = table_of(bot, channel)
            if table is None:
                break
            check_public(fake, world, bot)
            deal = table.deal
            # A finished deal (the game's last, while it is being stored) has no one to act.
            seat = deal.to_act if deal is not None and not deal.done else None
            user = None
            if seat is not None and table.seats[seat].user_id is not None:
                uid = table.seats[seat].user_id
                user = alice if uid == int(alice.id) else bob
            if user is None:
                await fake.wait_for(
                    lambda t=table.turn: (
                        table_of(bot, channel) is None or table_of(bot, channel).turn != t
                    ),
                    timeout=30,
                )
                continue
            turn = table.turn
            if user is world.carol:  # no DMs: her hand, only for her, in the channel
                hand = await fake.slash(user, world.table, "tarot", subcommand="hand")
                await hand.response()
            await fake.wait_for(
                lambda u=user, t=turn: (
                    (m := latest_hand(fake, u, world)) is not None
                    and any(f":{t}:" in c for c in m.custom_ids())
                ),
                timeout=30,
            )
            message = latest_hand(fake, user, world)
            assert message is not None
            assert await press_something(fake, user, message)
            await fake.wait_for(
                lambda t=turn: table_of(bot, channel) is None or table_of(bot, channel).turn != t,
                timeout=30,
            )
        assert table_of(bot, channel) is None, "the game did not end"
        stored = await bot.storage.game(game_id)
        assert stored is not None and stored.status == "finished"
        records = await bot.storage.deal_records(game_id)
        assert records
        await fake.wait_for(
            lambda: any(
                "🏆" in m.content or "1." in m.content for m in public_messages(fake, world.table)
            ),
            timeout=5,
        )
        await bot.presenter.drain()
        board = await fake.slash(bob, world.table, "leaderboard")
        await board.response()
        shown = (await board.message()).all_text()
        assert "alice" in shown and guest in shown  # the humans, ranked after one game
        # No hand is ever logged at INFO or above: no card of any suit appears in the logs.
        suits = re.compile(r"[0-9JCQKVDR][♠♥♦♣]")
        logged = [r.getMessage() for r in caplog.records if r.levelno >= logging.INFO]
        assert not [line for line in logged if suits.search(line)]
        if guest == "carol":
            assert fake.dm_messages(world.carol) == []
            told = [m for m in public_messages(fake, world.table) if world.carol.id in m.content]
            assert len(told) == 1 and "/tarot hand" in told[0].content
            assert await bot.storage.dm_closed(int(world.carol.id))


async def test_new_takes_every_rule_option(fake: FakeDiscord, world: World, tmp_path: Path) -> None:
    bot = make_bot(tmp_path)
    async with run_client(fake, bot):
        options = {
            "players": 5,
            "misere": True,
            "prise_allowed": False,
            "garde_contre_multiplier": 8,
            "poignee_bonus": "high",
            "shuffle": "cut",
        }
        new = await fake.slash(world.bob, world.table, "tarot", subcommand="new", options=options)
        await new.response()
        table = bot.tables.table(int(world.table.id))
        assert table is not None and table.players == 5
        rules = table.rules
        assert (rules.misere, rules.prise_allowed, rules.garde_contre_multiplier) == (
            True,
            False,
            8,
        )
        assert (rules.poignee_bonus, rules.shuffle) == ((20, 40, 60), "cut")
        shown = await fake.slash(world.bob, world.table, "tarot", subcommand="rules")
        await shown.response()
        text = (await shown.message()).content
        assert "8" in text and "60" in text
