"""Bidding (docs/rules.md §3): one round from the seat after the dealer, strictly higher bids."""

from __future__ import annotations

import pytest
from builders import bid_round, cards, make_deal, refused, speaking_order

from tarot_core.actions import (
    Bid,
    Call,
    DeclareSlam,
    Discard,
    Ecart,
    IllegalAction,
    Misere,
    Play,
    Poignee,
)
from tarot_core.deal import Phase
from tarot_core.rules import Contract, Rules

PASS, PRISE, GARDE = Contract.PASS, Contract.PRISE, Contract.GARDE
GARDE_SANS, GARDE_CONTRE = Contract.GARDE_SANS, Contract.GARDE_CONTRE
PLAYERS = [3, 4, 5]


@pytest.mark.parametrize("players", PLAYERS)
def test_the_seat_after_the_dealer_speaks_first(players: int) -> None:
    for dealer in range(players):
        d = make_deal(players, dealer=dealer)
        first = (dealer + 1) % players
        assert d.phase == Phase.BIDDING
        assert d.to_act == first
        assert d.legal_bids(first) == [PASS, PRISE, GARDE, GARDE_SANS, GARDE_CONTRE]
        for other in range(players):
            if other != first:
                assert d.legal_bids(other) == []
                assert d.legal_actions(other) == []


@pytest.mark.parametrize("players", PLAYERS)
def test_each_seat_speaks_once_in_order(players: int) -> None:
    dealer = 1
    d = make_deal(players, dealer=dealer)
    order = [(dealer + 1 + i) % players for i in range(players)]
    for i, seat in enumerate(order):
        assert d.phase == Phase.BIDDING
        assert d.to_act == seat
        d.apply(Bid(seat, PASS))
        assert len(d.bids) == i + 1
    assert d.bids == [PASS] * players
    assert d.phase == Phase.DONE


def test_bids_are_recorded_in_speaking_order() -> None:
    d = make_deal(4, dealer=2)
    bid_round(d, {3: PRISE, 1: GARDE_SANS})
    assert speaking_order(d) == [3, 0, 1, 2]
    assert d.bids == [PRISE, PASS, GARDE_SANS, PASS]
    assert d.taker == 1
    assert d.contract == GARDE_SANS


def test_a_bid_must_be_strictly_higher() -> None:
    d = make_deal(4)
    d.apply(Bid(0, GARDE))
    assert d.legal_bids(1) == [PASS, GARDE_SANS, GARDE_CONTRE]
    refused(d, Bid(1, GARDE), "higher than garde")
    refused(d, Bid(1, PRISE), "higher than garde")
    d.apply(Bid(1, GARDE_SANS))
    assert d.legal_bids(2) == [PASS, GARDE_CONTRE]
    refused(d, Bid(2, GARDE_SANS))
    d.apply(Bid(2, PASS))
    d.apply(Bid(3, PASS))
    assert d.taker == 1 and d.contract == GARDE_SANS


def test_after_garde_contre_only_pass() -> None:
    d = make_deal(4)
    d.apply(Bid(0, GARDE_CONTRE))
    for seat in (1, 2, 3):
        assert d.legal_bids(seat) == [PASS]
        assert d.legal_actions(seat) == [Bid(seat, PASS)]
        for c in (PRISE, GARDE, GARDE_SANS, GARDE_CONTRE):
            refused(d, Bid(seat, c))
        d.apply(Bid(seat, PASS))
    assert d.taker == 0 and d.contract == GARDE_CONTRE


def test_the_highest_bid_wins_even_if_others_pass_after() -> None:
    d = make_deal(5)
    bid_round(d, {0: PRISE, 2: GARDE})
    assert d.taker == 2 and d.contract == GARDE
    assert d.bids == [PRISE, PASS, GARDE, PASS, PASS]


def test_prise_not_allowed() -> None:
    d = make_deal(4, rules=Rules(players=4, prise_allowed=False))
    assert d.legal_bids(0) == [PASS, GARDE, GARDE_SANS, GARDE_CONTRE]
    assert Bid(0, PRISE) not in d.legal_actions(0)
    refused(d, Bid(0, PRISE), "prise")
    d.apply(Bid(0, GARDE))
    assert d.taker == 0


