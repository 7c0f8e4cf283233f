"""The load benchmark: many live tables in one process, through the real table service.

``python -m bot.benchmarks load`` opens ``--tables`` tables on one storage (a new SQLite
file, a temporary one by default, or an empty PostgreSQL database): most are
played by heuristic bots without pauses (as fast as the service lets them), and at
``--humans`` of them one seat is a simulated human who answers its turns after a few
hundred milliseconds of "thinking". It measures what players would feel: the latency of
a human's action from the call to the presenter's update, the event loop's longest stall
(the lateness of a 5 ms heartbeat task), deals completed per second, and memory per table.
Target: 1,000 tables with human p99 under 100 ms and no stall over 50 ms. With ``--cross``
(PostgreSQL) every human's move is a DM click handed over between processes
(``load_crossing.py``), its latency the route included.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.discord.pacing import Coalescer
from bot.discord.presenter import EDIT_INTERVAL
from bot.discord.rate_budget import GLOBAL_PER_SECOND
from bot.heap import freeze_startup_objects
from bot.settings import LIMITS
from bot.storage import DatabaseUnusable, open_storage, sqlite_path
from bot.storage.locations import shown
from bot.tables import LoopClock, Refused, TableManager, TableSettings, TableSnapshot
from bot.tables.events import DealFinished, Event, GameFinished, Reminder
from bot.tables.thinking import bot_pool, default_workers
from tarot_core import PLAYER_COUNTS, DealView
from tarot_core.command_line import PLAYERS, SEED, Parser, decimal, whole
from tarot_core.lab.stats import percentile

from . import pg_fill
from .load_crossing import Crossing

MAX_TABLES = 1_000_000
"""Far more live tables than one process holds; HUMAN and HOST leave room for them."""
MAX_PROCESSES = 64
DAY = 86_400.0
HUMAN = 1_000_000
"""User ids of simulated humans start here (one per human table)."""
HOST = 2_000_000
"""User ids of the hosts of bot tables, who hand their seat to a bot at the start."""


def register(commands: argparse._SubParsersAction[Parser]) -> None:
    parser = commands.add_parser(
        "load", help="run many live tables through the table service and time humans"
    )
    parser.add_argument(
        "--tables", type=whole(1, MAX_TABLES), default=1000, help="live tables at once"
    )
    parser.add_argument(
        "--humans", type=whole(0, MAX_TABLES), default=100, help="tables with a human seat"
    )
    parser.add_argument("--players", type=PLAYERS, default=4, choices=PLAYER_COUNTS)
    parser.add_argument("--seconds", type=decimal(0.1, DAY), default=60.0, help="measured time")
    parser.add_argument(
        "--warmup", type=decimal(0, DAY), default=5.0, help="seconds before measuring"
    )
    parser.add_argument(
        "--think",
        type=decimal(0, 3600),
        nargs=2,
        default=(0.3, 1.5),
        metavar=("MIN", "MAX"),
        help="a simulated human's thinking time, uniform in seconds",
    )
    parser.add_argument(
        "--workers",
        type=whole(1, LIMITS["TAROT_BOT_WORKERS"][0]),
        default=None,
        help="bot processes (default: cores - 1)",
    )
    parser.add_argument("--bot-concurrency", type=whole(1, 10_000), default=8)
    parser.add_argument(
        "--db",
        default=None,
        help="a new SQLite file or an empty PostgreSQL database, postgresql://..."
        " (default: a temporary SQLite file)",
    )
    parser.add_argument("--seed", type=SEED, default=1)
    parser.add_argument(
        "--processes",
        type=whole(1, MAX_PROCESSES),
        default=1,
        help="bot processes sharing the database (PostgreSQL), --tables each",
    )
    parser.add_argument(
        "--cross",
        action="store_true",
        help="every human move is a DM click routed through PostgreSQL to its table's owner",
    )
    parser.add_argument(
        "--part", type=whole(0, MAX_PROCESSES - 1), default=None, help=argparse.SUPPRESS
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.humans > args.tables:
        print("load: --humans must be at most --tables", file=sys.stderr)
        return 2
    if args.cross and (args.db is None or sqlite_path(args.db) is not None):
        print("load: --cross needs --db postgresql://... (clicks cross it)", file=sys.stderr)
        return 2
    if args.processes > 1 and args.part is None:
        return run_processes(args)
    with tempfile.TemporaryDirectory() as tmp:
        location: str = args.db or str(Path(tmp) / "load.sqlite3")
        try:
            figures = asyncio.run(checked(args, location))
        except DatabaseUnusable as e:
            figures = str(e)
    if isinstance(figures, str):
        print(figures, file=sys.stderr)
        return 2
    print(json.dumps(figures) if args.json else report(figures))
    return 0


def run_processes(args: argparse.Namespace) -> int:
    """``--processes N``: N processes of ``--tables`` tables each on one PostgreSQL
    database, started together after it was found empty; their figures side by side and
    summed. The human p99 given for all of them is the worst process's."""
    if args.db is None or sqlite_path(args.db) is not None:
        print(
            "load: --processes needs --db postgresql://... (SQLite serves one process)",
            file=sys.stderr,
        )
        return 2
    refused = asyncio.run(pg_fill.refusal(args.db))
    if refused is not None:
        print(refused, file=sys.stderr)
        return 2
    keep = ["--tables", str(args.tables), "--humans", str(args.humans)]
    keep += ["--players", str(args.players), "--seconds", str(args.seconds)]
    keep += ["--warmup", str(args.warmup), "--think", *map(str, args.think)]
    keep += ["--bot-concurrency", str(args.bot_concurrency), "--db", args.db]
    if args.workers:
        keep += ["--workers", str(args.workers)]
    if args.cross:
        keep.append("--cross")
    command = [sys.executable, "-m", "bot.benchmarks", "load", *keep, "--json"]
    parts = [
        subprocess.Popen(
            [*command, "--seed", str(args.seed + i), "--processes", str(args.processes)]
            + ["--part", str(i)],
            stdout=subprocess.PIPE,
            text=True,
        )
        for i in range(args.processes)
    ]
    outputs = [part.communicate()[0] for part in parts]
    if any(part.returncode for part in parts):
        print("load: a process failed (its error is above)", file=sys.stderr)
        return 1
    figures = [json.loads(out) for out in outputs]
    total = {
        "processes": args.processes,
        "tables": sum(f["tables"] for f in figures),
        "actions_per_second": round(sum(f["actions_per_second"] for f in figures), 1),
        "deals_per_second": round(sum(f["deals_per_second"] for f in figures), 2),
        "human_p99_ms": max(f["human_latency_ms"]["p99"] or 0 for f in figures),
        "discord_requests_per_second": {
            key: round(sum(f["discord_requests_per_second"][key] for f in figures), 1)
            for key in ("table_edits", "dm_edits", "lines", "all")
        },
        "each": figures,
    }
    if args.json:
        print(json.dumps(total))
    else:
        print("\n\n".join(report(f) for f in figures))
        print(
            f"\n{args.processes} processes, {total['tables']} tables in all:"
            f" {total['actions_per_second']} actions/s, {total['deals_per_second']} deals/s,"
            f" human action p99 at worst {total['human_p99_ms']} ms"
        )
        print(f"bot-wide, all processes: {discord_line(total['discord_requests_per_second'])}")
    return 0


