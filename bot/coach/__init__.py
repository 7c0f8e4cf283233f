"""The coach on the bot's side: a player's review of their own decisions in a recorded deal
of a table game that is over, weighed in the worker processes one decision at a time
(``jobs.py``), kept with the deal and refused politely when too many are under way
(``service.py``). Plain asyncio: the Discord layer shows it, the engine decides it."""

from __future__ import annotations

from .service import CODES, ReviewRefused, ReviewService

__all__ = ["CODES", "ReviewRefused", "ReviewService"]
