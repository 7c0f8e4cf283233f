"""A deal's review: graded decisions, its summary, its JSON, reproducible."""

from __future__ import annotations

import pytest
from coach_deals import taken

from tarot_core.coach import (
    DealReview,
    DecisionReview,
    Grade,
    Kind,
    Reason,
    decision_count,
    review_deal,
    review_one,
)
from tarot_core.coach.grades import BLUNDER, CONFIDENCE, INACCURACY, MISTAKE, grade


def _decision(
    number: int, cost: float, verdict: Grade, reason: Reason | None = None
) -> DecisionReview:
    return DecisionReview(
        number, Kind.PLAY, number + 1, "KS", "1S", cost, 1.0, verdict, reason, 3, 48, 1
    )


def test_grades_need_a_sure_and_large_enough_lead() -> None:
    assert grade(0.0, 0.0, 1, True) == Grade.BEST
    assert grade(-3.0, 1.0, 1, False) == Grade.BEST
    # large but within the noise: fine
    assert grade(50.0, 50.0 / CONFIDENCE, 1, False) == Grade.FINE
    # sure but small: fine
    assert grade(INACCURACY - 0.5, 0.1, 1, False) == Grade.FINE
    assert grade(INACCURACY, 0.1, 1, False) == Grade.INACCURACY
    assert grade(MISTAKE, 0.1, 1, False) == Grade.MISTAKE
    assert grade(BLUNDER, 0.1, 1, False) == Grade.BLUNDER
    # a taker's stake of three: the same cost is a third of the error
    assert grade(3 * MISTAKE - 1, 0.1, 3, False) == Grade.INACCURACY


def test_summary_adds_the_flagged_costs_and_keeps_the_two_worst_in_deal_order() -> None:
    review = DealReview(
        1,
        4,
        (
            _decision(0, 0.0, Grade.BEST),
            _decision(1, 30.0, Grade.BLUNDER, Reason.PETIT_EXPOSED),
            _decision(2, 3.0, Grade.FINE),
            _decision(3, 12.0, Grade.MISTAKE),
            _decision(4, 40.0, Grade.BLUNDER, Reason.POINTS_GIVEN),
        ),
    )
    assert review.cost == 82.0
    assert [d.number for d in review.key_moments()] == [1, 4]
    assert [d.number for d in review.flagged] == [1, 3, 4]
    assert DealReview.from_json(review.to_json()) == review


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_a_review_is_the_same_twice_and_covers_every_decision(players: int) -> None:
    deal, _ = taken(players, 3)
    seat = deal.taker
    assert seat is not None
    first = review_deal(deal, seat, samples=8)
    again = review_deal(deal, seat, samples=8)
    assert first == again
    assert len(first.decisions) == decision_count(deal, seat)
    assert first.players == players and first.seat == seat
    one = review_one(deal, seat, len(first.decisions) - 1, samples=8)
    assert one == first.decisions[-1]
    for d in first.decisions:
        assert d.reason is None or d.grade.flagged
        assert (d.cost > 0) <= d.grade.flagged
        assert d.stake >= 1
    assert DealReview.from_json(first.to_json()) == first


def test_a_decision_the_seat_did_not_make_is_refused() -> None:
    deal, _ = taken(4, 3)
    seat = deal.taker
    assert seat is not None
    with pytest.raises(ValueError, match="made no decision 99"):
        review_one(deal, seat, 99, samples=4)
