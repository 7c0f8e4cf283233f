"""The FFT's signalling conventions (our rule sources, the défense's signals): how to give
them and what the play seen so far has signalled.

Pure functions over masks and views, no randomness: the heuristic plays the signals with
``discard_signal`` and ``trump_signal``; the expert reads them with ``read_signals`` to
prefer sampled worlds that agree with them.

1. A seat's first free discard: a low card (1 to 5) of a suit says "I hold its King (or its
   Queen, the King gone): lead it"; a 6 to 10 says "no honour there".
2. A defender's first trump played by choice: odd says "7 or more trumps", even "fewer".
3. The Excuse on the first trick led in trumps: "stop leading trumps".
4. Two small cards of a suit played high then low on its first two rounds: a doubleton, now
   void (partner should continue the suit so that the seat ruffs).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..cards import (
    EXCUSE,
    KINGS,
    PETIT,
    QUEENS,
    SUIT_MASKS,
    TRUMP,
    TRUMPS,
    Card,
    Mask,
    cards_of,
    led_suit,
    mask_of,
    rank_of,
    suit_card,
    suit_of,
)
from ..deal import sitting_out, trick_seats
from ..view import DealView

LOW = 5
"""The highest rank of a low card (an honour signal)."""
PLAIN = 10
"""The highest rank of a card that signals "no honour"."""
LONG_TRUMPS = 7
"""Trumps dealt that an odd first trump announces."""
CHEAP_TRUMP = 15
"""The highest trump that signals parity; a higher one is played to win, not to tell."""


HONOURS = KINGS | QUEENS
"""The cards a first-discard signal speaks of, and that a defender keeps out of a ruff."""


def discard_signal(hand: Mask, legal: Mask, first: bool, *, played: Mask = 0) -> Card | None:
    """The card to throw on a free discard to give the first-discard signal, or None.

    Only on the seat's ``first`` discard. A suit with its King (or its Queen, the King being
    in ``played``) and at least two other cards, one of them low: throw its lowest card, so
    the honour stays guarded. Else the lowest 6-10 of a suit with no honour. Never a King, a
    Queen or a point card just to signal.
    """
    if not first:
        return None
    best: tuple[int, int, Card] | None = None
    for suit in range(4):
        cards = hand & SUIT_MASKS[suit]
        king = suit_card(14, suit)
        queen = suit_card(13, suit)
        honour = cards >> king & 1 or (cards >> queen & 1 and played >> king & 1)
        if not honour or cards.bit_count() < 3:
            continue
        low = [c for c in cards_of(cards & legal) if rank_of(c) <= LOW]
        if not low:
            continue
        # The King before a Queen, then the longer suit: the likelier trick to cash.
        key = (int(cards >> king & 1), cards.bit_count(), low[0])
        if best is None or key[:2] > best[:2]:
            best = key
    if best is not None:
        return best[2]
    plain = [
        c
        for suit in range(4)
        if not hand & HONOURS & SUIT_MASKS[suit]
        for c in cards_of(hand & legal & SUIT_MASKS[suit])
        if LOW < rank_of(c) <= PLAIN
    ]
    return min(plain, key=rank_of) if plain else None


def trump_signal(hand: Mask, legal_trumps: Mask) -> Card | None:
    """The cheapest trump of the parity that tells partner the trump length (odd: 7 or
    more), or None when the choice is forced or no cheap trump has that parity.

    Never the Petit, never above the 15 (a trump the seat needs to win is not a signal), and
    at most two steps above the cheapest candidate, so the signal costs nothing.
    """
    legal_trumps &= TRUMPS
    if legal_trumps.bit_count() < 2:
        return None
    odd = (hand & TRUMPS).bit_count() >= LONG_TRUMPS
    cheap = [c for c in cards_of(legal_trumps & ~(1 << PETIT)) if rank_of(c) <= CHEAP_TRUMP]
    for c in cheap[:2]:
        if rank_of(c) % 2 == (1 if odd else 0):
            return c
    return None


@dataclass
class Signals:
    """Per seat, what its play has signalled so far (by the conventions above)."""

    honours: list[int] = field(default_factory=list)
    """Bit per suit: the seat showed the King or Queen of that suit."""
    no_honour: list[int] = field(default_factory=list)
    """Bit per suit: the seat showed it holds neither King nor Queen there."""
    long_trumps: list[bool | None] = field(default_factory=list)
    """True: 7 or more trumps dealt; False: fewer; None: not signalled."""
    stop_trumps: list[bool] = field(default_factory=list)
    doubletons: list[int] = field(default_factory=list)
    """Bit per suit: the seat showed a doubleton there, now void."""
    discarded: list[bool] = field(default_factory=list)
    """The seat has made its first discard (its signal, if any, is given)."""
    trumped: list[bool] = field(default_factory=list)
    """The seat has played its first cheap trump (its length signal, if any, is given)."""
    rounds: list[int] = field(default_factory=list)
    """Per suit, the tricks led in it so far, the one in progress included."""


def read_signals(view: DealView) -> Signals:
    """The signals every seat but the taker (who gives none) has made, from the tricks only."""
    n = view.players
    skip = sitting_out(view.rules, view.dealer)
    out = Signals(
        [0] * n, [0] * n, [None] * n, [False] * n, [0] * n, [False] * n, [False] * n, [0] * 4
    )
    discarded, trumped, rounds = out.discarded, out.trumped, out.rounds
    trump_round_seen = False
    first_round: dict[tuple[int, int], Card] = {}  # (seat, suit) -> card on round 1
    for trick in view.tricks_so_far:
        seats = trick_seats(trick.leader, len(trick.cards), n, skip)
        led = led_suit(trick.cards)
        trump_round = led == TRUMP and not trump_round_seen
        if led == TRUMP:
            trump_round_seen = True
        if 0 <= led < 4:
            rounds[led] += 1
        for i, (seat, card) in enumerate(zip(seats, trick.cards, strict=True)):
            if seat == view.taker:
                continue
            if card == EXCUSE:
                if trump_round and i > 0:
                    out.stop_trumps[seat] = True
                continue
            suit = suit_of(card)
            if suit == TRUMP:
                if not trumped[seat] and card != PETIT and rank_of(card) <= CHEAP_TRUMP:
                    trumped[seat] = True
                    out.long_trumps[seat] = rank_of(card) % 2 == 1
                continue
            if suit != led and led >= 0 and not discarded[seat]:
                discarded[seat] = True
                if rank_of(card) <= LOW:
                    out.honours[seat] |= 1 << suit
                elif rank_of(card) <= PLAIN:
                    out.no_honour[seat] |= 1 << suit
            if suit == led and i > 0 and rank_of(card) <= PLAIN:
                if rounds[suit] == 1:
                    first_round[seat, suit] = card
                elif rounds[suit] == 2 and first_round.get((seat, suit), -1) > card:
                    out.doubletons[seat] |= 1 << suit
    return out


def signal_card(view: DealView, legal: Mask) -> Card | None:
    """The card that gives a signal now, for a defender choosing among ``legal`` cards, or
    None: its first free discard, its first trump played by choice, the higher of a small
    doubleton on the first round of a suit another seat leads."""
    me = view.seat
    if me is None or me == view.taker or view.current is None:
        return None
    hand = mask_of(view.hand)
    partner = view.partner_known and view.partner == me
    if partner or (view.called is not None and hand >> view.called & 1):
        return None  # the taker's partner plays for the taker, not the defence
    trick = view.current
    led = led_suit(trick.cards)
    if led < 0:
        return None
    signals = read_signals(view)
    if led != TRUMP and not legal & SUIT_MASKS[led]:
        if legal & TRUMPS:
            return trump_signal(hand, legal) if signals.long_trumps[me] is None else None
        return discard_signal(hand, legal, not signals.discarded[me], played=_played(view))
    if led == TRUMP and signals.long_trumps[me] is None:
        return trump_signal(hand, legal)
    opponent = trick.leader == view.taker or (view.partner_known and trick.leader == view.partner)
    if led != TRUMP and opponent:
        mine = hand & SUIT_MASKS[led]
        if (
            signals.rounds[led] == 1  # the suit's first round, this trick
            and mine.bit_count() == 2
            and all(rank_of(c) <= PLAIN for c in cards_of(mine))
        ):
            return cards_of(mine)[1]
    return None


def _played(view: DealView) -> Mask:
    out = 0
    for t in view.tricks:
        for c in t.cards:
            out |= 1 << c
    return out
