"""Playing the cards (docs/rules.md §7): follow, trump, overtrump, undertrump, the Excuse, who
wins a trick, and errors that name the rule."""

from __future__ import annotations

import random
import re

import pytest
from builders import bid_round, cards, make_deal, mask, play, start_play, state, texts

from tarot_core.actions import Bid, DeclareSlam, Discard, IllegalAction, Play
from tarot_core.cards import EXCUSE, PETIT, SUIT_MASKS, TRUMPS, Card, Mask, cards_of, format_card
from tarot_core.deal import Deal, Phase
from tarot_core.dealing import deal as deal_cards
from tarot_core.rules import Contract, Rules
from tarot_core.view import view


def playing(hands: dict[int, str], closed: dict[int, str] | None = None, players: int = 4) -> Deal:
    """Seat 0 takes a Garde sans (hands stay as dealt), no slam: seat 0 leads."""
    d = make_deal(players, hands=hands, closed=closed)
    start_play(d, taker=0, contract=Contract.GARDE_SANS)
    assert d.to_act == 0 and d.leader == 0
    return d


def refused(d: Deal, seat: int, card: str) -> IllegalAction:
    before = state(d)
    with pytest.raises(IllegalAction) as info:
        d.play(seat, cards(card)[0])
    assert state(d) == before
    # apply(Play) says the same.
    with pytest.raises(IllegalAction) as again:
        d.apply(Play(seat, cards(card)[0]))
    assert str(again.value) == str(info.value)
    assert state(d) == before
    return info.value


def held_in_message(about: str) -> set[str]:
    found = re.search(r"\(holds ([^)]*)\)$", about)
    assert found, about
    return set(found.group(1).split(", "))


# ----- following suit -------------------------------------------------------------------


def test_leader_may_play_anything() -> None:
    d = playing({})
    assert d.legal_cards(0) == d.hands[0]
    assert [a for a in d.legal_actions(0) if isinstance(a, Play)] == [
        Play(0, c) for c in cards_of(d.hands[0])
    ]


def test_must_follow_suit() -> None:
    d = playing({0: "5S", 1: "9S 2S T3 EX 4H"}, closed={1: "STX"})
    play(d, "5S")
    assert d.legal_cards(1) == mask("9S 2S EX")
    e = refused(d, 1, "T3")
    assert str(e) == "T3 is not allowed: you must follow spades"
    assert e.about_seat.startswith("T3 is not allowed: seat 1 must follow spades (holds ")
    assert held_in_message(e.about_seat) == {"9S", "2S"}
    assert str(refused(d, 1, "4H")) == "4H is not allowed: you must follow spades"
    play(d, "2S")  # following with a lower card is fine
    assert d.to_act == 2


@pytest.mark.parametrize(("lead", "name"), [("5H", "hearts"), ("5D", "diamonds"), ("5C", "clubs")])
def test_follow_message_names_the_suit(lead: str, name: str) -> None:
    suit = lead[-1]
    d = playing({0: lead, 1: f"9{suit} T3"}, closed={1: suit + "T"})
    play(d, lead)
    assert str(refused(d, 1, "T3")) == f"T3 is not allowed: you must follow {name}"


# ----- trumping -------------------------------------------------------------------------


def must_trump_deal() -> Deal:
    """Seat 0 leads 3H, seat 1 follows, seat 2 has no heart and holds T4, T9 (and 5S)."""
    d = playing({0: "3H", 1: "7H", 2: "T4 T9 5S"}, closed={2: "HTX"})
    play(d, "3H 7H")
    return d


def test_must_trump_when_unable_to_follow() -> None:
    d = must_trump_deal()
    assert d.legal_cards(2) == mask("T4 T9")
    e = refused(d, 2, "5S")
    assert str(e) == "5S is not allowed: you must play a trump"
    assert e.about_seat.startswith("5S is not allowed: seat 2 must play a trump (holds ")
    assert held_in_message(e.about_seat) == {"T4", "T9"}
    play(d, "T4")
    assert d.to_act == 3


def test_must_trump_message_matches_the_records_example() -> None:
    e = refused(must_trump_deal(), 2, "5S")
    assert e.about_seat == "5S is not allowed: seat 2 must play a trump (holds T4, T9)"


def test_must_overtrump() -> None:
    d = playing(
        {0: "5S", 1: "T10", 2: "T4 T12 T15 6H", 3: "T11 T20"},
        closed={1: "S", 2: "STX", 3: "STX"},
    )
    play(d, "5S T10")
    assert d.legal_cards(2) == mask("T12 T15")
    e = refused(d, 2, "T4")
    assert str(e) == "T4 is not allowed: you must play a trump higher than T10"
    assert e.about_seat.startswith(
        "T4 is not allowed: seat 2 must play a trump higher than T10 (holds "
    )
    assert held_in_message(e.about_seat) == {"T12", "T15"}
    assert "higher than T10" in str(refused(d, 2, "6H"))
    play(d, "T12")
    # Higher than every trump in the trick: T11 beats T10 but not T12.
    assert d.legal_cards(3) == mask("T20")
    assert "higher than T12" in str(refused(d, 3, "T11"))
    play(d, "T20")
    assert d.winners == [3]


