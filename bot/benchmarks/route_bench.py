"""What handing a DM click to another process costs: ``python -m bot.benchmarks route
--db postgresql://...`` opens the storage twice, as two processes would (each its own
pools), one listening for the clicks of shard 1 and claiming each it hears of (as
``routing.ClickRouter`` does), the other routing clicks to it (store, NOTIFY),
``--concurrency`` at a time. It prints the time from a click's routing until its owner
holds it: what a crossing adds to a click before the owner starts handling it (the owner
then answers the click itself; the receiver only checks, every 50 ms, that someone did);
and until the owner has marked it answered, as it does once its answer is sent (here at
once: the handler's own time is the load benchmark's), the three writes a crossing costs.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import time
from typing import Any

from bot import handover
from bot.storage import ClickRoutes, DatabaseUnusable, open_storage
from bot.storage.locations import is_postgres_url, shown
from tarot_core.command_line import Parser, whole
from tarot_core.lab.stats import percentile

PAYLOAD: dict[str, Any] = {
    "id": "0",
    "type": 3,
    "token": "x" * 160,
    "data": {"custom_id": "tarot:card:1234567890123456789:42:17:63", "component_type": 2},
    "user": {"id": "1234567890123456789", "username": "alice"},
}
"""A click's interaction, about the size of a real one without its message."""


def register(commands: argparse._SubParsersAction[Parser]) -> None:
    parser = commands.add_parser("route", help="time a DM click's hand-over between processes")
    parser.add_argument("--db", required=True, help="a PostgreSQL database (postgresql://...)")
    parser.add_argument("--clicks", type=whole(1, 10_000_000), default=1000)
    parser.add_argument(
        "--concurrency", type=whole(1, 10_000), default=10, help="clicks under way at once"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(run=run)


async def measure(url: str, clicks: int, concurrency: int) -> dict[str, Any]:
    receiver, owner = await open_storage(url), await open_storage(url)
    try:
        if not isinstance(receiver, ClickRoutes) or not isinstance(owner, ClickRoutes):
            raise DatabaseUnusable(f"{shown(url)}: this storage routes no clicks")
        claimed: dict[int, asyncio.Future[float]] = {}
        answered: dict[int, asyncio.Future[float]] = {}
        claims: set[asyncio.Task[None]] = set()

        async def claim(interaction_id: int) -> None:
            if await handover.claim(owner, interaction_id) is not None:
                claimed[interaction_id].set_result(time.perf_counter())
                await owner.answer_click(interaction_id)
                answered[interaction_id].set_result(time.perf_counter())

        def heard(interaction_id: int) -> None:
            task = asyncio.get_running_loop().create_task(claim(interaction_id))
            claims.add(task)
            task.add_done_callback(claims.discard)

        await owner.listen_clicks([1], heard, handover.CLAIM_WAIT)
        base = int(time.time() * 1000) << 22  # ids no earlier run used
        times: list[float] = []
        marked: list[float] = []
        gate = asyncio.Semaphore(concurrency)

        async def one(i: int) -> None:
            async with gate:
                loop = asyncio.get_running_loop()
                claimed[base + i], answered[base + i] = loop.create_future(), loop.create_future()
                start = time.perf_counter()
                await receiver.route_click(base + i, 1, PAYLOAD)
                times.append((await claimed[base + i] - start) * 1000)
                marked.append((await answered[base + i] - start) * 1000)

        started = time.perf_counter()
        await asyncio.gather(*(one(i) for i in range(clicks)))
        seconds = time.perf_counter() - started
    finally:
        await receiver.close()
        await owner.close()
    p50, p99 = percentile(times, 0.50), percentile(times, 0.99)
    marked_p50, marked_p99 = percentile(marked, 0.50), percentile(marked, 0.99)
    assert p50 is not None and p99 is not None  # at least one click
    assert marked_p50 is not None and marked_p99 is not None
    return {
        "clicks": clicks,
        "concurrency": concurrency,
        "seconds": round(seconds, 2),
        "per_second": round(clicks / seconds, 1),
        "p50_ms": round(p50, 2),
        "p99_ms": round(p99, 2),
        "max_ms": round(max(times), 2),
        "answered_p50_ms": round(marked_p50, 2),
        "answered_p99_ms": round(marked_p99, 2),
    }


def run(args: argparse.Namespace) -> int:
    if not is_postgres_url(args.db):
        print("route: --db must be a PostgreSQL database (postgresql://...)", file=sys.stderr)
        return 2
    try:
        figures = asyncio.run(measure(args.db, args.clicks, args.concurrency))
    except DatabaseUnusable as e:
        print(f"route: {e}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(figures))
    else:
        print(
            f"{figures['clicks']} clicks, {figures['concurrency']} at a time:"
            f" {figures['per_second']} handed over a second; routed to held by its owner"
            f" p50 {figures['p50_ms']} ms, p99 {figures['p99_ms']} ms, worst"
            f" {figures['max_ms']} ms; routed to marked answered p50"
            f" {figures['answered_p50_ms']} ms, p99 {figures['answered_p99_ms']} ms"
        )
    return 0
