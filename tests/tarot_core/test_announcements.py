"""Announcements (docs/rules.md §6): poignée, misère, slam."""

from __future__ import annotations

import pytest
from builders import (
    bid_round,
    cards,
    first_discards,
    make_deal,
    mask,
    play_out,
    refused,
    start_play,
)

from tarot_core.actions import (
    Bid,
    Call,
    DeclareSlam,
    Discard,
    Ecart,
    Misere,
    Play,
    Poignee,
)
from tarot_core.deal import Deal, Phase
from tarot_core.rules import POIGNEE_LEVELS, Contract, Rules
from tarot_core.view import view

PRISE, GARDE_SANS = Contract.PRISE, Contract.GARDE_SANS
THRESHOLDS = {3: (13, 15, 18), 4: (10, 13, 15), 5: (8, 10, 13)}


def trumps(low: int, high: int) -> str:
    return " ".join(f"T{n}" for n in range(low, high + 1))


def show(seat: int, text: str) -> Poignee:
    return Poignee(seat, tuple(cards(text)))


def playing(
    hands: dict[int, str],
    closed: dict[int, str] | None = None,
    players: int = 4,
    rules: Rules | None = None,
) -> Deal:
    """Seat 0 takes a Garde sans, no slam: seat 0 leads."""
    d = make_deal(players, hands=hands, closed=closed, rules=rules)
    start_play(d, taker=0, contract=GARDE_SANS)
    return d


# ----- poignée ----------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("level", [0, 1, 2])
def test_poignee_thresholds(players: int, level: int) -> None:
    t = THRESHOLDS[players][level]
    d = playing({0: trumps(1, t)}, closed={0: "TX"}, players=players)
    options = d.poignee_options(0)
    assert [lv for lv, _ in options] == list(range(level + 1))
    for lv, shown in options:
        assert len(shown) == THRESHOLDS[players][lv]
    d.apply(show(0, trumps(1, t)))
    assert d.poignees == {0: tuple(cards(trumps(1, t)))}
    assert d.poignee_level(0) == POIGNEE_LEVELS[level]
    for who in [None, *range(players)]:
        assert view(d, who).poignees == {0: tuple(cards(trumps(1, t)))}


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("level", [0, 1, 2])
def test_one_trump_short_of_a_level(players: int, level: int) -> None:
    t = THRESHOLDS[players][level]
    d = playing({0: trumps(1, t - 1)}, closed={0: "TX"}, players=players)
    assert [lv for lv, _ in d.poignee_options(0)] == list(range(level))
    refused(d, show(0, trumps(2, t + 1)), "not in the hand")
    refused(d, show(0, trumps(1, t - 1)), "exactly")


def test_poignee_shows_exactly_a_threshold_number() -> None:
    d = playing({0: trumps(1, 12)}, closed={0: "TX"})
    for n in (9, 11, 12):
        e = refused(d, show(0, trumps(1, n)), "exactly")
        assert "10, 13 or 15" in str(e)
    refused(d, show(0, ""), "exactly")
    d.apply(show(0, trumps(3, 12)))  # any ten trumps held
    assert d.poignee_level(0) == "simple"


@pytest.mark.parametrize(("shown", "level"), [(10, "simple"), (13, "double"), (15, "triple")])
def test_a_lower_level_may_be_declared(shown: int, level: str) -> None:
    d = playing({0: trumps(1, 15)}, closed={0: "TX"})
    d.apply(show(0, trumps(16 - shown, 15)))
    assert d.poignee_level(0) == level


def test_excuse_stands_in_when_every_trump_is_shown() -> None:
    d = playing({0: trumps(1, 9) + " EX"}, closed={0: "TX"})
    assert d.poignee_options(0) == [(0, tuple(cards(trumps(1, 9) + " EX")))]
    d.apply(show(0, "EX " + trumps(1, 9)))
    assert d.poignee_level(0) == "simple"


