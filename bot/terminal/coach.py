"""The coach in the terminal: ``review`` weighs the person's decisions in the last deal
scored, one decision after another in this process (the game is waiting for the person
anyway), with a progress line, and keeps each deal's review so that asking again costs
nothing. Ctrl-C stops a review, not the game."""

from __future__ import annotations

from collections.abc import Callable
from typing import TextIO

from tarot_core import Deal
from tarot_core.coach import (
    SAMPLES,
    DealReview,
    DecisionReview,
    assemble,
    decisions,
    review_decision,
)

from ..render.review import progress_text, review_text
from .texts import plain


class Coach:
    def __init__(
        self, lang: str, out: TextIO, say: Callable[[str], None], samples: int = SAMPLES
    ) -> None:
        """``samples``: the worlds each decision is weighed in (the coach's default)."""
        self.lang = lang
        self.out = out
        self.say = say
        self.samples = samples
        self.reviews: dict[int, DealReview] = {}
        """Each deal's review (by its index in the game), once made."""

    def review(self, index: int, deal: Deal, seat: int, number: int) -> str | None:
        """The review of ``seat``'s decisions in ``deal`` (deal ``number`` as the game's
        headers count it), in plain text; None when Ctrl-C stopped it."""
        review = self.reviews.get(index)
        if review is None:
            try:
                review = self.weigh(deal, seat)
            except KeyboardInterrupt:
                self.progress_done()
                return None
            self.reviews[index] = review
        return plain(review_text(self.lang, review, game_id=None, number=number))

    def weigh(self, deal: Deal, seat: int) -> DealReview:
        found = list(decisions(deal, seat))
        reviewed: list[DecisionReview] = []
        live = self.out.isatty()
        if not live:  # a file or a pipe: one line, not one per decision
            self.say(progress_text(self.lang, 0, len(found)))
        for decision in found:
            if live:
                self.progress(len(reviewed), len(found))
            reviewed.append(review_decision(decision, self.samples))
        if live:
            self.progress_done()
        return assemble(deal, seat, reviewed)

    def progress(self, done: int, total: int) -> None:
        """The progress line, written over itself."""
        self.out.write("\r" + progress_text(self.lang, done, total))
        self.out.flush()

    def progress_done(self) -> None:
        if self.out.isatty():
            self.out.write("\r\x1b[K")  # the line cleared, the cursor at its start
            self.out.flush()
