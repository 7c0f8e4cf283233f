"""Bursts become paced sends: the latest value always arrives, never more than one per
interval for a key, keys independent."""

import asyncio

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


async def test_a_failed_send_does_not_stop_later_ones() -> None:
    clock = ManualClock()
    sent: list[int] = []

    async def send(key: str, value: int) -> None:
        if value == 1:
            raise RuntimeError("Discord said 500")
        sent.append(value)

    c: Coalescer[str, int] = Coalescer(clock, 0.5, send)
    c.submit("m", 1)
    await step(clock, 0)
    c.submit("m", 2)
    await step(clock, 0.5)
    await c.drain()
    assert sent == [2]
