"""What a player types is read as they mean it: cards in the notation shown or in ASCII,
a bare number for a trump, contracts by name in any case, in their language or English."""

from __future__ import annotations

import pytest

from bot.terminal.answers import read_card, read_cards, read_contract, read_word
from tarot_core import Contract, Rules
from tarot_core.cards import EXCUSE, PETIT, parse_card, trump

ALL_BIDS = (Contract.PASS, Contract.PRISE, Contract.GARDE, Contract.GARDE_SANS)


@pytest.mark.parametrize(
    ("lang", "typed", "card"),
    [
        ("en", "K♠", "KS"),
        ("en", "k♠️", "KS"),  # with the emoji selector a phone may add
        ("en", "ks", "KS"),
        ("en", "10H", "10H"),
        ("en", "10♥", "10H"),
        ("en", "C♦", "CD"),
        ("en", "T21", "T21"),
        ("en", "21", "T21"),
        ("en", "21★", "T21"),
        ("en", "20*", "T20"),
        ("en", "1", "T1"),
        ("en", "petit", "T1"),
        ("en", "EX", "EX"),
        ("en", "excuse", "EX"),
        ("en", "🃏", "EX"),
        ("fr", "R♠", "KS"),
        ("fr", "RS", "KS"),
        ("fr", "K♠", "KS"),
        ("fr", "D♥", "QH"),
        ("fr", "V♣", "JC"),
        ("es", "excusa", "EX"),
        ("pl", "Wymówka", "EX"),
        ("pl", "R♠", "CS"),  # Polish R is the Knight (rycerz)
    ],
)
def test_a_card_as_typed(lang: str, typed: str, card: str) -> None:
    assert read_card(lang, typed) == parse_card(card)


@pytest.mark.parametrize("typed", ["", "ZZ", "22", "0", "K", "KX", "11H", "T0"])
def test_not_a_card(typed: str) -> None:
    assert read_card("en", typed) is None


def test_several_cards_by_spaces_or_commas() -> None:
    assert read_cards("en", "KS, 10h  21 ex") == [
        parse_card("KS"),
        parse_card("10H"),
        trump(21),
        EXCUSE,
    ]
    assert read_cards("en", "KS ZZ") is None
    assert read_cards("en", " ") is None
    assert read_cards("fr", "1 2,3") == [PETIT, trump(2), trump(3)]


@pytest.mark.parametrize(
    ("lang", "typed", "contract"),
    [
        ("en", "Garde", Contract.GARDE),
        ("en", "garde sans", Contract.GARDE_SANS),
        ("en", "GARDE_SANS", Contract.GARDE_SANS),
        ("en", "garde-sans", Contract.GARDE_SANS),
        ("en", "  pass ", Contract.PASS),
        ("fr", "passe", Contract.PASS),
        ("fr", "pass", Contract.PASS),
        ("es", "paso", Contract.PASS),
        ("pl", "pas", Contract.PASS),
        ("en", "prise", Contract.PRISE),
    ],
)
def test_a_contract_by_name(lang: str, typed: str, contract: Contract) -> None:
    assert read_contract(lang, Rules(players=4), typed, ALL_BIDS) == contract


def test_the_petite_under_fixed_contracts_and_only_what_is_offered() -> None:
    fixed = Rules.from_options(4, {"contracts": "fixed"})
    assert read_contract("fr", fixed, "Petite", ALL_BIDS) == Contract.PRISE
    assert read_contract("en", fixed, "petite", ALL_BIDS) == Contract.PRISE
    assert read_contract("en", Rules(players=4), "garde contre", ALL_BIDS) is None
    assert read_contract("en", Rules(players=4), "double", ALL_BIDS) is None


def test_words_in_the_language_and_in_english() -> None:
    assert read_word("fr", "Oui", "yes", "no") == "yes"
    assert read_word("fr", "no", "yes", "no") == "no"
    assert read_word("es", "sí", "yes", "no") == "yes"
    assert read_word("es", "si", "yes", "no") == "yes"
    assert read_word("pl", "TAK", "yes", "no") == "yes"
    assert read_word("en", "maybe", "yes", "no") is None
    assert read_word("pl", "wyjdz", "quit") == "quit"
    assert read_word("fr", "quit", "quit") == "quit"
