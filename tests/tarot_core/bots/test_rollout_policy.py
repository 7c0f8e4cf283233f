"""The expert's rollout policy on concrete worlds: it must play the way players do, or the
expert believes the wrong things (a Petit never saved, a King thrown into a ruff)."""

from __future__ import annotations

import random

from builders import cards, make_deal, mask, play, start_play

from tarot_core.bots.rollout import choose
from tarot_core.cards import format_card
from tarot_core.deal import Deal, trick_seats
from tarot_core.rules import Contract


def world(
    taker: int, hands: dict[int, str], leader: int, trick: str = "", players: int = 4
) -> Deal:
    """A sampled world late in a deal: ``hands`` are the cards left after the current trick
    (seat -> cards), which was led by ``leader`` and holds ``trick`` so far."""
    deal = start_play(make_deal(players), taker=taker, contract=Contract.GARDE_SANS)
    left = [mask(hands.get(s, "")) for s in range(players)]
    for seat, card in zip(
        trick_seats(leader, len(cards(trick)), players), cards(trick), strict=True
    ):
        left[seat] |= 1 << card
    deal.hands = left
    deal.to_act = deal.leader = leader
    play(deal, trick)
    return deal


def picks(deal: Deal, seeds: int = 20) -> set[str]:
    """Every card the policy chooses for the seat to act over a few seeds."""
    return {format_card(choose(deal, deal.to_act, random.Random(s))) for s in range(seeds)}


def test_a_defender_saves_the_petit_on_its_sides_sure_trick() -> None:
    # The taker leads T5, a defender takes it with the 21 and the last seat is a defender:
    # the Petit is safe now and will be hunted later.
    deal = world(
        taker=0,
        leader=0,
        trick="T5 T21",
        hands={0: "T10 2S", 1: "3S 4S", 2: "T1 T8 T9", 3: "T2 5S"},
    )
    assert picks(deal) == {"T1"}


def test_the_petit_is_kept_when_an_opponent_behind_can_overtrump() -> None:
    # A defender leads T5 and the taker, still to play, holds higher trumps: the Petit
    # would fall.
    deal = world(
        taker=3,
        leader=1,
        trick="T5",
        hands={1: "3S", 2: "T1 T8 T9", 3: "T10 T12", 0: "4S"},
    )
    assert "T1" not in picks(deal)


def test_no_king_fed_to_a_trick_an_opponent_behind_can_overtrump() -> None:
    # Defenders: seat 0 leads hearts, seat 1 ruffs with T5; the taker (seat 3), void in
    # hearts, can overtrump with T10: seat 2 keeps its King.
    deal = world(
        taker=3,
        leader=0,
        trick="2H T5",
        hands={0: "4S", 1: "5S", 2: "KH 3H 6S", 3: "T10 7S"},
    )
    assert picks(deal) == {"3H"}


def test_no_king_dropped_in_front_of_a_taker_who_ruffs() -> None:
    # A defender leads 5H; the next defender holds KH 3H and the taker behind is void in
    # hearts with trumps: the King would be ruffed.
    deal = world(
        taker=1,
        leader=3,
        trick="5H",
        hands={3: "4S", 0: "KH 3H 6S", 1: "T10 7S", 2: "8S 9S"},
    )
    assert picks(deal) == {"3H"}


def test_a_bare_king_goes_on_the_sides_sure_trick() -> None:
    # A defender (seat 1) wins with the 21 and seat 2, a defender void in diamonds and
    # trumps, throws its bare King of spades, not the King of clubs that is guarded.
    deal = world(
        taker=0,
        leader=0,
        trick="2D T21",
        hands={0: "T3", 1: "4C", 2: "KS KC 2C 3C", 3: "5D"},
    )
    assert picks(deal) == {"KS"}


def test_the_defence_hunts_a_short_petit() -> None:
    # The taker holds the Petit and one other trump: a defender on lead plays trumps.
    deal = world(
        taker=0,
        leader=1,
        hands={0: "T1 T4 2S 3S", 1: "T15 T16 KS 4S", 2: "5S 6S 7S 8S", 3: "9S 10S JS QS"},
    )
    played = picks(deal)
    assert all(card.startswith("T") and card != "T1" for card in played), played


def test_no_king_led_into_a_suit_an_opponent_ruffs() -> None:
    # The taker leads; a defender is void in spades with trumps: the King of spades waits.
    deal = world(
        taker=0,
        leader=0,
        hands={0: "KS 2C 3C", 1: "T5 T6 4C", 2: "5C 6C 7C", 3: "8C 9C 10C"},
    )
    assert "KS" not in picks(deal, seeds=40)


def test_a_safe_king_is_cashed() -> None:
    deal = world(
        taker=0,
        leader=0,
        hands={0: "KS 2C 3C", 1: "4S 4C 5C", 2: "5S 6C 7C", 3: "6S 8C 9C"},
    )
    played = picks(deal, seeds=40)
    assert "KS" in played


def test_the_excuse_saves_a_bare_king_from_a_ruff() -> None:
    # Hearts led by a defender; the next defender holds the bare King of hearts and the
    # Excuse, and the taker behind ruffs.
    deal = world(
        taker=1,
        leader=3,
        trick="5H",
        hands={3: "4S", 0: "KH EX 6S", 1: "T10 7S", 2: "8S 9S"},
    )
    assert picks(deal) == {"EX"}


def test_no_trump_drawn_once_the_opponents_have_none() -> None:
    # The taker holds the top trumps and the defenders no trump at all: leading a trump
    # would only draw their discards; its trumps wait to ruff.
    deal = world(
        taker=0,
        leader=0,
        hands={
            0: "T21 T20 T19 2S 2C",
            1: "3S 4S 5S 3C 4C",
            2: "6S 7S 8S 5C 6C",
            3: "9S 10S JS 7C 8C",
        },
    )
    played = picks(deal, seeds=40)
    assert not any(card.startswith("T") for card in played), played


def test_trumps_are_drawn_while_an_opponent_holds_some() -> None:
    deal = world(
        taker=0,
        leader=0,
        hands={
            0: "T21 T20 T19 2S 2C",
            1: "T3 4S 5S 3C 4C",
            2: "6S 7S 8S 5C 6C",
            3: "9S 10S JS 7C 8C",
        },
    )
    assert any(card.startswith("T") for card in picks(deal, seeds=40))


def test_the_excuse_goes_on_a_lost_trick_late_rather_than_be_led_at_the_end() -> None:
    # Four cards left; a defender leads the King of clubs and the taker, out of clubs and
    # trumps, would throw a small spade: the Excuse goes now. Kept, it would have to be led
    # at the end, and the defence would feed the trick it then wins.
    deal = world(
        taker=0,
        leader=1,
        trick="KC 2C 3C",
        hands={0: "EX 2S 3S", 1: "4S 5S", 2: "7S 8S", 3: "9S 10S"},
    )
    assert picks(deal) == {"EX"}


def test_the_excuse_is_kept_early_on_a_trick_that_costs_nothing() -> None:
    deal = world(
        taker=0,
        leader=1,
        trick="KC 2C 3C",
        hands={
            0: "EX 2S 3S 4H 5H 6H",
            1: "4S 5S 7H 8H 9H",
            2: "7S 8S 10H JH 1H",
            3: "9S 10S 2H 3H QH",
        },
    )
    assert "EX" not in picks(deal)
