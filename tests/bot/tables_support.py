"""Shared helpers for the table service tests: a recording presenter, a harness around a
real SQLite file, and simulated humans that choose their moves with seeded bots."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import pytest

from bot.storage import Storage, open_storage
from bot.tables import ManualClock, Refused, TableManager, TableSettings, TableSnapshot
from bot.tables.events import Event
from tarot_core import Action, DealView, Game, view
from tarot_core.bots import make_bot
from tarot_core.serial import action_from_json

FAST = TableSettings(bot_pause=0)
"""No pause before bot moves; every other timer at its default (and a manual clock)."""

HOST = 1001
"""Discord ids of the simulated humans: the host, then the others."""
GUESTS = (1002, 1003, 1004, 1005)
GUILD = 77
CHANNEL = 500

E = TypeVar("E", bound=Event)


# ----- the presenter ------------------------------------------------------------------------


@dataclass(frozen=True)
class Presented:
    method: str
    """``table_changed``, ``announce`` or ``tell_seat``."""
    snapshot: TableSnapshot
    event: Event | None = None
    seat: int | None = None
    user_id: int | None = None
    view: DealView | None = None


class Recorder:
    """A presenter that keeps every call, and checks as it goes that public messages carry
    public views only, that each private view goes to its own seat and its own user, and
    that a seat is not told twice in a row the same thing (deal, status, hand, turn to
    act, phase, best bid or contract, seats).

    The manager swallows presenter exceptions (it logs them), so problems are collected in
    ``problems`` and checked by the harness when it closes.
    """

    def __init__(self) -> None:
        self.calls: list[Presented] = []
        self.problems: list[str] = []
        self._last_told: dict[tuple[int, int], tuple[Any, ...]] = {}

    def _public(self, method: str, snapshot: TableSnapshot) -> None:
        v = snapshot.view
        if v is not None and (v.seat is not None or v.hand != () or v.legal != ()):
            self.problems.append(f"{method}: snapshot carries a private view (seat {v.seat})")

    async def table_changed(self, table: TableSnapshot) -> None:
        self._public("table_changed", table)
        self.calls.append(Presented("table_changed", table))

    async def announce(self, table: TableSnapshot, event: Event) -> None:
        self._public("announce", table)
        self.calls.append(Presented("announce", table, event=event))

    async def tell_seat(
        self, table: TableSnapshot, seat: int, user_id: int, view: DealView
    ) -> None:
        self._public("tell_seat", table)
        if view.seat != seat:
            self.problems.append(f"tell_seat: seat {seat} was sent the view of seat {view.seat}")
        info = table.seats[seat]
        if info is None or info.user_id != user_id:
            self.problems.append(f"tell_seat: seat {seat} is not held by user {user_id}")
        own = table.turn if view.to_act == seat else None
        seats = tuple((s.user_id, s.level) if s is not None else None for s in table.seats)
        shown = (view.phase, view.ecart, view.contract, view.taker, view.called, seats)
        key = (table.deal_number, table.status, view.hand, own, shown)
        if self._last_told.get((table.channel_id, seat)) == key:
            self.problems.append(f"tell_seat: seat {seat} told the same thing twice: {key}")
        self._last_told[table.channel_id, seat] = key
        self.calls.append(Presented("tell_seat", table, seat=seat, user_id=user_id, view=view))

    # ----- reading back

    def events(self, kind: type[E] | None = None) -> list[Any]:
        found = [c.event for c in self.calls if c.method == "announce"]
        return [e for e in found if kind is None or isinstance(e, kind)]

    def announced(self, kind: type[E]) -> list[tuple[TableSnapshot, E]]:
        return [
            (c.snapshot, c.event)
            for c in self.calls
            if c.method == "announce" and isinstance(c.event, kind)
        ]

    def told(self, seat: int | None = None, channel: int | None = None) -> list[Presented]:
        return [
            c
            for c in self.calls
            if c.method == "tell_seat"
            and seat in (None, c.seat)
            and channel in (None, c.snapshot.channel_id)
        ]


# ----- a manager on a real file -------------------------------------------------------------


class SleepersClock(ManualClock):
    """A manual clock that knows which tasks sleep on it: in the table service, bots in
    their pause. ``quiet`` waits on it rather than on real time."""

    def __init__(self) -> None:
        super().__init__()
        self._sleepers: dict[asyncio.Task[Any], float] = {}

    async def sleep(self, delay: float) -> None:
        task = asyncio.current_task()
        assert task is not None
        self._sleepers[task] = self.now() + max(delay, 0.0)
        try:
            await super().sleep(delay)
        finally:
            del self._sleepers[task]

    def asleep(self) -> set[asyncio.Task[Any]]:
        """The tasks whose sleep has not run out (one that ``advance`` woke is not asleep,
        even before it resumes)."""
        return {task for task, until in self._sleepers.items() if until > self.now()}


@dataclass
class Harness:
    path: Path
    storage: Storage
    manager: TableManager
    recorder: Recorder
    clock: ManualClock
    closed: bool = field(default=False)

    async def close(self) -> None:
        """Stop the manager and close the file (what a restart does)."""
        if self.closed:
            return
        self.closed = True
        await self.manager.close()
        await self.storage.close()

    def check_presenter(self) -> None:
        assert self.recorder.problems == [], self.recorder.problems[:3]

    async def stored_actions(self, game_id: int) -> list[Action]:
        return [action_from_json(a) for a in await self.storage.actions(game_id)]

    async def count(self, sql: str, *args: Any) -> int:
        async with self.storage.conn.execute(sql, args) as cur:
            row = await cur.fetchone()
        assert row is not None
        return int(row[0])

    def snapshot(self, channel: int = CHANNEL) -> TableSnapshot:
        snap = self.manager.table(channel)
        assert snap is not None, "the table is gone"
        return snap


OpenTables = Callable[..., Awaitable[Harness]]
"""The ``open_tables`` fixture: opens a harness that is closed after the test."""


async def open_harness(
    path: Path,
    executor: Executor,
    settings: TableSettings = FAST,
    *,
    clock: ManualClock | None = None,
    seeds: Callable[[], int] | None = None,
    workers: int | None = None,
) -> Harness:
    storage = await open_storage(path)
    recorder = Recorder()
    clock = clock or SleepersClock()
    manager = TableManager(
        storage, recorder, settings, clock=clock, executor=executor, seeds=seeds, workers=workers
    )
    return Harness(path, storage, manager, recorder, clock)


async def seat_table(
    h: Harness,
    *,
    players: int,
    humans: int,
    bots: Sequence[str] = (),
    deals: int = 1,
    seed: int = 1,
    channel: int = CHANNEL,
    guild: int | None = GUILD,
    options: dict[str, Any] | None = None,
    start: bool = True,
) -> TableSnapshot:
    """Host, then the other humans, then the bots, in seat order; started and settled."""
    assert humans + len(bots) == players
    await h.manager.create(
        channel,
        HOST,
        "Host",
        guild_id=guild,
        players=players,
        deals=deals,
        seed=seed,
        options=options,
    )
    for i in range(humans - 1):
        await h.manager.join(channel, GUESTS[i], f"Guest{i + 1}")
    for level in bots:
        await h.manager.add_bot(channel, HOST, level)
    if not start:
        return h.snapshot(channel)
    await h.manager.start(channel, HOST)
    await h.manager.settle()
    snap = h.manager.table(channel)
    assert snap is not None
    return snap


def user_at(snapshot: TableSnapshot, seat: int) -> int:
    info = snapshot.seats[seat]
    assert info is not None and info.user_id is not None, f"seat {seat} is not a human"
    return info.user_id


def human_at_turn(snapshot: TableSnapshot) -> int | None:
    """The user id of the human to act, or None (a bot, or nobody)."""
    seat = snapshot.to_act
    if seat is None:
        return None
    info = snapshot.seats[seat]
    return info.user_id if info is not None else None


# ----- simulated humans ---------------------------------------------------------------------


def human_seed(base: int, turn: int, seat: int) -> int:
    return random.Random(f"human/{base}/{turn}/{seat}").getrandbits(48)


def choose(view: DealView, level: str, base: int, turn: int) -> Action:
    """A simulated human's move: a fresh seeded bot decides from the seat's own view."""
    assert view.seat is not None
    return make_bot(level, seed=human_seed(base, turn, view.seat)).act(view)


@dataclass
class Drive:
    """What a drive did: every human move, in order, as (turn, seat, action)."""

    moves: list[tuple[int, int, Action]] = field(default_factory=list)
    final: TableSnapshot | None = None
    """The last snapshot seen (the one ``act`` returned when the game ended)."""


async def drive(
    h: Harness,
    levels: dict[int, str] | str = "heuristic",
    *,
    channel: int = CHANNEL,
    base: int = 0,
    until: Callable[[TableSnapshot, int, DealView], bool] | None = None,
    moves: int | None = None,
    check_told: bool = True,
) -> Drive:
    """Play the humans' moves until the game ends, ``moves`` moves are made, or
    ``until(snapshot, user, view)`` holds for the human about to act (that move is then
    not made).

    ``levels`` maps a user id to the bot level that plays for that human (one level for
    all). With ``check_told``, each human must have been told its view for the very turn
    it acts on before it acts.
    """
    done = Drive()
    manager = h.manager
    limit = moves if moves is not None else 10_000
    while True:
        await manager.settle()
        snap = manager.table(channel)
        if snap is None or snap.status != "playing":
            return done
        done.final = snap
        user = human_at_turn(snap)
        assert user is not None, f"turn {snap.turn}: settled with a bot to act ({snap.to_act})"
        current, seat, view = manager.private_view(channel, user)
        assert current.turn == snap.turn and view.to_act == seat
        if until is not None and until(current, user, view):
            return done
        if check_told:
            told = h.recorder.told(seat, channel)
            assert told, f"seat {seat} was never told anything"
            last = told[-1]
            assert last.snapshot.turn == snap.turn and last.view == view, (
                f"seat {seat} was not told its view for turn {snap.turn}"
            )
        level = levels if isinstance(levels, str) else levels[user]
        action = choose(view, level, base, snap.turn)
        result = await manager.act(channel, user, snap.turn, action)
        assert result.turn == snap.turn + 1
        done.moves.append((snap.turn, seat, action))
        done.final = result
        if len(done.moves) >= limit:
            if moves is None:
                raise AssertionError(f"the game did not end in {limit} human moves")
            await manager.settle()
            return done


def replay_game(
    snap: TableSnapshot, seed: int, actions: Sequence[Action]
) -> tuple[Game, list[DealView]]:
    """The game again from its seed (the first dealer is the seed modulo the players) and
    its action log, with the view of the seat to act before each action."""
    game = Game(snap.rules, deals=snap.deals_target, dealer=seed % snap.players, seed=seed)
    views = []
    for action in actions:
        deal = game.current
        assert deal.to_act == action.seat
        views.append(view(deal, action.seat))
        game.apply(action)
    return game, views


# ----- refusals -----------------------------------------------------------------------------


async def state_of(h: Harness, channel: int = CHANNEL) -> dict[str, Any]:
    """Everything a refusal must leave alone."""
    snap = h.manager.table(channel)
    state: dict[str, Any] = {"calls": len(h.recorder.calls), "snapshot": snap}
    if snap is None:
        return state
    state["seated"] = await h.storage.seated(snap.game_id)
    state["actions"] = await h.storage.actions(snap.game_id)
    state["deals"] = await h.storage.deal_records(snap.game_id)
    state["game"] = await h.storage.game(snap.game_id)
    hands = {}
    if snap.status == "playing":
        for info in snap.seats:
            if info is not None and info.user_id is not None:
                hands[info.seat] = h.manager.private_view(channel, info.user_id)[2]
    state["views"] = hands
    return state


async def refused(
    h: Harness,
    code: str,
    attempt: Callable[[], Awaitable[Any]],
    *,
    says: str | Sequence[str] = (),
    channel: int = CHANNEL,
) -> Refused:
    """``attempt`` is refused with ``code`` (its message naming ``says``) and changes
    nothing: not the table, not the stored game, not what the presenter was told."""
    before = await state_of(h, channel)
    with pytest.raises(Refused) as info:
        await attempt()
    await h.manager.settle()
    error = info.value
    assert error.code == code, f"refused as {error.code!r} ({error}), not {code!r}"
    assert str(error) and error.message == str(error)
    for word in [says] if isinstance(says, str) else says:
        assert word in str(error), f"{str(error)!r} does not say {word!r}"
    assert await state_of(h, channel) == before
    return error


async def break_writes(h: Harness, table: str, when: str = "1", *, op: str = "INSERT") -> None:
    """From now on every ``op`` (INSERT or UPDATE) on ``table`` where ``when`` holds fails,
    whichever Python method of the storage makes it: a fault in the database itself."""
    async with h.storage.transaction():
        await h.storage.conn.execute(
            f"CREATE TEMP TRIGGER fault BEFORE {op} ON {table} WHEN {when}"
            " BEGIN SELECT RAISE(ABORT, 'disk I/O error (a test fault)'); END"
        )


async def mend_writes(h: Harness) -> None:
    async with h.storage.transaction():
        await h.storage.conn.execute("DROP TRIGGER temp.fault")


async def quiet(h: Harness, *, pausing: int, timeout: float = 10.0) -> None:
    """Wait until every task but this test's has ended or is one of ``pausing`` bots asleep
    on the manual clock in its pause: nothing more can happen until the clock moves, so a
    check that nothing happened then tests something (a real-time sleep only hopes so)."""
    clock = h.clock
    assert isinstance(clock, SleepersClock), "quiet needs the harness's own clock"
    me = asyncio.current_task()

    def settled() -> bool:
        others = {t for t in asyncio.all_tasks() if t is not me and not t.done()}
        return len(others) == pausing and others == clock.asleep()

    await wait_for(settled, timeout)


async def wait_for(check: Callable[[], bool], timeout: float = 10.0) -> None:
    """Let the loop (and the bot pool) run until ``check`` holds."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not check():
        if loop.time() > end:
            raise AssertionError("timed out waiting")
        await asyncio.sleep(0.005)
