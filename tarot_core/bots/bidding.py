"""The expert's bid: calibrated, not the maximum of noisy estimates.

Every legal bid is played out in the same sampled worlds with the same rollout seeds, so two
bids differ only by the bid. Taking the best mean turns each estimate's noise (and the
optimism of rollouts where every seat sees every card) into a Garde: at linear scores a
Garde's mean is about twice the Prise's, so any noise above zero picks it. Instead the points
table of RULES.md §10 gives the default bid, and the search moves off it only by differences
its paired standard error cannot explain; it ranges over the bids the table leaves open (at
most one band above the table's, never without enough trumps, a Garde sans or contre only
with a hand near their bands).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Mapping, Sequence
from typing import Protocol

from ..actions import Action, Bid
from ..cards import Mask, mask_of
from ..deal import Deal
from ..rules import Contract
from ..view import DealView
from .evaluation import THRESHOLD, min_trumps, preferred_contract, strength, trump_count
from .knowledge import Knowledge, infer
from .rollout import finish

Z = 1.65
"""Paired standard errors a bid must gain to replace another (one-sided 95%)."""
MARGIN = 5.0
"""Points per deal it must also gain: rollouts, where everyone plays with open cards, flatter
the taker a little whatever the sample size."""
SLACK = 8
"""How far (in §10 points, without the chien) below the band of a Garde sans or contre a hand
may bid it: those are played without the chien's help, so the sampled chien must not make
them. The expert's own reading of others' bids (``expert.BID_MARGIN``) assumes no more."""
MIN_BID_SAMPLES = 2
"""A paired standard error needs two worlds; fewer prove nothing and keep the table's bid."""


class Sampler(Protocol):
    """What the bid needs of the expert: its random source, budget and world sampler."""

    rng: random.Random
    think: float
    max_samples: int

    def _world(self, view: DealView, know: Knowledge) -> Deal: ...


def beats(higher: Sequence[float], lower: Sequence[float]) -> bool:
    """``higher`` is better than ``lower`` by more than its paired error and ``MARGIN``."""
    k = len(higher)
    if k < MIN_BID_SAMPLES:
        return False
    diffs = [a - b for a, b in zip(higher, lower, strict=True)]
    mean = sum(diffs) / k
    var = sum((d - mean) ** 2 for d in diffs) / (k - 1)
    return mean > Z * math.sqrt(var / k) + MARGIN


def pick(values: Mapping[Contract, Sequence[float]], default: Contract) -> Contract:
    """The calibrated choice from paired values: keep ``default`` (the points table's bid)
    unless a lower contract beats it, then step down; else climb to a higher bid only when it
    beats the current choice. Only differences the estimate's error cannot explain move it.

    A pass never replaces the table's take: in the rollouts the taker's side plays by the fast
    policy, not by the search the expert will play with, so they underrate every take alike
    (stepping down to a pass cost 2.9 points a deal and cut the takes from 20% to 11% of the
    expert's seats in the arena, with 82% of them made)."""
    order = sorted(values)
    current = default
    for contract in reversed(order):
        if Contract.PASS < contract < default and beats(values[contract], values[current]):
            current = contract
    if current != default:
        return current
    for contract in order:
        if contract > default and beats(values[contract], values[current]):
            current = contract
    return current


def ceiling(hand: Mask, players: int, offered: Sequence[Contract]) -> Contract:
    """The highest bid §10 leaves open to this hand (PASS when none): one band above the
    table's, a Garde sans or contre only near its band, nothing without enough trumps."""
    if trump_count(hand) < min_trumps(hand):
        return Contract.PASS
    bands = [c for c in sorted(offered) if c > Contract.PASS]
    table = preferred_contract(hand, players, tuple(offered))
    top = bands.index(table) + 1 if table in bands else 0
    sans = strength(hand, players, without_chien=True)
    best = Contract.PASS
    for contract in bands[: top + 1]:
        if contract < Contract.GARDE_SANS or sans + SLACK >= THRESHOLD[contract]:
            best = contract
    return best


def choose_bid(bot: Sampler, view: DealView) -> Action:
    """The expert's bid for ``view`` (in the bidding phase)."""
    assert view.seat is not None
    me = view.seat
    rules = view.rules
    cap = ceiling(mask_of(view.hand), rules.playing, rules.bids)
    legal = [a for a in view.legal if isinstance(a, Bid)]
    candidates = [a for a in legal if a.contract <= cap] or legal[:1]
    if len(candidates) == 1:
        return candidates[0]
    know = infer(view)
    deadline = time.perf_counter() + bot.think
    values: dict[Contract, list[float]] = {a.contract: [] for a in candidates}
    samples = 0
    while samples < bot.max_samples:
        world = bot._world(view, know)
        seed = bot.rng.getrandbits(32)
        for action in candidates:
            w = world.copy()
            w.apply(action)
            finish(w, random.Random(seed))
            assert w.result is not None
            values[action.contract].append(w.result.scores[me])
        samples += 1
        if time.perf_counter() >= deadline:
            break
    table = preferred_contract(mask_of(view.hand), rules.playing, rules.bids)
    default = table if table in values else Contract.PASS
    chosen = pick(values, default if default in values else min(values))
    return next(a for a in candidates if a.contract == chosen)
