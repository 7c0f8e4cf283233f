"""Pictures in a whole game, through the real bot against the fake Discord: the hand's
buttons carry the card faces as the application's emojis (with their text), the table's
tricks show them, every score sheet carries the picture of its deal (drawn from its
record), the standings a chart of the totals, and ``/history`` offers any deal's picture.
With ``TAROT_PICTURES=off`` the score sheets go out as text alone."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from drivers import make_bot, play_to_the_end, public_messages, seated, table_of
from fake_discord import FakeDiscord, World, run_client

from bot.discord.client import TarotBot
from bot.pictures import faces, jobs
from bot.render.cards import card_short
from bot.render.table import picture_names

ALICE = SERVER = "fr"
"""Alice's Discord language, and the server's (``build_world``)."""
MARKUP = re.compile(r"<:(c\d+[A-Za-z]?)_[0-9a-f]{8}:(\d+)>")


def card_buttons(version: dict[str, Any]) -> list[dict[str, Any]]:
    """The card buttons of one version of a message (as sent or edited)."""
    return [
        c
        for row in version.get("components") or []
        for c in row.get("components", [])
        if c.get("type") == 2 and ":card:" in c.get("custom_id", "")
    ]


async def play_game(
    fake: FakeDiscord, world: World, bot: TarotBot, deals: int
) -> tuple[int, list[str], list[list[dict[str, Any]]]]:
    """Alice and Bob with two bots play ``deals`` deals; the game id, the seats' names as
    the pictures show them, and the card buttons of every hand Alice was shown."""
    channel = int(world.table.id)
    await seated(fake, world, bot, [world.bob], players=4, deals=deals)
    table = table_of(bot, channel)
    names = picture_names(bot.presenter.channel_locale(channel), table)
    await play_to_the_end(fake, world, bot)
    await bot.presenter.drain()
    hands = [card_buttons(v) for m in fake.dm_messages(world.alice) for v in m.versions()]
    return table.game_id, names, [h for h in hands if h]


async def test_faces_on_buttons_pictures_on_score_sheets_and_history(
    fake: FakeDiscord, world: World, tmp_path: Path
) -> None:
    bot = make_bot(tmp_path)
    async with run_client(fake, bot):
        await fake.wait_for(lambda: bot.card_emojis.ready, timeout=30)
        game_id, names, hands = await play_game(fake, world, bot, deals=2)

        # The hand's buttons: each card's own face (the reader's letters), and its text.
        assert hands, "Alice was never shown a hand"
        for buttons in hands:
            for button in buttons:
                card = int(button["custom_id"].rsplit(":", 1)[1])
                emoji = bot.card_emojis.emoji(faces.emoji_stem(card, ALICE))
                assert emoji is not None and button.get("emoji", {}).get("id") == str(emoji.id)
                assert button["label"] == card_short(card, ALICE)

        # The table's tricks show the faces, each one an emoji the application owns.
        shown = [m for m in public_messages(fake, world.table) if MARKUP.search(m.content)]
        assert shown, "no table line shows a card face"
        owned = {str(e.id) for e in fake.application_emojis}
        for message in shown:
            assert {i for _, i in MARKUP.findall(message.content)} <= owned

        # Each score sheet carries its deal's picture, drawn from the stored record.
        records = await bot.storage.deal_records(game_id)
        sheets = [
            m
            for m in public_messages(fake, world.table)
            if any(a.filename.startswith(f"deal-{game_id}-") for a in m.attachments)
        ]
        assert len(sheets) == len(records) >= 2  # passed deals are dealt again, and drawn
        for number, (sheet, record) in enumerate(zip(sheets, records, strict=True), start=1):
            (picture,) = sheet.attachments
            assert picture.filename == f"deal-{game_id}-{number}.png"
            assert picture.data == jobs.deal_picture(record, SERVER, names)
        # The standings carry the chart of the running totals.
        charts = [
            a
            for m in public_messages(fake, world.table)
            for a in m.attachments
            if a.filename == f"game-{game_id}.png"
        ]
        assert len(charts) == 1 and charts[0].data.startswith(b"\x89PNG")

        # /history: the menu of the game's deals answers with the picture of the one chosen.
        history = await fake.slash(world.alice, world.table, "history")
        reply = await history.message()
        (menu,) = [s for s in reply.selects() if s["custom_id"] == f"tarot:pic:{game_id}"]
        numbers = [str(n) for n in range(1, len(records) + 1)]
        assert [o["value"] for o in menu["options"]] == numbers
        chosen = await fake.select(world.alice, reply, menu["custom_id"], ["2"])
        answer = await chosen.followup()
        assert answer.ephemeral
        (picture,) = answer.attachments
        stored_names = await bot.storage.seat_names(game_id)
        assert picture.data == jobs.deal_picture(records[1], ALICE, stored_names)


async def test_pictures_off_sends_score_sheets_as_text(
    fake: FakeDiscord, world: World, tmp_path: Path
) -> None:
    bot = make_bot(tmp_path, TAROT_PICTURES="off")
    async with run_client(fake, bot):
        await play_game(fake, world, bot, deals=1)
        posted = [m for m in public_messages(fake, world.table) if m.attachments]
        assert posted == []
