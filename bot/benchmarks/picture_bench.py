"""The pictures' cost: how long each takes to draw on one core, and how many bytes it sends.

``python -m bot.benchmarks pictures`` draws, in this process, the emoji faces (once, cold),
a deal's picture at every player count (a seeded deal played by random legal choices), a
game's chart and a player's points chart, each ``--repeat`` times, and prints the first
draw's time (a deal's first pays for drawing the card faces at its size, once per worker
process), then the median and the worst of the others, and the PNG size. The bot draws
these in its worker processes, one per finished deal or game, never on the event loop.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from bot.pictures import faces, jobs
from tarot_core import PLAYER_COUNTS, Outcome, Rules, to_record
from tarot_core.command_line import SEED, Parser, whole
from tarot_core.lab.bench import random_deal


def register(commands: argparse._SubParsersAction[Parser]) -> None:
    parser = commands.add_parser("pictures", help="time drawing the deal pictures and charts")
    parser.add_argument(
        "--repeat", type=whole(1, 100_000), default=20, help="draws of each picture"
    )
    parser.add_argument("--seed", type=SEED, default=1)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(run=run)


def played_record(players: int, seed: int) -> dict[str, Any]:
    """The record of the first deal of ``seed`` that is played (not passed), random play."""
    rng = random.Random(seed)
    rules = Rules.from_options(players, {})
    while True:
        deal = random_deal(rng, rules, 0)
        if deal.result is not None and deal.result.outcome == Outcome.PLAYED:
            return to_record(deal)


def timed(draw: Callable[[], bytes], repeat: int) -> dict[str, Any]:
    times, size = [], 0
    for _ in range(repeat):
        start = time.perf_counter()
        size = len(draw())
        times.append((time.perf_counter() - start) * 1000)
    rest = times[1:] or times
    return {
        "first_ms": round(times[0], 1),
        "median_ms": round(statistics.median(rest), 1),
        "max_ms": round(max(rest), 1),
        "bytes": size,
    }


def measure(repeat: int, seed: int) -> dict[str, Any]:
    start = time.perf_counter()
    images = faces.emoji_images()
    emoji_ms = (time.perf_counter() - start) * 1000
    sizes = [len(data) for data in images.values()]
    figures: dict[str, Any] = {
        "emoji_faces": {
            "count": len(images),
            "cold_ms": round(emoji_ms, 1),
            "bytes_max": max(sizes),
            "bytes_total": sum(sizes),
        }
    }
    for players in PLAYER_COUNTS:
        record = played_record(players, seed)
        names = [f"Player {i + 1}" for i in range(players)]
        figures[f"deal_{players}p"] = timed(partial(jobs.deal_picture, record, "en", names), repeat)
    rng = random.Random(seed)
    history, totals = [], [0] * 5
    for _ in range(30):
        scores = [rng.randrange(-200, 200, 10) for _ in range(4)]
        deal = [*scores, -sum(scores)]
        totals = [t + s for t, s in zip(totals, deal, strict=True)]
        history.append(list(totals))
    names = ["Alice", "Bob", "Chloé", "Dmitri", "Eun-ji"]
    figures["game_chart_5p_30_deals"] = timed(
        lambda: jobs.totals_chart(names, history, "en"), repeat
    )
    running = [sum(row[0] for row in history[: i + 1]) for i in range(30)]
    figures["points_chart_30_games"] = timed(lambda: jobs.points_chart(running, "en"), repeat)
    return figures


def run(args: argparse.Namespace) -> int:
    figures = measure(args.repeat, args.seed)
    if args.json:
        print(json.dumps(figures))
        return 0
    emoji = figures.pop("emoji_faces")
    print(
        f"emoji faces: {emoji['count']} drawn cold in {emoji['cold_ms']} ms,"
        f" largest {emoji['bytes_max']} bytes, all {emoji['bytes_total']} bytes"
    )
    for name, f in figures.items():
        print(
            f"{name}: first {f['first_ms']} ms, then median {f['median_ms']} ms,"
            f" worst {f['max_ms']} ms over {args.repeat - 1} draws, {f['bytes']} bytes"
        )
    return 0