def test_must_overtrump_when_trumps_are_led() -> None:
    d = playing({0: "T10", 1: "T4 T12 5H"}, closed={1: "TX"})
    play(d, "T10")
    assert d.legal_cards(1) == mask("T12")
    assert "higher than T10" in str(refused(d, 1, "T4"))
    assert "higher than T10" in str(refused(d, 1, "5H"))


def test_undertrump_when_unable_to_overtrump() -> None:
    d = playing({0: "5S", 1: "T15", 2: "T4 T9 6H"}, closed={1: "STX", 2: "STX"})
    play(d, "5S T15")
    assert d.legal_cards(2) == mask("T4 T9")
    e = refused(d, 2, "6H")
    assert str(e) == "6H is not allowed: you must play a trump"
    play(d, "T4")
    assert d.to_act == 3


def test_undertrump_when_trumps_are_led() -> None:
    d = playing({0: "T15", 1: "T4 T9 6H"}, closed={1: "TX"})
    play(d, "T15")
    assert d.legal_cards(1) == mask("T4 T9")
    assert str(refused(d, 1, "6H")) == "6H is not allowed: you must play a trump"


def test_following_suit_beats_trumping() -> None:
    """Someone trumped; a later seat that holds the suit led still follows it."""
    d = playing({0: "5S", 1: "T10", 2: "7S T20"}, closed={1: "ST", 2: "STX"})
    play(d, "5S T10")
    assert d.legal_cards(2) == mask("7S")
    assert str(refused(d, 2, "T20")) == "T20 is not allowed: you must follow spades"


# ----- neither suit nor trump -----------------------------------------------------------


def test_neither_suit_nor_trump_plays_anything() -> None:
    d = playing({0: "5S"}, closed={1: "STX"})
    play(d, "5S")
    assert not d.hands[1] & (SUIT_MASKS[0] | TRUMPS)
    assert d.legal_cards(1) == d.hands[1]


def test_no_trump_when_trumps_are_led_plays_anything() -> None:
    d = playing({0: "T5", 1: "5S 6H"}, closed={1: "TX"})
    play(d, "T5")
    assert d.legal_cards(1) == d.hands[1]
    play(d, "6H")


# ----- the Excuse -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hands", "closed", "first"),
    [
        ({0: "5S", 1: "9S EX"}, {1: "S"}, "5S"),  # could follow
        ({0: "5S", 1: "T3 EX"}, {1: "ST"}, "5S"),  # must trump
        ({0: "T10", 1: "T12 EX"}, {1: "T"}, "T10"),  # must overtrump
        ({0: "T10", 1: "T2 EX"}, {1: "T"}, "T10"),  # undertrump
    ],
)
def test_excuse_playable_any_time(
    hands: dict[int, str], closed: dict[int, str], first: str
) -> None:
    d = playing(hands, closed)
    play(d, first)
    assert d.legal_cards(1) & mask("EX")
    play(d, "EX")
    assert d.to_act == 2


def test_excuse_may_lead() -> None:
    d = playing({0: "EX"})
    assert d.legal_cards(0) & mask("EX")
    play(d, "EX")
    assert d.to_act == 1


def test_after_an_excuse_lead_the_next_card_sets_the_suit() -> None:
    d = playing({0: "EX", 1: "3H", 2: "9H 4S", 3: "T2 6S"}, closed={2: "H", 3: "HTX"})
    play(d, "EX")
    assert d.legal_cards(1) == d.hands[1], "nothing is led yet"
    play(d, "3H")
    assert d.legal_cards(2) == mask("9H")
    assert str(refused(d, 2, "4S")) == "4S is not allowed: you must follow hearts"
    play(d, "9H")
    assert d.legal_cards(3) == mask("T2")
    assert str(refused(d, 3, "6S")) == "6S is not allowed: you must play a trump"
    play(d, "T2")
    assert d.winners == [3]
    assert d.to_act == 3 and d.leader == 3


def test_after_an_excuse_lead_a_trump_sets_trumps() -> None:
    d = playing({0: "EX", 1: "T8", 2: "T3 T12 5S"}, closed={2: "TX"})
    play(d, "EX T8")
    assert d.legal_cards(2) == mask("T12")
    assert "higher than T8" in str(refused(d, 2, "5S"))


# ----- who wins a trick -----------------------------------------------------------------

WINNER_CASES = [
    # (hands, closed, cards in playing order from seat 0, winning seat)
    ({0: "10S", 1: "JS", 2: "1S", 3: "9S"}, {}, "10S JS 1S 9S", 1),
    ({0: "QS", 1: "CS", 2: "KS", 3: "JS"}, {}, "QS CS KS JS", 2),
    ({0: "2S", 1: "KH", 2: "3S", 3: "1S"}, {1: "ST"}, "2S KH 3S 1S", 2),
    ({0: "5S", 1: "T1 EX", 2: "T2", 3: "KS"}, {1: "ST", 2: "ST"}, "5S T1 T2 KS", 2),
    ({0: "T5", 1: "T3", 2: "T20", 3: "T21"}, {1: "T"}, "T5 T3 T20 T21", 3),
    ({0: "2S", 1: "EX", 2: "3S", 3: "4S"}, {}, "2S EX 3S 4S", 3),
    ({0: "KS", 1: "EX", 2: "3S", 3: "4S"}, {}, "KS EX 3S 4S", 0),
]


