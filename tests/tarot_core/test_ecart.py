"""The chien and the écart (docs/rules.md §5)."""

from __future__ import annotations

import pytest
from builders import bid_round, cards, make_deal, mask, refused, texts, visible_cards

from tarot_core.actions import Bid, Call, DeclareSlam, Discard, Ecart, IllegalAction
from tarot_core.cards import KINGS, SUIT_CARDS, TRUMPS, cards_of
from tarot_core.deal import Deal, Phase
from tarot_core.rules import Contract, Rules
from tarot_core.view import view

PRISE, GARDE = Contract.PRISE, Contract.GARDE
GARDE_SANS, GARDE_CONTRE = Contract.GARDE_SANS, Contract.GARDE_CONTRE

# Seat 0 (dealer 3) takes. Plenty of plain cards: trumps may not be discarded.
PLENTY_HAND = "T1 T5 T9 KS 2H 3H 4H 5H 6H 7H"
PLENTY_CHIEN = "T6 KC 8D 9D T21 JC"
# Few plain cards: 4 Kings, 2S 3S, T2..T12, the Excuse; the chien brings 4H 5H T13..T16.
FEW_HAND = "KS KH KD KC 2S 3S T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 EX"
FEW_CHIEN = "4H 5H T13 T14 T15 T16"
FEW_PLAIN = mask("2S 3S 4H 5H")


def plenty(contract: Contract = PRISE) -> Deal:
    d = make_deal(4, hands={0: PLENTY_HAND}, chien=PLENTY_CHIEN)
    bid_round(d, {0: contract})
    return d


def few(contract: Contract = PRISE) -> Deal:
    d = make_deal(4, hands={0: FEW_HAND}, chien=FEW_CHIEN)
    bid_round(d, {0: contract})
    return d


def ecart(text: str) -> Ecart:
    return Ecart(0, tuple(cards(text)))


def plain_of(hand: int) -> int:
    """Suit cards other than Kings: what an écart is made of when it can be."""
    return hand & SUIT_CARDS & ~KINGS


# ----- the chien ----------------------------------------------------------------------


@pytest.mark.parametrize("contract", [PRISE, GARDE])
def test_chien_joins_the_takers_hand_and_is_shown(contract: Contract) -> None:
    d = make_deal(4, hands={0: PLENTY_HAND}, chien=PLENTY_CHIEN)
    for who in [None, 0, 1, 2, 3]:
        assert view(d, who).chien is None
    bid_round(d, {0: contract})
    assert d.phase == Phase.ECART and d.to_act == 0
    assert d.hands[0] == d.dealt[0] | mask(PLENTY_CHIEN)
    assert d.hands[0].bit_count() == 24
    assert d.ecart_needed() == 6
    assert [d.hands[s] for s in (1, 2, 3)] == [d.dealt[s] for s in (1, 2, 3)]
    for who in [None, 0, 1, 2, 3]:
        v = view(d, who)
        assert v.chien is not None and texts(v.chien) == set(PLENTY_CHIEN.split())
        assert v.hand_sizes == (24, 18, 18, 18)


@pytest.mark.parametrize("contract", [GARDE_SANS, GARDE_CONTRE])
def test_chien_unseen_at_garde_sans_and_contre(contract: Contract) -> None:
    d = plenty(contract)
    assert d.phase == Phase.SLAM
    assert d.hands[0] == d.dealt[0]
    assert d.ecart == 0
    for who in [None, 0, 1, 2, 3]:
        v = view(d, who)
        assert v.chien is None
        assert not visible_cards(v) & set(cards(PLENTY_CHIEN))
    refused(d, Discard(0, cards("2H")[0]))
    refused(d, ecart("2H 3H 4H 5H 6H 7H"))


@pytest.mark.parametrize(("players", "size"), [(3, 6), (5, 3)])
def test_ecart_size_follows_the_chien(players: int, size: int) -> None:
    d = make_deal(players)
    bid_round(d, {0: PRISE})
    if players == 5:
        d.apply(Call(0, cards("KS")[0]))
    assert d.phase == Phase.ECART
    assert d.ecart_needed() == size
    assert d.hands[0].bit_count() == Rules(players=players).hand_size + size
    for _ in range(size):
        d.apply(Discard(0, cards_of(d.discardable())[0]))
    assert d.phase == Phase.SLAM
    assert d.ecart.bit_count() == size


