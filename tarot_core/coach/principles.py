"""What a club player knows without any search, for the two places where the search is
blind: bids, which its rollouts judge too boldly (every seat plays a sampled world as if it
saw every card, and a strong hand looks stronger than it is), and the few cards whose danger
lies in what nobody has shown (an overtrump of the Petit, a ruff of a King fed too early).

Each check reads the seat's view and the two options only (the one chosen, the principle's,
which is the heuristic's), never the deal as it went on.
"""

from __future__ import annotations

from ..actions import Bid
from ..bots.heuristic import Table
from ..bots.knowledge import infer
from ..cards import EXCUSE, KINGS, PETIT, QUEENS, TRUMP, TRUMPS, Card, suit_of
from ..deal import sitting_out, trick_status
from ..rules import Contract
from ..view import DealView
from .reasons import Reason

DEAR = KINGS | QUEENS
"""The cards a club player never feeds to a trick its side may lose."""


def bid_out_of_band(view: DealView, chosen: Bid, guide: Bid) -> Reason | None:
    """A bid the points table (docs/rules.md §10, the heuristic's ``guide``) does not allow
    for this hand: two offered contracts or more above it, or a pass on a hand it takes
    with a Garde or more. One step either way is a matter of style (a Garde on a strong
    Prise, a pass on a marginal one) and never flagged."""
    if chosen.contract == Contract.PASS:
        return Reason.HAND_NOT_TAKEN if guide.contract >= Contract.GARDE else None
    ladder = sorted(a.contract for a in view.legal if isinstance(a, Bid))
    if guide.contract not in ladder or chosen.contract not in ladder:
        return None
    if ladder.index(chosen.contract) - ladder.index(guide.contract) >= 2:
        return Reason.CONTRACT_TOO_HIGH
    return None


def broken(view: DealView, chosen: Card, principle: Card) -> Reason | None:
    """The principle a card breaks, where the principle's own card does not: the Petit
    played where a seat after may still take it, or a King or Queen given to a trick its
    side may not keep (a seat after, not known to be an ally, may beat it)."""
    if chosen == principle:
        return None
    table = Table(view, infer(view))
    if chosen == PETIT and not table.petit_safe():
        return Reason.PETIT_EXPOSED
    if (1 << chosen) & DEAR and not (1 << principle) & (DEAR | TRUMPS) and _at_risk(table, chosen):
        return Reason.POINTS_GIVEN
    return None


def _at_risk(table: Table, card: Card) -> bool:
    skip = sitting_out(table.view.rules, table.view.dealer)
    _, best, winner, top = trick_status(table.leader, (*table.cards, card), table.n, skip)
    if winner == table.me or table.ally(winner):
        return not table.secure(top if top >= 0 else best, strict=True)
    return True


def alike(view: DealView, a: Card, b: Card) -> bool:
    """Two cards one principle plays alike, which the search must not set apart: trumps
    led (a hunt for the Petit draws with any of them), or two cards of one suit, or two
    discards, of the same kind (dear or not), that leave the trick to the same seat. The
    Petit and the Excuse are never alike another card."""
    if a == b:
        return True
    if {a, b} & {PETIT, EXCUSE}:
        return False
    table = Table(view, infer(view))
    led = table.led
    kind_a = suit_of(a) if led < 0 or suit_of(a) in (led, TRUMP) else -2
    kind_b = suit_of(b) if led < 0 or suit_of(b) in (led, TRUMP) else -2
    if kind_a != kind_b:
        return False
    if kind_a != TRUMP and bool((1 << a) & DEAR) != bool((1 << b) & DEAR):
        return False
    if led < 0:
        return True
    skip = sitting_out(view.rules, view.dealer)
    first = trick_status(table.leader, (*table.cards, a), table.n, skip)[2]
    second = trick_status(table.leader, (*table.cards, b), table.n, skip)[2]
    return first == second