def test_excuse_stands_in_for_a_double() -> None:
    d = playing({0: trumps(1, 12) + " EX"}, closed={0: "TX"})
    assert [lv for lv, _ in d.poignee_options(0)] == [0, 1]
    d.apply(show(0, trumps(1, 12) + " EX"))
    assert d.poignee_level(0) == "double"


def test_excuse_may_not_stand_in_while_a_trump_is_hidden() -> None:
    d = playing({0: trumps(1, 10) + " EX"}, closed={0: "TX"})
    e = refused(d, show(0, trumps(1, 9) + " EX"), "every trump")
    assert "T10" in str(e)
    refused(d, show(0, trumps(2, 10) + " EX"), "every trump")
    assert d.poignee_options(0) == [(0, tuple(cards(trumps(1, 10))))]
    d.apply(show(0, trumps(1, 10)))


def test_poignee_shows_only_trumps_and_cards_held() -> None:
    d = playing({0: trumps(1, 11) + " KS"}, closed={0: "TX"})
    refused(d, show(0, trumps(1, 9) + " KS"), "trumps")
    refused(d, show(0, trumps(1, 9) + " T12"), "not in the hand")
    refused(d, show(0, trumps(1, 9) + " T1"), "twice")
    refused(d, show(0, trumps(1, 9) + " EX"), "not in the hand")


def test_trumps_in_the_ecart_cannot_be_shown() -> None:
    # Four Kings, 2 plain cards and T2..T13 dealt; the chien brings 2 plain cards and
    # T14..T17: the écart needs T2 and T3, leaving 14 trumps (16 before the écart).
    d = make_deal(
        4,
        hands={0: "KS KH KD KC 2S 3S " + trumps(2, 13)},
        chien="4H 5H " + trumps(14, 17),
    )
    bid_round(d, {0: PRISE})
    d.apply(Ecart(0, tuple(cards("2S 3S 4H 5H T2 T3"))))
    d.apply(DeclareSlam(0, False))
    assert d.to_act == 0
    assert [lv for lv, _ in d.poignee_options(0)] == [0, 1]
    refused(d, show(0, trumps(3, 17)), "not in the hand")  # a triple needs T3
    refused(d, show(0, trumps(2, 11)), "not in the hand")
    d.apply(show(0, trumps(4, 16)))
    assert d.poignee_level(0) == "double"


def test_trumps_from_the_chien_count() -> None:
    d = make_deal(4, hands={0: trumps(2, 9)}, chien="T10 T11", closed={0: "TX"})
    assert not d.dealt[0] & mask("T10 T11")
    bid_round(d, {0: PRISE})
    first_discards(d)
    d.apply(DeclareSlam(0, False))
    assert [lv for lv, _ in d.poignee_options(0)] == [0]
    d.apply(show(0, trumps(2, 11)))


def test_poignee_only_before_the_seats_first_card() -> None:
    d = playing({1: trumps(1, 10)}, closed={1: "TX"})
    refused(d, show(1, trumps(1, 10)), "turn")  # seat 0 is to act
    d.play(0, first_legal(d, 0))
    assert [lv for lv, _ in d.poignee_options(1)] == [0]
    d.play(1, first_legal(d, 1))
    while d.to_act != 1:
        d.play(d.to_act, first_legal(d, d.to_act))
    assert d.poignee_options(1) == []
    assert not any(isinstance(a, Poignee) for a in d.legal_actions(1))
    refused(d, show(1, trumps(1, 10)), "first card")


def first_legal(d: Deal, seat: int) -> int:
    return min(c for c in range(78) if d.legal_cards(seat) >> c & 1)


def test_one_poignee_per_seat() -> None:
    d = playing({0: trumps(1, 13)}, closed={0: "TX"})
    d.apply(show(0, trumps(1, 10)))
    refused(d, show(0, trumps(1, 13)), "already")
    refused(d, show(0, trumps(4, 13)), "already")
    assert d.poignee_options(0) == []
    assert d.poignees == {0: tuple(cards(trumps(1, 10)))}
    d.play(0, first_legal(d, 0))


