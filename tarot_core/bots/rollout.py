"""A fast card-play policy for finishing sampled worlds: the expert's inner loop.

It sees the whole sampled world (that is the point of sampling), works on masks only, and
plays the obvious card: win cheaply when it can, feed a partner who is winning, throw the
cheapest card otherwise, and never waste the Excuse.
"""

from __future__ import annotations

import random

from ..actions import Bid, Call, DeclareSlam, Ecart
from ..auction import max_calls
from ..cards import (
    ALL_CARDS,
    EXCUSE,
    EXCUSE_BIT,
    HALF_POINTS,
    PETIT,
    SUIT_MASKS,
    TRUMP,
    TRUMPS,
    TRUMPS_ABOVE,
    cards_of,
)
from ..deal import Deal, Phase, playable, playable_protected
from ..rules import Contract
from .evaluation import preferred_contract
from .heuristic import choose_call, choose_ecart

_PETIT_BIT = 1 << PETIT


def _cheapest(mask: int) -> int:
    """Fewest points, then lowest; trumps after plain cards; the Petit and Excuse last."""
    best = -1
    best_key = (99, 99)
    m = mask & ~EXCUSE_BIT & ALL_CARDS  # never negative: the loop ends
    while m:
        low = m & -m
        c = low.bit_length() - 1
        m ^= low
        key = (HALF_POINTS[c] + (20 if c == PETIT else 10 if c >= PETIT else 0), c)
        if key < best_key:
            best, best_key = c, key
    return best if best >= 0 else EXCUSE


def _richest(mask: int) -> int:
    """Most points among plain cards (a trump only when nothing else)."""
    plain = mask & ~TRUMPS & ~EXCUSE_BIT
    if plain:
        best, best_pts = -1, -1
        m = plain & ALL_CARDS  # never negative: the loop ends
        while m:
            low = m & -m
            c = low.bit_length() - 1
            m ^= low
            if HALF_POINTS[c] >= best_pts:
                best, best_pts = c, HALF_POINTS[c]
        return best
    trumps = mask & TRUMPS
    if trumps:
        return (trumps & -trumps).bit_length() - 1
    return EXCUSE


def choose(deal: Deal, seat: int, rng: random.Random) -> int:
    hand = deal.hands[seat]
    if seat == deal.imprenable and hand & _PETIT_BIT:
        return _protected(deal, seat, rng, hand)
    return _pick(deal, seat, rng, hand, playable(hand, deal.led, deal.max_trump))


def _protected(deal: Deal, seat: int, rng: random.Random, hand: int) -> int:
    """A protected Petit (RULES.md §11.2) goes where it takes the trick (last to play, no
    trump in it), where its side already wins, or instead of a costly card; else it waits."""
    legal = playable_protected(hand, deal.led, deal.max_trump)
    if legal == _PETIT_BIT:
        return PETIT
    best = deal.best_seat
    if len(deal.trick) == deal.size - 1 and (
        deal.max_trump < 0 or deal.side_of(best) == deal.side_of(seat)
    ):
        return PETIT
    card = _pick(deal, seat, rng, hand, legal & ~_PETIT_BIT)
    losing = best >= 0 and deal.side_of(best) != deal.side_of(seat)
    if losing and card != EXCUSE and HALF_POINTS[card] >= 5:
        return PETIT
    return card


def _pick(deal: Deal, seat: int, rng: random.Random, hand: int, legal: int) -> int:
    if legal & (legal - 1) == 0:
        return legal.bit_length() - 1
    if legal & EXCUSE_BIT and hand.bit_count() <= 2:
        return EXCUSE
    legal &= ~EXCUSE_BIT
    if legal & (legal - 1) == 0:
        return legal.bit_length() - 1
    led = deal.led
    if led < 0:
        taking = seat == deal.taker or seat == deal.partner
        trumps = legal & TRUMPS
        if taking and trumps and rng.random() < 0.6:
            top = trumps.bit_length() - 1
            others = 0
            for s in range(deal.n):
                if s != seat:
                    others |= deal.hands[s]
            others &= TRUMPS
            if not others or top > others.bit_length() - 1:
                return top
        plain = legal & ~TRUMPS
        if plain:
            suits = [s for s in range(4) if plain & SUIT_MASKS[s]]
            suit = suits[rng.randrange(len(suits))]
            cards = plain & SUIT_MASKS[suit]
            king = cards.bit_length() - 1
            if king % 14 == 13 and rng.random() < 0.7:
                return king
            return _cheapest(cards)
        return _cheapest(legal)
    last = len(deal.trick) == deal.size - 1
    best_seat = deal.best_seat
    taker = deal.taker
    partner = deal.partner
    my_side = seat in (taker, partner)
    ally_winning = best_seat >= 0 and (best_seat in (taker, partner)) == my_side
    if led != TRUMP and legal & SUIT_MASKS[led]:
        if ally_winning and (last or deal.max_trump >= 0):
            return _richest(legal)
        if deal.max_trump < 0:
            above = legal & ~((1 << (deal.best_card + 1)) - 1)
            if above:
                return (above & -above).bit_length() - 1 if last else above.bit_length() - 1
        return _cheapest(legal)
    trumps = legal & TRUMPS
    if trumps:
        if ally_winning and last:
            return (trumps & -trumps).bit_length() - 1
        over = trumps & TRUMPS_ABOVE[deal.max_trump] if deal.max_trump >= 0 else trumps
        if over:
            if last or over == _PETIT_BIT:
                return (over & -over).bit_length() - 1
            safe = over & ~_PETIT_BIT
            return (safe & -safe).bit_length() - 1 if rng.random() < 0.5 else safe.bit_length() - 1
        return _cheapest(trumps)
    if ally_winning:
        return _richest(legal)
    return _cheapest(legal)


class RolloutError(RuntimeError):
    """A sampled world that does not play to its end: it cannot come from a real deal."""


def finish(deal: Deal, rng: random.Random) -> None:
    """Play a world to its end (bidding, écart and slam by simple rules too).

    Every step is one action and a whole deal takes at most ``players * hand_size +
    max_calls + 3`` of them (cards, bids, call, écart, slam); a world still unfinished after
    that many is stuck (an écart that cannot be made, say), and raises RolloutError instead
    of looping.
    """
    limit = deal.size * deal.rules.hand_size + max_calls(deal.rules) + 3
    for _ in range(limit):
        if deal.phase == Phase.DONE:
            return
        seat = deal.to_act
        phase = deal.phase
        if phase == Phase.PLAYING:
            deal.play(seat, choose(deal, seat, rng))
        elif phase == Phase.BIDDING:
            offered = deal.rules.bids
            wanted = preferred_contract(deal.hands[seat], deal.rules.playing, offered)
            if wanted <= deal.contract or wanted not in offered:
                wanted = Contract.PASS
            deal.apply(Bid(seat, wanted))
        elif phase == Phase.CALLING:
            options = cards_of(deal.callable_cards())
            deal.apply(Call(seat, choose_call(deal.hands[seat], options)))
        elif phase == Phase.ECART:
            deal.apply(Ecart(seat, choose_ecart(deal.hands[seat], deal.ecart_needed())))
        else:
            deal.apply(DeclareSlam(seat, False))
    if deal.phase != Phase.DONE:
        raise RolloutError(
            f"a sampled world is still in its {deal._phase_text()} after {limit} actions"
        )
