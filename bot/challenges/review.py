"""One deal of a challenge reviewed by a member once the results are theirs to see: their
deal's record (to draw it), their line against the par, the par's own deal, and how the
field bid and scored on it.

Pure: the rows in, the review out. The service (``service.py``) decides first whether the
member may see it; the field here is the members in the results (``results.py``): those
who finished, or, once the challenge is closed, everyone who played the deal.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..storage import AttemptDeal, ParDeal, StoredAttempt, StoredChallenge
from .results import DealLine


@dataclass(frozen=True)
class FieldScores:
    """How the members of one variant did on one deal: how many played it, took it in the
    challenge's seat and made it, and their scores' spread (None when nobody played)."""

    played: int
    took: int
    made: int
    best: int | None
    median: float | None
    worst: int | None


@dataclass(frozen=True)
class DealReview:
    """Deal ``number`` (from 0) of a challenge as one member may review it: their line and
    record (None for a deal they did not play, or a member with no attempt), the seats'
    names of their attempt, the par of their variant, and the field of that variant."""

    challenge: StoredChallenge
    number: int
    variant: int
    line: DealLine | None
    record: dict[str, Any] | None
    names: tuple[str, ...]
    par: ParDeal
    field: FieldScores


def field_scores(
    attempts: Sequence[StoredAttempt],
    deals: Sequence[AttemptDeal],
    *,
    variant: int,
    number: int,
    seat: int,
    closed: bool,
) -> FieldScores:
    """The field on deal ``number`` of ``variant``: the deals of the attempts in the
    results (finished ones, or all once ``closed``), as matchpoints compare them."""
    counted = {a.game_id for a in attempts if a.finished_at is not None or closed}
    rows = [
        d for d in deals if d.game_id in counted and d.variant == variant and d.number == number
    ]
    scores = [d.score for d in rows]
    took = [d for d in rows if d.taker_seat == seat]
    return FieldScores(
        played=len(rows),
        took=len(took),
        made=sum(bool(d.made) for d in took),
        best=max(scores) if scores else None,
        median=float(statistics.median(scores)) if scores else None,
        worst=min(scores) if scores else None,
    )
