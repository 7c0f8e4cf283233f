"""Cards the search plays out once: touching cards of one suit worth the same points."""

from __future__ import annotations

import json

from tarot_core import Play, parse_card, view
from tarot_core.bots.equivalence import equivalent_groups
from tarot_core.bots.knowledge import infer
from tarot_core.lab.positions import build, parse_position

LEAD = {
    "id": "t",
    "players": 4,
    "category": "hunt_petit",
    "accept": "T21",
    "why": "-",
    "bids": "garde_sans pass pass pass",
    "hands": {"0": "T21 T20 T19 T18 T17 T16 T15 T13 T11 T9 T7 EX 3S 5S 2H 6H 4D 7D"},
}


def groups(raw: dict[str, object]) -> list[list[str]]:
    deal = build(parse_position(json.loads(json.dumps(raw))))
    seen = view(deal, deal.to_act)
    plays = [a for a in seen.legal if isinstance(a, Play)]
    named = [[str(plays[i].card) for i in g] for g in equivalent_groups(seen, infer(seen), plays)]
    return [sorted(g) for g in named]


def card(text: str) -> str:
    return str(parse_card(text))


def test_touching_trumps_are_one_card_but_the_oudlers_and_the_excuse() -> None:
    found = groups(LEAD)
    run = sorted(card(c) for c in ("T15", "T16", "T17", "T18", "T19", "T20"))
    assert run in found
    assert [card("T21")] in found and [card("EX")] in found


def test_a_card_held_elsewhere_between_two_cards_keeps_them_apart() -> None:
    found = groups(LEAD)  # T14 and T12 are with the others: T15, T13 and T11 stay apart
    for t in ("T13", "T11", "T9", "T7"):
        assert [card(t)] in found


def test_cards_already_played_join_the_cards_around_them() -> None:
    # The 14, 12 and 10 of trumps were played in the first trick: the 20 down to the 9 touch.
    raw = dict(
        LEAD,
        play="2C T14 T12 T10",
        hands={"1": "T21 T20 T19 T18 T17 T16 T15 T13 T11 T9 T7 EX 3S 5S 2H 6H 4D"},
        bids="pass garde_sans pass pass",
    )
    found = groups(raw)
    run = ("T9", "T11", "T13", "T15", "T16", "T17", "T18", "T19", "T20")
    assert sorted(card(c) for c in run) in found
    assert [card("T7")] in found  # the 8 is with another seat


def test_cards_of_different_points_stay_apart() -> None:
    raw = dict(LEAD, hands={"0": "KS QS CS JS 10S 9S T21 T20 T19 T18 T17 T16 T15 T13 T11 T9 T7 EX"})
    found = groups(raw)
    for c in ("KS", "QS", "CS", "JS"):
        assert [card(c)] in found
    assert sorted([card("10S"), card("9S")]) in found
