"""The action log, finished deals and the end of a game, written once for both backends.

A turn is stored with the deals it finishes and the game's end in one transaction, turns
of all tables sharing commits (``turns.py``). A duplicate deal is found with ``ON CONFLICT
DO NOTHING`` rather than a failed statement, so that the caller's transaction stays usable
after the ``StorageError`` (PostgreSQL aborts a transaction on any failed statement).

A challenge's game (a member's attempt, ``challenges.py``) is stored the same way but
never counted: whether a game counts in the leaderboards is decided once, by
``_Game.counted``.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tarot_core import DealResult
from tarot_core import ranks as tarot_ranks

from ..errors import Conflict, StorageError
from ..turns import FinishedDeal, GroupCommit, Turn
from . import counting
from .rows import Backend, Rows


class DealQueries(Backend):
    """The action log and finished deals and games, part of each backend's storage."""

    _turns: GroupCommit
    """Set by the backend: ``GroupCommit(self._write_batch)``."""

    async def save_turn(
        self,
        game_id: int,
        seq: int,
        action: dict[str, Any] | None,
        deals: Sequence[FinishedDeal] = (),
        totals: Sequence[int] | None = None,
    ) -> None:
        """Store one turn atomically: the action, the deals it finished, the game's end.

        Turns of all tables share commits (``turns.py``); this returns once this turn is
        durable, or raises ``StorageError`` with nothing of it stored.
        """
        await self._turns.save(Turn(game_id, seq, action, deals, totals))

    async def _write_batch(self, batch: Sequence[Turn]) -> None:
        now = time.time()
        rows = [(t.game_id, t.seq, json.dumps(t.action), now) for t in batch if t.action]
        async with self.writes() as db:
            try:
                await db.executemany(
                    "INSERT INTO actions (game_id, seq, action, at) VALUES ($1, $2, $3, $4)", rows
                )
            except Conflict as e:
                raise StorageError("an action of this turn is already stored") from e
            for turn in batch:
                for deal in turn.deals:
                    await self.record_deal(
                        turn.game_id, deal.number, deal.record, deal.result, deal.player_ids
                    )
                if turn.totals is not None:
                    await self.finish_game(turn.game_id, turn.totals)

    async def actions(self, game_id: int) -> list[dict[str, Any]]:
        rows = await self.current().fetch(
            "SELECT action FROM actions WHERE game_id = $1 ORDER BY seq", game_id
        )
        return [json.loads(r[0]) for r in rows]

    async def record_deal(
        self,
        game_id: int,
        number: int,
        record: dict[str, Any],
        result: DealResult,
        player_ids: list[int],
    ) -> int:
        """Store a finished deal and its seat scores, once: a second time is an error.

        The deal is added to its players' leaderboard totals in the same transaction,
        unless its game is a challenge's.
        """
        async with self.writes() as db:
            game = await _game(db, game_id)
            deal_id = await db.fetchval(
                "INSERT INTO deals (game_id, number, outcome, taker_seat, contract, made,"
                " record, finished_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)"
                " ON CONFLICT (game_id, number) DO NOTHING RETURNING id",
                game_id,
                number,
                result.outcome,
                result.taker,
                result.contract.text if result.contract is not None else None,
                None if result.made is None else int(result.made),
                json.dumps(record),
                time.time(),
            )
            if deal_id is None:
                raise StorageError(f"deal {number} of game {game_id} is already recorded")
            await db.executemany(
                "INSERT INTO deal_scores (deal_id, seat, player_id, score, took)"
                " VALUES ($1, $2, $3, $4, $5)",
                [
                    (deal_id, seat, player_ids[seat], score, int(seat == result.taker))
                    for seat, score in enumerate(result.scores)
                ],
            )
            if game.counted:
                await counting.count_deal(db, game.guild_id, result, player_ids)
        return int(deal_id)

    async def finish_game(self, game_id: int, totals: Sequence[int]) -> None:
        """End a game in play with its final totals (per seat, in seat order).

        In one transaction: the status, the standings (equal totals share a rank), one more
        game for each distinct seated player and the new ratings, globally and in the guild.
        The game's row is locked first (``LOCK_ROW``), so a second process ending it too
        finds it finished. A game stopped early never comes here: its deals count, it is
        not rated. A challenge's game only ends: it is 'finished', and so is its attempt.
        """
        async with self.writes() as db:
            game = await _game(db, game_id, self.LOCK_ROW)
            if game.status != "playing":
                raise StorageError(f"game {game_id} is {game.status}, not playing")
            seated = await db.fetch(
                "SELECT seat, player_id FROM seats WHERE game_id = $1 ORDER BY seat", game_id
            )
            if [s for s, _ in seated] != list(range(len(totals))):
                raise StorageError(
                    f"game {game_id}: {len(totals)} totals for seats {[s for s, _ in seated]}"
                )
            now = time.time()
            if not game.counted:
                await db.execute(
                    "UPDATE challenge_attempts SET finished_at = $1 WHERE game_id = $2",
                    now,
                    game_id,
                )
                await _finished(db, game_id, now)
                return
            player_ids = [int(p) for _, p in seated]
            ranks = tarot_ranks(totals)
            await db.executemany(
                "INSERT INTO game_results (game_id, seat, player_id, total, rank)"
                " VALUES ($1, $2, $3, $4, $5)",
                [
                    (game_id, seat, player_ids[seat], total, ranks[seat])
                    for seat, total in enumerate(totals)
                ],
            )
            await _finished(db, game_id, now)
            await counting.count_game(db, game.guild_id, player_ids, totals, self.LOCK_ROW)

    async def deal_records(self, game_id: int) -> list[dict[str, Any]]:
        rows = await self.current().fetch(
            "SELECT record FROM deals WHERE game_id = $1 ORDER BY number", game_id
        )
        return [json.loads(r[0]) for r in rows]

    async def recorded_deals(self, game_id: int) -> int:
        """How many of the game's deals are recorded (without reading their records)."""
        counted = await self.current().fetchval(
            "SELECT COUNT(*) FROM deals WHERE game_id = $1", game_id
        )
        return int(counted)


@dataclass(frozen=True)
class _Game:
    """What storing a game's deals and its end needs to know of it."""

    guild_id: int | None
    status: str
    challenge_id: int | None

    @property
    def counted(self) -> bool:
        """Whether its deals and its end count in the leaderboards and ratings: a
        challenge's game, one member against computer players on chosen deals, never does."""
        return self.challenge_id is None


async def _game(db: Rows, game_id: int, lock_row: str = "") -> _Game:
    row = await db.fetchrow(
        f"SELECT guild_id, status, challenge_id FROM games WHERE id = $1{lock_row}", game_id
    )
    if row is None:
        raise StorageError(f"game {game_id} does not exist")
    guild_id, status, challenge_id = row
    return _Game(
        None if guild_id is None else int(guild_id),
        str(status),
        None if challenge_id is None else int(challenge_id),
    )


async def _finished(db: Rows, game_id: int, now: float) -> None:
    await db.execute(
        "UPDATE games SET status = 'finished', finished_at = $1 WHERE id = $2", now, game_id
    )
