"""Six players with 32-character names full of Markdown, every card an emoji: the table
message still fits Discord's 2,000 characters (the fake refuses more, 50035
``BASE_TYPE_MAX_LENGTH``, as Discord does), and it is never cut inside an emoji's markup
or a Markdown escape (``bot/render/fit.py``)."""

from __future__ import annotations

import re
from pathlib import Path

import discord
import pytest
from drivers import (
    fill_lobby,
    hand_ready,
    latest_hand,
    make_bot,
    open_lobby,
    press_something,
    press_start,
    table_of,
    wait_moved_on,
)
from fake_discord import FakeDiscord, FakeUser, World, run_client
from test_card_emojis import synced, tiny_faces

from bot.i18n import t
from bot.render.table import SEP

MARKDOWN = "*_~`|>[]\\"
FACE = re.compile(r"<:c\d+[A-Za-z]?_[0-9a-f]{8}:\d+>")


def long_name(n: int) -> str:
    """32 characters, nearly all of them escaped in a message (twice as long there)."""
    return f"{n}" + (MARKDOWN * 4)[:31]


@pytest.fixture
def every_face(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every card has an emoji (tiny ones: their pictures do not matter here)."""
    tiny_faces(monkeypatch)


def broken_markup(text: str) -> list[str]:
    """Pieces of ``<...>`` markup that are not whole (an emoji cut in the middle)."""
    pieces = re.findall(r"<[^<>\n]*>?", text)
    whole = re.compile(r"<#\d+>|<@!?\d+>|<t:\d+(:[tTdDfFR])?>")
    return [p for p in pieces if not FACE.fullmatch(p) and not whole.fullmatch(p)]


async def test_a_six_player_table_with_long_names_and_faces_fits(
    fake: FakeDiscord, world: World, tmp_path: Path, every_face: None
) -> None:
    world.alice.global_name = long_name(1)
    guests = [fake.add_user(f"p{n}", guild=world.guild) for n in range(2, 7)]
    for n, user in enumerate(guests, start=2):
        user.global_name = long_name(n)
    people: dict[int, FakeUser] = {int(u.id): u for u in [world.alice, *guests]}
    bot = make_bot(tmp_path)
    channel = int(world.table.id)
    async with run_client(fake, bot):
        await synced(bot)
        assert bot.card_emojis.ready
        bot.presenter.tables.interval = bot.presenter.dms.interval = 0.01
        lobby = await open_lobby(fake, world, players=6, deals=1)
        await fill_lobby(fake, world, lobby, guests, bots=0)
        await fake.wait_for(lambda: all(table_of(bot, channel).seats))
        await press_start(fake, world, lobby)
        for _ in range(200):  # every seat a human: each plays the first thing offered
            table = table_of(bot, channel)
            if table is None:
                break
            deal, turn = table.deal, table.turn  # both change as the game moves on
            if deal is None or deal.done or deal.to_act is None:
                await wait_moved_on(fake, bot, channel, turn)
                continue
            user = people[table.seats[deal.to_act].user_id]
            await hand_ready(fake, world, user, turn)
            hand = latest_hand(fake, user, world)
            assert hand is not None
            take = [c for c in hand.custom_ids() if c.endswith(":prise")]
            if take:  # the first to speak takes: the deal is played, not passed
                await (await fake.click(user, hand, take[0])).response()
            else:
                assert await press_something(fake, user, hand)
            await wait_moved_on(fake, bot, channel, turn)
        await bot.presenter.drain()
    versions = [v["content"] for v in lobby.versions()]
    longest = max(versions, key=len)
    assert any(len(v) > 1500 for v in versions)  # long indeed
    last_trick = "**" + t("fr", "table.last_trick", name="").split(" ")[0]
    for content in versions:
        assert len(content) <= 2000
        assert broken_markup(content) == [], content
        assert not re.search(r"(?<!\\)(\\\\)*\\$", content)  # no escape cut in two
        if t("fr", "table.title", n=1, m=1) in content:
            for seat in range(1, 7):  # every seat is shown
                assert re.search(rf"^[•▶] {seat}\. \S", content, re.M), (seat, content)
        for line in content.split("\n"):
            if line.startswith(last_trick):  # a whole trick: six cards, none cut off
                assert line.count(SEP) >= 5, line
    assert longest.count("…") >= 6 or FACE.search(longest)  # shortened, or it fitted


async def test_the_fake_refuses_content_over_2000_characters(
    fake: FakeDiscord, world: World, tmp_path: Path
) -> None:
    bot = make_bot(tmp_path)
    async with run_client(fake, bot):
        channel = bot.get_channel(int(world.table.id))
        assert isinstance(channel, discord.TextChannel)
        with pytest.raises(discord.HTTPException) as refused:
            await channel.send("x" * 2001)
        assert refused.value.status == 400 and refused.value.code == 50035
        assert "Must be 2000 or fewer in length" in str(refused.value)
        sent = await channel.send("x" * 2000)
        with pytest.raises(discord.HTTPException, match="2000 or fewer"):
            await sent.edit(content="y" * 2001)