async def checked(args: argparse.Namespace, location: str) -> dict[str, Any] | str:
    """The figures, or why the benchmark may not run on ``location``."""
    if args.part is not None:  # one of --processes: the parent found the database empty
        return await benchmark(args, location)
    refused = await pg_fill.refusal(location)
    return refused if refused is not None else await benchmark(args, location)


def rss_bytes() -> int:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


@dataclass
class Measures:
    measuring: bool = False
    deals: int = 0
    actions: int = 0
    latencies: list[float] = field(default_factory=list)
    stalls: list[float] = field(default_factory=list)
    changed_at: dict[int, float] = field(default_factory=dict)
    """Per channel: when the presenter last heard of a change."""
    turn_of: dict[int, asyncio.Event] = field(default_factory=dict)
    """Per human table: set when the human is to act."""
    finished: set[int] = field(default_factory=set)


@dataclass
class DiscordCalls:
    """The REST requests the Discord presenter would send, counted while measuring."""

    table_edits: int = 0
    dm_edits: int = 0
    lines: int = 0


class CountedSends:
    """What ``bot.discord.presenter`` sends for the table service's calls, counted instead
    of sent: each table message and each human's DM paced as it paces them (one edit per
    message at most every ``EDIT_INTERVAL``, the latest state), and one post per channel
    line, the short lines of one change joined. A DM whose text would not change is still
    counted (the presenter skips it): an upper bound there."""

    def __init__(self, m: Measures) -> None:
        self.m = m
        self.calls = DiscordCalls()
        clock = LoopClock()
        self.tables: Coalescer[int, None] = Coalescer(clock, EDIT_INTERVAL, self._table)
        self.dms: Coalescer[tuple[int, int], None] = Coalescer(clock, EDIT_INTERVAL, self._dm)
        self._changes: dict[int, int] = {}
        """channel -> table changes so far: short lines of one change go out as one."""
        self._last_short: dict[int, int] = {}

    def table_changed(self, channel: int) -> None:
        self._changes[channel] = self._changes.get(channel, 0) + 1
        self.tables.submit(channel, None)

    def told(self, game: int, seat: int) -> None:
        self.dms.submit((game, seat), None)

    def line(self, channel: int, event: Event) -> None:
        short = not isinstance(event, (DealFinished, GameFinished, Reminder))
        change = self._changes.get(channel, 0)
        if short and self._last_short.get(channel) == change:
            return  # joined to the line before it
        self._last_short[channel] = change if short else -1
        if self.m.measuring:
            self.calls.lines += 1

    async def _table(self, channel: int, value: None) -> None:
        if self.m.measuring:
            self.calls.table_edits += 1

    async def _dm(self, key: tuple[int, int], value: None) -> None:
        if self.m.measuring:
            self.calls.dm_edits += 1


