"""How a table paces itself: bot pauses, turn timers, expiries. Seconds throughout."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from tarot_core import DEFAULT_THINK_MS, LEVELS


class AwayPolicy(StrEnum):
    """What a stand-in does once it has played for a human who let their turn run out."""

    SEAT = "seat"
    """It keeps playing the seat until its human acts again (or says they are back)."""
    TURN = "turn"
    """It plays only the timed-out turn; the next one gets full timers."""


AWAY_POLICIES = tuple(AwayPolicy)
MIN_DEALS = 1
"""The fewest deals a game may have."""
MAX_DEALS = 100
"""The most deals a game may have (the table refuses more; the settings check the default)."""


@dataclass(frozen=True)
class TableSettings:
    bot_pause: float = 1.5
    """Before each bot move, so that humans can follow the trick."""
    reminder_after: float = 60.0
    """A human whose turn it is gets a reminder after this long..."""
    stand_in_after: float = 120.0
    """...and after this long a stand-in bot plays for them, and the seat is marked away."""
    away_policy: AwayPolicy | str = AwayPolicy.SEAT
    """See ``AwayPolicy``; given as text (as the environment gives it), it is kept as its
    member."""
    stand_in_level: str = "heuristic"
    lobby_expiry: float = 900.0
    """A lobby with no activity for this long is closed."""
    idle_expiry: float = 3600.0
    """A game in which no human has acted for this long is stopped (finished deals kept)."""
    think_ms: int = DEFAULT_THINK_MS
    """The expert's budget per decision."""
    shrink_budget: bool = True
    """With more bot decisions waiting or running than worker processes, each expert
    decision thinks for its share of ``think_ms`` (down to the heuristic) rather than
    queueing (``bot_budget``); off, every one thinks for the whole of it, as the benchmark
    compares."""
    bot_concurrency: int = 8
    """Bot moves (thinking, applying, storing, showing) under way at once across all
    tables: however many bots play, a human's action never queues behind more than
    these, and the event loop never has more than these to catch up with."""
    bot_timeout: float | None = None
    """How long a bot move waits for its worker's answer before the seat plays its first
    legal action instead: a bot that hangs must not hold its table forever. None: see
    ``bot_wait``."""

    @property
    def bot_wait(self) -> float:
        """``bot_timeout``, or by default generous: a decision may queue in the pool behind
        every other bot move under way, each within its budget (the expert overruns it a
        little), so twice that, plus half a minute for a machine under load."""
        if self.bot_timeout is not None:
            return self.bot_timeout
        return 2 * self.think_ms / 1000 * self.bot_concurrency + 30.0

    def __post_init__(self) -> None:
        if self.away_policy not in AWAY_POLICIES:
            raise ValueError(f"away_policy must be one of {', '.join(AWAY_POLICIES)}")
        object.__setattr__(self, "away_policy", AwayPolicy(self.away_policy))
        if self.stand_in_level not in LEVELS:
            raise ValueError(f"stand_in_level must be one of {', '.join(LEVELS)}")
        if self.bot_concurrency < 1:
            raise ValueError("bot_concurrency must be at least 1")
        for name in (
            "bot_pause",
            "reminder_after",
            "stand_in_after",
            "lobby_expiry",
            "idle_expiry",
        ):
            if getattr(self, name) < 0:
                raise ValueError(f"{name} cannot be negative")
        if self.stand_in_after < self.reminder_after:
            raise ValueError("stand_in_after cannot come before reminder_after")
        if self.think_ms < 1:
            raise ValueError("think_ms must be at least 1")
        if self.bot_timeout is not None and not self.bot_timeout > 0:
            raise ValueError("bot_timeout must be more than 0 seconds")
