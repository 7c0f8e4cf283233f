"""A challenge opened and one member's attempt played through the services, measured.

``python -m bot.benchmarks challenge`` opens a challenge on a fresh SQLite file (its par
computed in the worker processes, every deal at once, as the bot does), then plays one
member's attempt through the table service (the member's moves chosen by a bot, the
opponents at the challenge's level, no pauses) and prints: the time the par took, the
attempt's time and its opponents' decisions, and the database rows the attempt added,
table by table.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sqlite3
import tempfile
import time
from pathlib import Path
from typing import Any

from bot.challenges import ChallengeService
from bot.challenges.service import LEVEL, MAX_DEALS
from bot.storage import open_storage
from bot.tables import TableManager, TableSettings, TableSnapshot
from bot.tables.events import Event
from bot.tables.thinking import bot_pool
from tarot_core import PLAYER_COUNTS, DealView, make_bot, opponent_seed
from tarot_core.command_line import PLAYERS, Parser, whole

ROW_COUNTS = {
    "games": "SELECT COUNT(*) FROM games WHERE id = ?1",
    "seats": "SELECT COUNT(*) FROM seats WHERE game_id = ?1",
    "actions": "SELECT COUNT(*) FROM actions WHERE game_id = ?1",
    "deals": "SELECT COUNT(*) FROM deals WHERE game_id = ?1",
    "deal_scores": (
        "SELECT COUNT(*) FROM deal_scores"
        " WHERE deal_id IN (SELECT id FROM deals WHERE game_id = ?1)"
    ),
    "challenge_attempts": "SELECT COUNT(*) FROM challenge_attempts WHERE game_id = ?1",
    "player_stats": "SELECT COUNT(*) FROM player_stats WHERE ?1 > 0",
}
"""What one attempt writes, by table (``player_stats``: none, a challenge never counts)."""


def register(commands: argparse._SubParsersAction[Parser]) -> None:
    parser = commands.add_parser(
        "challenge", help="open a challenge (its par) and play one member's attempt"
    )
    parser.add_argument("--players", type=PLAYERS, default=4, choices=PLAYER_COUNTS)
    parser.add_argument("--deals", type=whole(1, MAX_DEALS), default=4)
    parser.add_argument("--level", default=LEVEL, help=f"the opponents and par (default {LEVEL})")
    parser.add_argument("--workers", type=whole(1, 61), default=None, help="worker processes")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(run=run)


class Counting:
    """A presenter that counts what the service asks it to show."""

    def __init__(self) -> None:
        self.calls = {"table_changed": 0, "tell_seat": 0, "announce": 0}

    async def table_changed(self, table: TableSnapshot) -> None:
        self.calls["table_changed"] += 1

    async def tell_seat(
        self, table: TableSnapshot, seat: int, user_id: int, view: DealView
    ) -> None:
        self.calls["tell_seat"] += 1

    async def announce(self, table: TableSnapshot, event: Event) -> None:
        self.calls["announce"] += 1


async def measure(args: argparse.Namespace, path: Path) -> dict[str, Any]:
    storage = await open_storage(path)
    pool = bot_pool(args.workers)
    presenter = Counting()
    manager = TableManager(storage, presenter, TableSettings(bot_pause=0), executor=pool)
    service = ChallengeService(storage, manager, executor=pool, level=args.level)
    # Start the worker processes before timing, as a running bot has them already.
    await asyncio.gather(
        *(asyncio.get_running_loop().run_in_executor(pool, sum, []) for _ in range(8))
    )
    try:
        start = time.perf_counter()
        challenge = await service.create(guild_id=1, players=args.players, deals=args.deals)
        par_seconds = time.perf_counter() - start
        user, channel = 2, 3
        start = time.perf_counter()
        await service.play(challenge.id, user, "member", guild_id=1, channel_id=channel)
        moves = 0
        while (snap := manager.table(channel)) is not None:
            await manager.settle()
            snap = manager.table(channel)
            if snap is None:
                break
            _, _, seen = manager.private_view(channel, user)
            index = snap.deal_number - 1
            action = make_bot("heuristic", seed=opponent_seed(1, index, seen)).act(seen)
            await manager.act(channel, user, snap.turn, action)
            moves += 1
        attempt_seconds = time.perf_counter() - start
        (attempt,) = await storage.attempts(challenge.id)
        with sqlite3.connect(path) as db:  # the file this benchmark made, read as it is
            rows = {
                t: db.execute(sql, (attempt.game_id,)).fetchone()[0]
                for t, sql in ROW_COUNTS.items()
            }
        actions = rows["actions"]
        return {
            "players": args.players,
            "deals": args.deals,
            "level": args.level,
            "workers": args.workers,
            "par_seconds": round(par_seconds, 3),
            "par_seconds_per_deal": round(par_seconds / args.deals, 3),
            "attempt_seconds": round(attempt_seconds, 3),
            "member_moves": moves,
            "opponent_moves": actions - moves,
            "opponent_ms_per_move": round(1000 * attempt_seconds / max(1, actions - moves), 1),
            "rows": rows,
            "rows_total": sum(v for k, v in rows.items() if k != "player_stats"),
            "presenter_calls": presenter.calls,
        }
    finally:
        await manager.close()
        pool.shutdown()
        await storage.close()


def run(args: argparse.Namespace) -> int:
    with tempfile.TemporaryDirectory() as folder:
        result = asyncio.run(measure(args, Path(folder) / "challenge.sqlite3"))
    if args.json:
        print(json.dumps(result))
        return 0
    print(
        f"A challenge of {result['deals']} deals at {result['players']} players,"
        f" opponents and par: {result['level']}"
    )
    print(
        f"  par: {result['par_seconds']:.1f} s ({result['par_seconds_per_deal']:.1f} s a deal,"
        " every deal at once in the worker processes)"
    )
    print(
        f"  one attempt: {result['attempt_seconds']:.1f} s, {result['member_moves']} moves of"
        f" the member, {result['opponent_moves']} of the opponents"
        f" ({result['opponent_ms_per_move']:.0f} ms each, thinking and storing)"
    )
    rows = ", ".join(f"{k} {v}" for k, v in result["rows"].items())
    print(f"  database rows the attempt added: {result['rows_total']} ({rows})")
    print(f"  presenter calls: {result['presenter_calls']}")
    return 0
