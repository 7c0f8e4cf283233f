"""Duplicate challenges: the deal of the day and challenges on demand (``service.py``),
the par of each deal (``par.py``, in the worker processes), the results (``results.py``)
and a deal reviewed once they are seen (``review.py``)."""

from .results import DealLine, FieldDeal, Standing
from .review import DealReview, FieldScores
from .service import ChallengeResults, ChallengeService

__all__ = [
    "ChallengeResults",
    "ChallengeService",
    "DealLine",
    "DealReview",
    "FieldDeal",
    "FieldScores",
    "Standing",
]
