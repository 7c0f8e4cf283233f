"""Discord refusing the card faces on controls (issue 23): now and then for an emoji it
knows (discord-api-docs #7128, "about 1 in 25"), always for one deleted meanwhile, with
400 code 50035 ``BUTTON_COMPONENT_INVALID_EMOJI``. The bot sends the same content again
without faces, so every DM and every click is answered; after ``REFUSALS_TO_STOP``
refusals it shows no face for the rest of the run, and says so once."""

from __future__ import annotations

import json
import logging
from pathlib import Path

import pytest
from drivers import (
    faces_on_controls,
    hand_ready,
    human_to_act,
    latest_dm,
    make_bot,
    play_to_the_end,
    press_something,
    synced,
    table_of,
    three_seated,
    wait_moved_on,
)
from fake_discord import FakeDiscord, World, run_client
from test_card_emojis import tiny_faces

from bot.discord import emojis
from bot.discord.client import TarotBot

CALLBACKS = ("POST", "/interactions/*/*/callback")
EDITS = ("PATCH", "/channels/*/messages/*")


@pytest.fixture(autouse=True)
def every_face(monkeypatch: pytest.MonkeyPatch) -> None:
    """A tiny picture for every face any language shows (the real ones take a while)."""
    tiny_faces(monkeypatch)


async def faces_ready(bot: TarotBot) -> None:
    """The emoji sync over, every face uploaded."""
    await synced(bot)
    assert bot.card_emojis.ready


def refused(fake: FakeDiscord, method: str, pattern: str) -> int:
    return sum(
        1 for c in fake.calls_to(method, pattern) if c.status == 400 and "emoji" in str(c.body)
    )


async def test_a_whole_game_plays_though_discord_refuses_faces_now_and_then(
    fake: FakeDiscord, world: World, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One request in four with faces refused: Alice's DM edits and Carol's hands (her DMs
    are closed: ``/tarot hand`` at each turn) go again without faces, every click is
    answered, no one misses a turn, no stand-in plays."""
    monkeypatch.setattr(emojis, "REFUSALS_TO_STOP", 10_000)  # faces stay on all along
    fake.refuse_component_emojis(0.25, seed=23)
    bot = make_bot(tmp_path)
    async with run_client(fake, bot):
        await faces_ready(bot)
        await three_seated(fake, world, bot, [world.carol])
        channel = int(world.table.id)
        game_id = table_of(bot, channel).game_id
        await play_to_the_end(fake, world, bot, guest=world.carol)
        await bot.presenter.drain()
        assert bot.card_emojis.ready  # still on: each refusal cost one message's faces
        seats = await bot.storage.seated(game_id)
        game = await bot.storage.game(game_id)
    assert game is not None and game.status == "finished"
    assert not any(s.away for s in seats), "a stand-in played for someone"
    humans = (world.alice, world.carol)
    asked = [i for i in fake.interactions.values() if i.user in humans]
    assert asked and all(i.responded and not i.errors for i in asked)
    assert refused(fake, *CALLBACKS) > 0 and refused(fake, *EDITS) > 0
    dm = latest_dm(fake, world.alice)
    assert dm is not None
    assert any(faces_on_controls(v) for v in dm.versions()), "faces were never shown"


async def alice_with_faces(fake: FakeDiscord, world: World, bot: TarotBot) -> int:
    """Alice and two bots play until her DM offers cards with faces: the channel."""
    await three_seated(fake, world, bot)
    channel = int(world.table.id)
    for _ in range(300):
        table = table_of(bot, channel)
        assert table is not None, "the game ended before Alice saw faces"
        turn = table.turn
        if human_to_act(bot, world, channel) is world.alice:
            await hand_ready(fake, world, world.alice, turn)
            dm = latest_dm(fake, world.alice)
            assert dm is not None
            if faces_on_controls(dm.payload()):
                return channel
            assert await press_something(fake, world.alice, dm)
        await wait_moved_on(fake, bot, channel, turn)
    raise AssertionError("Alice never saw faces")


async def test_a_face_deleted_meanwhile_gives_controls_without_faces(
    fake: FakeDiscord, world: World, tmp_path: Path
) -> None:
    """Another process deleted the faces this one shows: Alice's next turn reaches her DM
    all the same, its cards labelled without faces."""
    bot = make_bot(tmp_path)
    async with run_client(fake, bot):
        await faces_ready(bot)
        channel = await alice_with_faces(fake, world, bot)
        fake.application_emojis.clear()
        dm = latest_dm(fake, world.alice)
        assert dm is not None
        turn = table_of(bot, channel).turn
        assert await press_something(fake, world.alice, dm)
        await wait_moved_on(fake, bot, channel, turn)
        while human_to_act(bot, world, channel) is not world.alice:
            assert table_of(bot, channel) is not None, "the game ended"
            await wait_moved_on(fake, bot, channel, table_of(bot, channel).turn)
        await hand_ready(fake, world, world.alice, table_of(bot, channel).turn)
        shown = latest_dm(fake, world.alice)
        assert shown is not None
        assert faces_on_controls(shown.payload()) == []
        labels = [b["label"] for b in shown.buttons()] + [
            o["label"] for s in shown.selects() for o in s["options"]
        ]
        assert labels and all(label.strip() for label in labels)
    assert refused(fake, *EDITS) > 0


async def test_after_several_refusals_faces_are_off_with_one_warning(
    fake: FakeDiscord, world: World, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Every request with faces refused: after ``REFUSALS_TO_STOP`` of them this process
    shows none (one WARNING), and Discord is not asked with faces again."""
    caplog.set_level(logging.INFO)
    fake.refuse_component_emojis(1.0)
    bot = make_bot(tmp_path)
    async with run_client(fake, bot):
        await faces_ready(bot)
        await three_seated(fake, world, bot, [world.carol])
        await play_to_the_end(fake, world, bot, guest=world.carol)
        await bot.presenter.drain()
        assert bot.card_emojis.off and not bot.card_emojis.ready
    assert fake.emoji_refusals >= emojis.REFUSALS_TO_STOP
    last = max(i for i, c in enumerate(fake.calls) if c.status == 400)
    later = [c for c in fake.calls[last + 1 :] if c.method in ("POST", "PATCH")]
    assert later and not [c for c in later if '"emoji"' in json.dumps(c.body)]
    off = [r for r in caplog.records if "card emojis are off for this process" in r.getMessage()]
    assert len(off) == 1 and off[0].levelno == logging.WARNING
