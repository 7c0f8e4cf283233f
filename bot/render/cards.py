"""Cards as people read them, in the user's language.

Short form (buttons, tricks, hand lines; at most 6 characters, see ``MAX_SHORT``):

- a suit card is its rank and its suit symbol: ``1♠`` .. ``10♥``, then the faces by their
  letters in the reader's language: English ``J C Q K`` (C, the Knight, as in the
  project's notation), French ``V C D R`` (valet, cavalier, dame, roi): ``K♠`` / ``R♠``;
- a trump is its number and a star: ``1★`` (the Petit) .. ``21★``;
- the Excuse is ``🃏`` (the Fool, ancestor of the joker).

The suit symbols are the text ones (``♠ ♥ ♦ ♣``, never followed by an emoji selector) so
that every card lines up the same. Long form: "King of Spades" / "Roi de pique",
"Trump 12" / "Atout 12", "the Petit" / "le Petit", "the Excuse" / "l'Excuse".
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from tarot_core import DECK_SIZE, EXCUSE, PETIT, Card, display_key, rank_of, suit_of
from tarot_core.cards import TRUMP

from ..i18n import locale_of, t

SUIT_SYMBOLS = ("♠", "♥", "♦", "♣")
TRUMP_MARK = "★"
EXCUSE_MARK = "🃏"
MAX_SHORT = 6
GROUP_ORDER = (TRUMP, -1, 0, 1, 2, 3)
"""Hand groups in ``display_key`` order: trumps, the Excuse, then the four suits."""


def _short(card: Card, lang: str) -> str:
    if card == EXCUSE:
        return EXCUSE_MARK
    if card >= PETIT:
        return f"{rank_of(card)}{TRUMP_MARK}"
    rank = rank_of(card)
    text = t(lang, f"card.short.{rank}") if rank > 10 else str(rank)
    return text + SUIT_SYMBOLS[suit_of(card)]


def _long(card: Card, lang: str) -> str:
    if card == EXCUSE:
        return t(lang, "card.excuse")
    if card == PETIT:
        return t(lang, "card.petit")
    if card > PETIT:
        return t(lang, "card.trump", n=rank_of(card))
    rank = rank_of(card)
    rank_text = t(lang, f"card.rank.{rank}") if rank == 1 or rank > 10 else str(rank)
    return t(lang, "card.suit_card", rank=rank_text, suit=t(lang, f"card.suit.{suit_of(card)}"))


@cache
def _tables(lang: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Every card's two forms in one language, built once: rendering is on every click."""
    cards = range(DECK_SIZE)
    return tuple(_short(c, lang) for c in cards), tuple(_long(c, lang) for c in cards)


def card_short(card: Card, locale: str | None = None) -> str:
    """The compact form for buttons and lines: ``K♠``, ``10♥``, ``21★``, ``🃏``."""
    return _tables(locale_of(locale))[0][card]


def card_long(card: Card, locale: str | None = None) -> str:
    """The full name: "King of Spades", "Atout 12", "the Petit", "l'Excuse"."""
    return _tables(locale_of(locale))[1][card]


def cards_short(cards: Iterable[Card], locale: str | None = None, sep: str = " ") -> str:
    short = _tables(locale_of(locale))[0]
    return sep.join(short[c] for c in cards)


def sort_for_display(cards: Iterable[Card]) -> list[Card]:
    return sorted(cards, key=display_key)


def group_of(card: Card) -> int:
    """The hand line a card belongs to: ``TRUMP``, -1 for the Excuse, or its suit."""
    return suit_of(card)


def group_name(group: int, locale: str | None = None) -> str:
    return t(locale, "hand.group.excuse" if group == -1 else f"hand.group.{group}")


def hand_groups(cards: Iterable[Card]) -> list[tuple[int, list[Card]]]:
    """The cards by group, groups and cards in ``display_key`` order, empty groups left out
    (for the écart selects as well as for the text)."""
    groups: dict[int, list[Card]] = {}
    for card in sort_for_display(cards):
        groups.setdefault(group_of(card), []).append(card)
    return [(g, groups[g]) for g in GROUP_ORDER if g in groups]


def hand_lines(cards: Iterable[Card], locale: str | None = None) -> list[str]:
    """One line per suit, e.g. ``**Trumps**: 21★ 14★ 3★`` then ``**Spades**: K♠ 7♠``."""
    lines = [
        t(locale, "hand.line", group=group_name(g, locale), cards=cards_short(group, locale))
        for g, group in hand_groups(cards)
    ]
    return lines or [t(locale, "hand.empty")]


def hand_text(cards: Iterable[Card], locale: str | None = None) -> str:
    return "\n".join(hand_lines(cards, locale))


__all__ = [
    "EXCUSE_MARK",
    "MAX_SHORT",
    "SUIT_SYMBOLS",
    "TRUMP_MARK",
    "card_long",
    "card_short",
    "cards_short",
    "group_name",
    "hand_groups",
    "hand_lines",
    "hand_text",
    "sort_for_display",
]
