"""Exact play of the last tricks of a sampled world: alpha-beta over every legal card.

With a few cards left per hand the tree is small, and exact beats any rollout policy where
it matters most (the Petit, the Excuse and the last trick). Three things keep it small
enough to solve more tricks: a transposition table (the same cards left, the same trick and
the same points, oudlers and tricks won reach the same score, whatever the order), cards
that are equivalent tried once (two cards of a hand with no card of another hand or of the
trick between them take the same tricks; with the same points, they give the same score),
and likely winners tried first so that alpha-beta cuts early.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import EXCUSE, HALF_POINTS, OUDLERS, PETIT
from ..deal import Deal, trick_seats, trick_status

ENDGAME_TRICKS = 4
"""Solve exactly once each hand holds at most this many cards (one fewer under a short time
budget, see ExpertBot.search). At 4 players an expert decision with 32 samples takes about
0.5 s solving from 4 cards (as long as the plain alpha-beta took from 3), 60 ms from 3; from
5 it would take several seconds."""

_EXACT, _LOWER, _UPPER = 0, 1, 2
_Key = tuple[object, ...]
_Won = tuple[int, int, int]
"""The taker's side's card points (half points), oudlers (a mask) and tricks so far."""
_Table = dict[_Key, tuple[float, int, int]]


def solve(deal: Deal, me: int, alpha: float = float("-inf"), beta: float = float("inf")) -> float:
    """``me``'s final score with best play by both sides (every hand known)."""
    if deal.result is not None:
        return deal.result.scores[me]
    taker, partner = deal.taker, deal.partner
    won = (0, 0, 0)
    for trick, winner in zip(deal.tricks, deal.winners, strict=True):
        if winner in (taker, partner):
            won = _plus(won, trick)
    table: _Table = {}
    return _search(deal.copy(), me, alpha, beta, won, table)


def _plus(won: _Won, trick: Sequence[int]) -> _Won:
    """``won`` with one more trick of the taker's side: its points, oudlers and count."""
    points, oudlers, count = won
    for c in trick:
        points += HALF_POINTS[c]
        oudlers |= OUDLERS & 1 << c
    return points, oudlers, count + 1


def _search(deal: Deal, me: int, alpha: float, beta: float, won: _Won, table: _Table) -> float:
    """``won`` is what the score needs of the tricks played: the taker's side's card points
    (half points), the oudlers among them and its trick count."""
    if deal.result is not None:
        return deal.result.scores[me]
    seat = deal.to_act
    tricks = deal.tricks
    petit_last = bool(tricks) and PETIT in tricks[-1]  # au bout if the Excuse ends a slam
    if len(tricks) == deal.rules.hand_size - 1:
        return _last_trick(deal, me, won, petit_last, table)
    key = (*deal.hands, *deal.trick, seat, *won, deal.excuse_seat, deal.excuse_trick, petit_last)
    entry = table.get(key)
    first = -1
    if entry is not None:
        value, flag, first = entry
        if flag == _EXACT:
            return value
        if flag == _LOWER:
            if value >= beta:
                return value
            alpha = max(alpha, value)
        elif value <= alpha:
            return value
        else:
            beta = min(beta, value)
    alpha0, beta0 = alpha, beta
    taker, partner = deal.taker, deal.partner
    mine = (seat in (taker, partner)) == (me in (taker, partner))
    best = float("-inf") if mine else float("inf")
    best_card = -1
    done = len(tricks)
    mark = deal.play_mark()  # no card here ends the deal: the last trick is _last_trick's
    for card in _ordered(deal, seat, first):
        deal.play(seat, card)
        gained = won
        if len(deal.tricks) > done and deal.result is None and deal.winners[-1] in (taker, partner):
            gained = _plus(won, deal.tricks[-1])
        value = _search(deal, me, alpha, beta, gained, table)
        deal.take_back(mark)
        if mine:
            if value > best:
                best, best_card = value, card
            alpha = max(alpha, best)
        else:
            if value < best:
                best, best_card = value, card
            beta = min(beta, best)
        if alpha >= beta:
            break
    if best <= alpha0:
        flag = _UPPER
    elif best >= beta0:
        flag = _LOWER
    else:
        flag = _EXACT
    table[key] = (best, flag, best_card)
    return best


def _last_trick(deal: Deal, me: int, won: _Won, petit_last: bool, table: _Table) -> float:
    """Every card left is forced. The score depends only on what each side won, where the
    Excuse and the Petit went and who took the last trick: positions that agree on those
    share one scoring (the costly part); the others are played out on a copy."""
    n, skip = deal.n, deal.skip
    rest = trick_seats(deal.to_act, deal.size - len(deal.trick), n, skip)
    cards = [*deal.trick, *(deal.hands[s].bit_length() - 1 for s in rest)]
    winner = trick_status(deal.leader, cards, n, skip)[2]
    if winner in (deal.taker, deal.partner):
        won = _plus(won, cards)
    points, oudlers, count = won
    excuse = deal.excuse_seat
    if EXCUSE in cards:
        excuse = trick_seats(deal.leader, len(cards), n, skip)[cards.index(EXCUSE)]
    last_cards = EXCUSE in cards, PETIT in cards, petit_last
    key = (-1, points, oudlers, count, winner, excuse, deal.excuse_trick, *last_cards)
    entry = table.get(key)
    if entry is not None:
        return entry[0]
    deal = deal.copy()
    while deal.result is None:
        seat = deal.to_act
        deal.play(seat, deal.hands[seat].bit_length() - 1)
    value = deal.result.scores[me]
    table[key] = (value, _EXACT, -1)
    return value


def _ordered(deal: Deal, seat: int, first: int) -> list[int]:
    """The legal cards worth trying, one of each equivalent run, likely winners first."""
    legal = deal.legal_cards(seat)
    blockers = 0
    for s, hand in enumerate(deal.hands):
        if s != seat:
            blockers |= hand
    for c in deal.trick:
        blockers |= 1 << c
    cards: list[int] = []
    prev = -1
    m = legal
    while m:
        low = m & -m
        c = low.bit_length() - 1
        m ^= low
        if (
            prev >= 0
            and HALF_POINTS[c] == HALF_POINTS[prev]
            and not (1 << c | 1 << prev) & OUDLERS
            and (c // 14 == prev // 14 if c < PETIT else prev >= PETIT)
            and not blockers & ((1 << c) - (2 << prev))
        ):
            prev = c  # same power and points as the card kept for this run
            continue
        cards.append(c)
        prev = c
    led, max_trump, best = deal.led, deal.max_trump, deal.best_card

    def rank(c: int) -> tuple[int, int, int]:
        if c == first:
            return (0, 0, 0)
        if c == EXCUSE:
            return (2, 0, 0)
        wins = (
            led < 0
            or (c >= PETIT and c > max_trump)
            or (max_trump < 0 and c < PETIT and c // 14 == led and c > best)
        )
        return (1, 0, -c) if wins else (3, HALF_POINTS[c], c)

    cards.sort(key=rank)
    return cards
