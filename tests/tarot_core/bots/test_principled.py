"""The expert's estimate decides only where it is sure: within two paired standard errors
of its best, the heuristic's choice (the club player's principle) stands."""

from __future__ import annotations

from tarot_core.bots.expert import PRINCIPLE_NOISE, _principled, paired_lead
from tarot_core.lab.positions import bot_answer, build, load_positions, position_seed


def test_the_heuristics_choice_stands_within_the_noise() -> None:
    best = [10.0, 30.0, 20.0, 40.0]
    close = [9.0, 31.0, 18.0, 38.0]  # behind by 1.5 on average, with as much noise
    lead, error = paired_lead(best, close)
    assert 0 < lead <= PRINCIPLE_NOISE * error
    assert _principled(1, [best, close], 0) == 1


def test_a_clear_lead_of_the_estimate_stands() -> None:
    best = [10.0, 30.0, 20.0, 40.0]
    far = [0.0, 21.0, 9.0, 31.0]
    assert _principled(1, [best, far], 0) == 0


def test_the_expert_draws_trumps_to_hunt_the_petit() -> None:
    # Its rollouts see every card, so drawing trumps now or later is all one to them; a
    # plain lead came out a little ahead at 100 worlds before the principle stood.
    position = next(p for p in load_positions() if p.id == "hunt-petit-3p-taker-leads")
    answer = bot_answer("expert:100", build(position), seed=position_seed(position))
    assert answer.startswith("T"), answer
