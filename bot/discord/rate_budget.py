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
just before it is sent. Interaction callbacks and followups (``/interactions/``,
``/webhooks/``) are not bound to the global limit (Discord's documentation says so), and
go through at once: a click's answer never waits behind table edits.
"""

from __future__ import annotations

import asyncio
import collections
import math
import re
import time
from collections.abc import Callable
from types import SimpleNamespace

import aiohttp

GLOBAL_PER_SECOND = 50
"""Discord's global limit: requests a second, for the whole bot."""
SLACK = 0.1
"""Seconds added to each one-second window, for the network's jitter: a request sent
just over a second after another may arrive just under it."""
EXEMPT = re.compile(r"/api/v\d+/(interactions|webhooks)/")
"""Interaction callbacks and followups (webhook calls with the interaction's token)."""


def share(shard_count: int | None, shards: tuple[int, ...] | None) -> float:
    """This process's part of the budget: the part of the shards it runs."""
    if shard_count is None or shards is None:
        return 1.0
    return len(shards) / shard_count


class RateBudget:
    """At most ``limit`` requests in any ``window`` seconds, first come first served."""

    def __init__(self, per_second: float, clock: Callable[[], float] = time.monotonic) -> None:
        if per_second <= 0:
            raise ValueError(f"a rate budget needs a positive rate, not {per_second}")
        self.limit = max(1, math.floor(per_second))
        """Requests in one window; the window stretches when the rate is under one a
        second, so that ``limit / window`` never exceeds ``per_second``."""
        self.window = max(1.0, self.limit / per_second) + SLACK
        self.clock = clock
        self._sent: collections.deque[float] = collections.deque()
        self._turn = asyncio.Lock()  # FIFO: waiters are served in the order they came
        self.waiting = 0
        """Requests waiting for their turn right now."""

    @property
    def per_second(self) -> float:
        """The most this budget lets through, on average, in a second."""
        return self.limit / self.window

    async def acquire(self) -> None:
        """Wait until one more request fits in the window, and count it."""
        self.waiting += 1
        try:
            async with self._turn:
                while True:
                    now = self.clock()
                    while self._sent and self._sent[0] <= now - self.window:
                        self._sent.popleft()
                    if len(self._sent) < self.limit:
                        self._sent.append(now)
                        return
                    await asyncio.sleep(self._sent[0] + self.window - now)
        finally:
            self.waiting -= 1


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
            await budget.acquire()

    trace = aiohttp.TraceConfig()
    trace.on_request_start.append(on_request_start)
    return trace


def process_budget(shard_count: int | None, shards: tuple[int, ...] | None) -> RateBudget:
    """The budget of a process running ``shards`` of ``shard_count``."""
    return RateBudget(GLOBAL_PER_SECOND * share(shard_count, shards))
