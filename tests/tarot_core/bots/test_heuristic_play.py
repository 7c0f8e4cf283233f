"""The heuristic's blunders that a club player would not make (issue 11), each in a concrete
position: the bid or card it must (or must not) choose there."""

from builders import cards, in_play, make_deal, mask

from tarot_core import Deal, view
from tarot_core.actions import Bid, Play
from tarot_core.bots.evaluation import preferred_contract
from tarot_core.bots.heuristic import HeuristicBot
from tarot_core.cards import PETIT, TRUMPS, Card
from tarot_core.rules import Contract


def card_of(deal: Deal, seat: int) -> Card:
    action = HeuristicBot(1).act(view(deal, seat))
    assert isinstance(action, Play)
    return action.card


# --- bidding ---------------------------------------------------------------------------


def test_overcalls_a_prise_with_eight_trumps_and_two_oudlers() -> None:
    deal = make_deal(hands={1: "T21 T18 T14 T11 T9 T7 T4 T2 EX KS 5S 3S 9H 7H 2D 6D 4C 8C"})
    deal.apply(Bid(0, Contract.PRISE))
    assert HeuristicBot(1).act(view(deal, 1)) == Bid(1, Contract.GARDE)


def test_a_plain_prise_hand_does_not_overcall() -> None:
    hand = "T21 T18 T14 T11 T9 T7 T4 EX KS QS 3S 9H 7H 2D 6D 4C 8C 1C"
    assert preferred_contract(mask(hand), 4) == Contract.PRISE
    deal = make_deal(hands={1: hand})
    deal.apply(Bid(0, Contract.PRISE))
    assert HeuristicBot(1).act(view(deal, 1)) == Bid(1, Contract.PASS)


# --- the Petit ---------------------------------------------------------------------------


def _ruff_hearts(taker: int, me: str = "T1 T3 T10 T12") -> Deal:
    """Seat 0 leads the 3 of hearts; seat 1, void in hearts and without the Excuse, holds
    ``me`` among its trumps; ``taker`` took a Garde sans."""
    return in_play(hands={0: "3H", 1: me}, closed={1: "HX"}, taker=taker, played="3H")


def test_never_trumps_in_with_the_petit_before_a_taker_who_may_overtrump() -> None:
    deal = _ruff_hearts(taker=2)
    card = card_of(deal, 1)
    assert card != PETIT and TRUMPS >> card & 1


def test_trumps_with_the_petit_when_only_allies_play_after() -> None:
    deal = _ruff_hearts(taker=0)
    assert card_of(deal, 1) == PETIT


def test_no_petit_under_an_ally_trump_that_the_taker_after_may_beat() -> None:
    # Seat 0 leads hearts, seat 1 (partner of seat 0 in defence) ruffs with the 10; seat 2
    # is void too, holding the Petit and the 5; the taker, seat 3, may overtrump the 10.
    hands = {0: "3H", 1: "T10", 2: "T1 T5"}
    deal = in_play(hands=hands, closed={1: "H", 2: "HTX"}, taker=3, played="3H T10")
    assert card_of(deal, 2) == cards("T5")[0]


# --- honours in front of a ruff, points on a sure trick -----------------------------------


def test_no_queen_on_an_ally_king_when_the_taker_after_may_ruff() -> None:
    # Seat 0 (defence) leads the King of diamonds; seat 1 holds the Queen and the 6; the
    # taker, seat 2, plays next and may have voided diamonds in its écart.
    deal = in_play(hands={0: "KD", 1: "QD 6D"}, closed={1: "D"}, taker=2, played="KD")
    assert card_of(deal, 1) == cards("6D")[0]


def test_no_king_second_in_front_of_a_taker_who_may_ruff() -> None:
    deal = in_play(hands={0: "3S", 1: "10S JS KS"}, closed={1: "S"}, taker=2, played="3S")
    assert card_of(deal, 1) == cards("10S")[0]


def test_the_king_goes_on_an_ally_king_when_the_taker_has_already_followed() -> None:
    # The taker (seat 0) led the Queen of diamonds, seat 1 took it with the King: seat 2,
    # last of the defence but one, with only its partner after, drops its King on it.
    hands = {0: "QD", 1: "KD", 2: "KS 2S 3S 4S 5C 6C"}
    deal = in_play(hands=hands, closed={2: "DTX"}, taker=0, played="QD KD")
    assert card_of(deal, 2) == cards("KS")[0]


def test_a_bare_king_is_thrown_on_the_partner_master_trump() -> None:
    # Seat 0 (defence) leads the 21; seat 1 has no trump and throws its bare King of
    # spades (which would fall to the taker's ruff) rather than its guarded King of hearts.
    deal = in_play(hands={0: "T21", 1: "KS KH 2H 3H 4H"}, closed={1: "STX"}, taker=2, played="T21")
    assert card_of(deal, 1) == cards("KS")[0]


def test_the_called_partner_last_to_play_saves_the_petit_under_the_taker_21() -> None:
    deal = in_play(
        players=5,
        hands={0: "T21", 1: "T2", 2: "T3", 3: "T5", 4: "KS T1 T4"},
        closed={4: "TX"},
        taker=0,
        call="KS",
        played="T21 T2 T3 T5",
    )
    assert card_of(deal, 4) == PETIT


# --- the FFT signals (signals.py) ---------------------------------------------------------

SIGNALLER = "1H 5H 7H 8H 10H JH 2D 6D 8D 9D JD CD KC 9C 4C 6C 7C 8C"
"""No spade, no trump: the King of clubs with a low club to show it."""


def test_first_discard_is_a_low_card_of_the_king_suit() -> None:
    deal = in_play(hands={0: "3S", 1: SIGNALLER}, taker=2, played="3S")
    assert card_of(deal, 1) == cards("4C")[0]  # not the 1 of hearts


def test_the_partner_leads_the_suit_its_partner_asked_for() -> None:
    hands = {0: "KS KD 2C 3C", 1: SIGNALLER, 2: "2S", 3: "5S"}
    deal = in_play(hands=hands, taker=2, played="KS 4C 2S 5S")  # seat 0 wins and leads again
    assert card_of(deal, 0) == cards("2C")[0]  # not its own King of diamonds


def test_a_defender_first_trump_tells_its_length_by_parity() -> None:
    deal = in_play(hands={0: "T20", 1: "T3 T4 T8"}, closed={1: "TX"}, taker=0, played="T20")
    assert card_of(deal, 1) == cards("T4")[0]  # three trumps: even


def test_a_doubleton_is_played_high_then_low() -> None:
    deal = in_play(hands={0: "9H", 1: "7H 4H"}, closed={1: "H"}, taker=0, played="9H")
    assert card_of(deal, 1) == cards("7H")[0]
