"""Coalescing bursts of changes into paced edits, so Discord sees one call, not ten.

Bots can play several cards within a second; the table message should be edited once
with the latest state, not once per card. Each key (a message) is sent its latest value
at most once per ``interval``; the latest value is never lost, and the sends of one key
never overlap or reorder. A send refused for a long while (``discord.RateLimited``: a
rate limit longer than the client sleeps through) is not slept on inside discord.py: the
key waits out the limit here, and then sends its latest value, whatever came meanwhile.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Hashable
from typing import Generic, TypeVar

import discord

from bot.failures import log_failure
from bot.tables.clock import Clock

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

log = logging.getLogger(__name__)


class Coalescer(Generic[K, V]):
    def __init__(
        self, clock: Clock, interval: float, send: Callable[[K, V], Awaitable[None]]
    ) -> None:
        self.clock = clock
        self.interval = interval
        self.send = send
        self._latest: dict[K, V] = {}
        self._last_sent: dict[K, float] = {}
        self._runs: dict[K, asyncio.Task[None]] = {}
        """key -> the task sending its values, while one is waiting or being sent."""
        self._not_before: dict[K, float] = {}
        """key -> when its rate limit is over (a send refused with ``RateLimited``)."""

    def submit(self, key: K, value: V) -> None:
        """Note the newest value for ``key``; it will be sent soon, alone or with others'."""
        self._latest[key] = value
        if key not in self._runs:
            self._runs[key] = asyncio.get_running_loop().create_task(self._run(key))

    async def _run(self, key: K) -> None:
        try:
            while key in self._latest:
                due = self._last_sent.get(key, -1e18) + self.interval
                wait = max(due, self._not_before.get(key, -1e18)) - self.clock.now()
                if wait > 0:
                    await self.clock.sleep(wait)
                value = self._latest.pop(key)
                self._last_sent[key] = self.clock.now()
                try:
                    await self.send(key, value)
                except discord.RateLimited as e:
                    self._not_before[key] = self.clock.now() + e.retry_after
                    self._latest.setdefault(key, value)  # unless a newer one came meanwhile
                    log.warning("sending %r: rate limited for %.0f s", key, e.retry_after)
                except Exception as e:  # a DM's text holds a hidden hand: no text logged
                    log_failure(log, f"sending {key!r}", e)
        finally:
            del self._runs[key]

    def held_back(self, key: K) -> bool:
        """``key`` waits out a rate limit: nothing of it will be sent for a while."""
        return self._not_before.get(key, -1e18) > self.clock.now()

    def pending(self, key: K) -> bool:
        """A value of ``key`` is waiting or being sent."""
        return key in self._runs

    async def settled(self, key: K) -> None:
        """Wait until no value of ``key`` is waiting or being sent (a value submitted
        meanwhile is waited for too)."""
        while (run := self._runs.get(key)) is not None:
            await asyncio.wait({run})  # not ``await run``: cancelling the waiter spares it

    def forget(self, key: K) -> None:
        """Drop what is remembered of ``key`` (its pacing), once its message is done with;
        a value still waiting is kept and sent."""
        if key not in self._runs:
            self._last_sent.pop(key, None)
            self._not_before.pop(key, None)

    def remembered(self) -> set[K]:
        """Every key this coalescer remembers something of."""
        return set(self._latest) | set(self._last_sent) | set(self._runs)

    async def drain(self) -> None:
        """Wait until everything submitted has been sent."""
        while self._runs:
            await asyncio.gather(*self._runs.values(), return_exceptions=True)
