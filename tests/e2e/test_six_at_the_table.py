"""Six at a table (docs/rules.md §11.1), both forms, played to the end through the real client
and the fake Discord by two humans and four bots."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from drivers import (
    ephemeral_text,
    fill_lobby,
    make_bot,
    open_lobby,
    play_to_the_end,
    press_start,
    public_messages,
    query,
    table_of,
)
from fake_discord import FakeDiscord, World, run_client

from bot.i18n import t
from tarot_core import replay


@pytest.mark.parametrize("form", ["twelve_cards", "dealer_sits_out"])
async def test_six_play_a_whole_game(
    fake: FakeDiscord, world: World, tmp_path: Path, form: str
) -> None:
    world.guild.owner = world.alice  # Manage Server, for /tarot settings
    bot = make_bot(tmp_path)
    db = tmp_path / "tarot.sqlite3"
    channel = int(world.table.id)
    async with run_client(fake, bot):
        bot.presenter.tables.interval = bot.presenter.dms.interval = 0.01
        chosen = await fake.slash(
            world.alice,
            world.table,
            "tarot",
            subcommand="settings",
            options={"setting": "six_players", "value": form},
        )
        await chosen.response()
        lobby = await open_lobby(fake, world, players=6, deals=2)
        await fill_lobby(fake, world, lobby, [world.bob], bots=4)
        await fake.wait_for(
            lambda: table_of(bot, channel) is not None and all(table_of(bot, channel).seats)
        )
        table = table_of(bot, channel)
        assert table.players == 6 and table.rules.six_players == form
        await press_start(fake, world, lobby)
        await play_to_the_end(fake, world, bot)
        await bot.presenter.drain()
        lines = [m.content for m in public_messages(fake, world.table)]
        assert any(t("fr", "standings.title") in line for line in lines)
    played = query(db, "SELECT record FROM deals WHERE outcome = 'played' ORDER BY number")
    assert played, "no deal was played"
    for (text,) in query(db, "SELECT record FROM deals ORDER BY number"):
        record = json.loads(text)
        assert record["players"] == 6 and len(record["hands"]) == 6
        result = replay(record)  # what was stored replays as the rules say
        assert len(result.scores) == 6 and sum(result.scores) == 0
        if form == "dealer_sits_out":
            assert record["hands"][record["dealer"]] == []
            assert result.scores[record["dealer"]] == 0
        else:
            assert all(len(hand) == 12 for hand in record["hands"])


async def test_the_sixth_seat_is_named_by_remove_and_replace(
    fake: FakeDiscord, world: World, tmp_path: Path
) -> None:
    """``/tarot remove`` and ``/tarot replace`` take seat 6: the options' bounds come from
    the engine's player counts (the fake refuses a value outside them, as Discord's client
    does, so a bound of 5 fails here)."""
    bot = make_bot(tmp_path)
    channel = int(world.table.id)
    bob = int(world.bob.id)
    async with run_client(fake, bot):
        lobby = await open_lobby(fake, world, players=6, deals=1)
        await fill_lobby(fake, world, lobby, [], bots=4)
        await fill_lobby(fake, world, lobby, [world.bob], bots=0)  # the sixth seat
        await fake.wait_for(lambda: table_of(bot, channel).seat_of(bob) == 5)

        removed = await fake.slash(
            world.alice, world.table, "tarot", subcommand="remove", options={"seat": 6}
        )
        assert await ephemeral_text(removed) == t("fr", "ui.done")
        assert table_of(bot, channel).seat_of(bob) is None

        await fill_lobby(fake, world, lobby, [world.bob], bots=0)
        await fake.wait_for(lambda: table_of(bot, channel).seat_of(bob) == 5)
        await press_start(fake, world, lobby)
        await fake.wait_for(lambda: table_of(bot, channel).status == "playing")
        replaced = await fake.slash(
            world.alice, world.table, "tarot", subcommand="replace", options={"seat": 6}
        )
        assert await ephemeral_text(replaced) == t("fr", "ui.done")
        sixth = table_of(bot, channel).seats[5]
        assert sixth is not None and sixth.user_id is None  # a bot plays it now
