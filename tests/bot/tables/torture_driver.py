"""The bot's table service playing several tables on one SQLite file, to be killed at any
moment and started again (``test_crash_torture.py``, beside it).

``python torture_driver.py FILE [--pool] [--marks]`` plays the tables of ``PLANS``: the
first run creates and starts them, every later run restores them from FILE (finishing a
set-up a kill cut short) and lets them play on. It exits 0 once every game is finished.

Bots play by themselves, with no pause; the one human seat (the host of a table) is played
by the driver itself, from the private views the service tells it, as a person would
from their DM. Every choice is deterministic (seeded by the game and the turn), so a game
killed many times must end exactly as ``expected_game`` plays it without a break.

With ``--pool`` bots think in the real worker pool (``bot_pool(1)``), else at once in
this process (nothing to start, nothing left behind). With ``--marks`` each commit prints
``commit N`` and stalls a moment before it is sent, then ``committed N`` once it returned,
for a killer that aims at commits; ``ready`` follows the restore and set-up.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import random
import sys
import time
from collections.abc import Callable
from concurrent.futures import Executor, Future
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

from bot.storage import Storage, open_storage
from bot.tables import Refused, TableManager, TableSettings, TableSnapshot
from bot.tables.events import Event, GameFinished, GameStopped
from bot.tables.thinking import bot_pool, decision_seed, think
from tarot_core import Action, DealView, Game, Rules, view
from tarot_core.bots import make_bot

P = ParamSpec("P")
T = TypeVar("T")

SETTINGS = TableSettings(bot_pause=0, reminder_after=3600, stand_in_after=3600)
"""No pause between moves, and no timer that could play for the human instead."""

COMMIT_STALL = 0.002
"""Seconds between ``commit N`` and the COMMIT itself: a kill sent on reading the marker
lands with the transaction written but not yet committed."""


@dataclass(frozen=True)
class Plan:
    """One table: per seat a bot level, or None for the host, played by the driver. A host
    whose seat has a level hands it to that bot once the game starts."""

    channel: int
    guild: int | None
    seats: tuple[str | None, ...]
    deals: int
    seed: int

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def host(self) -> int:
        return 9000 + self.channel

    def level(self, seat: int) -> str:
        level = self.seats[seat]
        assert level is not None, f"seat {seat} is the human's"
        return level


PLANS = (
    Plan(101, 77, ("heuristic", "random", "heuristic"), deals=3, seed=11),
    Plan(102, 77, ("random", "heuristic", "random", "heuristic"), deals=3, seed=12),
    Plan(103, 88, ("heuristic", "random", "heuristic", "heuristic", "random"), deals=2, seed=13),
    Plan(104, None, (None, "heuristic", "random", "heuristic"), deals=3, seed=14),
)
PLAN_OF = {plan.channel: plan for plan in PLANS}


def human_move(view: DealView, game_seed: int, turn: int) -> Action:
    """The human's choice: legal, from its own view only, the same at every run."""
    seed = random.Random(f"human/{game_seed}/{turn}").getrandbits(48)
    return make_bot("heuristic", seed=seed).act(view)


def expected_game(plan: Plan) -> tuple[Game, list[Action]]:
    """The game of ``plan`` played straight through by the same choices, without the
    service: what the stored game must be, however often the driver was killed."""
    game = Game(
        Rules.from_options(plan.players, {}),
        deals=plan.deals,
        dealer=plan.seed % plan.players,
        seed=plan.seed,
    )
    actions: list[Action] = []
    while not game.over:
        deal = game.current
        seat = deal.to_act
        assert seat is not None
        seen = view(deal, seat)
        turn = len(actions)
        if plan.seats[seat] is None:
            action = human_move(seen, plan.seed, turn)
        else:
            seed = decision_seed(plan.seed, turn, seat)
            action = think(plan.level(seat), seed, SETTINGS.think_ms, seen)
        game.apply(action)
        actions.append(action)
    return game, actions


def say(line: str) -> None:
    print(line, flush=True)


