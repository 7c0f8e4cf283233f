"""What storage gives back, whatever the backend: players, games and seats as stored,
a player's past games, leaderboard lines."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

ENDED = ("finished", "stopped", "cancelled")
"""The statuses of a game that is over: it gets its ``finished_at``."""
GAME_COLUMNS = (
    "id, guild_id, channel_id, players, rules, deals_target, seed, status, host_id, turn_timers"
)
"""What ``stored_game`` reads a game from, in this order."""


@dataclass(frozen=True)
class StoredGame:
    id: int
    guild_id: int | None
    channel_id: int
    players: int
    rules: dict[str, Any]
    deals_target: int
    seed: int
    status: str
    host_id: int | None
    turn_timers: tuple[float, float] | None = None
    """The table's own (reminder, stand-in) delays; None: the process's."""
    challenge_id: int | None = None
    """The challenge this game is an attempt at; None for a table's game."""


def stored_game(row: Any) -> StoredGame:
    """A game from a row of ``GAME_COLUMNS`` (rules and timers stored as JSON text)."""
    timers = None if row[9] is None else json.loads(row[9])
    return StoredGame(
        id=row[0],
        guild_id=row[1],
        channel_id=row[2],
        players=row[3],
        rules=json.loads(row[4]),
        deals_target=row[5],
        seed=int(row[6]),
        status=row[7],
        host_id=row[8],
        turn_timers=None if timers is None else (float(timers[0]), float(timers[1])),
    )


@dataclass(frozen=True)
class StoredPlayer:
    id: int
    kind: str
    """'user' or 'bot'."""
    external_id: str
    """The Discord user id, or the bot's level."""
    name: str


@dataclass(frozen=True)
class StoredSeat:
    seat: int
    player_id: int
    kind: str
    """'user' or 'bot'."""
    external_id: str
    """The Discord user id, or the bot's level."""
    name: str
    away: bool


@dataclass(frozen=True)
class SeatSummary:
    seat: int
    player_id: int
    name: str
    kind: str
    total: int
    """The final total of a finished game, else the sum of the deals recorded so far."""
    rank: int | None
    """1 for the best final total, ties sharing; None unless the game is finished."""


@dataclass(frozen=True)
class GameSummary:
    id: int
    guild_id: int | None
    channel_id: int
    status: str
    created_at: float
    finished_at: float | None
    deals: int
    """Deals recorded, redeals included."""
    seats: tuple[SeatSummary, ...]


@dataclass(frozen=True)
class DealSummary:
    number: int
    outcome: str
    """'played', 'passed' or 'petit_sec'."""
    taker: int | None
    """The taker's seat."""
    contract: str | None
    made: bool | None
    scores: tuple[int, ...]
    """Per seat, in seat order."""


@dataclass(frozen=True)
class PlayerLine:
    """One player's figures in one scope; the rates are derived from the counts."""

    player_id: int
    name: str
    kind: str
    """'user' or 'bot'."""
    external_id: str
    """The Discord user id, or the bot's level."""
    points: int
    games: int
    """Finished games (stopped games count their deals but not as games)."""
    deals: int
    """Deals played to the end with at least one seat; redeals are not deals. A player in
    several seats of a deal (a bot level) counts it once, with its seats' points summed."""
    taken: int
    """Deals one of its seats took."""
    made: int
    rating: float
    """The ordinal mu − 3σ."""
    mu: float
    sigma: float

    @property
    def average(self) -> float | None:
        """Points per deal."""
        return self.points / self.deals if self.deals else None

    @property
    def taker_rate(self) -> float | None:
        """The share of deals this player took."""
        return self.taken / self.deals if self.deals else None

    @property
    def success_rate(self) -> float | None:
        """The share of its takes this player made; None if it never took."""
        return self.made / self.taken if self.taken else None


@dataclass(frozen=True)
class Standing(PlayerLine):
    """One line of a leaderboard."""

    rank: int


@dataclass(frozen=True)
class PlayerStats(PlayerLine):
    """A player's own figures in one scope, with its place among the ranked players."""

    rank: int | None
    """None while the player has fewer than ``min_games`` games in this scope."""
    ranked: int
    """How many players are ranked in this scope."""
