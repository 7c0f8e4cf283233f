"""What one seat (or a spectator) may know of a deal, and nothing more.

Views are built only from public facts plus the seat's own private ones, so a message, a
DM or a bot built from a view cannot leak a hidden card.
"""

from __future__ import annotations

from dataclasses import dataclass

from .actions import Action
from .auction import speakers
from .cards import PETIT, TRUMPS, Card, cards_of, display_key
from .deal import Deal, Phase
from .rules import Contract, Rules
from .scoring import DealResult


@dataclass(frozen=True)
class TrickView:
    leader: int
    cards: tuple[Card, ...]
    winner: int | None
    """None while the trick is being played."""


@dataclass(frozen=True)
class DealView:
    """A seat's view (``seat`` set) or the public view (``seat`` None)."""

    rules: Rules
    seat: int | None
    dealer: int
    phase: Phase
    to_act: int | None
    bids: tuple[Contract, ...]
    """Every call in the order spoken, starting with the seat after the dealer: one per seat,
    or with ``auction: open`` or ``parole`` as many as were made (``speakers`` says whose)."""
    contract: Contract | None
    taker: int | None
    called: Card | None
    partner: int | None
    partner_known: bool
    chien: tuple[Card, ...] | None
    """Shown to everyone at Prise and Garde; None while (or when) it is unseen."""
    ecart_trumps: tuple[Card, ...]
    slam_announced: bool
    poignees: dict[int, tuple[Card, ...]]
    miseres: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    tricks: tuple[TrickView, ...]
    current: TrickView | None
    petit_sec: dict[int, tuple[Card, ...]]
    result: DealResult | None
    hand: tuple[Card, ...] = ()
    ecart: tuple[Card, ...] | None = None
    """The taker's own écart, in the taker's view only."""
    legal: tuple[Action, ...] = ()
    petit_chelem_announced: bool = False
    """A petit chelem announced (docs/rules.md §11.3; ``slam_announced`` stays false)."""
    misere_kinds: tuple[str | None, ...] = ()
    """The kind of each of ``miseres`` (docs/rules.md §11.7), None without ``misere: "split"``."""
    petit_imprenable: int | None = None
    """The seat whose Petit is protected (docs/rules.md §11.2), when this view may know it: in that
    seat's own view, and in every view once the Petit is played."""

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def speakers(self) -> tuple[int, ...]:
        """The seat that made each of ``bids`` (docs/rules.md §11.5: the calls decide who
        speaks)."""
        return speakers(self.rules, self.dealer, self.bids)

    @property
    def tricks_so_far(self) -> tuple[TrickView, ...]:
        """The finished tricks, then the one in progress if any: every card played, in order."""
        return self.tricks if self.current is None else (*self.tricks, self.current)


def _sorted(mask: int) -> tuple[Card, ...]:
    return tuple(sorted(cards_of(mask), key=display_key))


def view(deal: Deal, seat: int | None = None) -> DealView:
    n = deal.n
    known = deal.partner_known()
    shown_chien = Contract.PRISE <= deal.contract <= Contract.GARDE and deal.phase >= Phase.ECART
    tricks = tuple(
        TrickView(leader, cards, winner)
        for leader, cards, winner in zip(deal.leaders, deal.tricks, deal.winners, strict=True)
    )
    current = TrickView(deal.leader, tuple(deal.trick), None) if deal.trick else None
    is_taker = seat is not None and seat == deal.taker
    return DealView(
        rules=deal.rules,
        seat=seat,
        dealer=deal.dealer,
        phase=deal.phase,
        to_act=None if deal.done else deal.to_act,
        bids=tuple(deal.bids),
        contract=deal.contract if deal.taker is not None else None,
        taker=deal.taker,
        called=deal.called,
        partner=deal.partner if known else None,
        partner_known=known,
        chien=_sorted(deal.chien) if shown_chien else None,
        ecart_trumps=_sorted(deal.ecart & TRUMPS),
        slam_announced=deal.slam,
        poignees=dict(deal.poignees),
        miseres=tuple(deal.miseres),
        hand_sizes=tuple(h.bit_count() for h in deal.hands),
        tricks=tricks,
        current=current,
        petit_sec={s: _sorted(deal.dealt[s]) for s in deal.petit_sec_seats},
        result=deal.result,
        hand=_sorted(deal.hands[seat]) if seat is not None else (),
        ecart=_sorted(deal.ecart) if is_taker else None,
        legal=tuple(deal.legal_actions(seat)) if seat is not None and seat < n else (),
        petit_chelem_announced=deal.petit_chelem,
        misere_kinds=tuple(deal.misere_kinds),
        petit_imprenable=_protected(deal, seat),
    )


def _protected(deal: Deal, seat: int | None) -> int | None:
    holder = deal.imprenable
    if holder < 0 or not (holder == seat or deal.played >> PETIT & 1):
        return None
    return holder
