"""Discord's 3 seconds, as Discord counts them (issue 23): from the click's creation (its
snowflake's time), not from its arrival; a second answer is refused (40060). A valid
move still being handled near the limit is deferred (callback type 6) and its message
edited through the click's token afterwards: the move is made and the player never reads
"no longer current", and nothing is logged as a failure."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from typing import Any

import pytest
from drivers import alice_to_play, latest_dm, make_bot, move_controls, table_of, turn_of
from fake_discord import CB_DEFERRED_UPDATE, FakeDiscord, FakeInteraction, World, run_client

from bot.discord import answering
from bot.discord import client as client_module
from bot.i18n import t


def slow_moves(monkeypatch: pytest.MonkeyPatch, bot: Any, seconds: float) -> None:
    """Every move takes ``seconds`` more to be stored (a slow database)."""
    act = bot.tables.act

    async def slow_act(*args: Any) -> Any:
        await asyncio.sleep(seconds)
        return await act(*args)

    monkeypatch.setattr(bot.tables, "act", slow_act)


async def press_alice_s_move(fake: FakeDiscord, world: World, turn: int, late: float = 0.0) -> Any:
    message = latest_dm(fake, world.alice)
    assert message is not None and turn_of(message.components) == turn
    control = move_controls(message.components)[0]["custom_id"]
    return message, await fake.click(world.alice, message, control, late=late)


def stale_answers(fake: FakeDiscord, world: World) -> list[str]:
    return [
        m.content
        for m in fake.dm_messages(world.alice)
        if m.ephemeral and m.content == t("fr", "ui.stale")
    ]


def assert_deferred_then_edited(fake: FakeDiscord, handle: FakeInteraction) -> None:
    assert [c["type"] for c in handle.callbacks] == [CB_DEFERRED_UPDATE]
    assert handle.errors == []  # never late, never answered twice
    edits = fake.calls_to("PATCH", f"/webhooks/*/{handle.token}/messages/@original")
    assert [c.status for c in edits] == [200]


async def test_a_slow_valid_move_is_deferred_applied_and_never_called_stale(
    fake: FakeDiscord,
    world: World,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """The 3 s shortened to 0.6 (the fallback and the deferral at 0.3 instead of 2): the
    move takes 0.9 s to be stored."""
    fake.interaction_timeout = 0.6
    monkeypatch.setattr(client_module, "FALLBACK_AFTER", 0.3)
    monkeypatch.setattr(answering, "DEFER_AT", 0.3)
    bot = make_bot(tmp_path)
    channel = int(world.table.id)
    async with run_client(fake, bot):
        game_id, turn = await alice_to_play(fake, world, bot)
        slow_moves(monkeypatch, bot, 0.9)
        caplog.clear()
        dm, handle = await press_alice_s_move(fake, world, turn)
        await fake.wait_for(lambda: turn_of(dm.components) != turn, timeout=5)
        assert table_of(bot, channel).turn > turn  # the move was made
        assert_deferred_then_edited(fake, handle)
        assert stale_answers(fake, world) == []
        assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


async def test_a_click_delivered_late_is_deferred_and_its_message_edited_through_its_token(
    fake: FakeDiscord, world: World, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Created 2.5 s before it reached the bot (a slow gateway), the click has 0.5 s left
    by Discord's clock: it is deferred at once, and its move (0.7 s to store) is shown
    through the token."""
    bot = make_bot(tmp_path)
    channel = int(world.table.id)
    async with run_client(fake, bot):
        game_id, turn = await alice_to_play(fake, world, bot)
        slow_moves(monkeypatch, bot, 0.7)
        dm, handle = await press_alice_s_move(fake, world, turn, late=2.5)
        await fake.wait_for(lambda: turn_of(dm.components) != turn, timeout=5)
        assert table_of(bot, channel).turn > turn
        assert_deferred_then_edited(fake, handle)
        assert handle.response_delay is not None and handle.response_delay < 3
        assert stale_answers(fake, world) == []
