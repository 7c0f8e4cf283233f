"""House rule ``misere: "split"`` (docs/rules.md §11.7): misère d'atout and misère de têtes,
declared apart, each worth 10 from each other player; old ``misere: true`` unchanged."""

from __future__ import annotations

import json
from typing import Any

import pytest
from builders import make_deal, play_out, refused, start_play
from hypothesis import given, settings
from test_properties import COMMON, Setup, play_checked, setups

from tarot_core import Deal, Rules, read_deal, replay, to_record, view
from tarot_core.actions import Misere
from tarot_core.bots import make_bot
from tarot_core.record import RecordError
from tarot_core.rules import Contract, RulesError
from tarot_core.serial import (
    SerialError,
    action_from_json,
    action_to_json,
    view_from_json,
    view_to_json,
)
from tarot_core.view_check import check_view

SPLIT = Rules(misere="split")
NO_TRUMP = "1S 2S 3S 4S 5S 6S 7S 8S 9S 10S JS CS QS KS 1H 2H 3H 4H"
"""No trump, no Excuse, but faces: a misère d'atout only."""
NO_FACE = "T2 T3 T4 1S 2S 3S 4S 5S 6S 7S 8S 9S 10S 1H 2H 3H 4H 5H"
"""Trumps, no face: a misère de têtes only."""
NEITHER = "1S 2S 3S 4S 5S 6S 7S 8S 9S 10S 1H 2H 3H 4H 5H 6H 7H 8H"
"""No trump, no Excuse, no face: both."""


def at_first_card(hand: str, seat: int = 2, rules: Rules = SPLIT) -> Deal:
    """Seat 1 takes a Garde sans (dealer 3: seat 0 leads); play on until ``seat`` is to act."""
    deal = make_deal(4, hands={seat: hand}, rules=rules)
    start_play(deal, taker=1, contract=Contract.GARDE_SANS)
    while deal.to_act != seat:
        deal.play(deal.to_act, min(c for c in range(78) if deal.legal_cards(deal.to_act) >> c & 1))
    return deal


def kinds(deal: Deal, seat: int) -> list[str | None]:
    return [a.kind for a in deal.legal_actions(seat) if isinstance(a, Misere)]


def test_the_option_values() -> None:
    assert Rules().misere is False and SPLIT.misere == "split" and Rules(misere=True).misere
    with pytest.raises(RulesError, match=r"^misere must be true, false or 'split', not 'Split'$"):
        Rules(misere="Split")


@pytest.mark.parametrize(
    ("hand", "offered"),
    [(NO_TRUMP, ["trumps"]), (NO_FACE, ["faces"]), (NEITHER, ["trumps", "faces"])],
)
def test_each_kind_is_offered_for_the_hand_as_dealt(hand: str, offered: list[str]) -> None:
    deal = at_first_card(hand)
    assert kinds(deal, 2) == offered
    check_view(view(deal, 2))


def test_one_seat_declares_both_each_once_and_gains_20_from_each() -> None:
    deal = at_first_card(NEITHER)
    deal.apply(Misere(2, "faces"))
    assert kinds(deal, 2) == ["trumps"]
    refused(deal, Misere(2, "faces"), "misère de têtes is not allowed: this seat has declared")
    deal.apply(Misere(2, "trumps"))
    assert kinds(deal, 2) == []
    for seat in (None, 0, 1, 2, 3):
        v = view(deal, seat)
        assert (v.miseres, v.misere_kinds) == ((2, 2), ("faces", "trumps"))
        check_view(v)
    play_out(deal)
    result = deal.result
    assert result is not None and result.misere_scores == (-20, -20, 60, -20)
    s = result.hand_score
    assert result.scores == (-s - 20, 3 * s - 20, -s + 60, -s - 20)
    record = to_record(deal)
    assert record["miseres"] == [{"seat": 2, "kind": "faces"}, {"seat": 2, "kind": "trumps"}]
    assert replay(json.loads(json.dumps(record))) == result
    assert to_record(read_deal(record)) == record


def test_a_kind_the_hand_does_not_allow_is_refused_naming_the_cards() -> None:
    deal = at_first_card(NO_TRUMP)
    refused(
        deal,
        Misere(2, "faces"),
        r"^a misère de têtes is not allowed: the hand as dealt holds .*KS.* \(no face card",
    )
    deal = at_first_card(NO_FACE)
    refused(deal, Misere(2, "trumps"), r"holds T4, T3, T2 \(no trump or Excuse allowed\)$")
    refused(deal, Misere(2), "needs a kind")


