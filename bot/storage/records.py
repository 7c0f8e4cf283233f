"""What storage gives back, whatever the backend: players, games and seats as stored,
a player's past games, leaderboard lines, challenges with their pars and attempts."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Literal

from tarot_core import DealResult

ENDED = ("finished", "stopped", "cancelled")
"""The statuses of a game that is over: it gets its ``finished_at``."""
GAME_COLUMNS = (
    "id, guild_id, channel_id, players, rules, deals_target, seed, status, host_id, turn_timers,"
    " challenge_id"
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
    """The challenge this game is a member's attempt at; None for a table's game."""


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
        challenge_id=None if row[10] is None else int(row[10]),
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


class Rates:
    """The figures derived from a line's counts, on the all-time boards and a period's."""

    points: int
    deals: int
    taken: int
    made: int

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
class PlayerLine(Rates):
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


@dataclass(frozen=True)
class Standing(PlayerLine):
    """One line of a leaderboard."""

    rank: int


@dataclass(frozen=True)
class PeriodStanding(Rates):
    """One line of a period's leaderboard (a week, a month): the table games' deals that
    finished in it, counted as the all-time board counts them, without games or rating."""

    player_id: int
    name: str
    kind: str
    """'user' or 'bot'."""
    external_id: str
    """The Discord user id, or the bot's level."""
    points: int
    deals: int
    """Deals played to the end in the period; redeals are not deals."""
    taken: int
    made: int
    rank: int
    """1 for the most points; players equal on points and deals share a rank."""


@dataclass(frozen=True)
class PlayerStats(PlayerLine):
    """A player's own figures in one scope, with its place among the ranked players."""

    rank: int | None
    """None while the player has fewer than ``min_games`` games in this scope."""
    ranked: int
    """How many players are ranked in this scope."""


ChallengeScope = Literal["guild", "instance"]
"""A challenge of one server, or of every server of this bot (its ``guild_id`` None)."""


@dataclass(frozen=True)
class StoredChallenge:
    """A fixed set of deals each member plays alone against computer players."""

    id: int
    scope: ChallengeScope
    guild_id: int | None
    """None for the instance's."""
    day: str | None
    """'YYYY-MM-DD' (UTC) for a daily challenge, None for one opened on demand."""
    players: int
    rules: dict[str, Any]
    """The rule options, as a game's."""
    deals: int
    seat: int
    """Where every member sits."""
    variants: int
    """How many versions of each deal; each attempt plays one."""
    level: str
    """The computer players' level, e.g. 'expert:64'."""
    seed: int
    """Secret: the deals follow from it; never shown."""
    created_by: int | None
    """The player who opened it on demand; None for a daily one."""
    opened_at: float
    closes_at: float
    channel_id: int | None
    message_id: int | None
    """Where it was posted, if it was."""
    closed_posted: bool
    """Its final table is posted."""


CHALLENGE_COLUMNS = (
    "id, scope, guild_id, day, players, rules, deals, seat, variants, level, seed,"
    " created_by, opened_at, closes_at, channel_id, message_id, closed_posted"
)
"""What ``stored_challenge`` reads a challenge from, in this order."""


def stored_challenge(row: Any) -> StoredChallenge:
    """A challenge from a row of ``CHALLENGE_COLUMNS`` (rules as JSON, the seed as text)."""
    return StoredChallenge(
        id=int(row[0]),
        scope=row[1],
        guild_id=None if row[2] is None else int(row[2]),
        day=row[3],
        players=row[4],
        rules=json.loads(row[5]),
        deals=row[6],
        seat=row[7],
        variants=row[8],
        level=row[9],
        seed=int(row[10]),
        created_by=None if row[11] is None else int(row[11]),
        opened_at=float(row[12]),
        closes_at=float(row[13]),
        channel_id=None if row[14] is None else int(row[14]),
        message_id=None if row[15] is None else int(row[15]),
        closed_posted=bool(row[16]),
    )


@dataclass(frozen=True)
class ParDeal:
    """What the strongest computer player made of one deal of one variant in the
    challenge's seat: the mark every member's score on that deal is set against."""

    variant: int
    number: int
    """The deal's index, from 0."""
    score: int
    """The challenge's seat's score."""
    outcome: str
    """'played', 'passed' or 'petit_sec'."""
    taker_seat: int | None
    contract: str | None
    made: bool | None
    record: dict[str, Any]
    """The par's ``tarot-deal/1`` record, for the review of the deal."""

    @classmethod
    def of(
        cls, variant: int, number: int, seat: int, result: DealResult, record: dict[str, Any]
    ) -> ParDeal:
        """The par of a deal as ``par_deal`` played it (``record``: its ``to_record``)."""
        return cls(
            variant=variant,
            number=number,
            score=result.scores[seat],
            outcome=str(result.outcome),
            taker_seat=result.taker,
            contract=None if result.contract is None else result.contract.text,
            made=result.made,
            record=record,
        )


@dataclass(frozen=True)
class StoredAttempt:
    """One member's play of one challenge: a game of its own (``game_id``)."""

    challenge_id: int
    player_id: int
    name: str
    """The player's display name."""
    variant: int
    game_id: int
    guild_id: int | None
    """The server it was played from (for the ranking per server)."""
    started_at: float
    finished_at: float | None
    """None while it is being played (or was left unfinished)."""


@dataclass(frozen=True)
class AttemptDeal:
    """One recorded deal of one attempt, as the challenge's results compare it."""

    player_id: int
    name: str
    guild_id: int | None
    variant: int
    game_id: int
    finished_at: float | None
    """The attempt's end; None while it is unfinished."""
    number: int
    """The deal's index, from 0, as ``ParDeal.number`` (a game stores it from 1)."""
    score: int
    """The challenge's seat's score: the member's."""
    outcome: str
    taker_seat: int | None
    contract: str | None
    made: bool | None


@dataclass(frozen=True)
class LadderLine:
    """One member's line on a month's ladder: the sum of their best days' matchpoint
    percentages (at most the ladder's N days), and how many days they played in all."""

    player_id: int
    name: str
    external_id: str
    """The Discord user id."""
    total: float
    days: int
    rank: int
    """1 for the highest sum; equal sums with as many days share a rank."""
    players: int
    """How many members the whole ladder has."""
