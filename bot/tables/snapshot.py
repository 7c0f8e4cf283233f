"""What a table shows: public facts only, built from the engine's public view.

A snapshot is all the presentation layer needs to draw a lobby or a table message; it
carries the public ``DealView`` (``seat`` None), never the deal itself, so nothing built
from it can show a hidden card.
"""

from __future__ import annotations

from dataclasses import dataclass

from tarot_core import DealView, Rules

from .status import TableStatus


@dataclass(frozen=True)
class SeatInfo:
    seat: int
    player_id: int
    name: str
    user_id: int | None
    """The Discord user id of a human seat; None for a bot."""
    level: str | None
    """The level of a bot seat; None for a human."""
    away: bool = False
    """A human whose turns a stand-in bot is playing."""

    @property
    def is_bot(self) -> bool:
        return self.user_id is None


@dataclass(frozen=True)
class TableSnapshot:
    channel_id: int
    guild_id: int | None
    game_id: int
    status: TableStatus
    host_id: int
    rules: Rules
    deals_target: int
    seats: tuple[SeatInfo | None, ...]
    turn: int
    """Actions applied so far: a control made at another turn is no longer current."""
    deal_number: int
    """1-based index of the deal on the table (voided deals included); 0 in the lobby."""
    deals_played: int
    totals: tuple[int, ...]
    view: DealView | None
    """The public view of the current deal; None in the lobby."""
    turn_since: float | None = None
    """When the seat to act got its turn (for "since ..." displays)."""
    deadline: float | None = None
    """When a stand-in will play for the human to act, if they do not."""
    challenge_id: int | None = None
    """The challenge this table is one member's attempt at (private to them); None for a
    table of the channel."""

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def to_act(self) -> int | None:
        return self.view.to_act if self.view is not None else None

    def seat_of(self, user_id: int) -> int | None:
        for info in self.seats:
            if info is not None and info.user_id == user_id:
                return info.seat
        return None
