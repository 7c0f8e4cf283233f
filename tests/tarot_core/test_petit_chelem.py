"""House rule ``petit_chelem`` (docs/rules.md §11.3): the announcement, its chelem term, records,
replay, views, the wire form and the bots."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from builders import bid_round, make_deal, mask, play_out, refused
from hypothesis import given, settings
from test_properties import COMMON, Setup, play_checked, setups
from test_scoring_oracle import TRIPLE, defence_slam, skeleton, slam_deal

from tarot_core import Deal, Rules, read_deal, replay, to_record, view
from tarot_core.actions import DeclareSlam
from tarot_core.bots import make_bot
from tarot_core.bots.expert import ExpertBot
from tarot_core.bots.heuristic import petit_chelem_worthy
from tarot_core.bots.knowledge import infer
from tarot_core.bots.worlds import build_world
from tarot_core.deal import Phase
from tarot_core.dealing import deal as deal_cards
from tarot_core.record import RecordError
from tarot_core.rules import Contract
from tarot_core.scoring import chelem_term
from tarot_core.serial import (
    SerialError,
    action_from_json,
    action_to_json,
    view_from_json,
    view_to_json,
)
from tarot_core.view_check import check_view

ON = {"petit_chelem": True}
# The deals of test_scoring_oracle, the taker (seat 1) leading the first trick from dealer 0:
ALL_TRICKS = [["QS", "KS", "CS", "JS"], ["?", "T1", "?", "?"], ["?", "EX", "?", "?"]]
"""Every trick to the taker, its Excuse winning the last: s = 320 + 40 + 40 + chelem."""
LOSES_TWO = [["4S", "1S", "2S", "3S"], ["5H", "T1", "6H", "7H"], ["8C", "EX", "9C", "10C"]]
"""Tricks 16 and 18 to the defence, 16 of 18 to the taker: s = 268 + 40 + chelem."""


def petit(record: dict[str, Any]) -> dict[str, Any]:
    return record | {"slam": "petit_chelem", "rules": record["rules"] | ON}


def result_of(record: dict[str, Any]) -> Any:
    result = replay(json.loads(json.dumps(record)))
    assert replay(to_record_of(record)) == result  # record -> replay -> record is stable
    return result


def to_record_of(record: dict[str, Any]) -> dict[str, Any]:
    return to_record(read_deal(json.loads(json.dumps(record))))


# ----- the chelem term -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("won", "tricks", "announced", "petit", "on", "expected"),
    [
        (18, 18, False, True, True, ("petit_announced_made", 300)),
        (15, 18, False, True, True, ("petit_announced_made", 300)),
        (14, 18, False, True, True, ("petit_announced_failed", -150)),
        (0, 18, False, True, True, ("petit_announced_failed", -150)),
        (17, 18, True, False, True, ("announced_failed", -200)),
        (18, 18, True, False, True, ("announced_made", 400)),
        (15, 18, False, False, True, ("petit_made", 150)),
        (14, 18, False, False, True, (None, 0)),
        (15, 18, False, False, False, (None, 0)),
        (18, 18, False, False, True, ("made", 200)),
        (0, 18, False, False, True, ("defence", -200)),
        (12, 15, False, False, True, ("petit_made", 150)),
        (11, 15, False, False, True, (None, 0)),
        (21, 24, False, False, True, ("petit_made", 150)),
        (20, 24, False, True, True, ("petit_announced_failed", -150)),
    ],
)
def test_chelem_term(
    won: int, tricks: int, announced: bool, petit: bool, on: bool, expected: tuple[Any, int]
) -> None:
    sides = [True] * won + [False] * (tricks - won)
    random.Random(won).shuffle(sides)
    assert chelem_term(Rules(petit_chelem=on), sides, announced, petit) == expected


# ----- hand-worked deals -------------------------------------------------------------------


def test_announced_and_every_trick_won_still_scores_300() -> None:
    record = petit(slam_deal(ALL_TRICKS, ["KS", "EX"], dealer=0, announce=False, poignees=TRIPLE))
    result = result_of(record)
    assert (result.slam, result.chelem_bonus, result.hand_score) == (
        "petit_announced_made",
        300,
        700,
    )
    assert result.scores == (-700, 2100, -700, -700)


def test_announced_and_two_tricks_lost_scores_300() -> None:
    record = petit(slam_deal(LOSES_TWO, ["1S", "EX"], dealer=0, announce=False, poignees=TRIPLE))
    result = result_of(record)
    assert (result.slam, result.hand_score) == ("petit_announced_made", 608)
    assert result.scores == (-608, 1824, -608, -608)


def test_not_announced_a_petit_chelem_won_scores_150_only_with_the_option() -> None:
    record = slam_deal(LOSES_TWO, ["1S", "EX"], dealer=0, announce=False, poignees=TRIPLE)
    plain = result_of(record)
    assert (plain.slam, plain.hand_score) == (None, 308)
    on = result_of(record | {"rules": ON})
    assert (on.slam, on.chelem_bonus, on.hand_score) == ("petit_made", 150, 458)
    assert on.scores == (-458, 1374, -458, -458)


def test_a_petit_chelem_won_after_announcing_a_full_chelem_is_still_minus_200() -> None:
    record = slam_deal(LOSES_TWO, ["1S", "EX"], dealer=0, announce=True, poignees=TRIPLE)
    result = result_of(record | {"rules": ON})
    assert (result.slam, result.hand_score) == ("announced_failed", 108)


def test_announced_and_failed_minus_150() -> None:
    # docs/rules.md §8, second example: the taker wins 10 tricks of 18: s = 168 - 150 = 18.
    result = result_of(petit(skeleton("garde_sans")))
    assert (result.slam, result.chelem_bonus, result.hand_score) == (
        "petit_announced_failed",
        -150,
        18,
    )
    assert result.scores == (-18, 54, -18, -18)
    assert result_of(skeleton("garde_sans", rules=ON)).hand_score == 168


def test_announced_and_the_defence_wins_every_trick_minus_150_once() -> None:
    # The defence's chelem: s = -(25 + 53) x 2 - 20 - 150 = -326 (not -200 too).
    result = result_of(petit(defence_slam()))
    assert (result.slam, result.hand_score) == ("petit_announced_failed", -326)
    assert result.scores == (326, -978, 326, 326)
    unannounced = result_of(defence_slam(rules=ON))
    assert (unannounced.slam, unannounced.hand_score) == ("defence", -376)


# ----- the announcement ------------------------------------------------------------------------


def at_slam(on: bool) -> Deal:
    deal = make_deal(4, dealer=1, rules=Rules(petit_chelem=on))
    bid_round(deal, {3: Contract.GARDE_SANS})
    assert deal.phase == Phase.SLAM and deal.to_act == 3
    return deal


def test_announcing_a_petit_chelem_does_not_give_the_lead() -> None:
    deal = at_slam(True)
    assert DeclareSlam(3, True, True) in deal.legal_actions(3)
    deal.apply(DeclareSlam(3, True, True))
    assert deal.phase == Phase.PLAYING and deal.leader == deal.to_act == 2
    assert (deal.slam, deal.petit_chelem) == (False, True)
    for seat in (None, 0, 1, 2, 3):
        v = view(deal, seat)
        assert (v.slam_announced, v.petit_chelem_announced) == (False, True)
        check_view(v)
    assert deal.actions()[-1] == DeclareSlam(3, True, True)
    play_out(deal)
    record = to_record(deal)
    assert record["slam"] == "petit_chelem"
    assert replay(record) == deal.result


def test_refused_when_the_option_is_off() -> None:
    deal = at_slam(False)
    assert deal.legal_actions(3) == [DeclareSlam(3, False), DeclareSlam(3, True)]
    refused(deal, DeclareSlam(3, True, True), "this table plays without the petit chelem")


def test_a_petit_chelem_is_never_announced_false() -> None:
    with pytest.raises(ValueError, match="only be announced"):
        DeclareSlam(3, False, True)


# ----- wire forms, views ----------------------------------------------------------------------


def test_wire_forms() -> None:
    assert action_to_json(DeclareSlam(1, True)) == {"type": "slam", "seat": 1, "announce": True}
    assert action_to_json(DeclareSlam(1, False)) == {"type": "slam", "seat": 1, "announce": False}
    form = {"type": "slam", "seat": 1, "announce": True, "petit": True}
    assert action_to_json(DeclareSlam(1, True, True)) == form
    assert action_from_json(form) == DeclareSlam(1, True, True)
    assert action_from_json(form | {"petit": False}) == DeclareSlam(1, True)
    assert action_from_json({"type": "slam", "seat": 1, "announce": True}) == DeclareSlam(1, True)
    with pytest.raises(SerialError, match=r"^action\.petit: a petit chelem needs announce true"):
        action_from_json(form | {"announce": False})
    with pytest.raises(SerialError, match=r"^action\.petit: must be true or false"):
        action_from_json(form | {"petit": "yes"})
    with pytest.raises(SerialError, match=r"^action: unknown field 'petit'"):
        action_from_json({"type": "play", "seat": 1, "card": "KS", "petit": True})


def test_view_forms() -> None:
    deal = at_slam(True)
    deal.apply(DeclareSlam(3, True, True))
    v = view(deal, 2)
    form = view_to_json(v)
    assert form["petit_chelem_announced"] is True and form["slam_announced"] is False
    assert view_from_json(form) == v
    old = {k: val for k, val in form.items() if k != "petit_chelem_announced"}
    assert view_from_json(old).petit_chelem_announced is False
    with pytest.raises(SerialError, match=r"^view\.petit_chelem_announced: must be true or false"):
        view_from_json(form | {"petit_chelem_announced": 1})


# ----- records --------------------------------------------------------------------------------


def test_record_defects_name_the_step() -> None:
    good = petit(skeleton("garde_sans"))
    assert replay(good).slam == "petit_announced_failed"
    with pytest.raises(
        RecordError,
        match=r"^slam: a petit chelem is not allowed: this table plays without the petit chelem$",
    ):
        replay(good | {"rules": {}})
    with pytest.raises(RecordError, match=r'^slam: must be true, false or "petit_chelem", not'):
        replay(good | {"slam": "petit"})
    with pytest.raises(RecordError, match=r"^rules: petit_chelem must be false or true, not"):
        replay(good | {"rules": {"petit_chelem": "yes"}})


# ----- bots -------------------------------------------------------------------------------


STRONG = "T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T11 T10 KS KH KD KC 2S 3S"


def test_petit_chelem_worthy_threshold() -> None:
    assert petit_chelem_worthy(mask(STRONG), 4)
    three_losers = STRONG.replace("KC", "4S")
    assert not petit_chelem_worthy(mask(three_losers), 4)
    no_21 = STRONG.replace("T21", "T9")
    assert not petit_chelem_worthy(mask(no_21), 4)


@pytest.mark.parametrize("level", ["heuristic", "expert"])
def test_bots_announce_a_petit_chelem_with_a_very_strong_hand(level: str) -> None:
    deal = make_deal(4, dealer=3, hands={0: STRONG}, rules=Rules(petit_chelem=True))
    bid_round(deal, {0: Contract.GARDE_SANS})
    bots = [make_bot(level if s == 0 else "heuristic", seed=s) for s in range(4)]
    if level == "expert":
        bots[0] = ExpertBot(0, think_ms=60_000, max_samples=4)
    assert bots[0].act(view(deal, 0)) == DeclareSlam(0, True, True)
    while not deal.done:
        seat = deal.to_act
        v = view(deal, seat)
        if deal.phase == Phase.PLAYING and not deal.trick and deal.tricks:
            know = infer(v)
            world = build_world(v, know, list(deal.hands), 0)
            assert world.petit_chelem == deal.petit_chelem
        deal.apply(bots[seat].act(v))
    assert deal.result is not None and deal.result.slam is not None
    assert deal.result.slam.startswith("petit_announced")


def test_random_bots_and_heuristics_stay_legal_with_the_option() -> None:
    for seed in range(60):
        rules = Rules(players=3 + seed % 3, petit_chelem=True)
        rng = random.Random(seed)
        hands, chien = deal_cards(rng, rules, 0)
        deal = Deal(rules, 0, hands, chien)
        bots = [make_bot("heuristic" if s % 2 else "random", seed=seed + s) for s in range(4)]
        while not deal.done:
            seat = deal.to_act
            deal.apply(bots[seat % 4].act(view(deal, seat)))
        assert deal.result is not None and replay(to_record(deal)) == deal.result


# ----- random deals ---------------------------------------------------------------------------


@settings(max_examples=100, **COMMON)
@given(setups())
def test_random_deals_with_the_petit_chelem(setup: Setup) -> None:
    """Cards conserved, zero sum, record -> replay identical, views hide what they must
    (play_checked), with random announcements of a petit chelem."""
    setup = setup.with_options(ON)
    deal = play_checked(setup)
    record = to_record(deal)
    assert record["slam"] == ("petit_chelem" if deal.petit_chelem else deal.slam)
    if deal.petit_chelem:
        assert deal.result is not None and deal.result.slam in (
            "petit_announced_made",
            "petit_announced_failed",
        )
