"""Cards and their notation (docs/rules.md §1): text, points, oudlers, masks."""

from __future__ import annotations

import pytest

from tarot_core.cards import (
    ALL_CARDS,
    CLUBS,
    DECK_SIZE,
    DIAMONDS,
    EXCUSE,
    EXCUSE_BIT,
    FACES,
    HALF_POINTS,
    HEARTS,
    KINGS,
    OUDLERS,
    PETIT,
    SPADES,
    SUIT_CARDS,
    SUIT_MASKS,
    TRUMP,
    TRUMP_21,
    TRUMPS,
    TRUMPS_ABOVE,
    CardError,
    cards_of,
    count,
    format_card,
    format_cards,
    format_mask,
    mask_of,
    parse_card,
    parse_cards,
    rank_of,
    suit_of,
)

RANK_TOKENS = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "C", "Q", "K"]
SUIT_TOKENS = {"S": SPADES, "H": HEARTS, "D": DIAMONDS, "C": CLUBS}
SUIT_TEXTS = [r + s for s in "SHDC" for r in RANK_TOKENS]
TRUMP_TEXTS = [f"T{n}" for n in range(1, 22)]
ALL_TEXTS = SUIT_TEXTS + TRUMP_TEXTS + ["EX"]


def test_the_notation_names_78_distinct_cards() -> None:
    assert len(ALL_TEXTS) == DECK_SIZE == 78
    cards = [parse_card(t) for t in ALL_TEXTS]
    assert sorted(cards) == list(range(DECK_SIZE))
    assert {format_card(c) for c in range(DECK_SIZE)} == set(ALL_TEXTS)


@pytest.mark.parametrize("text", ALL_TEXTS)
def test_every_card_round_trips(text: str) -> None:
    card = parse_card(text)
    assert format_card(card) == text
    assert parse_card(format_card(card)) == card


@pytest.mark.parametrize("text", SUIT_TEXTS)
def test_suit_cards_have_their_suit_and_rank(text: str) -> None:
    card = parse_card(text)
    assert suit_of(card) == SUIT_TOKENS[text[-1]]
    assert rank_of(card) == RANK_TOKENS.index(text[:-1]) + 1


@pytest.mark.parametrize("n", range(1, 22))
def test_trumps_have_rank_n(n: int) -> None:
    card = parse_card(f"T{n}")
    assert suit_of(card) == TRUMP
    assert rank_of(card) == n


def test_named_cards() -> None:
    assert parse_card("T1") == PETIT
    assert parse_card("T21") == TRUMP_21
    assert parse_card("EX") == EXCUSE
    assert suit_of(EXCUSE) not in (SPADES, HEARTS, DIAMONDS, CLUBS, TRUMP)
    # docs/rules.md examples: King of spades, 10 of hearts, Knight of diamonds, ace of clubs.
    assert (suit_of(parse_card("KS")), rank_of(parse_card("KS"))) == (SPADES, 14)
    assert (suit_of(parse_card("10H")), rank_of(parse_card("10H"))) == (HEARTS, 10)
    assert (suit_of(parse_card("CD")), rank_of(parse_card("CD"))) == (DIAMONDS, 12)
    assert (suit_of(parse_card("1C")), rank_of(parse_card("1C"))) == (CLUBS, 1)
    # "C" is the knight as a rank and clubs as a suit.
    assert parse_card("CC") != parse_card("QC")
    assert suit_of(parse_card("CC")) == CLUBS and rank_of(parse_card("CC")) == 12


@pytest.mark.parametrize(
    "token",
    ["5X", "T22", "T0", "ks", "", "11S", "T01", "0S", "1", "K", "ex", "Ex", " KS", "KS ", "t1"],
)
def test_bad_tokens_raise_card_error(token: str) -> None:
    with pytest.raises(CardError) as info:
        parse_card(token)
    assert repr(token) in str(info.value)


def test_card_error_is_a_value_error_and_non_strings_are_refused() -> None:
    assert issubclass(CardError, ValueError)
    for token in (None, 5, ["KS"]):
        with pytest.raises(CardError):
            parse_card(token)  # type: ignore[arg-type]


