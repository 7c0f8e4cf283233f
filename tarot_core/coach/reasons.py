"""A one-line reason for a flagged decision, where one of a known kind applies: read from
the seat's view and the two options (the one chosen and the best), never from what
happened after."""

from __future__ import annotations

from enum import StrEnum

from ..actions import Action, Bid, Play
from ..bots.heuristic import Table
from ..bots.knowledge import infer
from ..cards import EXCUSE, HALF_POINTS, PETIT, TRUMPS
from ..deal import sitting_out, trick_status
from ..rules import Contract
from ..view import DealView
from .decisions import Kind


class Reason(StrEnum):
    """The value is what a review's JSON writes and the catalogs' key ends with."""

    CONTRACT_TOO_HIGH = "contract_too_high"
    CONTRACT_TOO_LOW = "contract_too_low"
    HAND_NOT_TAKEN = "hand_not_taken"
    PETIT_EXPOSED = "petit_exposed"
    PETIT_NOT_SAVED = "petit_not_saved"
    POINTS_NOT_FED = "points_not_fed"
    POINTS_GIVEN = "points_given"
    TRUMP_WASTED = "trump_wasted"
    EXCUSE_TIMING = "excuse_timing"


def reason_of(
    kind: Kind, view: DealView, chosen: Action | None, best: Action | None
) -> Reason | None:
    """Why ``best`` beats ``chosen``, when the difference is one of the known kinds."""
    if kind == Kind.BID and isinstance(chosen, Bid) and isinstance(best, Bid):
        if chosen.contract > best.contract:
            return Reason.CONTRACT_TOO_HIGH
        if chosen.contract == Contract.PASS:
            return Reason.HAND_NOT_TAKEN
        return Reason.CONTRACT_TOO_LOW
    if kind != Kind.PLAY or not isinstance(chosen, Play) or not isinstance(best, Play):
        return None
    mine, better = chosen.card, best.card
    if mine == PETIT:
        return Reason.PETIT_EXPOSED
    if better == PETIT:
        return Reason.PETIT_NOT_SAVED
    if EXCUSE in (mine, better):
        return Reason.EXCUSE_TIMING
    table = Table(view, infer(view))
    if not table.after:  # the last card of the trick: its winner is settled now
        ours = table.attacking(table.me)
        skip = sitting_out(view.rules, view.dealer)

        def won(card: int) -> bool | None:
            winner = trick_status(table.leader, (*table.cards, card), table.n, skip)[2]
            side = table.attacking(winner)
            if winner == table.me:
                return True
            return None if side is None or ours is None else side == ours

        if HALF_POINTS[better] > HALF_POINTS[mine] and won(better):
            return Reason.POINTS_NOT_FED
        if HALF_POINTS[mine] > HALF_POINTS[better] and won(mine) is False:
            return Reason.POINTS_GIVEN
    if (1 << mine) & TRUMPS and (not (1 << better) & TRUMPS or better < mine):
        return Reason.TRUMP_WASTED
    return None