class LoadPresenter:
    """Notes times, and counts what the Discord presenter would send (``CountedSends``):
    a real presenter queues its Discord calls just as cheaply."""

    def __init__(self, m: Measures) -> None:
        self.m = m
        self.sends = CountedSends(m)

    async def table_changed(self, table: TableSnapshot) -> None:
        self.m.changed_at[table.channel_id] = time.perf_counter()
        if self.m.measuring:
            self.m.actions += 1
        self.sends.table_changed(table.channel_id)

    async def tell_seat(
        self, table: TableSnapshot, seat: int, user_id: int, view: DealView
    ) -> None:
        self.sends.told(table.game_id, seat)
        if view.to_act == seat:
            waiting = self.m.turn_of.get(table.channel_id)
            if waiting is not None:
                waiting.set()

    async def announce(self, table: TableSnapshot, event: Event) -> None:
        self.sends.line(table.channel_id, event)
        if isinstance(event, DealFinished) and self.m.measuring:
            self.m.deals += 1
        if isinstance(event, GameFinished):
            self.m.finished.add(table.channel_id)


async def open_table(
    manager: TableManager, channel: int, players: int, human: bool, seed: int
) -> None:
    host = HUMAN + channel if human else HOST + channel
    await manager.create(
        channel,
        host,
        f"player {channel}",
        guild_id=1 + channel % 50,
        players=players,
        deals=100,
        seed=seed,
    )
    for _ in range(players - 1):
        await manager.add_bot(channel, host, "heuristic")
    await manager.start(channel, host)
    if not human:
        await manager.replace(channel, host, 0, "heuristic")


async def simulated_human(
    manager: TableManager,
    channel: int,
    m: Measures,
    think: tuple[float, float],
    rng: random.Random,
    crossing: Crossing | None = None,
) -> None:
    user = HUMAN + channel
    event = m.turn_of[channel]
    while channel not in m.finished:
        await event.wait()
        event.clear()
        await asyncio.sleep(rng.uniform(*think))
        try:
            snapshot, seat, view = manager.private_view(channel, user)
        except Refused:
            return
        if view.to_act != seat or not view.legal:
            continue
        action = rng.choice(view.legal)
        if crossing is not None:  # its latency is taken where the move is made
            await crossing.click(channel, user, snapshot.turn, action)
            continue
        start = time.perf_counter()
        try:
            await manager.act(channel, user, snapshot.turn, action)
        except Refused:
            continue
        if m.measuring:
            m.latencies.append(m.changed_at[channel] - start)


async def heartbeat(m: Measures, period: float = 0.005) -> None:
    while True:
        start = time.perf_counter()
        await asyncio.sleep(period)
        if m.measuring:
            m.stalls.append(time.perf_counter() - start - period)


