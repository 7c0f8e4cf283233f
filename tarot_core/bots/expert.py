"""Search: sample the hidden cards many times, play each candidate out in every sample, and
keep the best on average (perfect-information Monte Carlo).

The budget is wall-clock time per decision (``think_ms``); ``max_samples`` caps the work so
that, when the cap binds first, a decision depends only on the seed.
"""

from __future__ import annotations

import math
import random
import time

from ..actions import Action, Bid, Misere, Play, Poignee
from ..deal import Deal, Phase
from ..rules import Contract
from ..view import DealView
from ..view_check import ImpossibleView, check_view
from .endgame import ENDGAME_TRICKS, solve
from .evaluation import THRESHOLD, strength
from .heuristic import HeuristicBot, Table
from .knowledge import Knowledge, infer
from .rollout import finish
from .worlds import build_world, sample_hidden

MIN_SAMPLES = 24
"""Samples taken before stopping early on a clear winner."""


class ExpertBot:
    def __init__(
        self, seed: int | None = None, *, think_ms: int = 1000, max_samples: int | None = None
    ) -> None:
        self.rng = random.Random(seed)
        self.think = think_ms / 1000
        self.max_samples = max_samples if max_samples is not None else 1_000_000
        self.heuristic = HeuristicBot(seed)

    def act(self, view: DealView) -> Action:
        """Raises ImpossibleView for a view no real deal can produce (no world to sample)."""
        check_view(view)
        assert view.seat is not None and view.legal, "asked to act with nothing to do"
        if view.phase == Phase.BIDDING:
            return self.search(view, [a for a in view.legal if isinstance(a, Bid)])
        if view.phase != Phase.PLAYING:
            return self.heuristic.decide(view)
        for action in view.legal:
            if isinstance(action, Misere):
                return action
        poignees = [a for a in view.legal if isinstance(a, Poignee)]
        if poignees and Table(view, infer(view)).attacking(view.seat):
            return poignees[-1]
        return self.search(view, [a for a in view.legal if isinstance(a, Play)])

    def search(self, view: DealView, candidates: list[Action]) -> Action:
        if len(candidates) == 1:
            return candidates[0]
        assert view.seat is not None
        me = view.seat
        know = infer(view)
        deadline = time.perf_counter() + self.think
        values: list[list[float]] = [[] for _ in candidates]
        endgame = ENDGAME_TRICKS if self.think >= 0.5 else ENDGAME_TRICKS - 1
        exact = view.phase == Phase.PLAYING and len(view.hand) <= endgame
        samples = 0
        while samples < self.max_samples:
            world = self._world(view, know)
            seed = self.rng.getrandbits(32)
            for i, action in enumerate(candidates):
                w = world.copy()
                w.apply(action)
                if exact:
                    values[i].append(solve(w, me))
                    continue
                finish(w, random.Random(seed))
                assert w.result is not None
                values[i].append(w.result.scores[me])
            samples += 1
            if time.perf_counter() >= deadline or (
                samples >= MIN_SAMPLES and samples % 8 == 0 and _settled(values)
            ):
                break
        means = [sum(v) / len(v) for v in values]
        return candidates[max(range(len(candidates)), key=means.__getitem__)]

    def _world(self, view: DealView, know: Knowledge) -> Deal:
        """A sampled world, preferring one where every bid matches the hand that made it."""
        world = None
        for _ in range(BID_TRIES):
            hidden = sample_hidden(know, view, self.rng)
            if hidden is None:  # the voids it shows leave no place for some card
                raise ImpossibleView("view", "no deal of the unseen cards fits what it shows")
            world = build_world(view, know, *hidden)
            if _bids_plausible(world, know.seat):
                break
        assert world is not None
        return world


BID_TRIES = 12
"""Samples tried for one whose bids look plausible before settling for the last one."""
BID_MARGIN = 8
"""How far (in §10 points) a bidder's hand may stray from its bid."""


def _bids_plausible(world: Deal, me: int) -> bool:
    best = Contract.PASS
    for seat, bid in zip(world.speakers, world.bids, strict=True):
        if bid == Contract.PAROLE:  # commits to nothing
            continue
        if seat != me:
            score = strength(world.dealt[seat], world.rules.playing)
            if bid == Contract.PASS:
                if best < Contract.PRISE and score >= THRESHOLD[Contract.PRISE] + BID_MARGIN:
                    return False
            elif score < THRESHOLD[min(bid, Contract.GARDE)] - BID_MARGIN:
                return False
        best = max(best, bid)
    return True


def _settled(values: list[list[float]]) -> bool:
    """The best candidate leads the runner-up by three standard errors on the same worlds."""
    means = [sum(v) / len(v) for v in values]
    order = sorted(range(len(values)), key=means.__getitem__, reverse=True)
    best, second = values[order[0]], values[order[1]]
    diffs = [a - b for a, b in zip(best, second, strict=True)]
    k = len(diffs)
    mean = sum(diffs) / k
    var = sum((d - mean) ** 2 for d in diffs) / (k - 1)
    return mean > 3 * math.sqrt(var / k) + 1e-9
