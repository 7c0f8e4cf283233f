"""Bursts become paced sends: the latest value always arrives, never more than one per
interval for a key, keys independent; one key can be waited for until it has settled."""

import asyncio
import logging

import discord
import pytest

from bot.discord.pacing import Coalescer
from bot.tables import ManualClock


async def step(clock: ManualClock, seconds: float) -> None:
    clock.advance(seconds)
    for _ in range(5):
        await asyncio.sleep(0)


async def test_a_burst_is_sent_first_at_once_then_as_its_latest_value() -> None:
    clock = ManualClock()
    sent: list[tuple[str, int, float]] = []

    async def send(key: str, value: int) -> None:
        sent.append((key, value, clock.now()))

    c: Coalescer[str, int] = Coalescer(clock, 1.0, send)
    start = clock.now()
    c.submit("table", 1)
    await step(clock, 0)
    for v in range(2, 11):  # nine more changes within the same second
        c.submit("table", v)
        await step(clock, 0.05)
    assert [v for _, v, _ in sent] == [1]
    await step(clock, 0.5)  # 0.95 s after the first send: still one
    assert [v for _, v, _ in sent] == [1]
    await step(clock, 0.1)
    assert [v for _, v, _ in sent] == [1, 10] and sent[0][2] == start
    await c.drain()
    assert len(sent) == 2


async def test_keys_are_paced_independently_and_quiet_keys_send_at_once() -> None:
    clock = ManualClock()
    sent: list[tuple[str, int]] = []

    async def send(key: str, value: int) -> None:
        sent.append((key, value))

    c: Coalescer[str, int] = Coalescer(clock, 2.0, send)
    c.submit("a", 1)
    c.submit("b", 1)
    await step(clock, 0)
    c.submit("a", 2)
    await step(clock, 3.0)  # a's second value after the interval
    c.submit("b", 2)  # b has been quiet for 3 s: at once
    await step(clock, 0)
    assert sent == [("a", 1), ("b", 1), ("a", 2), ("b", 2)]


async def test_settled_waits_until_the_latest_value_of_a_key_is_sent() -> None:
    clock = ManualClock()
    sent: list[tuple[str, int]] = []

    async def send(key: str, value: int) -> None:
        sent.append((key, value))

    c: Coalescer[str, int] = Coalescer(clock, 1.0, send)
    await c.settled("a")  # nothing pending: at once
    c.submit("a", 1)
    c.submit("b", 1)
    await step(clock, 0)
    c.submit("a", 2)  # paced: waits for the interval
    c.submit("b", 2)
    waiter = asyncio.get_running_loop().create_task(c.settled("a"))
    await step(clock, 0.5)
    assert not waiter.done() and c.pending("a")
    await step(clock, 0.5)
    await waiter
    assert ("a", 2) in sent and not c.pending("a")


async def test_a_failed_send_is_logged_without_its_text_and_the_next_one_goes(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A DM's text holds a hidden hand, and so may the error of its send: the log line
    says where and what type, never the text or a traceback."""
    clock = ManualClock()
    sent: list[int] = []

    async def send(key: str, value: int) -> None:
        if value == 1:
            raise ValueError("no label for Play(seat=2, card=KS)")
        sent.append(value)

    c: Coalescer[str, int] = Coalescer(clock, 1.0, send)
    c.submit("dm", 1)
    await step(clock, 0)
    c.submit("dm", 2)
    await step(clock, 1.0)
    await c.drain()
    assert sent == [2]
    [record] = [r for r in caplog.records if r.levelno >= logging.ERROR]
    text = logging.Formatter().format(record)
    assert "ValueError" in text and "KS" not in text and "Traceback" not in text


async def test_a_long_rate_limit_is_waited_out_here_then_the_latest_value_sent() -> None:
    """``discord.RateLimited`` (a limit longer than discord.py sleeps through): the value is
    kept, newer ones replace it, and the latest goes out once the limit is over, not
    before; other keys are not held up."""
    clock = ManualClock()
    sent: list[tuple[str, int]] = []
    refuse = [True]

    async def send(key: str, value: int) -> None:
        if key == "table" and refuse[0]:
            refuse[0] = False
            raise discord.RateLimited(219.0)
        sent.append((key, value))

    c: Coalescer[str, int] = Coalescer(clock, 1.0, send)
    c.submit("table", 1)
    await step(clock, 0)
    assert sent == [] and c.held_back("table") and c.pending("table")
    c.submit("table", 2)
    c.submit("dm", 1)
    await step(clock, 100)
    assert sent == [("dm", 1)]  # the other key went on
    c.submit("table", 3)
    await step(clock, 118)  # 218 s: still limited
    assert sent == [("dm", 1)]
    await step(clock, 1.5)
    assert sent == [("dm", 1), ("table", 3)] and not c.held_back("table")
    await c.drain()
