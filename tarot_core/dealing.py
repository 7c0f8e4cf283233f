"""Shuffling and dealing per docs/rules.md §2, from a seeded RNG: a seed reproduces a deal."""

from __future__ import annotations

import random
from collections.abc import Sequence

from .cards import DECK_SIZE, Card, Mask
from .rules import Rules

_BIT: tuple[Mask, ...] = tuple(1 << c for c in range(DECK_SIZE))


def shuffled_deck(rng: random.Random) -> list[Card]:
    deck = list(range(DECK_SIZE))
    rng.shuffle(deck)
    return deck


def cut_deck(rng: random.Random, deck: Sequence[Card]) -> list[Card]:
    """The traditional cut: more than three cards on each side of the cut."""
    at = rng.randint(4, len(deck) - 4)
    return list(deck[at:]) + list(deck[:at])


def deal_deck(
    rng: random.Random, rules: Rules, dealer: int, deck: Sequence[Card]
) -> tuple[list[Mask], Mask]:
    """Deal ``deck`` in packets, starting with the seat after the dealer.

    Chien cards go one at a time between packets: never the first or the last card of the
    deck, never two in a row (each chien card takes a distinct gap between two packets).
    A dealer who sits out (docs/rules.md §11.1) deals to the five others and keeps no card.
    """
    n = rules.players
    skip = dealer if rules.sits_out else -1
    packet = rules.packet
    packets = rules.playing * rules.hand_size // packet
    gaps = set(rng.sample(range(1, packets), rules.chien_size))
    hands = [0] * n
    chien: Mask = 0
    pos = 0
    seat = (dealer + 1) % n
    for p in range(packets):
        if p in gaps:
            chien |= _BIT[deck[pos]]
            pos += 1
        m = hands[seat]
        for c in deck[pos : pos + packet]:
            m |= _BIT[c]
        hands[seat] = m
        pos += packet
        seat = seat + 1 if seat + 1 < n else 0
        if seat == skip:
            seat = seat + 1 if seat + 1 < n else 0
    return hands, chien


def deal(
    rng: random.Random,
    rules: Rules,
    dealer: int,
    previous: Sequence[Card] | None = None,
) -> tuple[list[Mask], Mask]:
    """A new deal: shuffled (``full``), or the previous deal's cards cut (``cut``)."""
    if rules.shuffle == "cut" and previous is not None:
        deck = cut_deck(rng, previous)
    else:
        deck = shuffled_deck(rng)
    return deal_deck(rng, rules, dealer, deck)
