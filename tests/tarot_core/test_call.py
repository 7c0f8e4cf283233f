"""Calling a King at 5 players (docs/rules.md §4): what may be called, who the partner is, and
that nobody is told until the called card is played."""

from __future__ import annotations

import pytest
from builders import bid_round, cards, make_deal, mask, play, play_out, refused, start_play, state

from tarot_core.actions import Bid, Call, IllegalAction
from tarot_core.cards import KINGS, cards_of
from tarot_core.deal import Deal, Phase
from tarot_core.rules import Contract
from tarot_core.view import view

PRISE, GARDE = Contract.PRISE, Contract.GARDE
GARDE_SANS, GARDE_CONTRE = Contract.GARDE_SANS, Contract.GARDE_CONTRE
QUEENS = mask("QS QH QD QC")
KNIGHTS = mask("CS CH CD CC")
JACKS = mask("JS JH JD JC")


def calling(hand: str, chien: str = "", contract: Contract = PRISE, **kw: object) -> Deal:
    """A 5-player deal (dealer 4) where seat 0 has won the bidding and must call."""
    d = make_deal(5, hands={0: hand}, chien=chien, **kw)  # type: ignore[arg-type]
    bid_round(d, {0: contract})
    assert d.phase == Phase.CALLING and d.to_act == 0
    return d


def test_kings_are_callable() -> None:
    d = calling("KS KH QS QH QD QC", closed={0: "SHDC"})
    assert d.callable_cards() == KINGS
    assert d.legal_actions(0) == [Call(0, c) for c in cards_of(KINGS)]
    for other in range(1, 5):
        assert d.legal_actions(other) == []


@pytest.mark.parametrize("card", ["QS", "QD", "CH", "JC"])
def test_lower_ranks_refused_without_all_four_kings(card: str) -> None:
    d = calling("KS KH KD QS QH QD QC")
    refused(d, Call(0, cards(card)[0]), "cannot be called")


def test_queen_refused_message_names_the_rule() -> None:
    d = calling("KS KH KD")
    with pytest.raises(IllegalAction, match="Queen may be called only by a taker dealt all four"):
        d.apply(Call(0, cards("QC")[0]))


@pytest.mark.parametrize("card", ["5S", "1H", "10D", "T1", "T21", "EX"])
def test_non_face_cards_cannot_be_called(card: str) -> None:
    d = calling("KS KH KD KC QS QH QD QC CS CH CD CC")
    refused(d, Call(0, cards(card)[0]), "cannot be called")


def test_all_four_kings_allow_a_queen() -> None:
    d = calling("KS KH KD KC QS")
    assert d.callable_cards() == KINGS | QUEENS
    refused(d, Call(0, cards("CD")[0]), "Knight")
    refused(d, Call(0, cards("JD")[0]))
    d.apply(Call(0, cards("QD")[0]))
    assert d.called == cards("QD")[0]


def test_all_kings_and_queens_allow_a_knight() -> None:
    d = calling("KS KH KD KC QS QH QD QC CS")
    assert d.callable_cards() == KINGS | QUEENS | KNIGHTS
    refused(d, Call(0, cards("JH")[0]), "Jack")


def test_all_kings_queens_and_knights_allow_a_jack() -> None:
    d = calling("KS KH KD KC QS QH QD QC CS CH CD CC JS")
    assert d.callable_cards() == KINGS | QUEENS | KNIGHTS | JACKS
    d.apply(Call(0, cards("JH")[0]))
    assert d.called == cards("JH")[0]


def test_kings_stay_callable_with_all_four_kings() -> None:
    d = calling("KS KH KD KC")
    d.apply(Call(0, cards("KH")[0]))
    assert d.partner is None


def test_the_hand_as_dealt_counts_not_the_chien() -> None:
    """Three Kings dealt and the fourth in the chien: still only a King may be called."""
    d = calling("KS KH KD", chien="KC")
    assert d.callable_cards() == KINGS
    refused(d, Call(0, cards("QS")[0]))
    assert not d.hands[0] & mask("KC"), "the chien is unseen until after the call"


def test_calling_own_king_plays_alone() -> None:
    d = calling("KS")
    d.apply(Call(0, cards("KS")[0]))
    assert d.partner is None
    assert [d.side_of(s) for s in range(5)] == ["taker"] + ["defence"] * 4
    assert d.phase == Phase.ECART and d.to_act == 0
    assert d.hands[0] == d.dealt[0] | d.chien


