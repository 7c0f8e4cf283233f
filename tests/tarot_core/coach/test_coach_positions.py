"""The coach against the positions suite: an answer strong players accept is never flagged,
and every answer the suite lists as wrong is, at the review's own sample budget."""

from __future__ import annotations

import pytest

from tarot_core.coach import Grade
from tarot_core.lab.coach_check import judge
from tarot_core.lab.positions import Position, load_positions

POSITIONS = load_positions()


@pytest.mark.parametrize("position", POSITIONS, ids=[p.id for p in POSITIONS])
def test_accepted_answers_are_never_flagged_and_rejected_ones_always(position: Position) -> None:
    judged = judge(position)
    assert judged, "a position with no answer to judge"
    for j in judged:
        r = j.review
        if j.accepted:
            assert r.grade in (Grade.BEST, Grade.FINE), (
                f"accepted {j.answer} graded {r.grade} (best {r.best}, cost {r.cost} ± {r.error})"
            )
        else:
            assert r.grade.flagged, f"rejected {j.answer} graded {r.grade} (best {r.best})"


def test_the_check_counts_what_it_judges() -> None:
    """coach-check's command line: a subprocess, as a user runs it."""
    import subprocess
    import sys

    out = subprocess.run(
        [sys.executable, "-m", "tarot_core", "coach-check", "--category", "bidding"],
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    ).stdout
    assert "positions" in out and "not flagged 0" in out and "flagged 0 " in out
