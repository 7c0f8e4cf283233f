"""Cards as small integers, so that hands are bit sets and legality is mask arithmetic.

Ids: suit cards are ``suit * 14 + rank - 1`` (suits S, H, D, C = 0..3, ranks 1..14 with
11..14 = J, C, Q, K), trumps T1..T21 are 56..76, the Excuse is 77.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from .quoting import quote

Card = int
Mask = int

SPADES, HEARTS, DIAMONDS, CLUBS = 0, 1, 2, 3
TRUMP: Final = 4
"""Pseudo-suit of the trumps; the Excuse belongs to no suit."""

SUIT_LETTERS = "SHDC"
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs", "trumps")
RANK_TEXT = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "C", "Q", "K")
JACK, KNIGHT, QUEEN, KING = 11, 12, 13, 14

DECK_SIZE: Final = 78
EXCUSE: Final[Card] = 77
PETIT: Final[Card] = 56
TRUMP_21: Final[Card] = 76

ALL_CARDS: Final[Mask] = (1 << DECK_SIZE) - 1
SUIT_MASKS: Final[tuple[Mask, ...]] = tuple(((1 << 14) - 1) << (14 * s) for s in range(4))
TRUMPS: Final[Mask] = ((1 << 21) - 1) << 56
EXCUSE_BIT: Final[Mask] = 1 << EXCUSE
OUDLERS: Final[Mask] = (1 << PETIT) | (1 << TRUMP_21) | EXCUSE_BIT
KINGS: Final[Mask] = sum(1 << (s * 14 + KING - 1) for s in range(4))
QUEENS: Final[Mask] = KINGS >> 1
FACES: Final[Mask] = sum(1 << (s * 14 + r - 1) for s in range(4) for r in range(JACK, KING + 1))
SUIT_CARDS: Final[Mask] = SUIT_MASKS[0] | SUIT_MASKS[1] | SUIT_MASKS[2] | SUIT_MASKS[3]

TRUMPS_ABOVE: Final[tuple[Mask, ...]] = tuple(
    TRUMPS & ~((1 << (c + 1)) - 1) if c >= PETIT else 0 for c in range(DECK_SIZE)
)
"""For a trump id, the mask of every stronger trump."""


class CardError(ValueError):
    """A token that is not a card in the notation of docs/rules.md."""


def suit_of(card: Card) -> int:
    """Suit index 0..3, TRUMP for trumps, -1 for the Excuse."""
    if card < 56:
        return card // 14
    return TRUMP if card < EXCUSE else -1


def led_suit(cards: Iterable[Card]) -> int:
    """The suit a trick's cards ask for: that of its first card but the Excuse (-1 if none)."""
    return next((suit_of(c) for c in cards if c != EXCUSE), -1)


def rank_of(card: Card) -> int:
    """Rank 1..14 for a suit card, 1..21 for a trump, 0 for the Excuse."""
    if card < 56:
        return card % 14 + 1
    return card - 55 if card < EXCUSE else 0


def suit_card(rank: int, suit: int) -> Card:
    return suit * 14 + rank - 1


def trump(n: int) -> Card:
    return PETIT + n - 1


def _half_points(card: Card) -> int:
    if (1 << card) & (OUDLERS | KINGS):
        return 9
    if card < 56:
        return {QUEEN: 7, KNIGHT: 5, JACK: 3}.get(card % 14 + 1, 1)
    return 1


HALF_POINTS: Final[tuple[int, ...]] = tuple(_half_points(c) for c in range(DECK_SIZE))
"""Card points in half points (a King is 9, i.e. 4.5 points)."""


def _format(card: Card) -> str:
    if card == EXCUSE:
        return "EX"
    if card >= PETIT:
        return f"T{card - 55}"
    return RANK_TEXT[card % 14] + SUIT_LETTERS[card // 14]


CARD_TEXT: Final[tuple[str, ...]] = tuple(_format(c) for c in range(DECK_SIZE))
_BY_TEXT: dict[str, Card] = {text: c for c, text in enumerate(CARD_TEXT)}


def format_card(card: Card) -> str:
    return CARD_TEXT[card]


def parse_card(token: object) -> Card:
    """Parse canonical notation (``T21``, ``EX``, ``KS``, ``10H``); strict, upper case."""
    card = _BY_TEXT.get(token) if isinstance(token, str) else None
    if card is None:
        raise CardError(f"unknown card {quote(token)}")
    return card


def parse_cards(tokens: Iterable[str]) -> list[Card]:
    return [parse_card(t) for t in tokens]


def mask_of(cards: Iterable[Card]) -> Mask:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def _chunk_tables(bits: int, chunks: int) -> tuple[tuple[tuple[Card, ...], ...], ...]:
    """For each ``bits``-wide slice of a mask, the cards of every value of that slice."""
    low: list[tuple[int, ...]] = [()]
    for i in range(bits):
        low += [t + (i,) for t in low]
    return tuple(tuple(tuple(c + bits * j for c in t) for t in low) for j in range(chunks))


_T0, _T1, _T2, _T3, _T4, _T5, _T6, _T7 = _chunk_tables(10, 8)
_BEYOND: Final = 1 << 80
"""The tables cover 80 bits, the deck's 78 and two more."""
_LOW60: Final = (1 << 60) - 1
"""The low 60 bits of a mask: with the rest (18 bits), two ints the compiled core keeps
unboxed (above 63 bits an int is a Python object even there)."""


def cards_of(mask: Mask) -> list[Card]:
    """Cards of a mask in ascending id order.

    Hot in every simulation (a bot lists its legal cards at each move). The mask is split at
    60 bits first; more than six cards are read by eight 10-bit table lookups (8 × 1024 small
    tuples, built at import in a few milliseconds), fewer bit by bit, which is faster there
    (and much faster compiled)."""
    if not 0 < mask < _BEYOND:  # empty, or not a mask
        if mask < 0:  # would loop for ever below
            raise ValueError(f"a card mask is never negative: {mask}")
        out = []
        while mask:
            low = mask & -mask
            out.append(low.bit_length() - 1)
            mask ^= low
        return out
    lo = mask & _LOW60
    hi = mask >> 60
    if mask.bit_count() > 6:
        return [
            *_T0[lo & 1023],
            *_T1[lo >> 10 & 1023],
            *_T2[lo >> 20 & 1023],
            *_T3[lo >> 30 & 1023],
            *_T4[lo >> 40 & 1023],
            *_T5[lo >> 50],
            *_T6[hi & 1023],
            *_T7[hi >> 10],
        ]
    out = []
    while lo:
        low = lo & -lo
        out.append(low.bit_length() - 1)
        lo ^= low
    while hi:
        low = hi & -hi
        out.append(low.bit_length() + 59)
        hi ^= low
    return out


def count(mask: Mask) -> int:
    return mask.bit_count()


def display_key(card: Card) -> tuple[int, int]:
    """Sort key for showing a hand: trumps high to low, the Excuse, then suits high to low."""
    if card == EXCUSE:
        return (1, 0)
    if card >= PETIT:
        return (0, -card)
    return (2 + card // 14, -card)


def format_cards(cards: Iterable[Card]) -> str:
    return ", ".join(CARD_TEXT[c] for c in cards)


def format_mask(mask: Mask) -> str:
    return format_cards(sorted(cards_of(mask), key=display_key))