def test_poignee_in_legal_actions() -> None:
    d = playing({0: trumps(1, 13)}, closed={0: "TX"})
    listed = [a for a in d.legal_actions(0) if isinstance(a, Poignee)]
    assert listed == [show(0, trumps(1, 10)), show(0, trumps(1, 13))]
    assert any(isinstance(a, Play) for a in d.legal_actions(0))
    d.apply(listed[1])
    assert not any(isinstance(a, Poignee) for a in d.legal_actions(0))
    assert d.to_act == 0, "showing a poignée is not playing a card"


def test_poignee_refused_before_the_play() -> None:
    d = make_deal(4, hands={0: trumps(1, 10)}, closed={0: "TX"})
    refused(d, show(0, trumps(1, 10)), "not allowed now")
    bid_round(d, {0: GARDE_SANS})
    refused(d, show(0, trumps(1, 10)), "not allowed now")


# ----- misère -----------------------------------------------------------------------------

MISERE_HAND = "1S 2S 3S 4S 5S 6S 7S 8S 9S 10S 1H 2H 3H 4H 5H 6H 7H 8H"
MISERE_RULES = Rules(players=4, misere=True)


def test_misere_needs_the_option() -> None:
    d = playing({0: MISERE_HAND})
    assert not d.can_declare_misere(0)
    assert Misere(0) not in d.legal_actions(0)
    refused(d, Misere(0), "without misère")


def test_misere_declared() -> None:
    d = playing({0: MISERE_HAND}, rules=MISERE_RULES)
    assert d.can_declare_misere(0)
    assert Misere(0) in d.legal_actions(0)
    d.apply(Misere(0))
    assert d.miseres == [0]
    assert d.to_act == 0
    assert Misere(0) not in d.legal_actions(0)
    refused(d, Misere(0), "already")
    for who in [None, 0, 1, 2, 3]:
        assert view(d, who).miseres == (0,)


@pytest.mark.parametrize("spoiler", ["JS", "CH", "QD", "KC", "T2", "T21", "EX"])
def test_misere_refused_with_a_trump_excuse_or_face(spoiler: str) -> None:
    hand = MISERE_HAND.replace("8H", spoiler)
    d = playing({0: hand}, rules=MISERE_RULES)
    assert not d.can_declare_misere(0)
    assert Misere(0) not in d.legal_actions(0)
    e = refused(d, Misere(0), "misère is not allowed")
    assert spoiler in str(e)


def test_misere_only_on_the_seats_turn_before_its_first_card() -> None:
    d = playing({1: MISERE_HAND}, rules=MISERE_RULES)
    refused(d, Misere(1), "turn")
    d.play(0, first_legal(d, 0))
    assert d.can_declare_misere(1)
    d.play(1, first_legal(d, 1))
    while d.to_act != 1:
        d.play(d.to_act, first_legal(d, d.to_act))
    assert not d.can_declare_misere(1)
    refused(d, Misere(1), "first card")


def test_misere_refused_before_the_play() -> None:
    d = make_deal(4, hands={0: MISERE_HAND}, rules=MISERE_RULES)
    refused(d, Misere(0))
    bid_round(d, {1: GARDE_SANS})
    refused(d, Misere(1))
    refused(d, Misere(0))


def test_taker_misere_judged_on_the_dealt_hand() -> None:
    d = make_deal(4, hands={0: MISERE_HAND}, chien="T5 KS QH JC T6 EX", rules=MISERE_RULES)
    bid_round(d, {0: PRISE})
    d.apply(Ecart(0, tuple(cards("1S 2S 3S 4S 5S 6S"))))
    d.apply(DeclareSlam(0, False))
    assert d.can_declare_misere(0)
    d.apply(Misere(0))
    assert d.miseres == [0]


