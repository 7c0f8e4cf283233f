"""Bots under load: how long a table waits for its bots when many tables ask at once.

``python -m bot.benchmarks bots --tables N`` opens N tables of four, each one instant human
(a random legal action the moment it is their turn) and three expert bots, through the real
table service and worker pool without bot pauses, and measures for ``--seconds``: the bot
turns' latency (from the moment a bot may act to its move applied, ``BudgetTally``),
decisions per second, and the strength kept: the budgets actually given against
``--think-ms`` (their mean share, and how many were whole, shrunk or fell to the
heuristic). ``--no-shrink`` gives every decision its whole budget, as before the budgets
shrank under load, to show the queueing that avoids. A bot turn still waiting when the
measure ends has no latency yet: the longest such wait is given beside the percentiles.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.settings import LIMITS
from bot.storage import open_storage
from bot.tables import Refused, TableManager, TableSettings, TableSnapshot
from bot.tables.bot_budget import BudgetTally
from bot.tables.events import Event
from bot.tables.thinking import bot_pool, default_workers
from tarot_core import DEFAULT_THINK_MS, DealView
from tarot_core.command_line import SEED, THINK_MS, Parser, decimal, whole
from tarot_core.lab.stats import percentile

MAX_TABLES = 10_000
HUMAN = 1_000_000
"""The instant human of table ``c`` is user ``HUMAN + c``, in seat 0."""
LEVEL = "expert"


def register(commands: argparse._SubParsersAction[Parser]) -> None:
    parser = commands.add_parser(
        "bots", help="many tables of expert bots at once: bot-turn latency and budgets kept"
    )
    parser.add_argument(
        "--tables", type=whole(1, MAX_TABLES), default=10, help="tables playing at once"
    )
    parser.add_argument(
        "--seconds", type=decimal(1, 3600), default=30.0, help="measured time (default 30)"
    )
    parser.add_argument(
        "--warmup", type=decimal(0, 600), default=5.0, help="seconds before measuring"
    )
    parser.add_argument(
        "--think-ms",
        type=THINK_MS,
        default=DEFAULT_THINK_MS,
        help=f"the expert's budget (default {DEFAULT_THINK_MS})",
    )
    parser.add_argument(
        "--workers",
        type=whole(1, LIMITS["TAROT_BOT_WORKERS"][0]),
        default=None,
        help="bot processes (default: cores - 1)",
    )
    parser.add_argument(
        "--no-shrink",
        action="store_true",
        help="every decision thinks for the whole budget, however many wait (the old way)",
    )
    parser.add_argument("--seed", type=SEED, default=1)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(run=run)


@dataclass
class Tables:
    """What the presenter hears: each human's turn, and when each table last changed."""

    turn_of: dict[int, asyncio.Event] = field(default_factory=dict)
    changed_at: dict[int, float] = field(default_factory=dict)
    bot_to_act: dict[int, bool] = field(default_factory=dict)


class Presenter:
    def __init__(self, tables: Tables) -> None:
        self.tables = tables

    async def table_changed(self, table: TableSnapshot) -> None:
        channel = table.channel_id
        self.tables.changed_at[channel] = time.monotonic()
        self.tables.bot_to_act[channel] = table.to_act is not None and table.to_act != 0

    async def tell_seat(
        self, table: TableSnapshot, seat: int, user_id: int, view: DealView
    ) -> None:
        if view.to_act == seat:
            self.tables.turn_of[table.channel_id].set()

    async def announce(self, table: TableSnapshot, event: Event) -> None:
        pass


async def instant_human(
    manager: TableManager, channel: int, turn: asyncio.Event, rng: random.Random
) -> None:
    """Seat 0 of ``channel``: a random legal action as soon as it is their turn."""
    user = HUMAN + channel
    while True:
        await turn.wait()
        turn.clear()
        try:
            snapshot, seat, seen = manager.private_view(channel, user)
            if seen.to_act == seat and seen.legal:
                await manager.act(channel, user, snapshot.turn, rng.choice(seen.legal))
        except Refused:  # the game ended, or the turn moved on meanwhile
            continue


def counts(tally: BudgetTally) -> tuple[int, int, int, int, int, int, int]:
    return (
        tally.moves,
        tally.timed,
        tally.full,
        tally.shrunk,
        tally.fallen,
        tally.given_ms,
        tally.asked_ms,
    )


