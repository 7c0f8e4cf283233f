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
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from tarot_core import DealResult

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