def test_prise_allowed_by_default() -> None:
    d = make_deal(4)
    d.apply(Bid(0, PRISE))
    assert d.contract == PRISE and d.taker == 0


@pytest.mark.parametrize("players", PLAYERS)
def test_all_pass_voids_the_deal(players: int) -> None:
    d = make_deal(players)
    bid_round(d, {})
    assert d.done
    assert d.result is not None
    assert d.result.outcome == "passed"
    assert d.result.scores == (0,) * players
    assert d.result.taker is None
    assert d.taker is None
    for seat in range(players):
        assert d.legal_actions(seat) == []
    refused(d, Bid(d.to_act, PASS))


@pytest.mark.parametrize("contract", [PRISE, GARDE])
def test_prise_and_garde_go_to_the_ecart(contract: Contract) -> None:
    d = make_deal(4)
    bid_round(d, {1: contract})
    assert d.phase == Phase.ECART
    assert d.to_act == 1


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("contract", [GARDE_SANS, GARDE_CONTRE])
def test_garde_sans_and_contre_skip_the_ecart(players: int, contract: Contract) -> None:
    d = make_deal(players)
    hands = list(d.hands)
    bid_round(d, {1: contract})
    assert d.phase == Phase.SLAM
    assert d.to_act == 1
    assert d.hands == hands
    assert d.ecart == 0
    assert d.legal_actions(1) == [DeclareSlam(1, False), DeclareSlam(1, True)]
    refused(d, Discard(1, min(c for c in range(56) if d.hands[1] >> c & 1)))


@pytest.mark.parametrize("contract", [PRISE, GARDE, GARDE_SANS, GARDE_CONTRE])
def test_five_players_go_to_the_call(contract: Contract) -> None:
    d = make_deal(5)
    hands = list(d.hands)
    bid_round(d, {3: contract})
    assert d.phase == Phase.CALLING
    assert d.to_act == 3
    assert d.hands == hands, "the chien is not taken before the call"
    assert all(isinstance(a, Call) for a in d.legal_actions(3))


def test_wrong_turn_is_refused() -> None:
    d = make_deal(4)
    e = refused(d, Bid(2, GARDE))
    assert "seat 0" in str(e)
    d.apply(Bid(0, PASS))
    refused(d, Bid(0, GARDE))  # a seat speaks only once
    refused(d, Bid(3, PASS))


def test_wrong_phase_is_refused_during_bidding() -> None:
    d = make_deal(4)
    d.apply(Bid(0, PRISE))
    king = cards("KS")[0]
    for action in (
        Call(1, king),
        Discard(1, d.hands[1].bit_length() - 1),
        Ecart(1, tuple(cards("1S 2S 3S 4S 5S 6S"))),
        DeclareSlam(1, True),
        Poignee(1, tuple(cards("T1 T2 T3 T4 T5 T6 T7 T8 T9 T10"))),
        Misere(1),
        Play(1, d.hands[1].bit_length() - 1),
    ):
        refused(d, action)


def test_bidding_is_refused_after_the_bidding() -> None:
    d = make_deal(4)
    bid_round(d, {0: GARDE})
    assert d.phase == Phase.ECART
    for seat in range(4):
        refused(d, Bid(seat, GARDE_SANS))
        refused(d, Bid(seat, PASS))
    assert d.bids == [GARDE, PASS, PASS, PASS]


def test_illegal_bid_leaves_bids_phase_hands_unchanged() -> None:
    d = make_deal(4, dealer=0)
    d.apply(Bid(1, GARDE))
    to_act, bids, phase, hands = d.to_act, list(d.bids), d.phase, list(d.hands)
    for action in (Bid(2, PRISE), Bid(2, GARDE), Bid(3, GARDE_SANS), Bid(1, GARDE_CONTRE)):
        with pytest.raises(IllegalAction):
            d.apply(action)
        assert (d.to_act, d.bids, d.phase, d.hands) == (to_act, bids, phase, hands)
        assert d.contract == GARDE and d.taker == 1
