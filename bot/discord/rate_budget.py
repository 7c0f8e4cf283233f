"""Discord's global rate limit, shared by the bot's processes: each sends at most its share.

Discord lets a bot make 50 REST requests a second in all, whatever the number of its
processes; discord.py only reacts to a global 429 (it waits, per process), so several
busy processes together go over and every one of them is made to wait. Each process
here keeps to a share of the budget proportional to the shards it runs
(``TAROT_SHARDS`` of ``TAROT_SHARD_COUNT``; one process running every shard has all of
it): no coordination, no round trip to the database per request, and the shares never
add up to more than the whole. A process busier than its share waits a little more;
the paced edits (``pacing.py``) then send fewer, newer states.

The wait sits in aiohttp's ``on_request_start`` signal, through discord.py's supported
``http_trace`` option: it sees every request of the bot's session, each retry included,
just before it is sent; ``on_request_end`` (or ``on_request_exception``) frees its place
a window later. Interaction callbacks and followups (``/interactions/``,
``/webhooks/``) are not bound to the global limit (Discord's documentation says so), and
go through at once: a click's answer never waits behind table edits.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from types import SimpleNamespace

import aiohttp

GLOBAL_PER_SECOND = 50
"""Discord's global limit: requests a second, for the whole bot."""
SLACK = 0.05
"""Seconds added to each one-second window, for clocks that differ a little."""
HOLD_MAX = 10.0
"""Seconds after which a request never heard of again (no end, no error) frees its place."""
EXEMPT = re.compile(r"/api/v\d+/(interactions|webhooks)/")
"""Interaction callbacks and followups (webhook calls with the interaction's token)."""


def share(shard_count: int | None, shards: tuple[int, ...] | None) -> float:
    """This process's part of the budget: the part of the shards it runs."""
    if shard_count is None or shards is None:
        return 1.0
    return len(shards) / shard_count


@dataclass
class Slot:
    """One request's place in the budget: from its start until a window after its end."""

    start: float
    end: float | None = None


class RateBudget:
    """At most ``limit`` requests in any ``window`` seconds, first come first served.

    A request holds its place from when it starts until ``window`` after its answer:
    Discord counts it somewhere between the two, so two requests ``limit`` apart always
    reach Discord at least a window apart, however long the network or the event loop
    held the first one (a window counted from the start alone does not ensure that)."""

    def __init__(self, per_second: float, clock: Callable[[], float] = time.monotonic) -> None:
        if per_second <= 0:
            raise ValueError(f"a rate budget needs a positive rate, not {per_second}")
        self.limit = max(1, math.floor(per_second))
        """Requests in one window; the window stretches when the rate is under one a
        second, so that ``limit / window`` never exceeds ``per_second``."""
        self.window = max(1.0, self.limit / per_second) + SLACK
        self.clock = clock
        self._slots: list[Slot] = []
        self._turn = asyncio.Lock()  # FIFO: waiters are served in the order they came
        self._ended = asyncio.Event()
        self.waiting = 0
        """Requests waiting for their turn right now."""

    @property
    def per_second(self) -> float:
        """The most this budget lets through, on average, in a second."""
        return self.limit / self.window

    def _free_at(self, slot: Slot) -> float:
        return (slot.end if slot.end is not None else slot.start + HOLD_MAX) + self.window

    async def acquire(self) -> Slot:
        """Wait until one more request fits, and hold its place (``release`` it at its
        end)."""
        self.waiting += 1
        try:
            async with self._turn:
                while True:
                    now = self.clock()
                    self._slots = [s for s in self._slots if self._free_at(s) > now]
                    if len(self._slots) < self.limit:
                        slot = Slot(now)
                        self._slots.append(slot)
                        return slot
                    self._ended.clear()
                    soonest = min(map(self._free_at, self._slots)) - now
                    with contextlib.suppress(TimeoutError):  # or an end moves it sooner
                        await asyncio.wait_for(self._ended.wait(), soonest)
        finally:
            self.waiting -= 1

    def release(self, slot: Slot) -> None:
        """The request of ``slot`` was answered (or failed): its place is free a window
        from now."""
        if slot.end is None:
            slot.end = self.clock()
            self._ended.set()


def budget_trace(budget: RateBudget) -> aiohttp.TraceConfig:
    """An aiohttp trace that holds each REST request of the bot until ``budget`` lets it
    go (interaction callbacks and followups excepted): for ``Client(http_trace=...)``."""

    async def on_request_start(
        session: aiohttp.ClientSession,
        context: SimpleNamespace,
        params: aiohttp.TraceRequestStartParams,
    ) -> None:
        path = params.url.path
        if path.startswith("/api/") and not EXEMPT.match(path):
            context.budget_slot = await budget.acquire()

    async def on_request_done(
        session: aiohttp.ClientSession, context: SimpleNamespace, params: object
    ) -> None:
        slot = getattr(context, "budget_slot", None)
        if slot is not None:
            budget.release(slot)

    trace = aiohttp.TraceConfig()
    trace.on_request_start.append(on_request_start)
    trace.on_request_end.append(on_request_done)
    trace.on_request_exception.append(on_request_done)
    return trace


def process_budget(shard_count: int | None, shards: tuple[int, ...] | None) -> RateBudget:
    """The budget of a process running ``shards`` of ``shard_count``."""
    return RateBudget(GLOBAL_PER_SECOND * share(shard_count, shards))
