"""Time for tables, behind one small interface so that tests can move it by hand.

Every timer and pause of the table service goes through a ``Clock``: the real one wraps
the event loop; ``ManualClock`` only moves when told to, so a test can say "two minutes
pass" and see exactly the reminder and the stand-in that follow.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import time
from collections.abc import Callable
from typing import Protocol


class Timer(Protocol):
    def cancel(self) -> None: ...


class Clock(Protocol):
    def now(self) -> float:
        """Seconds since the epoch (wall time, as stored in the database)."""
        ...

    def call_later(self, delay: float, callback: Callable[[], None]) -> Timer: ...

    async def sleep(self, delay: float) -> None: ...


class LoopClock:
    """The real clock: the event loop's timers and the system's wall time."""

    def now(self) -> float:
        return time.time()

    def call_later(self, delay: float, callback: Callable[[], None]) -> Timer:
        return asyncio.get_running_loop().call_later(delay, callback)

    async def sleep(self, delay: float) -> None:
        await asyncio.sleep(delay)


class _ManualTimer:
    __slots__ = ("cancelled",)

    def __init__(self) -> None:
        self.cancelled = False

    def cancel(self) -> None:
        self.cancelled = True


class ManualClock:
    """A clock that stands still until ``advance`` moves it."""

    def __init__(self, start: float = 1_800_000_000.0) -> None:
        self._now = start
        self._due: list[tuple[float, int, _ManualTimer, Callable[[], None]]] = []
        self._order = itertools.count()

    def now(self) -> float:
        return self._now

    def call_later(self, delay: float, callback: Callable[[], None]) -> Timer:
        timer = _ManualTimer()
        heapq.heappush(self._due, (self._now + max(delay, 0.0), next(self._order), timer, callback))
        return timer

    async def sleep(self, delay: float) -> None:
        if delay <= 0:
            await asyncio.sleep(0)
            return
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()

        def wake() -> None:
            if not done.done():
                done.set_result(None)

        self.call_later(delay, wake)
        await done

    def pending(self) -> int:
        """Timers still waiting (cancelled ones left out)."""
        return sum(1 for _, _, t, _ in self._due if not t.cancelled)

    def next_due(self) -> float | None:
        live = [at for at, _, t, _ in self._due if not t.cancelled]
        return min(live) - self._now if live else None

    def advance(self, seconds: float) -> int:
        """Move time on, running every timer that falls due on the way, in order."""
        target = self._now + seconds
        fired = 0
        while self._due and self._due[0][0] <= target:
            at, _, timer, callback = heapq.heappop(self._due)
            self._now = max(self._now, at)
            if not timer.cancelled:
                fired += 1
                callback()
        self._now = target
        return fired
