"""What a seat can infer from its view: cards still unseen, and who cannot hold what.

Shared by the heuristic (to know when a trick is safe) and the expert (to sample only
worlds consistent with everything seen).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import (
    ALL_CARDS,
    EXCUSE,
    KINGS,
    PETIT,
    SUIT_MASKS,
    TRUMP,
    TRUMPS,
    TRUMPS_ABOVE,
    Mask,
    mask_of,
)
from ..deal import sitting_out, trick_seats
from ..view import DealView


@dataclass
class Knowledge:
    seat: int
    players: int
    hand: Mask
    played: Mask
    """Every card played so far, current trick included."""
    played_by: list[Mask]
    excluded: list[Mask]
    """Per seat, cards it certainly does not hold now (voids, trumps above an undertrump)."""
    known: list[Mask]
    """Per seat, unplayed cards it certainly holds (shown in a poignée; the own hand)."""
    unseen: Mask
    """Cards whose place this seat does not know: in other hands or a hidden pile."""
    hidden_pile: int
    """How many unseen cards lie in no hand: the unseen chien, or another taker's écart."""
    pile_allowed: Mask
    """Unseen cards that may be in that pile (an écart holds no King, oudler or unshown trump)."""


def infer(view: DealView) -> Knowledge:
    assert view.seat is not None
    n = view.players
    me = view.seat
    hand = mask_of(view.hand)
    played_by = [0] * n
    excluded = [0] * n
    tricks = list(view.tricks)
    if view.current is not None:
        tricks.append(view.current)
    played = 0
    # RULES.md §11.2: a protected Petit is played at will and never forced, so while a seat may
    # hold one its plays say nothing of the Petit; the Petit's own play says nothing at all.
    imprenable = view.rules.petit_imprenable
    unforced = ALL_CARDS & ~(1 << PETIT) if imprenable else ALL_CARDS
    protected = view.petit_imprenable
    skip = sitting_out(view.rules, view.dealer)
    for trick in tricks:
        led = -1
        top_trump = -1
        for seat, card in zip(
            trick_seats(trick.leader, len(trick.cards), n, skip), trick.cards, strict=True
        ):
            played |= 1 << card
            played_by[seat] |= 1 << card
            if card == EXCUSE:
                continue
            suit = TRUMP if card >= PETIT else card // 14
            if led < 0:
                led = suit
            elif card == PETIT and seat == protected:
                pass
            elif suit != led:
                if led != TRUMP:
                    excluded[seat] |= SUIT_MASKS[led]
                if suit != TRUMP:
                    excluded[seat] |= TRUMPS & unforced
                elif top_trump >= 0 and card < top_trump:
                    excluded[seat] |= TRUMPS_ABOVE[top_trump]
            elif suit == TRUMP and top_trump >= 0 and card < top_trump:
                excluded[seat] |= TRUMPS_ABOVE[top_trump]
            if suit == TRUMP and card > top_trump:
                top_trump = card
    known = [0] * n
    known[me] = hand
    for seat, cards in view.poignees.items():
        if seat != me:
            known[seat] |= mask_of(cards) & ~played
    seen = hand | played | mask_of(view.ecart_trumps)
    for cards in view.poignees.values():
        seen |= mask_of(cards)
    hidden_pile = 0
    pile_allowed = 0
    chien_size = view.rules.chien_size
    chien_loose = 0
    if view.chien is not None:
        if view.ecart is not None:  # the taker knows its own écart
            seen |= mask_of(view.chien) | mask_of(view.ecart)
        else:
            # Chien cards are in the taker's hand or its écart: which, only the taker knows.
            chien_loose = mask_of(view.chien) & ~seen
            shown = len(view.ecart_trumps)
            hidden_pile = chien_size - shown
            pile_allowed = ALL_CARDS & ~TRUMPS & ~(1 << EXCUSE) & ~KINGS
    else:
        hidden_pile = chien_size
        pile_allowed = ALL_CARDS
    if view.taker is not None and view.ecart_trumps and view.taker != me:
        # Trumps went to the écart only because no other card could: the taker has no
        # plain card left but Kings.
        excluded[view.taker] |= ~(TRUMPS | (1 << EXCUSE) | KINGS) & ALL_CARDS
    unseen = ALL_CARDS & ~seen
    if protected is not None and protected != me:
        # Dealt the Petit alone: any other trump or the Excuse came from the chien shown.
        chien = mask_of(view.chien) if view.chien is not None and protected == view.taker else 0
        excluded[protected] |= (TRUMPS | (1 << EXCUSE)) & ~chien
    if chien_loose and view.taker is not None:
        for s in range(n):
            if s != view.taker:
                excluded[s] |= chien_loose
    excluded[me] = ALL_CARDS & ~hand
    for s in range(n):
        excluded[s] &= ~known[s]
    return Knowledge(
        seat=me,
        players=n,
        hand=hand,
        played=played,
        played_by=played_by,
        excluded=excluded,
        known=known,
        unseen=unseen,
        hidden_pile=hidden_pile,
        pile_allowed=pile_allowed & unseen,
    )
