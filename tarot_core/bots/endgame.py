"""Exact play of the last tricks of a sampled world: alpha-beta over every legal card.

With a few cards left per hand the tree is small, and exact beats any rollout policy where
it matters most (the Petit, the Excuse and the last trick).
"""

from __future__ import annotations

from ..cards import cards_of
from ..deal import Deal

ENDGAME_TRICKS = 3
"""Solve exactly once each hand holds at most this many cards."""


def solve(deal: Deal, me: int, alpha: float = float("-inf"), beta: float = float("inf")) -> float:
    """``me``'s final score with best play by both sides (every hand known)."""
    if deal.result is not None:
        return deal.result.scores[me]
    seat = deal.to_act
    mine = deal.side_of(seat) == deal.side_of(me)
    best = float("-inf") if mine else float("inf")
    for card in cards_of(deal.legal_cards(seat)):
        child = deal.copy()
        child.play(seat, card)
        value = solve(child, me, alpha, beta)
        if mine:
            if value > best:
                best = value
            alpha = max(alpha, best)
        else:
            if value < best:
                best = value
            beta = min(beta, best)
        if alpha >= beta:
            break
    return best
