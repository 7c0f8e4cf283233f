"""The coach and the expert agree on a seeded corpus: at every decision of the corpus's
deals, the expert's own choice (its search at the review's budget, seeded as the review
seeds it) is never graded a mistake or a blunder. A coach whose reference or worlds drifted
from the expert's would call the expert's play bad."""

from __future__ import annotations

import pytest
from coach_deals import taken

from tarot_core.actions import Discard, Ecart, Poignee
from tarot_core.bots import FOREVER_MS
from tarot_core.bots.expert import ExpertBot
from tarot_core.coach import SAMPLES, Decision, Grade, Kind, decisions, review_decision, seed_of


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_experts_own_choices_are_never_mistakes(players: int) -> None:
    deal, _ = taken(players, 11)
    seat = deal.taker
    assert seat is not None
    judged = 0
    for decision in decisions(deal, seat):
        if decision.kind in (Kind.POIGNEE, Kind.SLAM):
            continue  # the expert leaves these to the heuristic: nothing of its own to check
        expert = ExpertBot(seed_of(decision.view), think_ms=FOREVER_MS, max_samples=SAMPLES)
        choice = expert.act(decision.view)
        if isinstance(choice, (Poignee, Discard)):
            continue
        if decision.kind == Kind.ECART and not isinstance(choice, Ecart):
            continue
        own = Decision(decision.number, decision.kind, decision.view, choice, decision.trick)
        review = review_decision(own)
        assert review.grade not in (Grade.MISTAKE, Grade.BLUNDER), (
            f"the expert's {review.chosen} graded {review.grade} (best {review.best}, "
            f"cost {review.cost} ± {review.error})"
        )
        judged += 1
    assert judged >= 3
