"""A score sheet's picture never holds up the channel: one that fails to draw, or takes
too long, is left out and logged, and the sheet goes out as text."""

from __future__ import annotations

import asyncio
import logging
from types import SimpleNamespace
from typing import Any

import pytest

from bot.discord import channel_lines
from bot.discord.channel_lines import Line
from bot.discord.presenter import DiscordPresenter


def make_presenter() -> DiscordPresenter:
    client: Any = SimpleNamespace(pool=None)  # no worker processes: the default executor
    return DiscordPresenter(client, storage=None)  # type: ignore[arg-type]


def broken_job(record: dict[str, Any]) -> bytes:
    raise ValueError("no such card")


async def test_a_picture_that_fails_to_draw_is_left_out_and_logged(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.ERROR)
    presenter = make_presenter()
    drawn = presenter.lines.draw(broken_job, {})
    line = Line("sheet", False, 0, None, picture=drawn, filename="deal-1-1.png")
    assert await presenter.lines.picture(line) is None
    assert any("drawing broken_job" in r.getMessage() for r in caplog.records)


async def test_a_picture_drawn_too_late_is_left_out_and_logged(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(channel_lines, "PICTURE_WAIT", 0.05)
    presenter = make_presenter()
    never: asyncio.Future[bytes | None] = asyncio.get_running_loop().create_future()
    line = Line("sheet", False, 0, None, picture=never, filename="deal-1-1.png")
    assert await presenter.lines.picture(line) is None
    assert "deal-1-1.png took over" in caplog.text
    assert not never.cancelled()  # shielded: a late picture is only dropped, not killed


async def test_a_picture_drawn_in_time_is_sent() -> None:
    presenter = make_presenter()
    drawn = presenter.lines.draw(bytes, 3)
    line = Line("sheet", False, 0, None, picture=drawn, filename="deal-1-1.png")
    assert await presenter.lines.picture(line) == b"\0\0\0"
