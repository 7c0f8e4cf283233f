"""The error boundary end to end: every slash command and every control is answered,
ephemerally and within Discord's 3 seconds, whatever happens behind it; an unexpected
failure is an apology to the user and one log line that never repeats the exception's
text (an engine error names the cards of a hidden hand). And ``/tarot`` is offered in
servers only."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from drivers import lobby_control, make_bot, open_lobby
from fake_discord import FakeDiscord, FakeInteraction, World, run_client

from bot.i18n import t
from bot.render.help import pages, rules_explained

DISCORD_DEADLINE = 3.0
"""Seconds Discord gives an interaction's first answer."""
SECRET = "5S is not allowed: seat 2 must play a trump (holds T4, T9)"
"""The text of a failure, as an engine error would word it: cards of a hidden hand."""


class Failure(RuntimeError):
    """What a table service call raises when something is broken."""


def broken(*args: Any, **kwargs: Any) -> Any:
    raise Failure(SECRET)


async def broken_async(*args: Any, **kwargs: Any) -> Any:
    raise Failure(SECRET)


@pytest.fixture
async def tarot(fake: FakeDiscord, tmp_path: Path) -> AsyncIterator[Any]:
    async with run_client(fake, make_bot(tmp_path)) as bot:
        yield bot


async def private_answer(handle: FakeInteraction) -> str:
    """The interaction's first answer: ephemeral, in time; its text."""
    response = await handle.response(timeout=DISCORD_DEADLINE)
    assert response["delay"] < DISCORD_DEADLINE, response
    data = response.get("data") or {}
    assert data.get("flags", 0) & 64, f"not ephemeral: {response}"
    return str(data.get("content", ""))


def logged(caplog: pytest.LogCaptureFixture) -> list[str]:
    """Every record as a handler would write it, with any traceback."""
    formatter = logging.Formatter("%(name)s %(levelname)s %(message)s")
    return [formatter.format(record) for record in caplog.records]


def failure_lines(caplog: pytest.LogCaptureFixture, where: str) -> list[str]:
    """The ERROR lines about a failure at ``where``; none says the failure's text."""
    lines = logged(caplog)
    for line in lines:
        assert "T4" not in line and "holds" not in line, f"a card in the log: {line}"
    return [
        line
        for line in lines
        if " ERROR " in line and where in line and "Failure" in line.split("\n")[0]
    ]


async def test_a_command_that_fails_is_answered_with_an_apology_and_logged_without_its_text(
    fake: FakeDiscord, world: World, tarot: Any, caplog: pytest.LogCaptureFixture
) -> None:
    tarot.tables.join = broken_async
    handle = await fake.slash(world.alice, world.table, "tarot", subcommand="join")
    assert await private_answer(handle) == t("fr", "ui.error")
    assert len(failure_lines(caplog, "/tarot join")) == 1, logged(caplog)


async def test_a_control_that_fails_is_answered_with_an_apology_and_logged_without_its_text(
    fake: FakeDiscord, world: World, tarot: Any, caplog: pytest.LogCaptureFixture
) -> None:
    lobby = await open_lobby(fake, world)
    join = lobby_control(lobby, ":join")
    tarot.tables.join = broken_async
    click = await fake.click(world.bob, lobby, join)
    assert await private_answer(click) == t("en", "ui.error")
    assert len(failure_lines(caplog, "lobby control")) == 1, logged(caplog)
    assert all(":join" not in line for line in logged(caplog))  # never a control's argument


async def test_tarot_hand_and_rules_always_answer(
    fake: FakeDiscord, world: World, tarot: Any, caplog: pytest.LogCaptureFixture
) -> None:
    async def ask(command: str) -> str:
        handle = await fake.slash(world.bob, world.table, "tarot", subcommand=command)
        return await private_answer(handle)

    assert await ask("hand") == t("en", "refused.no_table")
    explained = pages(rules_explained("en", None))  # the options, in words
    assert len(explained) > 1 and all(len(page) <= 2000 for page in explained)
    assert await ask("rules") == explained[0]  # then the others, as followups
    new = await fake.slash(world.bob, world.table, "tarot", subcommand="new")
    await new.response()
    assert await ask("hand") == t("en", "refused.not_playing")
    rules = tarot.tables.table(int(world.table.id)).rules
    assert await ask("rules") == pages(rules_explained("en", rules))[0]

    # What used to leave them unanswered: a failure behind them, as the service's own
    # checks raise (TypeError, ValueError) or a text that cannot be drawn.
    tarot.tables.private_view = broken
    assert await ask("hand") == t("en", "ui.error")
    tarot.tables.table = broken
    assert await ask("rules") == t("en", "ui.error")
    assert len(failure_lines(caplog, "/tarot hand")) == 1, logged(caplog)
    assert len(failure_lines(caplog, "/tarot rules")) == 1, logged(caplog)


async def test_tarot_is_offered_in_servers_only(
    fake: FakeDiscord, world: World, tarot: Any
) -> None:
    synced = {command["name"]: command for command in fake.global_commands}
    tarot_command = synced["tarot"]
    assert tarot_command["contexts"] == [0]  # GUILD: not in DMs, not in group DMs
    assert tarot_command["dm_permission"] is False  # the older field, for older clients
    assert tarot_command["integration_types"] == [0]  # where the bot is installed
    for name in ("leaderboard", "stats", "history"):  # these also answer in DMs
        assert synced[name]["dm_permission"] is True, synced[name]
        assert synced[name]["contexts"] in (None, [0, 1, 2]), synced[name]
