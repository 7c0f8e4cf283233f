"""What a seat can do. Every state change of a deal is one of these, so a list of them is
the deal's complete history."""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card, format_card, format_cards
from .rules import Contract


@dataclass(frozen=True, slots=True)
class Bid:
    seat: int
    contract: Contract

    def __str__(self) -> str:
        return f"seat {self.seat} bids {self.contract.text}"


@dataclass(frozen=True, slots=True)
class Call:
    """5 players: the taker calls the card whose holder becomes the secret partner."""

    seat: int
    card: Card

    def __str__(self) -> str:
        return f"seat {self.seat} calls {format_card(self.card)}"


@dataclass(frozen=True, slots=True)
class Discard:
    """One card of the écart; the écart is complete when it holds as many cards as the chien."""

    seat: int
    card: Card

    def __str__(self) -> str:
        return f"seat {self.seat} discards {format_card(self.card)}"


@dataclass(frozen=True, slots=True)
class Ecart:
    """The whole écart at once: checked as a set, applied as discards, or refused whole."""

    seat: int
    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return f"seat {self.seat} discards {format_cards(self.cards)}"


@dataclass(frozen=True, slots=True)
class DeclareSlam:
    seat: int
    announce: bool

    def __str__(self) -> str:
        return f"seat {self.seat} {'announces' if self.announce else 'does not announce'} a slam"


@dataclass(frozen=True, slots=True)
class Poignee:
    seat: int
    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return f"seat {self.seat} shows a poignée: {format_cards(self.cards)}"


@dataclass(frozen=True, slots=True)
class Misere:
    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat} declares a misère"


@dataclass(frozen=True, slots=True)
class Play:
    seat: int
    card: Card

    def __str__(self) -> str:
        return f"seat {self.seat} plays {format_card(self.card)}"


Action = Bid | Call | Discard | Ecart | DeclareSlam | Poignee | Misere | Play


class IllegalAction(Exception):
    """An action the rules refuse; the deal is left exactly as it was.

    ``str(error)`` speaks to the player ("you must play a trump"); ``about_seat`` says the
    same of a named seat, with the cards that made the rule apply, for logs and replay.
    """

    def __init__(self, message: str, about_seat: str | None = None) -> None:
        super().__init__(message)
        self.about_seat = about_seat if about_seat is not None else message
