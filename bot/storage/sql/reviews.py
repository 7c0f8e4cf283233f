"""The coach's reviews kept with their deals (``deal_reviews``), and what the review service
reads to decide whose review a deal may have: who held each seat of a recorded deal, and a
player's latest deal of a table game that is over.

A review is written once per deal, seat and coach version: a second save of the same key
keeps the first (two requests at once computed the same review; either will do)."""

from __future__ import annotations

import json
import time
from typing import Any

from ..records import ENDED
from .rows import Backend

_OVER = ", ".join(f"'{status}'" for status in ENDED)


class ReviewQueries(Backend):
    """Part of each backend's storage."""

    async def deal_review(
        self, game_id: int, number: int, seat: int, version: int
    ) -> dict[str, Any] | None:
        """The kept review (the coach's JSON) of ``seat`` in deal ``number``, made by coach
        ``version``; None if there is none."""
        stored = await self.committed.fetchval(
            "SELECT review FROM deal_reviews"
            " WHERE game_id = $1 AND number = $2 AND seat = $3 AND version = $4",
            game_id,
            number,
            seat,
            version,
        )
        return None if stored is None else dict(json.loads(stored))

    async def save_deal_review(
        self, game_id: int, number: int, seat: int, version: int, review: dict[str, Any]
    ) -> None:
        """Keep a review; one already kept under the same key stays as it is."""
        async with self.writes() as db:
            await db.execute(
                "INSERT INTO deal_reviews (game_id, number, seat, version, review, created_at)"
                " VALUES ($1, $2, $3, $4, $5, $6)"
                " ON CONFLICT (game_id, number, seat, version) DO NOTHING",
                game_id,
                number,
                seat,
                version,
                json.dumps(review),
                time.time(),
            )

    async def deal_player_ids(self, game_id: int, number: int) -> list[int]:
        """The player who held each seat of a recorded deal, in seat order (a human marked
        away keeps their seat: the stand-in is not stored as a player); empty if the deal
        is not recorded."""
        rows = await self.committed.fetch(
            "SELECT s.player_id FROM deal_scores s JOIN deals d ON d.id = s.deal_id"
            " WHERE d.game_id = $1 AND d.number = $2 ORDER BY s.seat",
            game_id,
            number,
        )
        return [int(r[0]) for r in rows]

    async def latest_deal(self, player_id: int) -> tuple[int, int] | None:
        """The game and number of the last deal recorded, among the table games that are
        over, where the player held a seat; None if there is none."""
        row = await self.committed.fetchrow(
            "SELECT d.game_id, d.number FROM deals d"
            " JOIN deal_scores s ON s.deal_id = d.id JOIN games g ON g.id = d.game_id"
            f" WHERE s.player_id = $1 AND g.challenge_id IS NULL AND g.status IN ({_OVER})"
            " ORDER BY d.finished_at DESC, d.id DESC LIMIT 1",
            player_id,
        )
        return None if row is None else (int(row[0]), int(row[1]))
