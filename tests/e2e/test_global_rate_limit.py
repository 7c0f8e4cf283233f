"""Discord's global rate limit is the bot's, not a process's: 50 REST requests a second for
all its processes together, past which Discord answers 429 ``"global": true`` and every
process waits. Each process keeps to its shards' share (``bot/discord/rate_budget.py``);
interaction callbacks are not bound to the limit and never wait behind it."""

from __future__ import annotations

import asyncio
from pathlib import Path

import aiohttp
import pytest
from drivers import make_bot
from fake_discord import GLOBAL_LIMIT, FakeChannel, FakeDiscord, FakeGuild, World, run_client

from bot.discord.client import TarotBot

pytestmark = pytest.mark.real_global_limit

BURST = 40
"""Messages each process sends at once: two processes' bursts are over the limit."""


def process(tmp_path: Path, pg_url: str, shard: int) -> TarotBot:
    (tmp_path / f"shard{shard}").mkdir(exist_ok=True)
    return make_bot(
        tmp_path / f"shard{shard}",
        TAROT_DB=pg_url,
        TAROT_SHARD_COUNT="2",
        TAROT_SHARDS=str(shard),
    )


def channels(guild: FakeGuild) -> list[FakeChannel]:
    """Ten channels: discord.py sends one request at a time per channel (its per-route
    limit), so that a burst in ten goes ten at a time."""
    return [guild.add_text_channel(f"table-{n}") for n in range(10)]


async def burst(bot: TarotBot, where: list[FakeChannel], n: int) -> None:
    """``n`` messages sent at once, spread over ``where``."""
    sent = [bot.get_partial_messageable(int(where[i % len(where)].id)) for i in range(n)]
    await asyncio.gather(*(channel.send(f"line {i}") for i, channel in enumerate(sent)))


async def test_two_busy_processes_stay_within_the_bot_s_global_limit(
    sharded: FakeDiscord, tmp_path: Path, pg_url: str
) -> None:
    fake = sharded
    servers = [channels(fake.add_guild(f"server {n}", shard=n, shard_count=2)) for n in (0, 1)]
    bots = [process(tmp_path, pg_url, n) for n in (0, 1)]
    async with run_client(fake, bots[0]), run_client(fake, bots[1]):
        assert [bot.rate_budget.limit for bot in bots] == [GLOBAL_LIMIT // 2] * 2
        fake.global_times.clear()  # what the starts sent is not the point
        await asyncio.wait_for(
            asyncio.gather(
                *(burst(bot, where, BURST) for bot, where in zip(bots, servers, strict=True))
            ),
            20,
        )
        sent = [sum(len(fake.channel_messages(c)) for c in where) for where in servers]
        assert sent == [BURST, BURST]  # every one, once
        assert fake.global_limited == []
        assert fake.busiest_second() <= GLOBAL_LIMIT


async def test_a_click_is_answered_at_once_while_the_budget_is_spent(
    fake: FakeDiscord, world: World, tmp_path: Path
) -> None:
    bot = make_bot(tmp_path)
    async with run_client(fake, bot):
        assert bot.rate_budget.limit == GLOBAL_LIMIT  # one process: the whole budget
        fake.global_times.clear()
        sending = asyncio.create_task(burst(bot, channels(world.guild), 2 * GLOBAL_LIMIT))
        await fake.wait_for(lambda: bot.rate_budget.waiting >= 5)  # the window is full
        answer = await fake.slash(world.bob, world.table, "help")
        await answer.response()
        assert not sending.done()  # the sends still wait for the budget; the answer did not
        assert answer.response_delay is not None and answer.response_delay < 0.5
        await asyncio.wait_for(sending, 10)
        assert fake.global_limited == []
        assert fake.busiest_second() <= GLOBAL_LIMIT


async def test_the_fake_answers_past_its_global_limit_as_discord_does() -> None:
    async with FakeDiscord(global_limit=2) as fake:
        me = f"{fake.rest_base}/users/@me"
        bot = {"Authorization": f"Bot {fake.token}"}
        async with aiohttp.ClientSession() as http:
            for _ in range(2):
                async with http.get(me, headers=bot) as answer:
                    assert answer.status == 200
            callback = f"{fake.rest_base}/interactions/1/token/callback"
            async with http.post(callback, json={"type": 1}, headers=bot) as answer:
                assert answer.status != 429  # interactions are not bound to the limit
            async with http.get(me, headers=bot) as answer:
                assert answer.status == 429
                body = await answer.json()
                assert answer.headers["X-RateLimit-Global"] == "true"
                assert answer.headers["X-RateLimit-Scope"] == "global"
                assert "Via" in answer.headers  # discord.py retries only with it
        assert body["message"] == "You are being rate limited." and body["global"] is True
        assert 0 < body["retry_after"] <= 1
        assert [c.path for c in fake.global_limited] == ["/users/@me"]
        assert fake.busiest_second() == 2
