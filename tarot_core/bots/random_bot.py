"""The baseline: a uniformly random legal action."""

from __future__ import annotations

import random

from ..actions import Action
from ..view import DealView
from ..view_check import check_view


class RandomBot:
    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, view: DealView) -> Action:
        check_view(view)
        if not view.legal:
            raise ValueError(f"seat {view.seat} has nothing to do now")
        return self.rng.choice(view.legal)
