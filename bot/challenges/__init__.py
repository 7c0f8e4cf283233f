"""Duplicate challenges: the deal of the day and challenges on demand (``service.py``),
the par of each deal (``par.py``, in the worker processes) and the results (``results.py``)."""

from .results import DealLine, FieldDeal, Standing
from .service import ChallengeResults, ChallengeService

__all__ = ["ChallengeResults", "ChallengeService", "DealLine", "FieldDeal", "Standing"]