@pytest.mark.parametrize("contract", [PRISE, GARDE, GARDE_SANS, GARDE_CONTRE])
def test_called_card_in_the_chien_plays_alone(contract: Contract) -> None:
    d = calling("", chien="KD", contract=contract, closed={0: "D"})
    d.apply(Call(0, cards("KD")[0]))
    assert d.partner is None
    assert all(d.side_of(s) == "defence" for s in range(1, 5))
    chien_seen = contract in (PRISE, GARDE)
    # At Prise and Garde everyone sees the King in the chien, so everyone knows.
    assert d.partner_known() is chien_seen
    for who in [None, *range(5)]:
        v = view(d, who)
        assert v.partner is None
        assert v.partner_known is chien_seen
        assert v.called == cards("KD")[0]


def test_partner_is_the_holder() -> None:
    d = make_deal(5, hands={0: "KH", 3: "KS"}, closed={0: "S"})
    bid_round(d, {0: GARDE})
    d.apply(Call(0, cards("KS")[0]))
    assert d.partner == 3
    assert [d.side_of(s) for s in range(5)] == ["taker", "defence", "defence", "taker", "defence"]
    assert d.phase == Phase.ECART


@pytest.mark.parametrize("contract", [PRISE, GARDE, GARDE_SANS, GARDE_CONTRE])
def test_after_the_call(contract: Contract) -> None:
    d = calling("", contract=contract)
    for who in [None, *range(5)]:
        assert view(d, who).chien is None, "the call comes before the chien is seen"
    before = list(d.hands)
    d.apply(Call(0, cards("KC")[0]))
    shown = contract in (PRISE, GARDE)
    for who in [None, *range(5)]:
        assert (view(d, who).chien is not None) is shown
    assert d.to_act == 0
    if contract in (PRISE, GARDE):
        assert d.phase == Phase.ECART
        assert d.hands[0] == before[0] | d.chien
    else:
        assert d.phase == Phase.SLAM
        assert d.hands == before


def test_partner_hidden_until_the_called_card_is_played() -> None:
    # Seat 3 holds the King of spades as its only spade; seat 0 (taker) leads a spade.
    d = make_deal(5, hands={0: "1S", 3: "KS"}, closed={0: "S", 3: "S"})
    start_play(d, taker=0, contract=GARDE_SANS, call="KS")
    assert d.partner == 3
    assert d.to_act == 0

    def hidden() -> None:
        for who in [None, *range(5)]:
            v = view(d, who)
            assert v.partner is None, who
            assert v.partner_known is False
            assert v.called == cards("KS")[0]
        assert not d.partner_known()

    hidden()
    play(d, "1S")
    hidden()
    for _ in range(2):
        d.play(d.to_act, cards_of(d.legal_cards(d.to_act))[0])
        hidden()
    assert d.to_act == 3
    assert d.legal_cards(3) == mask("KS") | (d.hands[3] & mask("EX"))
    play(d, "KS")
    for who in [None, *range(5)]:
        v = view(d, who)
        assert v.partner == 3
        assert v.partner_known is True


def test_own_king_stays_unknown_until_played() -> None:
    d = make_deal(5, hands={0: "KS"})
    start_play(d, taker=0, contract=GARDE_SANS, call="KS")
    assert d.partner is None and not d.partner_known()
    assert all(view(d, s).partner_known is False for s in range(5))


def test_call_by_another_seat_is_refused() -> None:
    d = calling("")
    for seat in range(1, 5):
        refused(d, Call(seat, cards("KS")[0]), "turn")


def test_call_is_refused_outside_the_call_phase() -> None:
    d = make_deal(5)
    refused(d, Call(0, cards("KS")[0]))  # still bidding
    d4 = make_deal(4)
    bid_round(d4, {0: GARDE})
    before = state(d4)
    with pytest.raises(IllegalAction):
        d4.apply(Call(0, cards("KS")[0]))  # no call at 4 players
    assert state(d4) == before
    d = calling("")
    d.apply(Call(0, cards("KS")[0]))
    refused(d, Call(0, cards("KH")[0]))  # one call only
    with pytest.raises(IllegalAction):
        d.apply(Bid(1, GARDE_CONTRE))


def test_scores_with_a_partner_and_alone() -> None:
    """docs/rules.md §8: at 5 with a partner, partner +s and taker +2s; alone, taker +4s."""
    d = make_deal(5, hands={0: "KH", 2: "KS"})
    start_play(d, taker=0, contract=GARDE_SANS, call="KS")
    play_out(d)
    assert d.result is not None
    s = d.result.hand_score
    assert d.result.partner == 2
    assert d.result.scores == (2 * s, -s, s, -s, -s)

    alone = make_deal(5, hands={0: "KS"})
    start_play(alone, taker=0, contract=GARDE_SANS, call="KS")
    play_out(alone)
    assert alone.result is not None
    s = alone.result.hand_score
    assert alone.result.partner is None
    assert alone.result.scores == (4 * s, -s, -s, -s, -s)
