"""A player's review of their own decisions in one recorded deal: who may have it, the one
kept with the deal, and the work in the worker processes when there is none.

Only a recorded deal of a table game that is over is reviewed (a challenge's deals stay
unseen by the members still to play them, a game in play is still being played), and only
for a human who held a seat in it: their own seat's decisions, nobody else's. A review is
kept with its deal (``deal_reviews``, under the coach's ``VERSION``), so a second request
costs no worker anything.

The workers are the tables' too: a review weighs its decisions one at a time (it never
holds more than one worker), and no more than ``limit`` reviews are computed at once; one
more is refused at once (``busy``) rather than queued behind them, slowing every table.
Two requests for the same review at once share one computation.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor
from typing import Any, Protocol

from tarot_core.coach import SAMPLES, VERSION, DealReview, DecisionReview, assemble

from ..storage import DealRecords, Games, Players, Reviews
from ..storage.records import ENDED
from . import jobs

log = logging.getLogger(__name__)

CODES = ("not_found", "in_play", "challenge", "not_seated", "busy", "no_deal")
"""Why a review is refused; each is the catalog key ``review.<code>``."""

Progress = Callable[[int, int], Awaitable[None]]
"""Told ``(done, total)`` after each decision weighed."""


class ReviewStorage(Players, Games, DealRecords, Reviews, Protocol):
    """What the review service reads and writes."""


class ReviewRefused(Exception):
    """A review not given, and why: ``code`` is one of ``CODES``; ``params`` fill its text
    (``not_found``: the game ``id`` and deal ``n``). Nothing was computed or stored."""

    def __init__(self, code: str, message: str, **params: object) -> None:
        assert code in CODES, code
        super().__init__(message)
        self.code = code
        self.params = params


Key = tuple[int, int, int]
"""A review's game, deal number and seat."""


class _Running:
    """A review being computed, and who waits on its progress."""

    def __init__(self) -> None:
        self.listeners: list[Progress] = []
        self.task: asyncio.Task[DealReview] | None = None


class ReviewService:
    """Reviews for the players who ask (``review``), computed in ``pool``."""

    def __init__(
        self,
        storage: ReviewStorage,
        pool: Executor,
        *,
        limit: int = 2,
        samples: int = SAMPLES,
    ) -> None:
        if limit < 1:
            raise ValueError(f"limit must be at least 1, not {limit}")
        self.storage = storage
        self.pool = pool
        self.limit = limit
        self.samples = samples
        self._running: dict[Key, _Running] = {}

    @property
    def running(self) -> int:
        """Reviews being computed now."""
        return len(self._running)

    async def latest(self, user_id: int) -> tuple[int, int]:
        """The game and number of the user's latest deal that may be reviewed.

        :raises ReviewRefused: ``no_deal``, when they sat in no table game that is over."""
        player = await self.storage.find_player("user", str(user_id))
        found = None if player is None else await self.storage.latest_deal(player.id)
        if found is None:
            raise ReviewRefused("no_deal", "you have no finished deal to review")
        return found

    async def seat_of(self, game_id: int, number: int, user_id: int) -> tuple[int, dict[str, Any]]:
        """The user's seat in deal ``number`` of game ``game_id``, and the deal's record.

        :raises ReviewRefused: ``not_found`` (no such game or deal), ``challenge`` (a
            challenge's game), ``in_play`` (the game is not over), ``not_seated``."""
        game = await self.storage.game(game_id)
        if game is None:
            raise ReviewRefused("not_found", "there is no such deal", id=game_id, n=number)
        if game.challenge_id is not None:
            raise ReviewRefused("challenge", "a challenge's deals are reviewed with its results")
        if game.status not in ENDED:
            raise ReviewRefused("in_play", "this game is still being played")
        record = await self.storage.deal_record(game_id, number)
        if record is None:
            raise ReviewRefused("not_found", "there is no such deal", id=game_id, n=number)
        player = await self.storage.find_player("user", str(user_id))
        holders = await self.storage.deal_player_ids(game_id, number)
        if player is None or player.id not in holders:
            raise ReviewRefused("not_seated", "you held no seat in this deal")
        return holders.index(player.id), record

    async def review(
        self, game_id: int, number: int, user_id: int, progress: Progress | None = None
    ) -> DealReview:
        """The user's review of their own decisions in deal ``number`` (from 1) of game
        ``game_id``: the one kept, at once, else computed (``progress`` awaited after each
        decision), kept and returned.

        :raises ReviewRefused: see ``seat_of``; ``busy`` when ``limit`` reviews are being
            computed already."""
        seat, record = await self.seat_of(game_id, number, user_id)
        kept = await self.storage.deal_review(game_id, number, seat, VERSION)
        if kept is not None:
            return DealReview.from_json(kept)
        key = (game_id, number, seat)
        running = self._running.get(key)
        if running is None:
            if len(self._running) >= self.limit:
                raise ReviewRefused("busy", "too many reviews are under way; try again soon")
            running = self._running[key] = _Running()
            running.task = asyncio.get_running_loop().create_task(
                self._compute(key, record, running)
            )
            running.task.add_done_callback(_seen)
        if progress is not None:
            running.listeners.append(progress)
        assert running.task is not None
        try:
            return await asyncio.shield(running.task)
        finally:
            if progress is not None and progress in running.listeners:
                running.listeners.remove(progress)

    async def _compute(self, key: Key, record: dict[str, Any], running: _Running) -> DealReview:
        game_id, number, seat = key
        started = time.perf_counter()
        try:
            loop = asyncio.get_running_loop()
            total = await loop.run_in_executor(self.pool, jobs.count, record, seat)
            reviewed: list[DecisionReview] = []
            for decision in range(total):
                weighed = await loop.run_in_executor(
                    self.pool, jobs.review_decision, record, seat, decision, self.samples
                )
                reviewed.append(DecisionReview.from_json(weighed))
                await _tell(running.listeners, decision + 1, total)
            review = assemble(seat, int(record["players"]), reviewed)
            await self.storage.save_deal_review(game_id, number, seat, VERSION, review.to_json())
        finally:
            del self._running[key]
        log.info(
            "game %d deal %d seat %d reviewed: %d decisions in %.1f s",
            game_id,
            number,
            seat,
            total,
            time.perf_counter() - started,
        )
        return review


def _seen(task: asyncio.Task[DealReview]) -> None:
    """A review's failure is its waiters' to answer; if they all went away (their
    interactions expired), it is only logged here, not left for asyncio to complain of."""
    if not task.cancelled() and task.exception() is not None:
        log.warning("a review failed (%s)", type(task.exception()).__name__)


async def _tell(listeners: list[Progress], done: int, total: int) -> None:
    """Each listener told, one failing telling nothing to the others nor to the review."""
    for listener in list(listeners):
        try:
            await listener(done, total)
        except Exception as e:
            log.warning("a review's progress could not be shown (%s)", type(e).__name__)