def test_parse_cards_keeps_order_and_rejects_any_bad_token() -> None:
    assert parse_cards(["KS", "T1", "EX", "10H"]) == [
        parse_card("KS"),
        PETIT,
        EXCUSE,
        parse_card("10H"),
    ]
    with pytest.raises(CardError):
        parse_cards(["KS", "T22", "EX"])
    assert format_cards(parse_cards(["KS", "T1"])) == "KS, T1"


EXPECTED_HALF_POINTS = {
    **{t: 1 for t in ALL_TEXTS},
    **{"T1": 9, "T21": 9, "EX": 9},
    **{"K" + s: 9 for s in "SHDC"},
    **{"Q" + s: 7 for s in "SHDC"},
    **{"C" + s: 5 for s in "SHDC"},
    **{"J" + s: 3 for s in "SHDC"},
}


@pytest.mark.parametrize("text", ALL_TEXTS)
def test_card_points_in_half_points(text: str) -> None:
    assert HALF_POINTS[parse_card(text)] == EXPECTED_HALF_POINTS[text]


def test_all_points_total_91() -> None:
    assert sum(HALF_POINTS) == 182
    assert sum(HALF_POINTS[c] for c in cards_of(ALL_CARDS)) == 182
    assert all(isinstance(p, int) for p in HALF_POINTS)


def test_half_points_of_a_mask() -> None:
    def half_points_of(mask: int) -> int:
        return sum(HALF_POINTS[c] for c in cards_of(mask))

    assert half_points_of(0) == 0
    assert half_points_of(mask_of(parse_cards(["KS", "QH", "CD", "JC", "5S", "T21"]))) == (
        9 + 7 + 5 + 3 + 1 + 9
    )


def test_oudlers_are_the_petit_the_21_and_the_excuse() -> None:
    assert cards_of(OUDLERS) == sorted(parse_cards(["T1", "T21", "EX"]))
    assert count(OUDLERS) == 3


def test_group_masks() -> None:
    assert count(ALL_CARDS) == 78 and cards_of(ALL_CARDS) == list(range(78))
    assert cards_of(TRUMPS) == parse_cards(TRUMP_TEXTS)
    assert not TRUMPS & EXCUSE_BIT
    assert EXCUSE_BIT == 1 << EXCUSE
    for letter, suit in SUIT_TOKENS.items():
        assert cards_of(SUIT_MASKS[suit]) == sorted(parse_cards([r + letter for r in RANK_TOKENS]))
    assert mask_of(parse_cards(SUIT_TEXTS)) == SUIT_CARDS
    assert SUIT_CARDS | TRUMPS | EXCUSE_BIT == ALL_CARDS
    assert cards_of(KINGS) == sorted(parse_cards(["KS", "KH", "KD", "KC"]))
    faces = [r + s for s in "SHDC" for r in "JCQK"]
    assert mask_of(parse_cards(faces)) == FACES and count(FACES) == 16


@pytest.mark.parametrize("n", range(1, 22))
def test_trumps_above(n: int) -> None:
    above = TRUMPS_ABOVE[parse_card(f"T{n}")]
    assert above == mask_of(parse_cards([f"T{k}" for k in range(n + 1, 22)]))


def test_trumps_above_is_empty_for_other_cards() -> None:
    assert TRUMPS_ABOVE[parse_card("KS")] == 0
    assert TRUMPS_ABOVE[EXCUSE] == 0


def test_mask_round_trip() -> None:
    cards = parse_cards(["EX", "KS", "T1", "10H", "1C"])
    m = mask_of(cards)
    assert cards_of(m) == sorted(cards)
    assert count(m) == 5
    assert mask_of(cards + cards) == m
    assert mask_of([]) == 0 and cards_of(0) == []


def test_format_mask_shows_trumps_high_to_low_then_excuse_then_suits() -> None:
    m = mask_of(parse_cards(["1C", "KS", "T1", "EX", "T21", "10H", "2S"]))
    assert format_mask(m) == "T21, T1, EX, KS, 2S, 10H, 1C"
