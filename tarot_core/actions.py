"""What a seat can do. Every state change of a deal is one of these, so a list of them is
the deal's complete history."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import partial
from typing import Any

from .cards import Card, format_card, format_cards
from .refusals import IllegalActionCode, RuleParam
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
    petit: bool = False
    """With ``announce``: a petit chelem (docs/rules.md §11.3) instead of a chelem; it does not
    give the lead; never without ``announce``."""

    def __post_init__(self) -> None:
        if self.petit and not self.announce:
            raise ValueError("a petit chelem can only be announced (announce true)")

    def __str__(self) -> str:
        if self.petit:
            return f"seat {self.seat} announces a petit chelem"
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
    kind: str | None = None
    """``None`` for the misère of docs/rules.md §6; with ``misere: "split"``, ``"trumps"`` (misère
    d'atout) or ``"faces"`` (misère de têtes), docs/rules.md §11.7."""

    def __str__(self) -> str:
        if self.kind is None:
            return f"seat {self.seat} declares a misère"
        return f"seat {self.seat} declares a misère ({self.kind})"


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
    ``code`` and ``params`` say it as data (``tarot_core.refusals``), for a program that
    speaks to its players in their own language.
    """

    def __init__(
        self,
        message: str,
        about_seat: str | None = None,
        *,
        code: IllegalActionCode,
        params: Mapping[str, RuleParam] | None = None,
    ) -> None:
        super().__init__(message)
        self.about_seat = about_seat if about_seat is not None else message
        self.code = code
        self.params: dict[str, RuleParam] = dict(params or {})

    def __reduce__(self) -> tuple[Any, ...]:
        """Picklable (worker processes), though ``code`` is a keyword the default lacks."""
        rebuild = partial(IllegalAction, code=self.code, params=self.params)
        return rebuild, (str(self), self.about_seat)
