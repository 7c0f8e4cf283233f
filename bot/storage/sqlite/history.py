"""A player's past games and a game's deals, for history commands and record export
(SQLite)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import aiosqlite

from ..records import DealSummary, GameSummary
from ..summaries import deal_summaries, game_summaries


def _marks(values: Sequence[Any]) -> str:
    return ", ".join("?" * len(values))


class HistoryQueries:
    """The read side of past games, mixed into ``Storage``."""

    reader: aiosqlite.Connection

    async def recent_games(self, player_id: int, limit: int = 10) -> list[GameSummary]:
        """The games where the player holds a seat, newest first, whatever their status."""
        async with self.reader.execute(
            "SELECT DISTINCT game_id FROM seats WHERE player_id = ? ORDER BY game_id DESC LIMIT ?",
            (player_id, limit),
        ) as cur:
            ids = [int(r[0]) for r in await cur.fetchall()]
        if not ids:
            return []
        marks = _marks(ids)
        async with self.reader.execute(
            "SELECT id, guild_id, channel_id, status, created_at, finished_at,"
            " (SELECT COUNT(*) FROM deals d WHERE d.game_id = g.id) FROM games g"
            f" WHERE id IN ({marks})",
            ids,
        ) as cur:
            games = await cur.fetchall()
        async with self.reader.execute(
            "SELECT s.game_id, s.seat, s.player_id, p.name, p.kind, r.total, r.rank"
            " FROM seats s JOIN players p ON p.id = s.player_id"
            " LEFT JOIN game_results r ON r.game_id = s.game_id AND r.seat = s.seat"
            f" WHERE s.game_id IN ({marks}) ORDER BY s.game_id, s.seat",
            ids,
        ) as cur:
            seat_rows = await cur.fetchall()
        async with self.reader.execute(
            "SELECT d.game_id, s.seat, SUM(s.score) FROM deals d"
            " JOIN deal_scores s ON s.deal_id = d.id"
            f" WHERE d.game_id IN ({marks}) GROUP BY d.game_id, s.seat",
            ids,
        ) as cur:
            sums = await cur.fetchall()
        return game_summaries(ids, games, seat_rows, sums)

    async def game_deals(self, game_id: int) -> list[DealSummary]:
        """The game's recorded deals in order, redeals included."""
        async with self.reader.execute(
            "SELECT d.number, d.outcome, d.taker_seat, d.contract, d.made, s.score"
            " FROM deals d JOIN deal_scores s ON s.deal_id = d.id"
            " WHERE d.game_id = ? ORDER BY d.number, s.seat",
            (game_id,),
        ) as cur:
            return deal_summaries(await cur.fetchall())

    async def seat_names(self, game_id: int) -> list[str]:
        """Each seat's player name, in seat order, for a deal's picture."""
        async with self.reader.execute(
            "SELECT p.name FROM seats s JOIN players p ON p.id = s.player_id"
            " WHERE s.game_id = ? ORDER BY s.seat",
            (game_id,),
        ) as cur:
            return [str(r[0]) for r in await cur.fetchall()]

    async def deal_record(self, game_id: int, number: int) -> dict[str, Any] | None:
        """The stored ``tarot-deal/1`` record of one deal, for export; None if unknown."""
        async with self.reader.execute(
            "SELECT record FROM deals WHERE game_id = ? AND number = ?", (game_id, number)
        ) as cur:
            row = await cur.fetchone()
        return None if row is None else dict(json.loads(row[0]))