def test_one_kind_gains_10_from_each_and_not_after_the_first_card() -> None:
    deal = at_first_card(NO_FACE, seat=0)
    deal.apply(Misere(0, "faces"))
    deal.play(0, min(c for c in range(78) if deal.legal_cards(0) >> c & 1))
    while deal.to_act != 0:
        deal.play(deal.to_act, min(c for c in range(78) if deal.legal_cards(deal.to_act) >> c & 1))
    refused(deal, Misere(0, "trumps"), "before the first card")
    play_out(deal)
    assert deal.result is not None and deal.result.misere_scores == (30, -10, -10, -10)


def test_misere_true_keeps_its_meaning() -> None:
    deal = at_first_card(NEITHER, rules=Rules(misere=True))
    assert kinds(deal, 2) == [None]
    refused(deal, Misere(2, "trumps"), "this table's misère has no kinds")
    deal.apply(Misere(2))
    play_out(deal)
    record = to_record(deal)
    assert record["miseres"] == [2]
    assert deal.result is not None and deal.result.misere_scores == (-10, -10, 30, -10)
    assert replay(record) == deal.result


# ----- records ---------------------------------------------------------------------------------


def split_record() -> dict[str, Any]:
    deal = at_first_card(NEITHER)
    deal.apply(Misere(2, "trumps"))
    play_out(deal)
    return to_record(deal)


RECORD = split_record()


@pytest.mark.parametrize(
    ("miseres", "message"),
    [
        ([2], r'^miseres\[0\]: must be an object \{"seat": \.\.\., "kind": \.\.\.\}, not 2$'),
        ([{"seat": 2}], r"^miseres\[0\]: must be an object"),
        ([{"seat": 2, "kind": "atout"}], r'^miseres\[0\]\.kind: must be "trumps" or "faces"'),
        ([{"seat": 4, "kind": "trumps"}], r"^miseres\[0\]\.seat: 4 is not a seat$"),
        (
            [{"seat": 2, "kind": "trumps"}, {"seat": 2, "kind": "trumps"}],
            r"^miseres\[1\]: names seat 2's misère of trumps twice$",
        ),
        (
            [{"seat": 0, "kind": "trumps"}],
            r"^misere trumps \(seat 0\): a misère d'atout is not allowed: the hand as dealt holds",
        ),
        ({"2": "trumps"}, r"^miseres: must be a list of objects"),
    ],
)
def test_defective_split_records_name_the_step(miseres: object, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        replay(RECORD | {"miseres": miseres})


def test_objects_are_refused_without_split() -> None:
    record = RECORD | {"rules": RECORD["rules"] | {"misere": True}}
    with pytest.raises(RecordError, match=r"^miseres: must be a list of seats"):
        replay(record)
    assert replay(record | {"miseres": [2]}).misere_scores == (-10, -10, 30, -10)


# ----- wire forms -------------------------------------------------------------------------------


def test_action_and_view_forms() -> None:
    assert action_to_json(Misere(2)) == {"type": "misere", "seat": 2}
    form = {"type": "misere", "seat": 2, "kind": "faces"}
    assert action_to_json(Misere(2, "faces")) == form
    assert action_from_json(form) == Misere(2, "faces")
    assert action_from_json({"type": "misere", "seat": 2}) == Misere(2)
    with pytest.raises(SerialError, match=r"^action\.kind: must be one of trumps, faces"):
        action_from_json(form | {"kind": "heads"})
    deal = at_first_card(NEITHER)
    deal.apply(Misere(2, "trumps"))
    v = view(deal, 2)
    vform = view_to_json(v)
    assert vform["miseres"] == [{"seat": 2, "kind": "trumps"}]
    assert {"type": "misere", "seat": 2, "kind": "faces"} in vform["legal"]
    assert view_from_json(vform) == v
    with pytest.raises(SerialError, match=r"^view\.miseres\[0\]\.kind: must be one of"):
        view_from_json(vform | {"miseres": [{"seat": 2, "kind": "x"}]})


# ----- bots and random deals ----------------------------------------------------------------


@pytest.mark.parametrize("level", ["heuristic", "random"])
def test_bots_declare_both_kinds_legally(level: str) -> None:
    deal = make_deal(4, hands={2: NEITHER}, rules=SPLIT)
    bots = [make_bot(level, seed=s) for s in range(4)]
    while not deal.done:
        seat = deal.to_act
        deal.apply(bots[seat].act(view(deal, seat)))
    assert deal.result is not None and deal.result.outcome == "played"
    assert replay(to_record(deal)) == deal.result
    if level == "heuristic":  # it declares whatever it may
        assert sorted(k for k in deal.misere_kinds if k) == ["faces", "trumps"]


@settings(max_examples=100, **COMMON)
@given(setups())
def test_random_deals_with_split_miseres(setup: Setup) -> None:
    """Cards conserved, zero sum, record -> replay identical, views hide what they must."""
    setup = setup.with_options({"misere": "split"})
    deal = play_checked(setup)
    assert deal.result is not None
    assert sum(deal.result.misere_scores or (0,)) == 0
    assert len(deal.miseres) == len(deal.misere_kinds)
