"""Fixtures for end-to-end tests against the fake Discord in fake_discord.py."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from fake_discord import FakeDiscord, World, build_world


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