class Inline(Executor):
    """Bot decisions made at once in the event loop's thread: nothing to start or kill."""

    def submit(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> Future[T]:
        future: Future[T] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except Exception as e:
            future.set_exception(e)
        return future


class Player:
    """The presenter: silent, but it plays the human seat it is told about."""

    def __init__(self) -> None:
        self.manager: TableManager | None = None
        self.changed = asyncio.Event()
        self.errors: list[str] = []
        self._tasks: set[asyncio.Task[None]] = set()

    async def table_changed(self, table: TableSnapshot) -> None:
        pass

    async def announce(self, table: TableSnapshot, event: Event) -> None:
        if isinstance(event, GameFinished | GameStopped):
            self.changed.set()

    async def tell_seat(
        self, table: TableSnapshot, seat: int, user_id: int, view: DealView
    ) -> None:
        plan = PLAN_OF[table.channel_id]
        if plan.seats[seat] is not None or table.status != "playing" or view.to_act != seat:
            return  # a host about to hand their seat to a bot plays nothing
        action = human_move(view, plan.seed, table.turn)
        # Called with the table held: the move waits for its turn like a click.
        task = asyncio.get_running_loop().create_task(
            self._act(table.channel_id, user_id, table.turn, action)
        )
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _act(self, channel: int, user_id: int, turn: int, action: Action) -> None:
        assert self.manager is not None
        try:
            await self.manager.act(channel, user_id, turn, action)
        except Refused as r:
            self.errors.append(f"table {channel}, turn {turn}: the human was refused: {r}")
            self.changed.set()


def mark_commits(storage: Storage) -> None:
    """Print a marker around every COMMIT the storage sends (see the module's doc)."""
    conn = storage.conn
    execute = conn.execute
    numbers = itertools.count(1)

    async def commit(sql: str, *args: Any) -> Any:
        number = next(numbers)
        say(f"commit {number}")
        time.sleep(COMMIT_STALL)
        cursor = await execute(sql, *args)
        say(f"committed {number}")
        return cursor

    def marked(sql: str, *args: Any, **kwargs: Any) -> Any:
        if sql.strip().upper().startswith(("COMMIT", "END")):
            return commit(sql, *args, **kwargs)
        return execute(sql, *args, **kwargs)

    setattr(conn, "execute", marked)  # noqa: B010 (a method replaced on one instance)


async def last_status(storage: Storage, channel: int) -> str | None:
    async with storage.conn.execute(
        "SELECT status FROM games WHERE channel_id = ? ORDER BY id DESC LIMIT 1", (channel,)
    ) as cur:
        row = await cur.fetchone()
    return None if row is None else str(row[0])


async def set_up(manager: TableManager, storage: Storage, plan: Plan) -> None:
    """Whatever of this table's set-up is not done yet (a kill may have cut it short)."""
    status = await last_status(storage, plan.channel)
    if status == "finished":
        return
    if status not in (None, "lobby", "playing"):
        raise RuntimeError(f"table {plan.channel}: its game is {status}")
    if status is None:
        await manager.create(
            plan.channel,
            plan.host,
            f"Host {plan.channel}",
            guild_id=plan.guild,
            players=plan.players,
            deals=plan.deals,
            seed=plan.seed,
        )
    snap = manager.table(plan.channel)
    assert snap is not None, f"table {plan.channel} was not restored"
    if snap.status == "lobby":
        for seat in range(1, plan.players):
            if snap.seats[seat] is None:
                await manager.add_bot(plan.channel, plan.host, plan.level(seat))
        await manager.start(plan.channel, plan.host)
        snap = manager.table(plan.channel)
    first = snap.seats[0] if snap is not None else None
    if plan.seats[0] is not None and first is not None and first.user_id is not None:
        await manager.replace(plan.channel, plan.host, 0, plan.seats[0])


async def play(path: Path, *, pool: bool, marks: bool) -> int:
    storage = await open_storage(path)
    if marks:
        mark_commits(storage)
    executor: Executor = bot_pool(1) if pool else Inline()
    player = Player()
    manager = TableManager(storage, player, SETTINGS, executor=executor)
    player.manager = manager
    try:
        await manager.restore()
        for plan in PLANS:
            await set_up(manager, storage, plan)
        say("ready")
        while len(manager) and not player.errors:
            await player.changed.wait()
            player.changed.clear()
        if player.errors:
            print("\n".join(player.errors), file=sys.stderr)
            return 1
        statuses = {p.channel: await last_status(storage, p.channel) for p in PLANS}
        if set(statuses.values()) != {"finished"}:
            print(f"games not finished: {statuses}", file=sys.stderr)
            return 1
        say("done")
        return 0
    finally:
        await manager.close()
        executor.shutdown(wait=True)
        await storage.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("file", type=Path, help="the SQLite file (created on the first run)")
    parser.add_argument("--pool", action="store_true", help="bots think in bot_pool(1)")
    parser.add_argument("--marks", action="store_true", help="print a marker around commits")
    args = parser.parse_args(argv)
    return asyncio.run(play(args.file, pool=args.pool, marks=args.marks))


if __name__ == "__main__":
    sys.exit(main())
