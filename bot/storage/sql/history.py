"""A player's past games and a game's deals, for history commands and record export, on
committed data only.

Table games only (``games.challenge_id IS NULL``): what is read here is shown to anyone who
asks for a player's history, and a challenge's deals must stay unseen by the members still
to play them. A member reviews their own attempt through the challenges' queries, which
the challenges' service checks first (``bot/challenges``)."""

from __future__ import annotations

import json
from typing import Any

from ..records import DealSummary, GameSummary
from ..summaries import deal_summaries, game_summaries
from .rows import Backend


class HistoryQueries(Backend):
    """The read side of past games, part of each backend's storage."""

    async def recent_games(self, player_id: int, limit: int = 10) -> list[GameSummary]:
        """The table games where the player holds a seat, newest first, whatever their
        status (a challenge's attempt is not one)."""
        found = await self.committed.fetch(
            "SELECT DISTINCT s.game_id FROM seats s JOIN games g ON g.id = s.game_id"
            " WHERE s.player_id = $1 AND g.challenge_id IS NULL"
            " ORDER BY s.game_id DESC LIMIT $2",
            player_id,
            limit,
        )
        ids = [int(r[0]) for r in found]
        if not ids:
            return []
        marks = ", ".join(f"${n}" for n in range(1, len(ids) + 1))
        async with self.snapshot() as db:  # the three reads agree with each other
            game_rows = await db.fetch(
                "SELECT id, guild_id, channel_id, status, created_at, finished_at,"
                " (SELECT COUNT(*) FROM deals d WHERE d.game_id = g.id) FROM games g"
                f" WHERE id IN ({marks})",
                *ids,
            )
            seat_rows = await db.fetch(
                "SELECT s.game_id, s.seat, s.player_id, p.name, p.kind, r.total, r.rank"
                " FROM seats s JOIN players p ON p.id = s.player_id"
                " LEFT JOIN game_results r ON r.game_id = s.game_id AND r.seat = s.seat"
                f" WHERE s.game_id IN ({marks}) ORDER BY s.game_id, s.seat",
                *ids,
            )
            sums = await db.fetch(
                "SELECT d.game_id, s.seat, SUM(s.score) FROM deals d"
                " JOIN deal_scores s ON s.deal_id = d.id"
                f" WHERE d.game_id IN ({marks}) GROUP BY d.game_id, s.seat",
                *ids,
            )
        return game_summaries(ids, game_rows, seat_rows, sums)

    async def game_deals(self, game_id: int) -> list[DealSummary]:
        """A table game's recorded deals in order, redeals included (none for a challenge's
        attempt)."""
        rows = await self.committed.fetch(
            "SELECT d.number, d.outcome, d.taker_seat, d.contract, d.made, s.score"
            " FROM deals d JOIN deal_scores s ON s.deal_id = d.id"
            " JOIN games g ON g.id = d.game_id"
            " WHERE d.game_id = $1 AND g.challenge_id IS NULL ORDER BY d.number, s.seat",
            game_id,
        )
        return deal_summaries(rows)

    async def seat_names(self, game_id: int) -> list[str]:
        """Each seat's player name, in seat order, for a deal's picture."""
        rows = await self.committed.fetch(
            "SELECT p.name FROM seats s JOIN players p ON p.id = s.player_id"
            " WHERE s.game_id = $1 ORDER BY s.seat",
            game_id,
        )
        return [str(r[0]) for r in rows]

    async def deal_record(self, game_id: int, number: int) -> dict[str, Any] | None:
        """The stored ``tarot-deal/1`` record of one deal of a table game, for export; None
        if unknown, or a challenge's (``attempt_record`` reads those)."""
        record = await self.committed.fetchval(
            "SELECT d.record FROM deals d JOIN games g ON g.id = d.game_id"
            " WHERE d.game_id = $1 AND d.number = $2 AND g.challenge_id IS NULL",
            game_id,
            number,
        )
        return None if record is None else dict(json.loads(record))
