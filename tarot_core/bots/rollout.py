"""A fast card-play policy for finishing sampled worlds: the expert's inner loop.

It sees the whole sampled world (that is the point of sampling), works on masks only, and
plays the card a player would: win cheaply when it surely can, save the Petit on a trick its
side surely wins and hunt an opponent's short Petit, cash Kings while their suit is safe and
never lead, drop or feed one where an opponent still to play can ruff or overtake, throw a
bare King on the side's sure trick, and play the Excuse before the last trick or instead of
an honour that would be lost. What it plays decides what the expert believes: a policy that
never saves a Petit makes the expert throw its own away.
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
    JACK,
    KINGS,
    PETIT,
    SUIT_MASKS,
    TRUMP,
    TRUMPS,
    TRUMPS_ABOVE,
    cards_of,
)
from ..deal import Deal, Phase, playable, playable_protected, trick_seats
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
    """A protected Petit (docs/rules.md §11.2) goes where it takes the trick (last to play, no
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


def _rest(deal: Deal, seat: int) -> list[int]:
    """The seats still to play to the current trick after ``seat``."""
    return trick_seats(seat, deal.size - len(deal.trick), deal.n, deal.skip)[1:]


def _beats(hand: int, led: int, best_card: int, max_trump: int) -> bool:
    """Whether a hand still to play can take the trick from its winner (follow higher, ruff,
    overtrump): what a card must fear from an opponent behind it."""
    if led != TRUMP:
        follow = hand & SUIT_MASKS[led]
        if follow:
            return max_trump < 0 and follow >> (best_card + 1) != 0
        if max_trump < 0:
            return hand & TRUMPS != 0
    return hand & TRUMPS_ABOVE[max_trump] != 0


def _holds(deal: Deal, seat: int, card: int, rest: list[int]) -> bool:
    """Whether the trick is surely the side's once ``seat`` plays ``card``: its side wins it
    then and no opponent still to play can take it."""
    led, best_card, max_trump, best = deal.led, deal.best_card, deal.max_trump, deal.best_seat
    if card >= PETIT:
        if led < 0:
            led = TRUMP
        if card > max_trump:
            max_trump, best = card, seat
    else:
        if led < 0:
            led = card // 14
        if max_trump < 0 and card // 14 == led and card > best_card:
            best_card, best = card, seat
    return _kept(deal, seat, best, led, best_card, max_trump, rest)


def _ally_sure(deal: Deal, seat: int, rest: list[int]) -> bool:
    """The trick's winner is on ``seat``'s side and no opponent still to play can take it."""
    best = deal.best_seat
    return best >= 0 and _kept(deal, seat, best, deal.led, deal.best_card, deal.max_trump, rest)


def _kept(
    deal: Deal, seat: int, best: int, led: int, best_card: int, max_trump: int, rest: list[int]
) -> bool:
    """A trick in this state, won by ``best``, stays with ``seat``'s side: ``best`` is on it
    and no opponent among ``rest`` can take the trick."""
    t, p = deal.taker, deal.partner
    mine = seat in (t, p)
    if (best in (t, p)) != mine:
        return False
    hands = deal.hands
    for s in rest:
        if (s in (t, p)) != mine and _beats(hands[s], led, best_card, max_trump):
            return False
    return True


def _ruff_threat(deal: Deal, seat: int, suit: int, rest: list[int]) -> int:
    """The highest trump an opponent still to play can ruff ``suit`` with (-1: none)."""
    t, p = deal.taker, deal.partner
    mine = seat in (t, p)
    top = -1
    for s in rest:
        if (s in (t, p)) != mine:
            h = deal.hands[s]
            if suit == TRUMP or not h & SUIT_MASKS[suit]:
                top = max(top, (h & TRUMPS).bit_length() - 1)
    return top


_HONOURS = KINGS | _PETIT_BIT
"""Cards worth keeping out of a lost trick with the Excuse."""
_EXCUSE_LATE = 4
"""Cards in hand from which the Excuse goes on the first trick its side does not surely win:
kept longer, it must be led at the end, and the other side feeds the trick it then wins."""


def _pick(deal: Deal, seat: int, rng: random.Random, hand: int, legal: int) -> int:
    if legal & (legal - 1) == 0:
        return legal.bit_length() - 1
    if legal & EXCUSE_BIT and hand.bit_count() <= 2:
        return EXCUSE  # before the last trick, where it would be lost
    excuse = legal & EXCUSE_BIT
    legal &= ~EXCUSE_BIT
    if legal & (legal - 1) == 0:
        card = legal.bit_length() - 1
    elif deal.led < 0:
        return _lead(deal, seat, rng, hand, legal)
    else:
        card = _follow(deal, seat, rng, legal)
    costly = (1 << card) & _HONOURS or HALF_POINTS[card] >= 5 or hand.bit_count() <= _EXCUSE_LATE
    if excuse and deal.led >= 0 and costly and not _holds(deal, seat, card, _rest(deal, seat)):
        return EXCUSE  # rather than give points away, or lead it at the end into a feed
    return card


def _lead(deal: Deal, seat: int, rng: random.Random, hand: int, legal: int) -> int:
    t, p = deal.taker, deal.partner
    mine = seat in (t, p)
    hands = deal.hands
    rival = 0  # the opponents' trumps
    opponents = []
    for s in range(deal.n):
        if s != seat and s != deal.skip and (s in (t, p)) != mine:
            rival |= hands[s] & TRUMPS
            opponents.append(s)
    trumps = legal & TRUMPS
    big = trumps & ~_PETIT_BIT
    if big:
        for s in opponents:  # hunt the Petit of a short opponent
            h = hands[s]
            if h & _PETIT_BIT and (h & TRUMPS).bit_count() <= 2:
                return big.bit_length() - 1
        if mine and rival and rng.random() < 0.6:  # draw trumps while an opponent has some
            top = big.bit_length() - 1
            if top > rival.bit_length() - 1:
                return top
    plain = legal & ~TRUMPS
    if not plain:
        return _cheapest(legal)
    ruffed = 0  # suits an opponent can ruff
    if plain & KINGS:
        for s in opponents:
            h = hands[s]
            if h & TRUMPS:
                for suit in range(4):
                    if not h & SUIT_MASKS[suit]:
                        ruffed |= SUIT_MASKS[suit]
        safe_kings = plain & KINGS & ~ruffed
        if safe_kings and rng.random() < 0.8:
            return safe_kings.bit_length() - 1  # cash a King while its suit is safe
    suits = [s for s in range(4) if plain & SUIT_MASKS[s]]
    if ruffed and len(suits) > 1:  # no bare King led into a ruff when another suit will do
        kept = [s for s in suits if plain & SUIT_MASKS[s] & ~(KINGS & ruffed)]
        suits = kept or suits
    suit = suits[rng.randrange(len(suits))]
    return _cheapest(plain & SUIT_MASKS[suit])


def _follow(deal: Deal, seat: int, rng: random.Random, legal: int) -> int:
    led = deal.led
    rest = _rest(deal, seat)
    sure = _ally_sure(deal, seat, rest)
    if led != TRUMP and legal & SUIT_MASKS[led]:
        if sure:
            return _richest(legal)  # feed the side's sure trick
        if deal.max_trump < 0:
            above = legal & ~((1 << (deal.best_card + 1)) - 1)
            m = above
            while m:  # the cheapest card that surely takes it
                low = m & -m
                c = low.bit_length() - 1
                if _holds(deal, seat, c, rest):
                    return c
                m ^= low
            if above:
                top = above.bit_length() - 1
                t, p = deal.taker, deal.partner
                ally = (deal.best_seat == t or deal.best_seat == p) == (seat in (t, p))
                if not ally and top % 14 < JACK - 1:
                    return top  # a try that risks no points
        return _cheapest(legal)
    trumps = legal & TRUMPS
    if trumps:
        if trumps & _PETIT_BIT and _holds(deal, seat, PETIT, rest):
            return PETIT  # save the Petit on a trick the side surely wins
        safe = trumps & ~_PETIT_BIT
        if sure:
            return _cheapest(trumps)
        max_trump = deal.max_trump
        over = safe & TRUMPS_ABOVE[max_trump] if max_trump >= 0 else safe
        if over:
            threat = _ruff_threat(deal, seat, led, rest)
            winners = over & TRUMPS_ABOVE[threat] if threat >= 0 else over
            if winners:
                return (winners & -winners).bit_length() - 1
            if len(rest) == 0:
                return (over & -over).bit_length() - 1
            return (over & -over).bit_length() - 1 if rng.random() < 0.5 else over.bit_length() - 1
        return _cheapest(trumps)
    if sure:
        return _feed(legal)
    return _cheapest(legal)


def _feed(legal: int) -> int:
    """Points for the side's sure trick: a bare King first (it would fall later), else the
    richest card."""
    for suit in range(4):
        cards = legal & SUIT_MASKS[suit]
        if cards and cards & (cards - 1) == 0 and cards & KINGS:
            return cards.bit_length() - 1
    return _richest(legal)


class RolloutError(Exception):
    """A sampled world that does not play to its end: it cannot come from a real deal.
    (An ``Exception``: the compiled core cannot derive from ``RuntimeError``.)"""


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
