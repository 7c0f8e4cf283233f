"""Whole games through the real bot and the real discord.py client against the fake
Discord: humans press the buttons of their DMs (or of their ephemeral hand when their DMs
are closed), bots fill the other seats, and the results reach the database."""

from __future__ import annotations

import logging
import re
from pathlib import Path

import pytest
from drivers import (
    fill_lobby,
    hidden_forms,
    make_bot,
    open_lobby,
    play_to_the_end,
    press_start,
    public_messages,
    table_of,
)
from fake_discord import FakeDiscord, World, run_client

from bot.discord.client import TarotBot


def check_public(fake: FakeDiscord, world: World, bot: TarotBot) -> None:
    forms = hidden_forms(bot, int(world.table.id))
    for message in public_messages(fake, world.table):
        if message.ephemeral:
            continue
        text = message.all_text()
        for form in forms:
            assert not form.search(text), f"public message shows {form.pattern}: {text[:300]}"


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
    bob = getattr(world, guest)
    async with run_client(fake, bot):
        # Paced at 1 s per message edit for Discord; the fake needs no such care.
        bot.presenter.tables.interval = bot.presenter.dms.interval = 0.01
        lobby = await open_lobby(fake, world, players=players, deals=1)
        await fill_lobby(fake, world, lobby, [bob], bots=players - 2)
        await fake.wait_for(
            lambda: table_of(bot, channel) is not None and all(table_of(bot, channel).seats)
        )
        await press_start(fake, world, lobby)
        game_id = table_of(bot, channel).game_id
        await play_to_the_end(
            fake, world, bot, guest=bob, each_turn=lambda: check_public(fake, world, bot)
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
            assert await bot.storage.dm_closed(game_id, int(world.carol.id))


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