def test_taker_misere_not_made_by_the_ecart() -> None:
    dealt = MISERE_HAND.replace("8H", "JS")
    d = make_deal(4, hands={0: dealt}, chien="1C 2C 3C 4C 5C 6C", rules=MISERE_RULES)
    bid_round(d, {0: PRISE})
    d.apply(Ecart(0, tuple(cards("JS 1S 2S 3S 4S 5S"))))
    d.apply(DeclareSlam(0, False))
    assert not d.can_declare_misere(0)
    refused(d, Misere(0), "JS")


@pytest.mark.parametrize(("players", "seat"), [(4, 0), (4, 2), (5, 3)])
def test_misere_gains_10_from_each_other_player(players: int, seat: int) -> None:
    hand = " ".join(MISERE_HAND.split()[: Rules(players=players).hand_size])
    d = make_deal(players, hands={seat: hand}, rules=Rules(players=players, misere=True))
    start_play(d, taker=1, contract=GARDE_SANS, call="KS" if players == 5 else None)
    while d.to_act != seat:
        d.play(d.to_act, first_legal(d, d.to_act))
    d.apply(Misere(seat))
    play_out(d)
    assert d.result is not None
    misere = [10 * (players - 1) if s == seat else -10 for s in range(players)]
    assert list(d.result.misere_scores) == misere
    s = d.result.hand_score
    partner = d.result.partner
    base = [-s] * players
    if partner is None:
        base[1] = s * (players - 1)
    else:
        base[1], base[partner] = 2 * s, s
    assert list(d.result.scores) == [b + m for b, m in zip(base, misere, strict=True)]
    assert sum(d.result.scores) == 0


# ----- slam -------------------------------------------------------------------------------


@pytest.mark.parametrize("contract", [PRISE, Contract.GARDE, GARDE_SANS, Contract.GARDE_CONTRE])
def test_slam_announcement_makes_the_taker_lead(contract: Contract) -> None:
    d = make_deal(4)  # dealer 3: seat 0 would lead
    bid_round(d, {2: contract})
    first_discards(d)
    assert d.phase == Phase.SLAM and d.to_act == 2
    assert d.legal_actions(2) == [DeclareSlam(2, False), DeclareSlam(2, True)]
    d.apply(DeclareSlam(2, True))
    assert d.slam is True
    assert d.phase == Phase.PLAYING
    assert d.to_act == 2 and d.leader == 2
    assert d.legal_cards(2) == d.hands[2]
    assert d.legal_cards(0) == 0
    for who in [None, 0, 1, 2, 3]:
        assert view(d, who).slam_announced is True


def test_no_slam_the_seat_after_the_dealer_leads() -> None:
    d = make_deal(4, dealer=1)
    bid_round(d, {0: GARDE_SANS})
    d.apply(DeclareSlam(0, False))
    assert d.slam is False
    assert d.to_act == 2 and d.leader == 2
    assert view(d).slam_announced is False


def test_slam_only_by_the_taker_after_the_ecart_before_the_first_card() -> None:
    d = make_deal(4)
    refused(d, DeclareSlam(0, True))  # bidding
    bid_round(d, {1: PRISE})
    refused(d, DeclareSlam(1, True), "écart")  # écart not done
    first_discards(d)
    for seat in (0, 2, 3):
        refused(d, DeclareSlam(seat, True), "turn")
    d.apply(DeclareSlam(1, False))
    refused(d, DeclareSlam(1, True), "not allowed now")


def test_slam_at_five_players_after_the_call() -> None:
    d = make_deal(5)
    bid_round(d, {2: GARDE_SANS})
    refused(d, DeclareSlam(2, True), "call")
    d.apply(Call(2, cards("KS")[0]))
    d.apply(DeclareSlam(2, True))
    assert d.to_act == 2


def test_discard_and_bid_refused_during_the_slam_phase() -> None:
    d = make_deal(4)
    bid_round(d, {0: GARDE_SANS})
    refused(d, Discard(0, min(c for c in range(56) if d.hands[0] >> c & 1)))
    refused(d, Bid(1, Contract.GARDE_CONTRE))
    refused(d, Play(0, min(c for c in range(78) if d.hands[0] >> c & 1)))
