"""The correction the expert's bids apply to its rollouts: a taker played by search makes
more card points than the fast policy predicts.

Rollouts play every seat with the fast policy, which sees the whole sampled world; that
helps the defence (it always knows where the taker's cards are) more than the taker. Played
out by the expert against heuristic defenders, a taker makes several card points more than
rollouts from the same deal say, so bids judged on raw rollouts pass hands that make their
contract.
"""

from __future__ import annotations

from ..deal import Deal
from ..scoring import Outcome, hand_terms, seat_scores

TAKER_CREDIT = {3: 7.0, 4: 5.5, 5: 2.5, 6: 2.5}
"""Card points added to a rollout's taker when the expert judges its own bid, by players at
the table: ``python -m tarot_core taker-bias --players P --deals 150`` measured +7.0 ± 0.9
at 3, +5.4 ± 1.1 at 4 and +2.3 ± 1.3 at 5 for expert:32 (6 players, five playing, take 5's)."""


def credited(deal: Deal, me: int, points: float) -> int:
    """``me``'s score in the finished ``deal`` had ``me``'s side, taking, made ``points`` more
    card points (the contract made or lost by the new margin; a poignée follows the
    contract's fate). Other takers, and deals nobody took, score as they are."""
    r = deal.result
    assert r is not None, "a deal not yet finished has no score"
    if r.outcome != Outcome.PLAYED or me not in (r.taker, r.partner):
        return r.scores[me]
    assert r.taker is not None and r.contract is not None
    assert r.points_half is not None and r.target is not None
    contract, half, target, poignee = r.contract, r.points_half, r.target, abs(r.poignee_bonus)

    def s(taker_half: int) -> int:
        return hand_terms(deal.rules, contract, taker_half, target, r.petit_au_bout, poignee)[2]

    change = s(half + round(2 * points)) - s(half)
    share = seat_scores(deal.rules.players, r.taker, r.partner, change, deal.skip)
    return r.scores[me] + share[me]