# ----- what may be discarded --------------------------------------------------------


@pytest.mark.parametrize("card", ["KS", "KC"])
def test_kings_refused(card: str) -> None:
    refused(plenty(), Discard(0, cards(card)[0]), "King")
    refused(few(), Discard(0, cards(card)[0]), "King")


@pytest.mark.parametrize("card", ["T1", "T21"])
def test_oudlers_refused(card: str) -> None:
    refused(plenty(), Discard(0, cards(card)[0]), "oudler")


def test_excuse_refused_even_when_trumps_are_needed() -> None:
    d = few()
    refused(d, Discard(0, cards("EX")[0]), "oudler")
    assert not d.discardable() & mask("EX")


def test_card_not_held_refused() -> None:
    d = plenty()
    held = d.hands[0]
    other = next(c for c in cards_of(d.hands[1]) if not held >> c & 1)
    refused(d, Discard(0, other), "not in")


def test_trumps_refused_while_plain_cards_can_fill_the_ecart() -> None:
    d = plenty()
    assert plain_of(d.hands[0]).bit_count() >= 6
    for card in ("T5", "T6", "T9"):
        e = refused(d, Discard(0, cards(card)[0]), "trump")
        assert "only when" in str(e)
    assert d.discardable() == plain_of(d.hands[0])
    assert not d.discardable() & TRUMPS


def test_trumps_allowed_only_when_needed() -> None:
    d = few()
    hand = d.hands[0]
    assert plain_of(hand) == FEW_PLAIN
    assert d.discardable() == FEW_PLAIN | mask(
        "T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16"
    )
    # Two trumps may go first, but then the four plain cards must follow.
    d.apply(Discard(0, cards("T2")[0]))
    d.apply(Discard(0, cards("T14")[0]))
    assert d.ecart_needed() == 4
    assert d.discardable() == FEW_PLAIN
    refused(d, Discard(0, cards("T3")[0]), "trump")
    for card in ("2S", "3S", "4H", "5H"):
        d.apply(Discard(0, cards(card)[0]))
    assert d.phase == Phase.SLAM
    assert d.ecart == FEW_PLAIN | mask("T2 T14")


def test_discarded_trumps_are_shown_to_everyone() -> None:
    d = few()
    d.apply(ecart("2S 3S 4H 5H T3 T15"))
    assert d.phase == Phase.SLAM
    for who in [None, 0, 1, 2, 3]:
        v = view(d, who)
        assert texts(v.ecart_trumps) == {"T3", "T15"}
    # The plain cards of the écart that came from the hand stay hidden from the others.
    assert view(d, 0).ecart is not None and texts(view(d, 0).ecart or ()) == {
        "2S",
        "3S",
        "4H",
        "5H",
        "T3",
        "T15",
    }
    for who in [None, 1, 2, 3]:
        v = view(d, who)
        assert v.ecart is None
        assert not visible_cards(v) & set(cards("2S 3S"))


def test_no_trump_shown_for_a_plain_ecart() -> None:
    d = plenty()
    d.apply(ecart("2H 3H 4H 5H 6H 7H"))
    for who in [None, 0, 1, 2, 3]:
        v = view(d, who)
        assert v.ecart_trumps == ()
        if who != 0:
            assert not visible_cards(v) & set(cards("2H 3H 4H 5H 6H 7H"))


# ----- the écart as a set -----------------------------------------------------------


def test_ecart_set_applied() -> None:
    d = plenty()
    hand = d.hands[0]
    d.apply(ecart("2H 3H 8D 9D JC 7H"))
    assert d.ecart == mask("2H 3H 8D 9D JC 7H")
    assert d.hands[0] == hand & ~mask("2H 3H 8D 9D JC 7H")
    assert d.hands[0].bit_count() == 18
    assert d.phase == Phase.SLAM and d.to_act == 0
    assert d.legal_actions(0) == [DeclareSlam(0, False), DeclareSlam(0, True)]


