"""Every rule option reaches the coach: a deal played under each non-default value is
reviewed for every seat, each decision with an option it had."""

from __future__ import annotations

import pytest
from coach_deals import played

from tarot_core import OPTIONS
from tarot_core.coach import decisions, review_deal

CASES = [
    (o.name, value, players)
    for o in OPTIONS
    for value in o.allowed
    if value != o.default
    for players in o.players[-1:]
]


@pytest.mark.parametrize(("name", "value", "players"), CASES, ids=[f"{c[0]}={c[1]}" for c in CASES])
def test_a_deal_under_each_option_is_reviewed_for_every_seat(
    name: str, value: object, players: int
) -> None:
    deal = played(players, 0, **{name: value})
    for seat in range(players):
        review = review_deal(deal, seat, samples=4)
        made = list(decisions(deal, seat))
        assert [d.number for d in review.decisions] == [d.number for d in made]
        for reviewed, decision in zip(review.decisions, made, strict=True):
            assert reviewed.kind == decision.kind
            assert reviewed.options >= 1
