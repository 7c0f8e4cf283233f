"""What a worker process runs for a review: plain functions of plain data (a stored
``tarot-deal/1`` record, a seat, numbers), so that they cross the process boundary, and
return plain data. Weighing a decision takes from a twentieth of a second to two seconds:
never on the event loop."""

from __future__ import annotations

from typing import Any

from tarot_core import read_deal
from tarot_core.coach import decision_count, review_one


def count(record: dict[str, Any], seat: int) -> int:
    """How many decisions ``seat`` made in the recorded deal (a replay of the deal)."""
    return decision_count(read_deal(record), seat)


def review_decision(record: dict[str, Any], seat: int, number: int, samples: int) -> dict[str, Any]:
    """Decision ``number`` of ``seat`` weighed and graded, as ``DecisionReview.to_json()``."""
    return review_one(read_deal(record), seat, number, samples).to_json()
