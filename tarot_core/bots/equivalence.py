"""Cards that are one card to the search: played now, they leave every world the same.

Two cards of one suit (or two trumps) in a hand are equivalent when every card ranked
between them is in that hand too or already played, and they are worth the same points:
whichever is played, the same cards beat it and the same cards it beats, and the trick is
worth the same. The expert plays each group out once, with more worlds for the same time.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..actions import Action, Play
from ..cards import EXCUSE, HALF_POINTS, OUDLERS, mask_of, suit_of
from ..view import DealView
from .knowledge import Knowledge


def equivalent_groups(
    view: DealView, know: Knowledge, candidates: Sequence[Action]
) -> list[list[int]]:
    """``candidates`` grouped by equivalence (indices, lowest card first in each group); any
    candidate that is not a card, the Excuse and the oudlers each stand alone. The cards
    between two of them may be in the hand, played (``know.played``) or in this seat's own
    écart: none of them will be played again by anyone else."""
    known = mask_of(view.hand) | know.played | mask_of(view.ecart or ())
    groups: list[list[int]] = []
    last: dict[int, tuple[int, int]] = {}  # suit -> (group index, highest card in it)
    order = sorted(
        range(len(candidates)),
        key=lambda i: c.card if isinstance(c := candidates[i], Play) else -1,
    )
    for i in order:
        action = candidates[i]
        if not isinstance(action, Play) or action.card == EXCUSE or (1 << action.card) & OUDLERS:
            groups.append([i])
            continue
        card = action.card
        suit = suit_of(card)
        previous = last.get(suit)
        if previous is not None:
            g, top = previous
            between = ((1 << card) - 1) & ~((1 << (top + 1)) - 1)
            if between & ~known == 0 and HALF_POINTS[top] == HALF_POINTS[card]:
                groups[g].append(i)
                last[suit] = (g, card)
                continue
        last[suit] = (len(groups), card)
        groups.append([i])
    return groups