@pytest.mark.parametrize(("hands", "closed", "trick", "winner"), WINNER_CASES)
def test_trick_winner_leads_the_next_trick(
    hands: dict[int, str], closed: dict[int, str], trick: str, winner: int
) -> None:
    d = playing(hands, closed)
    play(d, trick)
    assert d.tricks == [tuple(cards(trick))]
    assert d.winners == [winner]
    assert d.to_act == winner and d.leader == winner
    assert d.legal_cards(winner) == d.hands[winner]
    for other in range(4):
        if other != winner:
            assert d.legal_cards(other) == 0
            assert d.legal_actions(other) == []
    v = view(d)
    assert v.tricks[0].winner == winner and v.tricks[0].leader == 0
    assert v.current is None


def test_three_and_five_players_trick_rotation() -> None:
    for players in (3, 5):
        d = playing({0: "5S", 1: "KS"}, players=players)
        for i in range(players):
            assert d.to_act == i
            d.play(i, cards("5S")[0] if i == 0 else cards_of(d.legal_cards(i))[0])
        assert len(d.tricks) == 1
        assert d.to_act == d.winners[0]


# ----- out of turn, not held, wrong phase -----------------------------------------------


def test_play_out_of_turn_refused() -> None:
    d = playing({2: "5H"})
    e = refused(d, 2, "5H")
    assert "seat 0's turn" in str(e)
    play(d, cards_of_text(d, 0))
    assert d.to_act == 1
    refused(d, 0, cards_of_text(d, 0))
    refused(d, 3, cards_of_text(d, 3))


def cards_of_text(d: Deal, seat: int) -> str:
    return format_card(cards_of(d.legal_cards(seat) or d.hands[seat])[0])


def test_card_not_held_refused() -> None:
    d = playing({1: "KS"})
    e = refused(d, 0, "KS")
    assert str(e) == "KS is not allowed: you do not hold it"
    assert e.about_seat == "KS is not allowed: seat 0 does not hold it"


def test_play_refused_before_the_play() -> None:
    d = make_deal(4, hands={0: "5S"})
    e = refused(d, 0, "5S")
    assert "not allowed now" in str(e)
    bid_round(d, {0: Contract.PRISE})
    refused(d, 0, "5S")  # écart
    while d.phase == Phase.ECART:
        d.apply(Discard(0, cards_of(d.discardable())[-1]))
    refused(d, 0, "5S")  # slam announcement
    d.apply(DeclareSlam(0, False))
    play(d, "5S")


def test_play_refused_after_the_end() -> None:
    d = playing({})
    while not d.done:
        d.play(d.to_act, cards_of(d.legal_cards(d.to_act))[0])
    with pytest.raises(IllegalAction):
        d.play(d.to_act, 0)
    with pytest.raises(IllegalAction):
        d.apply(Bid(0, Contract.PASS))


# ----- every card of every hand, against docs/rules.md §7 ------------------------------------


def reference_legal(hand: Mask, trick: list[Card]) -> Mask:
    """docs/rules.md §7, written out plainly."""
    led = next((c for c in trick if c != EXCUSE), None)
    excuse = hand & (1 << EXCUSE)
    if led is None:
        return hand
    held = cards_of(hand)
    if led < PETIT:
        suit = [c for c in held if c < PETIT and c // 14 == led // 14]
        if suit:
            return sum(1 << c for c in suit) | excuse
    trumps = [c for c in held if PETIT <= c < EXCUSE]
    if not trumps:
        return hand
    best = max((c for c in trick if PETIT <= c < EXCUSE), default=None)
    higher = [c for c in trumps if best is None or c > best]
    return sum(1 << c for c in (higher or trumps)) | excuse


@pytest.mark.parametrize("players", [3, 4, 5])
def test_legal_cards_follow_the_rules_in_random_deals(players: int) -> None:
    rules = Rules(players=players)
    rng = random.Random(players * 1000)
    played = 0
    while played < 6:
        hands, chien = deal_cards(rng, rules, 0)
        d = Deal(rules, 0, hands, chien)
        if d.done:
            continue
        start_play(d, taker=1, contract=Contract.GARDE_CONTRE)
        played += 1
        while not d.done:
            seat = d.to_act
            legal = d.legal_cards(seat)
            assert legal == reference_legal(d.hands[seat], d.trick), (
                texts(d.hands[seat]),
                texts(d.trick),
            )
            for card in cards_of(d.hands[seat]):
                trial = d.copy()
                try:
                    trial.play(seat, card)
                    ok = True
                except IllegalAction:
                    ok = False
                assert ok == bool(legal >> card & 1)
            d.play(seat, rng.choice(cards_of(legal)))
