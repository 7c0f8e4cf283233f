"""Bot moves: a bot seat's, or a stand-in's for an away human, from pause to shown change.

A move is started once per turn (``Table.bot_turn``), waits the bot pause (not between
two steps of one seat's turn: its slam after its écart, its card after its poignée) and a slot
(at most ``bot_concurrency`` moves at once across all tables), thinks in a worker
process from its seat's view alone, then applies its choice under the table's lock if
the table has not moved on. Under load the expert's budget shrinks rather than making
tables queue for the workers (``bot_budget``). A worker that fails, hangs or answers
something illegal costs the seat its first legal action, never the table; a move that
cannot be stored is tried again a little later.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor

from tarot_core import DealView, view

from . import applying, arguments
from .bot_budget import WHOLE, BudgetTally
from .context import TableContext
from .errors import RefusalCode, Refused
from .events import Event
from .snapshot import TableSnapshot
from .table import Table
from .thinking import bot_pool, default_workers, think_in_time, workers_of

log = logging.getLogger(__name__)

AfterChange = Callable[[Table, list[Event]], Awaitable[TableSnapshot]]
"""What follows every change (``Turns.after_change``): a bot's move is shown and followed
like any other."""

RETRY_AFTER = 1.0
"""Seconds before a bot move that could not be stored is tried again."""
LOAD_LOG_EVERY = 60.0
"""Seconds between two log lines saying that bots thought for less than their budget."""


class BotMoves:
    def __init__(
        self,
        ctx: TableContext,
        executor: Executor | None,
        after_change: AfterChange,
        workers: int | None = None,
    ) -> None:
        """``workers``: the processes of ``executor`` that decisions share (by default
        what a ``BotPool`` says, else ``default_workers()``)."""
        self.ctx = ctx
        self.after_change = after_change
        self._executor = executor
        self._own_executor = executor is None
        self._slots = asyncio.Semaphore(ctx.settings.bot_concurrency)
        self.workers = workers or (
            workers_of(executor) if executor is not None else default_workers()
        )
        self.demand = 0
        """Decisions waiting (for a slot or a worker) or running, from the end of the
        bot pause to the choice made."""
        self.tally = BudgetTally()
        self._logged = self.tally.counts()
        """The tally's counts at the last log line (or the start)."""
        self._logged_at = time.monotonic()
        self._window_peak = 0

    def start(
        self, table: Table, turn: int, level: str, *, stand_in: bool, pause: bool = True
    ) -> None:
        """A bot of ``level`` plays the seat to act at ``turn`` (once, however often asked),
        after the bot pause unless ``pause`` is false; a ``stand_in`` gives way if its human
        comes back first."""
        if table.bot_turn == turn:
            return
        table.bot_turn = turn
        self.ctx.spawn(self._play(table, turn, level, stand_in, pause))

    def shutdown(self) -> None:
        """End the worker processes, if this service started them."""
        if self._own_executor and self._executor is not None:
            self._executor.shutdown(wait=True, cancel_futures=True)
            self._executor = None

    @staticmethod
    def _current(table: Table, turn: int) -> bool:
        return table.playing_at(turn) and table.bot_turn == turn

    async def _play(self, table: Table, turn: int, level: str, stand_in: bool, pause: bool) -> None:
        if pause:
            await self.ctx.clock.sleep(self.ctx.settings.bot_pause)
        ready_at = time.monotonic()
        self.demand += 1
        self.tally.peak_demand = max(self.tally.peak_demand, self.demand)
        self._window_peak = max(self._window_peak, self.demand)
        deciding = True

        def decided() -> None:
            nonlocal deciding
            if deciding:
                deciding = False
                self.demand -= 1

        try:
            async with self._slots:
                await self._decide(table, turn, level, stand_in, ready_at, decided)
        finally:
            decided()

    async def _decide(
        self,
        table: Table,
        turn: int,
        level: str,
        stand_in: bool,
        ready_at: float,
        decided: Callable[[], None],
    ) -> None:
        if not self._current(table, turn):
            return
        deal = table.deal
        assert deal is not None and deal.to_act is not None
        seat = deal.to_act
        seen = view(deal, seat)
        choice = await self._choice(table, turn, level, seen, ready_at)
        decided()
        async with table.lock:
            if not self._current(table, turn):
                return
            holder = table.seats[seat]
            if stand_in and (holder is None or not holder.away):
                return
            try:
                events = await self._apply(table, turn, level, choice, seen)
            except Refused:  # not stored: try the move again a little later
                table.bot_turn = None
                self.ctx.clock.call_later(
                    RETRY_AFTER, lambda: self._retry(table, turn, level, stand_in)
                )
                return
            self.tally.moved(time.monotonic() - ready_at)
            await self.after_change(table, events)

    async def _choice(
        self, table: Table, turn: int, level: str, seen: DealView, ready_at: float
    ) -> object:
        """What the bot decides in a worker, within the budget the demand leaves it
        (``think_in_time``); its seat's first legal action when the worker fails, or gives
        no answer within ``bot_wait`` (a bot that hangs must not hold the table forever;
        the worker itself cannot be stopped, only no longer waited for)."""
        assert seen.seat is not None
        settings = self.ctx.settings
        seed = table.decision_seed(turn, seen)
        loop = asyncio.get_running_loop()
        try:
            answer = loop.run_in_executor(
                self.pool(),
                think_in_time,
                level,
                seed,
                settings.think_ms,
                self.workers,
                self.demand,
                ready_at if settings.shrink_budget else None,
                seen,
            )
        except Exception:
            log.exception("game %s: bot %s failed at turn %s", table.game_id, level, turn)
            return seen.legal[0]
        expired: asyncio.Future[None] = loop.create_future()

        def expire() -> None:
            if not expired.done():
                expired.set_result(None)

        timer = self.ctx.clock.call_later(settings.bot_wait, expire)
        try:
            await asyncio.wait((answer, expired), return_when=asyncio.FIRST_COMPLETED)
        except BaseException:  # the move itself was cancelled: the answer is not wanted
            answer.cancel()
            raise
        finally:
            timer.cancel()
        if answer.cancelled():  # the pool was shut down under it, as when closing
            raise asyncio.CancelledError
        if not answer.done():
            answer.cancel()
            log.error(
                "game %s: bot %s gave no answer within %g s at turn %s; it plays the first"
                " legal action",
                table.game_id,
                level,
                settings.bot_wait,
                turn,
            )
            return seen.legal[0]
        error = answer.exception()
        if error is not None:
            # By its type only: a bot's message may name a card of its hidden hand.
            log.error(
                "game %s: bot %s failed at turn %s (%s); it plays the first legal action",
                table.game_id,
                level,
                turn,
                type(error).__name__,
            )
            return seen.legal[0]
        choice, given = answer.result()
        if given is not None:
            self._given(given)
        return choice

    def _given(self, given_ms: int) -> None:
        """Count a budget given, and say once a while in the log when bots thought for
        less than theirs (an operator's sign that the workers are too few for the tables;
        ``docs/operations.md``)."""
        think_ms = self.ctx.settings.think_ms
        self.tally.given(think_ms, given_ms)
        now = time.monotonic()
        if now - self._logged_at < LOAD_LOG_EVERY:
            return
        counts = self.tally.counts()
        timed, shrunk, fallen, given, asked = (
            now - before for now, before in zip(counts, self._logged, strict=True)
        )
        if shrunk or fallen:
            log.info(
                "bots under load: of %d expert decisions in the last %.0f s, %d thought for"
                " under %.0f%% of their %d ms and %d fell to the heuristic (%.0f%% of the"
                " budget kept);"
                " at most %d decisions at once, bot processes: %d",
                timed,
                now - self._logged_at,
                shrunk,
                100 * WHOLE,
                think_ms,
                fallen,
                100 * given / asked,
                self._window_peak,
                self.workers,
            )
        self._logged = counts
        self._logged_at = now
        self._window_peak = self.demand

    async def _apply(
        self, table: Table, turn: int, level: str, choice: object, seen: DealView
    ) -> list[Event]:
        """The bot's choice, or its seat's first legal action if the choice is malformed or
        illegal; logged by kind and turn only, since the choice names a card of a hidden
        hand."""
        storage = self.ctx.storage
        if arguments.is_action(choice):
            try:
                return await applying.apply(storage, table, choice)
            except Refused as r:
                if r.code != RefusalCode.ILLEGAL:
                    raise
        log.error(
            "game %s: bot %s chose an illegal action at turn %s; it plays the first legal one",
            table.game_id,
            level,
            turn,
        )
        return await applying.apply(storage, table, seen.legal[0])

    def _retry(self, table: Table, turn: int, level: str, stand_in: bool) -> None:
        if table.playing_at(turn):
            self.start(table, turn, level, stand_in=stand_in)

    def pool(self) -> Executor:
        if self._executor is None:
            self._executor = bot_pool()
        return self._executor
