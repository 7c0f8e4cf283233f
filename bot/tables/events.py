"""Things worth a line in the channel, as data: the presentation layer words them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from tarot_core import Card, Contract, DealResult

StopReason = Literal["host", "idle"]
"""``host``: the host or a moderator stopped the game; ``idle``: no human acted for too
long."""
CloseReason = Literal["cancelled", "expired"]
"""``cancelled`` by the host or a moderator (or the host left); ``expired``: nobody did
anything in the lobby for the lobby expiry."""


@dataclass(frozen=True)
class Event:
    pass


@dataclass(frozen=True)
class GameStarted(Event):
    dealer: int


@dataclass(frozen=True)
class ContractMade(Event):
    taker: int
    contract: Contract


@dataclass(frozen=True)
class AllPassed(Event):
    """Nobody bid: the deal is void and the next one is dealt."""


@dataclass(frozen=True)
class KingCalled(Event):
    taker: int
    card: Card


@dataclass(frozen=True)
class ChienShown(Event):
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class EcartTrumps(Event):
    """Trumps put in the écart are shown."""

    cards: tuple[Card, ...]


@dataclass(frozen=True)
class SlamAnnounced(Event):
    seat: int
    petit: bool = False
    """A petit chelem (docs/rules.md §11.3) rather than a chelem."""


@dataclass(frozen=True)
class PoigneeShown(Event):
    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class MisereDeclared(Event):
    seat: int
    kind: str | None = None
    """With ``misere: "split"``: ``"trumps"`` or ``"faces"``."""


@dataclass(frozen=True)
class DealFinished(Event):
    number: int
    result: DealResult
    totals: tuple[int, ...]
    """Running totals after this deal."""
    record: Mapping[str, Any] | None = field(default=None, compare=False, repr=False)
    """The deal's ``tarot-deal/1`` record, for its picture: every hand, now that it is over."""


@dataclass(frozen=True)
class GameFinished(Event):
    totals: tuple[int, ...]
    ranks: tuple[int, ...]
    """Per seat, 1 for the best total; equal totals share a rank."""
    history: tuple[tuple[int, ...], ...] = ()
    """The running totals after each finished deal, for the game's chart."""


@dataclass(frozen=True)
class GameStopped(Event):
    reason: StopReason
    by: int | None = None


@dataclass(frozen=True)
class LobbyClosed(Event):
    reason: CloseReason


@dataclass(frozen=True)
class Reminder(Event):
    seat: int
    user_id: int
    deadline: float


@dataclass(frozen=True)
class StandIn(Event):
    """A bot played for an absent human, who is now marked away."""

    seat: int
    user_id: int
    level: str


@dataclass(frozen=True)
class PlayerBack(Event):
    seat: int
    user_id: int


@dataclass(frozen=True)
class SeatReplaced(Event):
    """The host gave a human's seat to a bot for the rest of the game."""

    seat: int
    user_id: int
    level: str
