"""What a person types at the terminal, read the way they would write it, in the game's
language and in English: cards in the notation shown (``K♠``, ``R♠``, ``21★``, ``🃏``) or in
ASCII (``KS``, ``10H``, ``T21``, a bare ``21``, ``EX``, ``excuse``), several at once
separated by spaces or commas; contracts by name in any case (``garde sans``); and the
words of ``terminal.words.*`` (yes, no, help, score, quit...).

Every reader returns None for what it does not recognise: the prompt then asks again.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from functools import cache

from tarot_core import (
    DECK_SIZE,
    EXCUSE,
    PETIT,
    Card,
    Contract,
    Rules,
    format_card,
    rank_of,
    suit_of,
)
from tarot_core.cards import SUIT_LETTERS

from ..i18n import t
from ..render.cards import SUIT_SYMBOLS, card_short
from ..render.table import contract_name

ENGLISH = "en"
_SEPARATORS = re.compile(r"[\s,;]+")


def normal(text: str) -> str:
    """``text`` as compared: case folded, no emoji selector, ``_`` and ``-`` as spaces,
    single spaces, no accents (``Passé`` and ``passe`` are one word)."""
    text = text.replace("\ufe0f", "").casefold().replace("_", " ").replace("-", " ")
    text = "".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c))
    return " ".join(text.split())


def languages(lang: str) -> tuple[str, ...]:
    """The languages an answer may be written in: the game's, then English."""
    return (lang,) if lang == ENGLISH else (lang, ENGLISH)


def words(lang: str, name: str) -> frozenset[str]:
    """The words of ``terminal.words.<name>`` (comma-separated in the catalogs) in the
    game's language and in English."""
    return frozenset(
        normal(word)
        for code in languages(lang)
        for word in t(code, f"terminal.words.{name}").split(",")
    )


def first_word(lang: str, name: str) -> str:
    """The word a prompt offers for ``name`` (the first one the catalog lists)."""
    return t(lang, f"terminal.words.{name}").split(",")[0].strip()


@cache
def card_names(lang: str) -> dict[str, Card]:
    """Every way of writing each card this module reads, normalised, for one language."""
    names: dict[str, Card] = {}
    for card in range(DECK_SIZE):
        spellings = {format_card(card)}
        for code in languages(lang):
            spellings.add(card_short(card, code))
        if card == EXCUSE:
            spellings |= {"excuse", "ex"}
            spellings |= {t(code, "hand.group.excuse") for code in languages(lang)}
        elif card >= PETIT:
            n = rank_of(card)
            spellings |= {str(n), f"t{n}", f"{n}*"}
            if card == PETIT:
                spellings.add("petit")
        else:
            suits = (SUIT_SYMBOLS[suit_of(card)], SUIT_LETTERS[suit_of(card)])
            for rank in _rank_spellings(card, lang):
                spellings |= {rank + suit for suit in suits}
        for spelling in spellings:
            names.setdefault(normal(spelling), card)
    return names


def _rank_spellings(card: Card, lang: str) -> set[str]:
    rank = rank_of(card)
    if rank <= 10:
        return {str(rank)}
    return {t(code, f"card.short.{rank}") for code in languages(lang)}


def read_card(lang: str, text: str) -> Card | None:
    return card_names(lang).get(normal(text).replace(" ", ""))


def read_cards(lang: str, text: str) -> list[Card] | None:
    """Several cards, in the order typed; None if any of them is not a card."""
    tokens = [token for token in _SEPARATORS.split(text.replace("\ufe0f", "")) if token]
    cards = [read_card(lang, token) for token in tokens]
    if not cards or None in cards:
        return None
    return [card for card in cards if card is not None]


def read_contract(
    lang: str, rules: Rules, text: str, offered: Iterable[Contract]
) -> Contract | None:
    """One of the ``offered`` bids, by its name in the game's language or in English (the
    Petite under fixed contracts, also as ``prise``), or by the engine's word."""
    answer = normal(text)
    for contract in offered:
        names = {contract.text, t(ENGLISH, f"contract.{contract.text}")}
        names |= {contract_name(code, contract, rules) for code in languages(lang)}
        names |= {t(code, f"contract.{contract.text}") for code in languages(lang)}
        if answer in {normal(name) for name in names}:
            return contract
    return None


def read_word(lang: str, text: str, *names: str) -> str | None:
    """Which of the word lists ``names`` the answer belongs to, or None."""
    answer = normal(text)
    for name in names:
        if answer in words(lang, name):
            return name
    return None
