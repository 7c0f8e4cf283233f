"""Plain minimax, the reference the endgame solver is checked against."""

from __future__ import annotations

from tarot_core.cards import cards_of
from tarot_core.deal import Deal


def minimax(deal: Deal, me: int) -> float:
    """``me``'s score with best play from ``deal`` to its end: plain minimax on copies,
    without pruning or any of the solver's shortcuts."""
    if deal.result is not None:
        return deal.result.scores[me]
    seat = deal.to_act
    values = []
    for card in cards_of(deal.legal_cards(seat)):
        child = deal.copy()
        child.play(seat, card)
        values.append(minimax(child, me))
    mine = deal.side_of(seat) == deal.side_of(me)
    return max(values) if mine else min(values)
