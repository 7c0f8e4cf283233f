"""What a seat can infer from its view: cards still unseen, and who cannot hold what.

Shared by the heuristic (to know when a trick is safe) and the expert (to sample only
worlds consistent with everything seen).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import (
    ALL_CARDS,
    EXCUSE,
    HALF_POINTS,
    KINGS,
    PETIT,
    SUIT_MASKS,
    TRUMP,
    TRUMPS,
    TRUMPS_ABOVE,
    Mask,
    mask_of,
)
from ..deal import sitting_out, trick_seats, trick_status
from ..view import DealView
from .signals import HONOURS, read_signals


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

    def could_hold(self, seat: int) -> Mask:
        """Unplayed cards ``seat`` may hold now: those it is known to hold, and the unseen
        ones it is not known to lack."""
        return self.unseen & ~self.excluded[seat] | self.known[seat]


def infer(view: DealView) -> Knowledge:
    assert view.seat is not None
    n = view.players
    me = view.seat
    hand = mask_of(view.hand)
    played_by = [0] * n
    excluded = [0] * n
    played = 0
    # docs/rules.md §11.2: a protected Petit is played at will and never forced, so while a seat may
    # hold one its plays say nothing of the Petit; the Petit's own play says nothing at all.
    imprenable = view.rules.petit_imprenable
    unforced = ALL_CARDS & ~(1 << PETIT) if imprenable else ALL_CARDS
    protected = view.petit_imprenable
    skip = sitting_out(view.rules, view.dealer)
    for trick in view.tricks_so_far:
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


@dataclass
class Leanings:
    """Soft evidence from the play: what the seats' signals and choices make likely, not
    certain. The expert prefers sampled worlds that agree (``worlds.agreement``) but never
    refuses one, since a seat may not follow the conventions."""

    holds: list[tuple[int, Mask]]
    """(seat, cards): the seat was dealt at least one of them (an honour it signalled)."""
    lacks: list[tuple[int, Mask]]
    """(seat, cards): the seat now holds none of them (no honour shown, a doubleton now void)."""
    trumps: list[tuple[int, bool]]
    """(seat, long): the seat was dealt 7 trumps or more (True), or fewer (False)."""
    partner_odds: list[float]
    """At 5 players while the partner is hidden: per seat, the odds (best 1) that it holds the
    called King, from the points it fed to the taker's tricks; empty otherwise."""
    alone_odds: float = 1.0
    """The same odds for the taker being alone (the called King in the chien or its hand)."""


FEED_ODDS = 0.3
"""How much likelier a partner than a defender is to throw a face card on a trick the taker
is winning with seats still to play (a defender keeps it for its side)."""


def lean(view: DealView, know: Knowledge) -> Leanings:
    """The soft evidence of the play so far: the FFT signals of every seat but this one
    and the taker (``signals.read_signals``), and at 5 players who fed the taker."""
    me = know.seat
    signals = read_signals(view)
    holds: list[tuple[int, Mask]] = []
    lacks: list[tuple[int, Mask]] = []
    trumps: list[tuple[int, bool]] = []
    for s in range(know.players):
        if s in (me, view.taker):
            continue
        could = know.could_hold(s) & ~know.known[s] | know.played_by[s]  # dealt, maybe
        for suit in range(4):
            honours = SUIT_MASKS[suit] & HONOURS
            if signals.honours[s] >> suit & 1:
                possible = honours & could
                if possible and not possible & (know.played_by[s] | know.known[s]):
                    holds.append((s, possible))
            if signals.no_honour[s] >> suit & 1 and honours & know.unseen:
                lacks.append((s, honours & know.unseen))
            if signals.doubletons[s] >> suit & 1 and SUIT_MASKS[suit] & know.unseen:
                lacks.append((s, SUIT_MASKS[suit] & know.unseen))
        long = signals.long_trumps[s]
        if long is not None:
            trumps.append((s, long))
    odds, alone = _partner_odds(view, know)
    return Leanings(holds, lacks, trumps, odds, alone)


def _partner_odds(view: DealView, know: Knowledge) -> tuple[list[float], float]:
    called = view.called
    taker = view.taker
    if called is None or taker is None or view.partner_known or know.hand >> called & 1:
        return [], 1.0
    n = know.players
    skip = sitting_out(view.rules, view.dealer)
    size = view.rules.playing
    fed = [0] * n
    for trick in view.tricks_so_far:
        seats = trick_seats(trick.leader, len(trick.cards), n, skip)
        for i in range(1, min(len(trick.cards), size - 1)):
            seat, card = seats[i], trick.cards[i]
            if seat in (know.seat, taker) or card >= PETIT:
                continue
            if HALF_POINTS[card] < 5 or card == called:
                continue
            if trick_status(trick.leader, trick.cards[:i], n, skip)[2] == taker:
                fed[seat] += 1
    total = sum(fed)
    if not total:
        return [], 1.0
    best = max(fed)
    return [FEED_ODDS ** (best - f) for f in fed], FEED_ODDS**best