async def benchmark(args: argparse.Namespace, path: Path) -> dict[str, Any]:
    storage = await open_storage(path)
    workers = args.workers or default_workers()
    pool = bot_pool(workers)
    settings = TableSettings(
        bot_pause=0,
        think_ms=args.think_ms,
        shrink_budget=not args.no_shrink,
        reminder_after=3600,
        stand_in_after=7200,
        idle_expiry=86400,
    )
    seen = Tables()
    manager = TableManager(storage, Presenter(seen), settings, executor=pool)
    # Start the worker processes first, as a running bot has them already.
    await asyncio.get_running_loop().run_in_executor(pool, sum, [])
    rng = random.Random(args.seed)
    humans = []
    opened = time.perf_counter()
    for channel in range(args.tables):
        seen.turn_of[channel] = asyncio.Event()
        host = HUMAN + channel
        await manager.create(
            channel, host, f"human {channel}", players=4, deals=100, seed=rng.getrandbits(63)
        )
        for _ in range(3):
            await manager.add_bot(channel, host, LEVEL)
        humans.append(
            asyncio.create_task(
                instant_human(manager, channel, seen.turn_of[channel], random.Random(channel))
            )
        )
        await manager.start(channel, host)
    open_seconds = time.perf_counter() - opened
    await asyncio.sleep(args.warmup)
    tally = manager.bot_budgets()
    tally.latencies.clear()
    before = counts(tally)
    started = time.perf_counter()
    await asyncio.sleep(args.seconds)
    elapsed = time.perf_counter() - started
    ended = time.monotonic()
    latencies = [x * 1000 for x in tally.latencies]
    moves, timed, full, shrunk, fallen, given, asked = (
        now - then for now, then in zip(counts(tally), before, strict=True)
    )
    waiting = [ended - seen.changed_at[c] for c, bot in seen.bot_to_act.items() if bot]
    peak = tally.peak_demand
    for task in humans:
        task.cancel()
    await manager.close()
    pool.shutdown(wait=True, cancel_futures=True)
    await storage.close()
    return {
        "tables": args.tables,
        "workers": workers,
        "think_ms": args.think_ms,
        "shrink": not args.no_shrink,
        "open_seconds": round(open_seconds, 1),
        "seconds": round(elapsed, 1),
        "bot_moves": moves,
        "decisions_per_second": round(moves / elapsed, 1),
        "latencies_kept": len(latencies),
        "latency_ms": {
            "p50": _round(percentile(latencies, 0.50)),
            "p99": _round(percentile(latencies, 0.99)),
            "max": _round(max(latencies) if latencies else None),
        },
        "still_waiting": len(waiting),
        "longest_wait_ms": _round(1000 * max(waiting) if waiting else None),
        "expert_decisions": timed,
        "budget_kept": _round(given / asked if asked else None, 3),
        "whole": full,
        "shrunk": shrunk,
        "heuristic": fallen,
        "peak_demand": peak,
    }


def _round(value: float | None, digits: int = 1) -> float | None:
    return None if value is None else round(value, digits)


def _share(part: int, whole: int) -> str:
    return f"{100 * part / whole:.0f}%" if whole else "-"


def report(f: dict[str, Any]) -> str:
    lat = f["latency_ms"]
    timed = f["expert_decisions"]
    kept = "-" if f["budget_kept"] is None else f"{100 * f['budget_kept']:.0f}%"
    how = "shrinking under load" if f["shrink"] else "whole budgets (--no-shrink)"
    return "\n".join(
        [
            f"bots benchmark: {f['tables']} tables of 1 instant human + 3 expert bots,"
            f" {f['workers']} bot processes, budget {f['think_ms']} ms, {how}",
            f"opened in {f['open_seconds']} s; measured {f['seconds']} s;"
            f" at most {f['peak_demand']} bot decisions waiting or running at once",
            f"bot turn latency:  p50 {lat['p50']} ms, p99 {lat['p99']} ms, max {lat['max']} ms"
            f" over {f['bot_moves']} bot moves ({f['decisions_per_second']}/s"
            + (
                f"; percentiles of the last {f['latencies_kept']})"
                if f["latencies_kept"] < f["bot_moves"]
                else ")"
            ),
            f"still waiting:     {f['still_waiting']} bot turns at the end, the longest for"
            f" {f['longest_wait_ms']} ms",
            f"strength kept:     {kept} of the budget on average over {timed} expert"
            f" decisions: {_share(f['whole'], timed)} whole, {_share(f['shrunk'], timed)}"
            f" shrunk, {_share(f['heuristic'], timed)} fell to the heuristic",
        ]
    )


def run(args: argparse.Namespace) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        figures = asyncio.run(benchmark(args, Path(tmp) / "bots.sqlite3"))
    print(json.dumps(figures) if args.json else report(figures))
    return 0
