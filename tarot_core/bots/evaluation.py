"""Judging a hand before the bidding: the points table of docs/rules.md §10, scaled for 3 and 5."""

from __future__ import annotations

from ..cards import EXCUSE, PETIT, SUIT_MASKS, TRUMP_21, TRUMPS, Mask, suit_card
from ..rules import Contract, Rules

THRESHOLDS = (
    (81, Contract.GARDE_CONTRE),
    (71, Contract.GARDE_SANS),
    (56, Contract.GARDE),
    (48, Contract.POUSSE),
    (40, Contract.PRISE),
)
"""docs/rules.md §10's bands; the Pousse (§11.4, where a table offers it) takes the upper half
of the Prise band, 48–55, under ``contracts: fixed`` too (there the Prise is the Petite)."""
FFT_BIDS = Rules().bids
"""The bids of docs/rules.md §3, for callers that name no table's rules."""
THRESHOLD = {contract: points for points, contract in THRESHOLDS}
SCALE = {3: 0.78, 4: 1.0, 5: 1.12, 6: 1.3}
"""Hands of 24 cards (3 players) score more for the same strength; hands of 15 (5
players) or 12 (6) less, and the taker has a partner."""


def hand_points(hand: Mask, without_chien: bool = False) -> int:
    trumps = [c - PETIT + 1 for c in range(PETIT, TRUMP_21 + 1) if hand >> c & 1]
    count = len(trumps)
    points = 0
    if hand >> TRUMP_21 & 1:
        points += 10
    if hand >> EXCUSE & 1:
        points += 8
    if hand >> PETIT & 1:
        points += 0 if count <= 3 else {4: 5, 5: 7}.get(count, 9)
    if count >= 4:
        points += 2 * count
    majors = [t for t in trumps if t >= 16]
    points += 2 * len(majors)
    points += sum(1 for t in majors if t - 1 in majors or t + 1 in majors)
    for suit in range(4):
        cards = hand & SUIT_MASKS[suit]
        length = cards.bit_count()
        king = cards >> suit_card(14, suit) & 1
        queen = cards >> suit_card(13, suit) & 1
        if king and queen:
            points += 10
        elif king:
            points += 6
        elif queen:
            points += 3
        points += 2 * (cards >> suit_card(12, suit) & 1) + (cards >> suit_card(11, suit) & 1)
        points += {5: 5, 6: 7}.get(length, 9 if length >= 7 else 0)
        if without_chien:
            points += 6 if length == 0 else 3 if length == 1 else 0
    return points


def strength(hand: Mask, players: int, without_chien: bool = False) -> float:
    return hand_points(hand, without_chien) * SCALE[players]


def preferred_contract(
    hand: Mask, players: int, offered: tuple[Contract, ...] = FFT_BIDS
) -> Contract:
    """The contract the table of docs/rules.md §10 suggests (PASS under 40), among those ``offered``
    (``Rules.bids``): a Pousse band falls back to the Prise where there is no Pousse."""
    if trump_count(hand) < min_trumps(hand):  # points in Kings do not make a contract
        return Contract.PASS
    base = strength(hand, players)
    sans = strength(hand, players, without_chien=True)
    for threshold, contract in THRESHOLDS:
        if contract == Contract.POUSSE and contract not in offered:
            continue
        score = sans if contract >= Contract.GARDE_SANS else base
        if score >= threshold:
            return contract
    return Contract.PASS


def trump_count(hand: Mask) -> int:
    return (hand & TRUMPS).bit_count()


def min_trumps(hand: Mask) -> int:
    """The fewest trumps a taker should hold: a taker short of trumps is drawn of them and
    loses control (4 of 18 cards at 4 players, 5 of 24 at 3, 3 of 15 or 12 at 5 and 6)."""
    return max(3, round(hand.bit_count() / 4.5))
