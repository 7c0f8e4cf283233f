"""Speed of the expert's inner loop: whole-deal rollouts per second, and expert decisions per
second at a fixed sample count (the figure that says how much search a second buys).

Timed in CPU time of this process, so that a machine busy with other work reads about the
same; the expert's deals have their own random stream, so they do not depend on the
rollout policy."""

from __future__ import annotations

import random
import time
from typing import Any

from .._engine import ENGINE
from ..bots.expert import ExpertBot
from ..bots.rollout import finish
from ..deal import Deal
from ..dealing import deal as deal_cards
from ..rules import Rules
from ..view import view

EXPERT_SAMPLES = 8
"""Samples per expert decision for the decisions-per-second figure."""
EXPERT_DEALS = 6
"""Whole deals played by four experts for that figure (each decision is costly)."""


def run(players: int, deals: int, seed: int) -> dict[str, Any]:
    rules = Rules(players=players)
    rng = random.Random(seed)
    worlds = []
    for i in range(deals):
        hands, chien = deal_cards(rng, rules, i % players)
        worlds.append(Deal(rules, i % players, hands, chien))
    start = time.process_time()
    for world in worlds:
        finish(world, rng)
    rollout_s = time.process_time() - start

    decisions = 0
    expert_s = 0.0
    bots = [ExpertBot(seed + s, think_ms=10**9, max_samples=EXPERT_SAMPLES) for s in range(players)]
    dealer = random.Random(seed + 1)
    for i in range(EXPERT_DEALS):
        hands, chien = deal_cards(dealer, rules, i % players)
        deal = Deal(rules, i % players, hands, chien)
        while not deal.done:
            seat = deal.to_act
            t = time.process_time()
            action = bots[seat].act(view(deal, seat))
            expert_s += time.process_time() - t
            decisions += 1
            deal.apply(action)
    return {
        "engine": ENGINE,
        "players": players,
        "deals": deals,
        "seed": seed,
        "rollouts_per_second": round(deals / rollout_s, 1) if rollout_s > 0 else None,
        "expert_samples": EXPERT_SAMPLES,
        "expert_decisions": decisions,
        "expert_decisions_per_second": round(decisions / expert_s, 1) if expert_s > 0 else None,
    }
