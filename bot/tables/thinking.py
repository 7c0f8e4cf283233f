"""Bot decisions, run in worker processes so that thinking never blocks the event loop."""

from __future__ import annotations

import multiprocessing
import os
import random
from concurrent.futures import Executor, ProcessPoolExecutor

from tarot_core import Action, DealView
from tarot_core.bots import make_bot


def decision_seed(game_seed: int, turn: int, seat: int) -> int:
    """A bot's seed for one decision: the same game replays the same decisions."""
    return random.Random(f"{game_seed}/{turn}/{seat}").getrandbits(63)


def think(level: str, seed: int, think_ms: int, view: DealView) -> Action:
    """Runs in a worker: a fresh bot of ``level`` decides from ``view`` alone."""
    return make_bot(level, seed=seed, think_ms=think_ms).act(view)


def default_workers() -> int:
    """One worker per core but one, which stays for the event loop: with every core
    thinking, the loop waits for the processor and every table with it."""
    return max(1, (os.cpu_count() or 2) - 1)


def bot_pool(workers: int | None = None) -> Executor:
    """A process pool started with ``spawn``: safe beside the aiosqlite and loop threads;
    ``default_workers()`` processes unless told otherwise."""
    return ProcessPoolExecutor(
        workers or default_workers(), mp_context=multiprocessing.get_context("spawn")
    )