def test_ecart_with_trumps_when_needed_accepted() -> None:
    d = few()
    d.apply(ecart("T16 2S 3S 4H 5H T2"))
    assert d.ecart == FEW_PLAIN | mask("T2 T16")


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("2H 3H 4H 5H 6H KS", "King"),
        ("2H 3H 4H 5H 6H T1", "oudler"),
        ("2H 3H 4H 5H 6H T21", "oudler"),
        ("2H 3H 4H 5H 6H T5", "trump"),
        ("T5 T6 T9 2H 3H 4H", "trump"),
        ("2H 3H 4H 5H 6H", "6 cards"),
        ("2H 3H 4H 5H 6H 7H 8D", "6 cards"),
        ("2H 3H 4H 5H 6H 6H", "twice"),
        ("2H 3H 4H 5H 6H 10S", "not in"),
    ],
)
def test_bad_ecart_refused_whole(text: str, why: str) -> None:
    d = plenty()
    refused(d, ecart(text), why)
    assert d.ecart == 0 and d.phase == Phase.ECART


def test_ecart_with_a_trump_while_a_plain_card_is_kept_refused() -> None:
    d = few()
    # 5H stays in the hand, so no trump may be discarded in its place.
    refused(d, ecart("2S 3S 4H T2 T3 T4"), "trump")
    refused(d, ecart("2S 3S T2 T3 T4 T5"), "trump")
    refused(d, ecart("2S 3S 4H 5H T2 KS"), "King")


def test_ecart_after_some_discards_completes_the_rest() -> None:
    d = plenty()
    d.apply(Discard(0, cards("2H")[0]))
    refused(d, ecart("3H 4H 5H 6H 7H 8D"), "5 cards")
    d.apply(ecart("3H 4H 5H 6H 7H"))
    assert d.ecart == mask("2H 3H 4H 5H 6H 7H")
    assert d.phase == Phase.SLAM


def test_ecart_by_another_seat_or_at_another_time_refused() -> None:
    d = plenty()
    refused(d, Ecart(1, tuple(cards_of(d.hands[1] & SUIT_CARDS & ~KINGS)[:6])), "turn")
    refused(d, Discard(2, cards_of(d.hands[2] & SUIT_CARDS & ~KINGS)[0]), "turn")
    refused(d, Bid(1, GARDE))
    d.apply(ecart("2H 3H 4H 5H 6H 7H"))
    refused(d, Discard(0, cards("8D")[0]))
    refused(d, ecart("8D 9D JC T5 T6 T9"))


# ----- one at a time, and what legal_actions offers ---------------------------------


def test_discard_one_at_a_time() -> None:
    d = plenty()
    hand = d.hands[0]
    order = cards("9D 2H JC 3H 8D 4H")
    for i, card in enumerate(order, start=1):
        assert d.phase == Phase.ECART and d.to_act == 0
        d.apply(Discard(0, card))
        assert d.ecart.bit_count() == i
        assert d.ecart_needed() == 6 - i
        assert d.hands[0] == hand & ~d.ecart
        if i < 6:
            refused(d, Discard(0, card), "not in")
    assert d.phase == Phase.SLAM
    refused(d, Discard(0, cards("5H")[0]), "not allowed now")


def check_listed_discards(d: Deal) -> None:
    """legal_actions lists exactly the accepted discards."""
    listed = d.legal_actions(0)
    assert listed == [Discard(0, c) for c in cards_of(d.discardable())]
    for card in cards_of(d.hands[0]):
        trial = d.copy()
        try:
            trial.apply(Discard(0, card))
            accepted = True
        except IllegalAction:
            accepted = False
        assert accepted == (Discard(0, card) in listed), card
    for other in (1, 2, 3):
        assert d.legal_actions(other) == []


def test_legal_actions_match_discardable() -> None:
    d = plenty()
    check_listed_discards(d)
    d = few()
    check_listed_discards(d)
    d.apply(Discard(0, cards("T5")[0]))
    check_listed_discards(d)
    d.apply(Discard(0, cards("T6")[0]))
    check_listed_discards(d)
    d.apply(Discard(0, cards("2S")[0]))
    check_listed_discards(d)
