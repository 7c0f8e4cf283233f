"""A seat's decisions in a finished deal: each from the view that seat had then."""

from __future__ import annotations

import pytest
from coach_deals import played, taken

from tarot_core import Deal, Poignee, view
from tarot_core.actions import Discard, Ecart, Play
from tarot_core.coach import Kind, decisions
from tarot_core.coach.decisions import fresh


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_every_decision_is_the_seats_own_view_before_its_action(players: int) -> None:
    deal, _ = taken(players, 1)
    actions = deal.actions()
    for seat in range(players):
        replay = fresh(deal)
        before = []  # the seat's view before each of its own actions
        for action in actions:
            if action.seat == seat:
                before.append(view(replay, seat))
            replay.apply(action)
        found = list(decisions(deal, seat))
        assert [d.number for d in found] == list(range(len(found)))
        for d in found:
            assert d.view.seat == seat and d.view.to_act == seat
            assert d.view in before
            if isinstance(d.chosen, Play):
                assert d.chosen in d.view.legal


def test_forced_cards_are_no_decision_and_the_ecart_is_one() -> None:
    deal, _ = taken(4, 1)
    taker = deal.taker
    assert taker is not None
    found = list(decisions(deal, taker))
    plays = [d for d in found if d.kind == Kind.PLAY]
    for d in plays:
        assert sum(isinstance(a, Play) for a in d.view.legal) > 1
    ecarts = [d for d in found if d.kind == Kind.ECART]
    discards = [a for a in deal.actions() if isinstance(a, Discard)]
    assert len(ecarts) == (1 if discards else 0)
    if ecarts:
        chosen = ecarts[0].chosen
        assert isinstance(chosen, Ecart)
        assert sorted(chosen.cards) == sorted(a.card for a in discards)


def test_a_card_decision_knows_its_trick() -> None:
    deal, _ = taken(5, 2)
    for seat in range(5):
        for d in decisions(deal, seat):
            if d.kind == Kind.PLAY:
                assert d.trick == len(d.view.tricks) + 1


def _with_poignee(players: int) -> tuple[Deal, int]:
    seed = 1
    while True:
        deal = played(players, seed)
        for seat, _cards in deal.poignees.items():
            return deal, seat
        seed += 1
        assert seed < 400, "no poignée in 400 seeded deals"


def test_a_poignee_shown_is_a_decision_before_the_same_card() -> None:
    deal, seat = _with_poignee(4)
    found = [d for d in decisions(deal, seat) if d.kind == Kind.POIGNEE]
    assert len(found) == 1
    d = found[0]
    assert isinstance(d.chosen, Poignee)
    assert any(isinstance(a, Poignee) for a in d.view.legal)
    first = next(a for a in deal.actions() if isinstance(a, Play) and a.seat == seat)
    assert d.then == first


def test_a_poignee_not_shown_is_a_decision_too() -> None:
    seed = 1
    while True:
        deal = played(4, seed)
        for seat in range(4):
            if seat in deal.poignees:
                continue
            found = [d for d in decisions(deal, seat) if d.kind == Kind.POIGNEE]
            if found:
                assert found[0].chosen is None
                assert found[0].then is not None
                assert any(isinstance(a, Poignee) for a in found[0].view.legal)
                return
        seed += 1
        assert seed < 600, "no poignée declined in 600 seeded deals"
