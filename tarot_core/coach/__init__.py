"""The coach: a finished deal reviewed decision by decision for one seat, from that seat's
view alone (``decisions.py``), each decision weighed by the expert's search
(``weighing.py``), graded only where the estimate is sure (``grades.py``) and given a reason
of a known kind (``reasons.py``); ``review.py`` puts it together as plain data."""

from __future__ import annotations

from .decisions import Decision, Kind, decisions
from .grades import Grade
from .reasons import Reason
from .review import (
    NO,
    VERSION,
    DealReview,
    DecisionReview,
    assemble,
    decision_count,
    option_text,
    review_deal,
    review_decision,
    review_one,
)
from .weighing import SAMPLES, Weighed, seed_of, weigh

__all__ = [
    "NO",
    "SAMPLES",
    "VERSION",
    "DealReview",
    "Decision",
    "DecisionReview",
    "Grade",
    "Kind",
    "Reason",
    "Weighed",
    "assemble",
    "decision_count",
    "decisions",
    "option_text",
    "review_deal",
    "review_decision",
    "review_one",
    "seed_of",
    "weigh",
]
