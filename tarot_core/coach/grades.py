"""How bad a decision was: its cost against the best option, judged only where the estimate
is sure of it.

A cost is measured in the seat's own score points and judged per share of the stake (a
4-player taker wins or loses three times what a defender does, so the same card costs it
three times as much: the same error). A decision is flagged only when the best option leads
the chosen one by more than ``INACCURACY`` stake points *and* by more than ``CONFIDENCE``
paired standard errors: within its noise the estimate cannot tell a good decision from the
best one, and a coach must never call a good decision bad.
"""

from __future__ import annotations

from enum import StrEnum


class Grade(StrEnum):
    """The value is what a review's JSON writes; the order, worst last."""

    BEST = "best"
    FINE = "fine"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"

    @property
    def flagged(self) -> bool:
        return self in FLAGGED


FLAGGED = (Grade.INACCURACY, Grade.MISTAKE, Grade.BLUNDER)

CONFIDENCE = 2.0
"""Paired standard errors the best must lead the chosen option by before a flag: the
expert's own margin (``bots.expert.PRINCIPLE_NOISE``) for overruling a principle."""
OVERRULE = 4.5
"""Paired standard errors the best must lead a club player's principle (the heuristic's
choice) by before that choice is flagged. The rollouts' blind spots are systematic, not
noise: at three errors (where the expert stops searching) three answers of the positions
suite that strong players accept were flagged, at 3.1 to 4.2 errors
(``python -m tarot_core coach-check``)."""
INACCURACY = 4.0
"""Stake points (a defender's score) of cost from which a sure difference is an inaccuracy."""
MISTAKE = 10.0
"""From here a mistake: about a King given away, or a trick of ten points lost."""
BLUNDER = 25.0
"""From here a blunder: about the Petit lost, or a contract lost that was made."""


def grade(lead: float, error: float, stake: int, chosen_is_best: bool) -> Grade:
    """The grade of a decision whose best option leads it by ``lead`` (mean, seat's score
    points) with standard error ``error``, for a seat whose score moves ``stake`` times a
    defender's."""
    if chosen_is_best or lead <= 0:
        return Grade.BEST
    points = lead / max(stake, 1)
    if lead <= CONFIDENCE * error or points < INACCURACY:
        return Grade.FINE
    if points >= BLUNDER:
        return Grade.BLUNDER
    if points >= MISTAKE:
        return Grade.MISTAKE
    return Grade.INACCURACY
