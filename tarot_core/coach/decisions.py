"""A seat's decisions in a finished deal, each with the view that seat had when it decided.

The deal is replayed from its first action; before each action of the seat, its view
(``tarot_core.view``) is taken, so whatever weighs a decision sees exactly what the player
saw then. A card with no alternative (one legal card) is no decision; the écart, chosen one
card at a time by the engine, is one decision; a poignée offered at the seat's first card is
one, shown or not.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from enum import StrEnum

from ..actions import Action, Bid, Call, DeclareSlam, Discard, Ecart, Play, Poignee
from ..deal import Deal
from ..view import DealView, view


class Kind(StrEnum):
    """What a decision decided; the value is what a review's JSON writes."""

    BID = "bid"
    CALL = "call"
    ECART = "ecart"
    SLAM = "slam"
    POIGNEE = "poignee"
    PLAY = "play"


@dataclass(frozen=True)
class Decision:
    """One decision of ``view.seat``: what it chose (``chosen``; a poignée not shown is
    ``None``) from ``view``. ``then`` is the card the seat played right after a poignée
    decision (both lines of a poignée are weighed before that same card). ``number`` counts
    the seat's decisions from 0; ``trick`` is the trick a card was played to (from 1), 0
    before the play."""

    number: int
    kind: Kind
    view: DealView
    chosen: Action | None
    trick: int = 0
    then: Play | None = None


def fresh(deal: Deal) -> Deal:
    """``deal`` dealt again, before its first action."""
    return Deal(deal.rules, deal.dealer, list(deal.dealt), deal.chien)


def decisions(deal: Deal, seat: int) -> Iterator[Decision]:
    """``seat``'s decisions in the finished ``deal``, in the order made."""
    actions = deal.actions()
    replay = fresh(deal)
    number = 0
    i = 0
    while i < len(actions):
        action = actions[i]
        if action.seat != seat:
            replay.apply(action)
            i += 1
            continue
        seen = view(replay, seat)
        found: Decision | None = None
        if isinstance(action, Discard):
            cards: list[int] = []
            while i < len(actions) and isinstance(step := actions[i], Discard):
                cards.append(step.card)
                i += 1
            ecart = Ecart(seat, tuple(cards))
            replay.apply(ecart)
            yield Decision(number, Kind.ECART, seen, ecart)
            number += 1
            continue
        if isinstance(action, Bid) and len(seen.legal) > 1:
            found = Decision(number, Kind.BID, seen, action)
        elif isinstance(action, Call) and len(seen.legal) > 1:
            found = Decision(number, Kind.CALL, seen, action)
        elif isinstance(action, DeclareSlam):
            found = Decision(number, Kind.SLAM, seen, action)
        elif isinstance(action, Poignee):
            found = Decision(
                number,
                Kind.POIGNEE,
                seen,
                action,
                len(replay.tricks) + 1,
                _next_play(actions, i, seat),
            )
        elif isinstance(action, Play):
            trick = len(replay.tricks) + 1
            if any(isinstance(a, Poignee) for a in seen.legal):
                yield Decision(number, Kind.POIGNEE, seen, None, trick, action)
                number += 1
            plays = [a for a in seen.legal if isinstance(a, Play)]
            if len(plays) > 1:
                found = Decision(number, Kind.PLAY, seen, action, trick)
        if found is not None:
            yield found
            number += 1
        replay.apply(action)
        i += 1


def _next_play(actions: list[Action], i: int, seat: int) -> Play | None:
    return next((a for a in actions[i + 1 :] if isinstance(a, Play) and a.seat == seat), None)
