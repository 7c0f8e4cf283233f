"""Fixtures for end-to-end tests against the fake Discord in fake_discord.py."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from fake_discord import GLOBAL_LIMIT, SPED_UP_GLOBAL_LIMIT, FakeDiscord, World, build_world

from bot.discord import rate_budget

SPED_UP_LIMIT = SPED_UP_GLOBAL_LIMIT
"""Discord's global limit as the end-to-end tests see it. They run Discord sped up (table
edits every 10 ms, bots that do not pause), a hundred times more requests a second than
the bot sends for real; the limit goes up with them, in the fake and in the bot's own
budget alike, unless a test is marked ``real_global_limit`` (then 50, as Discord's)."""


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "real_global_limit: Discord's own global limit (50 a second) in this test"
    )


@pytest.fixture(autouse=True)
def global_limit(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> int:
    """The global limit of this test, in the bot (``rate_budget``) and in every fake."""
    if request.node.get_closest_marker("real_global_limit") is not None:
        return GLOBAL_LIMIT
    monkeypatch.setattr(rate_budget, "GLOBAL_PER_SECOND", SPED_UP_LIMIT)
    monkeypatch.setattr(FakeDiscord, "default_global_limit", SPED_UP_LIMIT)
    return SPED_UP_LIMIT


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord() as server:
        yield server
        unknown = [f"{c.method} {c.path}" for c in server.unknown_calls]
        assert not unknown, f"the client called routes the fake does not know: {unknown}"


@pytest.fixture
def world(fake: FakeDiscord) -> World:
    return build_world(fake)


@pytest.fixture
async def sharded() -> AsyncIterator[FakeDiscord]:
    """A fake Discord that recommends two gateway shards."""
    async with FakeDiscord(recommended_shards=2) as server:
        yield server
