"""Cards as people read them: every card has a distinct short and long form in each
language, short forms fit a button, and a hand is shown by suit in display order."""

from __future__ import annotations

import random

import pytest

from bot.render.cards import (
    MAX_SHORT,
    card_long,
    card_short,
    hand_groups,
    hand_lines,
    hand_text,
)
from tarot_core.cards import (
    DECK_SIZE,
    EXCUSE,
    PETIT,
    TRUMP,
    display_key,
    parse_card,
    suit_of,
)


@pytest.mark.parametrize("locale", ["en", "fr"])
def test_every_card_has_distinct_names(locale: str) -> None:
    shorts = [card_short(c, locale) for c in range(DECK_SIZE)]
    longs = [card_long(c, locale) for c in range(DECK_SIZE)]
    for forms in (shorts, longs):
        assert all(f and f == f.strip() for f in forms)
        assert len(set(forms)) == DECK_SIZE
    assert all(len(s) <= MAX_SHORT for s in shorts)


def test_names_in_both_languages() -> None:
    examples = {
        "KS": ("K♠", "King of Spades", "R♠", "Roi de pique"),
        "10H": ("10♥", "10 of Hearts", "10♥", "10 de cœur"),
        "CD": ("C♦", "Knight of Diamonds", "C♦", "Cavalier de carreau"),
        "QC": ("Q♣", "Queen of Clubs", "D♣", "Dame de trèfle"),
        "JS": ("J♠", "Jack of Spades", "V♠", "Valet de pique"),
        "1H": ("1♥", "Ace of Hearts", "1♥", "As de cœur"),
        "T21": ("21★", "Trump 21", "21★", "Atout 21"),
        "T1": ("1★", "the Petit", "1★", "le Petit"),
        "EX": ("🃏", "the Excuse", "🃏", "l'Excuse"),
    }
    for text, (en_short, en_long, fr_short, fr_long) in examples.items():
        card = parse_card(text)
        assert (card_short(card, "en"), card_long(card, "en")) == (en_short, en_long)
        assert (card_short(card, "fr-FR"), card_long(card, "fr")) == (fr_short, fr_long)
    assert card_long(parse_card("KS"), "de") == "King of Spades"  # unknown: English


def test_a_hand_is_grouped_by_suit_in_display_order() -> None:
    rng = random.Random(5)
    for _ in range(50):
        hand = rng.sample(range(DECK_SIZE), rng.randint(1, 24))
        groups = hand_groups(hand)
        flat = [c for _, cards in groups for c in cards]
        assert flat == sorted(hand, key=display_key)
        assert [g for g, _ in groups] == list(dict.fromkeys(suit_of(c) for c in flat))
        for group, cards in groups:
            assert all(suit_of(c) == group for c in cards) and cards
        lines = hand_lines(hand, "en")
        assert len(lines) == len(groups)
        for line, (_, cards) in zip(lines, groups, strict=True):
            assert line.endswith(" ".join(card_short(c, "en") for c in cards))


def test_hand_text_example() -> None:
    hand = [parse_card(c) for c in ("2S", "KS", "T1", "EX", "T21", "10H", "CD", "QC")]
    assert hand_text(hand, "en").splitlines() == [
        "**Trumps**: 21★ 1★",
        "**Excuse**: 🃏",
        "**Spades**: K♠ 2♠",
        "**Hearts**: 10♥",
        "**Diamonds**: C♦",
        "**Clubs**: Q♣",
    ]
    assert hand_text(hand, "fr").splitlines()[0] == "**Atouts** : 21★ 1★"
    assert hand_text([], "fr") == "(aucune carte)"
    assert hand_groups([EXCUSE, PETIT])[0] == (TRUMP, [PETIT])
