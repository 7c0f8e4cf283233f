"""One whole game of bots through the table service, timed: the service's own overhead.

``python -m bot.benchmarks game`` opens a table on a fresh SQLite file, seats bots of one
level in every seat (the host hands over their seat at the start), lets them play every
deal without pauses, and prints how long the game took, per deal and per action.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import tempfile
import time
from pathlib import Path
from typing import Any

from bot.storage import open_storage
from bot.tables import TableManager, TableSettings, TableSnapshot
from bot.tables.events import Event, GameFinished
from bot.tables.settings import MAX_DEALS
from bot.tables.thinking import bot_pool
from tarot_core import DEFAULT_THINK_MS, LEVELS, PLAYER_COUNTS, DealView
from tarot_core.command_line import PLAYERS, SEED, THINK_MS, Parser, whole


def register(commands: argparse._SubParsersAction[Parser]) -> None:
    parser = commands.add_parser("game", help="time one full game of bots through the service")
    parser.add_argument("--players", type=PLAYERS, default=4, choices=PLAYER_COUNTS)
    parser.add_argument("--deals", type=whole(1, MAX_DEALS), default=4, help="deals in the game")
    parser.add_argument("--level", default="heuristic", choices=LEVELS)
    parser.add_argument(
        "--think-ms", type=THINK_MS, default=DEFAULT_THINK_MS, help="the expert's budget"
    )
    parser.add_argument("--seed", type=SEED, default=1)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(run=run)


class Quiet:
    def __init__(self) -> None:
        self.over = asyncio.Event()
        self.final: tuple[int, ...] = ()

    async def table_changed(self, table: TableSnapshot) -> None:
        pass

    async def tell_seat(
        self, table: TableSnapshot, seat: int, user_id: int, view: DealView
    ) -> None:
        pass

    async def announce(self, table: TableSnapshot, event: Event) -> None:
        if isinstance(event, GameFinished):
            self.final = event.totals
            self.over.set()


async def play(args: argparse.Namespace, path: Path) -> dict[str, Any]:
    storage = await open_storage(path)
    pool = bot_pool()
    presenter = Quiet()
    settings = TableSettings(bot_pause=0, think_ms=args.think_ms)
    manager = TableManager(storage, presenter, settings, executor=pool)
    # Start the worker processes before timing, as a running bot has them already.
    await asyncio.get_running_loop().run_in_executor(pool, sum, [])
    host = 1
    start = time.perf_counter()
    await manager.create(1, host, "host", players=args.players, deals=args.deals, seed=args.seed)
    for _ in range(args.players - 1):
        await manager.add_bot(1, host, args.level)
    await manager.start(1, host)
    await manager.replace(1, host, 0, args.level)
    await presenter.over.wait()
    seconds = time.perf_counter() - start
    game_id = 1
    actions = len(await storage.actions(game_id))
    deals = await storage.recorded_deals(game_id)
    await manager.close()
    pool.shutdown()
    await storage.close()
    return {
        "players": args.players,
        "level": args.level,
        "deals": deals,
        "actions": actions,
        "seconds": round(seconds, 3),
        "ms_per_deal": round(1000 * seconds / deals, 1),
        "ms_per_action": round(1000 * seconds / actions, 3),
        "totals": list(presenter.final),
    }


def run(args: argparse.Namespace) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        figures = asyncio.run(play(args, Path(tmp) / "game.sqlite3"))
    if args.json:
        print(json.dumps(figures))
    else:
        print(
            f"a game of {figures['players']} {figures['level']} bots through the service:"
            f" {figures['deals']} deals (voided ones included), {figures['actions']} actions"
            f" in {figures['seconds']} s: {figures['ms_per_deal']} ms a deal,"
            f" {figures['ms_per_action']} ms an action; totals {figures['totals']}"
        )
    return 0