async def benchmark(args: argparse.Namespace, location: str) -> dict[str, Any]:
    m = Measures()
    rng = random.Random(args.seed)
    storage = await open_storage(location)
    workers = args.workers or default_workers()
    pool = bot_pool(workers)
    settings = TableSettings(
        bot_pause=0,
        bot_concurrency=args.bot_concurrency,
        reminder_after=3600,
        stand_in_after=7200,
        idle_expiry=86400,
    )
    presenter = LoadPresenter(m)
    manager = TableManager(storage, presenter, settings, executor=pool)
    crossing = None
    if args.cross:
        crossing = await Crossing.open(location, storage, args.part or 0, manager)

        def moved(channel: int, sent: float) -> None:
            if m.measuring:
                m.latencies.append(m.changed_at[channel] - sent)

        crossing.moved = moved
    first = (args.part or 0) * args.tables  # each process its own channels
    humans = set(range(first, first + args.humans))
    for channel in humans:
        m.turn_of[channel] = asyncio.Event()
    before = rss_bytes()
    opened = time.perf_counter()
    beat = asyncio.create_task(heartbeat(m))
    people = []
    for channel in range(first, first + args.tables):
        await open_table(manager, channel, args.players, channel in humans, rng.getrandbits(63))
        if channel in humans:
            people.append(
                asyncio.create_task(
                    simulated_human(
                        manager, channel, m, args.think, random.Random(channel), crossing
                    )
                )
            )
        if channel % 100 == 99:
            print(f"  {channel + 1} tables open", file=sys.stderr)
    open_seconds = time.perf_counter() - opened
    freeze_startup_objects()  # as the bot does once its tables are restored
    await asyncio.sleep(args.warmup)
    after = rss_bytes()
    tracked = len(gc.get_objects())
    m.measuring = True
    started = time.perf_counter()
    await asyncio.sleep(args.seconds)
    m.measuring = False
    elapsed = time.perf_counter() - started
    live = len(manager)
    for task in (beat, *people):
        task.cancel()
    if crossing is not None:
        await crossing.close()
    await manager.close()
    pool.shutdown(wait=True, cancel_futures=True)
    await storage.close()
    ms = [x * 1000 for x in m.latencies]
    stalls = [x * 1000 for x in m.stalls]
    calls = presenter.sends.calls
    return {
        "backend": "sqlite" if sqlite_path(location) is not None else "postgresql",
        "location": shown(location) if args.db else "a temporary SQLite file",
        "tables": args.tables,
        "human_tables": args.humans,
        "players": args.players,
        "live_tables_at_end": live,
        "open_seconds": round(open_seconds, 2),
        "seconds": round(elapsed, 2),
        "deals": m.deals,
        "deals_per_second": round(m.deals / elapsed, 2),
        "actions_per_second": round(m.actions / elapsed, 1),
        "human_actions": len(ms),
        "crossing": crossing is not None,
        "clicks_not_taken": crossing.refused if crossing is not None else 0,
        "human_latency_ms": {
            "p50": _round(percentile(ms, 0.50)),
            "p99": _round(percentile(ms, 0.99)),
            "max": _round(max(ms) if ms else None),
        },
        "loop_stall_ms": {
            "p99": _round(percentile(stalls, 0.99)),
            "max": _round(max(stalls) if stalls else None),
        },
        "discord_requests_per_second": {
            "table_edits": round(calls.table_edits / elapsed, 1),
            "dm_edits": round(calls.dm_edits / elapsed, 1),
            "lines": round(calls.lines / elapsed, 1),
            "all": round((calls.table_edits + calls.dm_edits + calls.lines) / elapsed, 1),
        },
        "memory_per_table_kib": round((after - before) / args.tables / 1024, 1),
        "rss_mib": round(after / 2**20, 1),
        "gc_tracked_objects": tracked,
        "workers": workers,
    }


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 2)


def report(f: dict[str, Any]) -> str:
    lat, stall = f["human_latency_ms"], f["loop_stall_ms"]
    return "\n".join(
        [
            f"load benchmark: {f['tables']} live tables of {f['players']}"
            f" ({f['human_tables']} with a simulated human), {f['workers']} bot processes,"
            f" on {f['backend']} ({f['location']})",
            f"opened in {f['open_seconds']} s; measured {f['seconds']} s;"
            f" {f['live_tables_at_end']} tables live at the end",
            f"deals completed:     {f['deals']} ({f['deals_per_second']}/s);"
            f" actions {f['actions_per_second']}/s",
            f"{'human action routed:' if f['crossing'] else 'human action:':<21}"
            f"p50 {lat['p50']} ms, p99 {lat['p99']} ms, max {lat['max']} ms over"
            f" {f['human_actions']} actions (target p99 < 100 ms)"
            + (f"; {f['clicks_not_taken']} clicks not taken in time" if f["crossing"] else ""),
            f"event loop stall:    max {stall['max']} ms, p99 {stall['p99']} ms (target < 50 ms)",
            f"memory per table:    {f['memory_per_table_kib']} KiB (RSS {f['rss_mib']} MiB)",
            discord_line(f["discord_requests_per_second"]),
        ]
    )


def discord_line(rates: dict[str, float]) -> str:
    """What the presenter would send, against Discord's global limit."""
    return (
        f"Discord requests:    {rates['all']}/s the presenter would send (table edits"
        f" {rates['table_edits']}/s, DM edits {rates['dm_edits']}/s, channel lines"
        f" {rates['lines']}/s; interaction answers not counted, they are not bound to the"
        f" limit); Discord allows {GLOBAL_PER_SECOND}/s for the whole bot"
    )
