"""Engine speed: complete deals with uniformly random legal choices, on one core."""

from __future__ import annotations

import random
import time
from typing import Any

from .actions import Bid, Call, DeclareSlam, Ecart, Poignee
from .cards import KINGS, OUDLERS, SUIT_CARDS, TRUMPS, cards_of
from .deal import Deal, Phase
from .dealing import deal as deal_cards
from .rules import Rules
from .scoring import Outcome


def random_deal(rng: random.Random, rules: Rules, dealer: int) -> Deal:
    """Deal and play one deal to its end with random legal choices (poignées whenever
    allowed, at the highest level the hand allows)."""
    hands, chien = deal_cards(rng, rules, dealer)
    deal = Deal(rules, dealer, hands, chien)
    while not deal.done:
        seat = deal.to_act
        phase = deal.phase
        if phase == Phase.PLAYING:
            if not deal.started >> seat & 1:
                options = deal.poignee_options(seat)
                if options:
                    deal.apply(Poignee(seat, options[-1][1]))
            deal.play(seat, rng.choice(cards_of(deal.legal_cards(seat))))
        elif phase == Phase.BIDDING:
            deal.apply(Bid(seat, rng.choice(deal.legal_bids(seat))))
        elif phase == Phase.CALLING:
            deal.apply(Call(seat, rng.choice(cards_of(deal.callable_cards()))))
        elif phase == Phase.ECART:
            deal.apply(Ecart(seat, random_ecart(rng, deal)))
        else:
            deal.apply(DeclareSlam(seat, rng.random() < 0.5))
    return deal


def random_ecart(rng: random.Random, deal: Deal) -> tuple[int, ...]:
    """A uniformly random legal écart."""
    assert deal.taker is not None
    hand = deal.hands[deal.taker]
    need = deal.ecart_needed()
    plain = cards_of(hand & SUIT_CARDS & ~KINGS)
    if len(plain) >= need:
        return tuple(rng.sample(plain, need))
    trumps = cards_of(hand & TRUMPS & ~OUDLERS)
    return (*plain, *rng.sample(trumps, need - len(plain)))


def run(
    players: int, deals: int, seed: int, options: dict[str, Any] | None = None
) -> dict[str, Any]:
    rules = Rules.from_options(players, options or {})
    rng = random.Random(seed)
    outcomes = dict.fromkeys(Outcome, 0)
    start = time.perf_counter()
    for i in range(deals):
        deal = random_deal(rng, rules, i % players)
        assert deal.result is not None
        outcomes[deal.result.outcome] += 1
    elapsed = time.perf_counter() - start
    return {
        "players": players,
        "deals": deals,
        "seed": seed,
        "seconds": round(elapsed, 3),
        "deals_per_second": round(deals / elapsed, 1) if elapsed > 0 else None,
        "outcomes": outcomes,
        "rules": dict(options or {}),
    }
