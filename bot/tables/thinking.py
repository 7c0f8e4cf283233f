"""Bot decisions, run in worker processes so that thinking never blocks the event loop."""

from __future__ import annotations

import multiprocessing
import os
import random
import threading
import time
from concurrent.futures import Executor, ProcessPoolExecutor

from tarot_core import Action, DealView, make_bot

from .bot_budget import SHRINKING, Plan, plan

PARENT_POLL = 0.25
"""Seconds between a worker's looks at its parent: how long it may outlive a killed bot."""


def decision_seed(game_seed: int, turn: int, seat: int) -> int:
    """A bot's seed for one decision: the same game replays the same decisions."""
    return random.Random(f"{game_seed}/{turn}/{seat}").getrandbits(63)


def think(level: str, seed: int, think_ms: int, view: DealView) -> Action:
    """Runs in a worker: a fresh bot of ``level`` decides from ``view`` alone."""
    return make_bot(level, seed=seed, think_ms=think_ms).act(view)


def think_in_time(
    level: str,
    seed: int,
    think_ms: int,
    workers: int,
    demand: int,
    ready_at: float | None,
    view: DealView,
) -> tuple[Action, int | None]:
    """Runs in a worker: ``think``, with the budget ``bot_budget.plan`` gives under
    ``demand`` decisions for ``workers`` processes, less the time since ``ready_at`` (the
    moment the bot could act, by ``time.monotonic``, one clock for every process of the
    machine): queued in the pool counts as well as waiting for a slot. ``ready_at`` None:
    the whole budget whatever the demand. Returns the action and the budget given
    (``Plan.given_ms``)."""
    if ready_at is None:
        chosen = Plan(level, think_ms, think_ms if level == SHRINKING else None)
    else:
        waited_ms = (time.monotonic() - ready_at) * 1000
        chosen = plan(level, think_ms, workers, demand, waited_ms)
    return think(chosen.level, seed, chosen.think_ms, view), chosen.given_ms


def default_workers() -> int:
    """One worker per core but one, which stays for the event loop: with every core
    thinking, the loop waits for the processor and every table with it."""
    return max(1, (os.cpu_count() or 2) - 1)


def watch_parent(parent: int) -> None:
    """Runs in each worker as it starts: the worker ends itself once ``parent`` is gone.

    A bot killed outright (SIGKILL, the OOM killer) never shuts its pool down: its workers
    would live on, holding its stdout and stderr open, and with them multiprocessing's
    resource tracker, which ends only when the last holder of its pipe is gone.

    An orphan gets another parent from the kernel, so ``getppid()`` no longer being
    ``parent`` is certain whatever descriptors other processes hold (a pipe only the
    parent writes would also be held by anything the bot forks; ``PR_SET_PDEATHSIG``
    fires when the *thread* that started the worker ends, and is Linux-only). It is also
    checked at once, for a parent that died while the worker was starting.
    """
    if os.getppid() != parent:
        os._exit(1)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_POLL)
        os._exit(1)

    threading.Thread(target=watch, name="watch-parent", daemon=True).start()


class BotPool(ProcessPoolExecutor):
    """A process pool that says how many processes it has: a bot decision's share of them
    depends on it (``bot_budget``)."""

    def __init__(self, workers: int) -> None:
        super().__init__(
            workers,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=watch_parent,
            initargs=(os.getpid(),),
        )
        self.workers = workers


def bot_pool(workers: int | None = None) -> BotPool:
    """A process pool started with ``spawn``: safe beside the aiosqlite and loop threads;
    ``default_workers()`` processes unless told otherwise. Its workers end by themselves
    if this process dies without shutting the pool down (``watch_parent``)."""
    return BotPool(workers or default_workers())


def workers_of(executor: Executor) -> int:
    """The processes of ``executor`` if it says (``BotPool``), else ``default_workers()``."""
    return executor.workers if isinstance(executor, BotPool) else default_workers()
