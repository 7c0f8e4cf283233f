"""The expert's tie-break when last to play: among cards the estimate cannot tell apart,
the points go to the trick now if its side wins it, and stay home if the other side does."""

from __future__ import annotations

import json

from tarot_core import Play, parse_card, view
from tarot_core.bots.expert import _banked
from tarot_core.bots.heuristic import Table
from tarot_core.bots.knowledge import infer
from tarot_core.lab.positions import build, parse_position

FEED = {
    "id": "t",
    "players": 4,
    "category": "feed_sure_trick",
    "accept": "QD",
    "why": "-",
    "bids": "garde_sans pass pass pass",
    "play": "T10 T21",
    "hands": {"2": "QD 9S 8S 7S 5S 3S 2S 1S 10H 8H 6H 4H 2H 9C 7C 5C 3C 1C"},
}
"""Seat 2 defends and its partner's 21 wins, but seat 3 is still to play: not last."""


def table_for(raw: dict[str, object]) -> Table:
    deal = build(parse_position(json.loads(json.dumps(raw))))
    seen = view(deal, deal.to_act)
    return Table(seen, infer(seen))


def plays(*cards: str) -> list[Play]:
    return [Play(0, parse_card(c)) for c in cards]


def last_to_play_feeding() -> Table:
    """Seat 3, a defender, last to play: the taker (seat 0) led the 10, its partner (seat 1)
    and seat 2's 21 win whatever seat 3 plays."""
    raw = dict(FEED, play="T10 T21 T2", hands={"3": FEED["hands"]["2"]})
    return table_for(raw)


def test_last_to_play_feeds_its_sides_sure_trick_when_the_estimate_cannot_choose() -> None:
    table = last_to_play_feeding()
    assert not table.after and table.attacking(table.me) is False
    candidates = plays("9S", "QD")
    same = [[1.0, 3.0, 2.0], [1.1, 2.9, 2.0]]  # the 9 "leads" by noise only
    assert _banked(table, candidates, same, 0) == 1  # the Queen, 4.5 points, now


def test_a_clear_lead_of_the_estimate_stands() -> None:
    table = last_to_play_feeding()
    candidates = plays("9S", "QD")
    clear = [[10.0, 11.0, 12.0], [1.0, 2.0, 3.0]]
    assert _banked(table, candidates, clear, 0) == 0


def test_not_last_to_play_the_estimate_decides() -> None:
    table = table_for(FEED)  # seat 3 has yet to play
    assert table.after
    candidates = plays("9S", "QD")
    assert _banked(table, candidates, [[1.0, 3.0], [1.1, 2.9]], 0) == 0


def test_on_the_other_sides_trick_the_points_stay_home() -> None:
    """The taker's 21 wins and seat 3, a defender, is last: the smallest card, not the Queen."""
    raw = dict(FEED, play="T21 T2 T5", hands={"3": FEED["hands"]["2"]})
    table = table_for(raw)
    assert not table.after and table.win_seat == table.taker
    candidates = plays("QD", "9S")
    assert _banked(table, candidates, [[1.0, 3.0, 2.0], [1.1, 2.9, 2.0]], 0) == 1
