"""One table in memory: its seats, its game (rebuilt from seed and actions), its lock."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Hashable
from dataclasses import dataclass, field

from tarot_core import (
    Deal,
    DealView,
    Discard,
    DuplicateGame,
    Ecart,
    Game,
    Misere,
    Poignee,
    Rules,
    action_from_json,
    opponent_seed,
    view,
)

from .clock import Timer
from .snapshot import SeatInfo, TableSnapshot
from .status import TableStatus
from .thinking import decision_seed

TURN_STEPS = (Discard, Ecart, Poignee, Misere)
"""Actions after which the same seat may act again within one turn; after a bid, a call,
a slam declaration or a card the next move is a new turn."""

BOT_NAMES = {"random": "Random bot", "heuristic": "Heuristic bot", "expert": "Expert bot"}


@dataclass
class Seat:
    player_id: int
    name: str
    user_id: int | None
    level: str | None
    away: bool = False

    def info(self, seat: int) -> SeatInfo:
        return SeatInfo(seat, self.player_id, self.name, self.user_id, self.level, self.away)


@dataclass(eq=False)
class Table:
    game_id: int
    channel_id: int
    guild_id: int | None
    host_id: int
    rules: Rules
    deals_target: int
    seed: int
    seats: list[Seat | None]
    status: TableStatus = TableStatus.LOBBY
    game: Game | None = None
    log: list[str] = field(default_factory=list)
    """The actions so far in their stored JSON form: strings cost the garbage collector
    nothing to walk, where a thousand tables' action objects made its full passes long."""
    recorded: int = 0
    """Finished deals already stored."""
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    timers: list[Timer] = field(default_factory=list)
    """The turn's timers: the reminder and the stand-in of the human to act."""
    idle_timer: Timer | None = None
    """The lobby's expiry, or the game's when no human acts."""
    bot_turn: int | None = None
    """The turn a bot move is under way for, so that it is started once."""
    turn_since: float | None = None
    deadline: float | None = None
    turn_timers: tuple[float, float] | None = None
    """This table's (reminder, stand-in) delays, chosen by its server; None: the process's
    ``TableSettings``. Stored with the game: a restart and Play again keep them."""
    told: dict[int, Hashable] = field(default_factory=dict)
    """What each human seat's DM last showed, in short (``showing``), to tell changes."""
    challenge_id: int | None = None
    """The challenge this game is one member's attempt at: its deals are the challenge's
    (``DuplicateGame``), its computer players seeded by what they see, and nobody times
    out, stops or replaces anyone."""

    def cancel_turn_timers(self) -> None:
        for timer in self.timers:
            timer.cancel()
        self.timers = []

    def cancel_idle(self) -> None:
        if self.idle_timer is not None:
            self.idle_timer.cancel()
            self.idle_timer = None

    @property
    def turn(self) -> int:
        return len(self.log)

    @property
    def players(self) -> int:
        return self.rules.players

    def playing_at(self, turn: int) -> bool:
        """Whether the game is in play and still at ``turn`` (a timer or a bot move set for
        it is still current)."""
        return self.status == TableStatus.PLAYING and self.turn == turn

    def new_game(self) -> Game:
        """The game this table's seed deals: the first dealer follows from the seed too; an
        attempt's deals are its challenge's."""
        if self.challenge_id is not None:
            return DuplicateGame(self.rules, deals=self.deals_target, seed=self.seed)
        return Game(
            self.rules, deals=self.deals_target, dealer=self.seed % self.players, seed=self.seed
        )

    def rebuild(self) -> None:
        """The game again from the seed and the log (after a write that failed)."""
        game = self.new_game()
        for text in self.log:
            game.apply(action_from_json(json.loads(text)))
        self.game = game

    def continuing(self, seat: int) -> bool:
        """Whether ``seat``'s next move is the next step of its turn (its slam after its
        écart, its card after its poignée), not a new turn: read from the last action
        logged, so that a restart keeps it too. (None of ``TURN_STEPS`` ends a deal.)"""
        if not self.log:
            return False
        last = action_from_json(json.loads(self.log[-1]))
        return isinstance(last, TURN_STEPS) and last.seat == seat

    def decision_seed(self, turn: int, seen: DealView) -> int:
        """A computer player's seed for its decision at ``turn`` from ``seen``: from the
        game's seed and the turn, so a game replays identically; in an attempt, from the
        challenge's seed, the deal and what the seat sees, so every member who made the same
        moves meets the same replies."""
        assert seen.seat is not None and self.game is not None
        if self.challenge_id is not None:
            return opponent_seed(self.seed, len(self.game.deals) - 1, seen)
        return decision_seed(self.seed, turn, seen.seat)

    def seat_of(self, user_id: int) -> int | None:
        for i, seat in enumerate(self.seats):
            if seat is not None and seat.user_id == user_id:
                return i
        return None

    def humans(self) -> list[tuple[int, Seat]]:
        return [(i, s) for i, s in enumerate(self.seats) if s is not None and s.user_id is not None]

    @property
    def deal(self) -> Deal | None:
        return self.game.current if self.game is not None else None

    def unrecorded(self) -> list[tuple[int, Deal]]:
        """Finished deals not yet stored, numbered from 1."""
        if self.game is None:
            return []
        return [
            (i + 1, d)
            for i, d in enumerate(self.game.deals)
            if i >= self.recorded and d.result is not None
        ]

    def public_view(self) -> DealView | None:
        deal = self.deal
        return view(deal) if deal is not None else None

    def snapshot(self) -> TableSnapshot:
        game = self.game
        return TableSnapshot(
            channel_id=self.channel_id,
            guild_id=self.guild_id,
            game_id=self.game_id,
            status=self.status,
            host_id=self.host_id,
            rules=self.rules,
            deals_target=self.deals_target,
            seats=tuple(s.info(i) if s is not None else None for i, s in enumerate(self.seats)),
            turn=self.turn,
            deal_number=len(game.deals) if game is not None else 0,
            deals_played=game.played if game is not None else 0,
            totals=tuple(game.totals) if game is not None else (0,) * self.players,
            view=self.public_view(),
            turn_since=self.turn_since,
            deadline=self.deadline,
            challenge_id=self.challenge_id,
        )
