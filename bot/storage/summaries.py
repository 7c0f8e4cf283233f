"""A player's past games and a game's deals from rows, whatever the backend: the queries
differ in their SQL, not in how their rows become summaries."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from .records import DealSummary, GameSummary, SeatSummary


def game_summaries(
    ids: Sequence[int],
    games: Iterable[Any],
    seats: Iterable[Any],
    sums: Iterable[Any],
) -> list[GameSummary]:
    """The games ``ids`` in that order, from their rows (``id, guild_id, channel_id,
    status, created_at, finished_at, deals``), their seats' (``game_id, seat, player_id,
    name, kind, total, rank``; total and rank None until the game is finished) and each
    seat's sum of recorded scores (``game_id, seat, sum``), the total of a game not over."""
    by_id = {int(r[0]): r for r in games}
    so_far = {(int(g), int(s)): int(t) for g, s, t in sums}
    seated: dict[int, list[SeatSummary]] = {i: [] for i in ids}
    for game, seat, player, name, kind, total, rank in seats:
        if total is None:
            total = so_far.get((game, seat), 0)
        seated[game].append(SeatSummary(seat, player, name, kind, total, rank))
    return [
        GameSummary(
            id=i,
            guild_id=by_id[i][1],
            channel_id=by_id[i][2],
            status=by_id[i][3],
            created_at=by_id[i][4],
            finished_at=by_id[i][5],
            deals=by_id[i][6],
            seats=tuple(seated[i]),
        )
        for i in ids
    ]


def deal_summaries(rows: Iterable[Any]) -> list[DealSummary]:
    """A game's deals in order from one row per seat (``number, outcome, taker_seat,
    contract, made, score``, ordered by number then seat)."""
    deals: dict[int, tuple[Any, ...]] = {}
    scores: dict[int, list[int]] = {}
    for number, outcome, taker, contract, made, score in rows:
        deals.setdefault(number, (outcome, taker, contract, made))
        scores.setdefault(number, []).append(score)
    return [
        DealSummary(
            number=number,
            outcome=outcome,
            taker=taker,
            contract=contract,
            made=None if made is None else bool(made),
            scores=tuple(scores[number]),
        )
        for number, (outcome, taker, contract, made) in deals.items()
    ]
