"""Turns of many tables, committed together.

A turn (one action, with the deals it finishes and the game's end if it ends it) must be
stored atomically before the table shows it. Committing each turn alone costs a few
round trips to the database thread, and with one connection for every table those commits
queue up behind each other: a human's click would wait for every bot move ahead of it.
So turns that arrive while a commit is under way wait for the next one, and go in
together: one transaction for all of them, each still all-or-nothing. If the shared
transaction fails, each turn is tried again alone, so one bad turn sinks only itself.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from tarot_core import DealResult

from .errors import StorageError

MAX_BATCH = 500


@dataclass(frozen=True)
class FinishedDeal:
    number: int
    record: dict[str, Any]
    result: DealResult
    player_ids: list[int]


@dataclass
class Turn:
    game_id: int
    seq: int
    action: dict[str, Any] | None
    """None for a turn that only records deals (a petit sec dealt at the start)."""
    deals: Sequence[FinishedDeal] = ()
    totals: Sequence[int] | None = None
    """The final totals when this turn ends the game."""
    done: asyncio.Future[None] = field(
        default_factory=lambda: asyncio.get_running_loop().create_future()
    )


class GroupCommit:
    """The turns waiting for a commit, and the one task writing them: a backend gives
    ``write(batch)``, which stores a batch of turns in one transaction of its own."""

    def __init__(self, write: Callable[[Sequence[Turn]], Awaitable[None]]) -> None:
        self._write = write
        self._turns: list[Turn] = []
        self._writer: asyncio.Task[None] | None = None

    async def save(self, turn: Turn) -> None:
        """Returns once ``turn`` is durable, or raises ``StorageError`` with nothing of it
        stored."""
        self._turns.append(turn)
        if self._writer is None or self._writer.done():
            self._writer = asyncio.get_running_loop().create_task(self._write_waiting())
        await asyncio.shield(turn.done)

    async def drain(self) -> None:
        """Wait for every turn handed over so far to be written (or refused)."""
        if self._writer is not None:
            await self._writer

    async def _write_waiting(self) -> None:
        while self._turns:
            batch, self._turns = self._turns[:MAX_BATCH], self._turns[MAX_BATCH:]
            try:
                await self._write(batch)
            except Exception:
                for turn in batch:  # one by one, so that one bad turn sinks only itself
                    try:
                        await self._write([turn])
                    except Exception as e:
                        turn.done.set_exception(_refusal(e))
                    else:
                        turn.done.set_result(None)
            else:
                for turn in batch:
                    turn.done.set_result(None)


def _refusal(error: Exception) -> StorageError:
    """``error`` as the ``StorageError`` a turn is refused with; another error by its type
    only: a driver's text may quote what was written (asyncpg's DataError quotes the
    argument it could not encode, and a turn's arguments hold an écart, a deal's hands)."""
    if isinstance(error, StorageError):
        return error
    return StorageError(f"the turn could not be stored ({type(error).__name__})")
