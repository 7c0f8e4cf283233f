"""A 429 of minutes raises ``discord.RateLimited`` once over the client's
``max_ratelimit_timeout`` (30 s) instead of being slept on: where the bot would otherwise
have hung, it goes on and tries again later."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from drivers import make_bot, open_lobby
from fake_discord import FakeDiscord, World, run_client


async def test_a_long_rate_limit_on_the_command_sync_does_not_hold_the_start(
    fake: FakeDiscord, world: World, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Commands registered before, changed since (their stored hash differs): the sync is
    refused for an hour, the bot starts and serves with the commands Discord has, and the
    next start syncs."""
    caplog.set_level(logging.WARNING, logger="bot.discord.command_sync")
    bot = make_bot(tmp_path)
    async with run_client(fake, bot):
        await bot.storage.set_meta("commands:global", "an older command set")
    limited = fake.rate_limit("PUT", "/applications/*/commands", retry_after=3600)
    bot = make_bot(tmp_path)
    async with run_client(fake, bot, timeout=5):
        assert limited.exhausted
        await open_lobby(fake, world, players=4, deals=1)  # the bot serves
        assert await bot.storage.meta("commands:global") == "an older command set"
    assert any("not synced" in r.getMessage() for r in caplog.records)
    bot = make_bot(tmp_path)
    async with run_client(fake, bot):  # the next start syncs them
        assert await bot.storage.meta("commands:global") != "an older command set"
