"""The FFT signals: the card each give function chooses, and what read_signals reads."""

from __future__ import annotations

from builders import make_deal, mask, play, start_play

from tarot_core import view
from tarot_core.bots.signals import discard_signal, read_signals, trump_signal
from tarot_core.cards import SUIT_CARDS, TRUMPS, parse_card
from tarot_core.rules import Contract

HEARTS, DIAMONDS, CLUBS = 1, 2, 3


def test_first_discard_shows_a_guarded_king_with_a_low_card() -> None:
    hand = mask("KH 9H 3H 8D 7D JC T2 T5")
    legal = hand & SUIT_CARDS
    assert discard_signal(hand, legal, True) == parse_card("3H")
    assert discard_signal(hand, legal, False) is None


def test_a_bare_or_once_guarded_king_is_not_unguarded_to_signal() -> None:
    hand = mask("KH 3H 8D 7D JC")
    # No honour suit with a spare card: the 6-10 of a suit without honours says "none here".
    assert discard_signal(hand, hand, True) == parse_card("7D")


def test_a_queen_signals_only_when_her_king_is_gone() -> None:
    hand = mask("QC 8C 2C 4S")
    assert discard_signal(hand, hand, True) is None
    assert discard_signal(hand, hand, True, played=mask("KC")) == parse_card("2C")


def test_no_signal_card_throws_no_point_card() -> None:
    hand = mask("JC CS QD 1H")
    assert discard_signal(hand, hand, True) is None


def test_trump_parity_tells_the_length() -> None:
    long = mask("T1 T3 T4 T6 T9 T12 T14 T20")
    assert trump_signal(long, long & TRUMPS) == parse_card("T3")  # 8 trumps: odd
    short = mask("T1 T3 T4 T9 KS")
    assert trump_signal(short, short & TRUMPS) == parse_card("T4")  # 4 trumps: even
    assert trump_signal(short, mask("T9")) is None  # forced: tells nothing
    assert trump_signal(long, mask("T16 T18 T19")) is None  # would spend a winner


def test_read_signals_from_concrete_tricks() -> None:
    deal = make_deal(
        hands={
            0: "KH KC QC T10",
            1: "KD 3D 5C 6C 8S",
            2: "T5 9C 4C 7H",
            3: "EX 8H 10C 7C",
        },
        closed={1: "HTX", 2: "CT", 3: "C"},
    )
    start_play(deal, taker=0, contract=Contract.GARDE_SANS)
    play(deal, "KH 3D 7H 8H")  # seat 1's first discard: a low diamond
    play(deal, "T10 8S T5 EX")  # seat 2's first trump odd; seat 3's Excuse on trumps
    play(deal, "KC 5C 9C 10C")
    play(deal, "QC 6C 4C 7C")  # seats 2 and 3 high then low: a doubleton
    signals = read_signals(view(deal, 1))
    assert signals.honours == [0, 1 << DIAMONDS, 0, 0]
    assert signals.no_honour == [0, 0, 0, 0]
    assert signals.long_trumps == [None, None, True, None]
    assert signals.stop_trumps == [False, False, False, True]
    assert signals.doubletons == [0, 0, 1 << CLUBS, 1 << CLUBS]
