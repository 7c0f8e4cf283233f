"""The coach in the terminal: ``review`` weighs the person's decisions in the last deal
scored, one decision after another in this process (the game is waiting for the person
anyway), with a progress line, and keeps each deal's review so that asking again costs
nothing. Ctrl-C stops a review, not the game."""

from __future__ import annotations

from collections.abc import Callable
from typing import TextIO

from tarot_core import Deal
from tarot_core.coach import SAMPLES, DealReview, review_deal

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
        live = self.out.isatty()
        review = review_deal(deal, seat, self.samples, self.progress if live else self.once)
        if live:
            self.progress_done()
        return review

    def progress(self, done: int, total: int) -> None:
        """The progress line, written over itself (until the review replaces it)."""
        if done < total:
            self.out.write("\r" + progress_text(self.lang, done, total))
            self.out.flush()

    def once(self, done: int, total: int) -> None:
        """A file or a pipe: one progress line, not one per decision."""
        if done == 0:
            self.say(progress_text(self.lang, done, total))

    def progress_done(self) -> None:
        if self.out.isatty():
            self.out.write("\r\x1b[K")  # the line cleared, the cursor at its start
            self.out.flush()
