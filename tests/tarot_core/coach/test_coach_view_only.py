"""The review sees what the seat saw and nothing else: two deals that look the same from a
seat at one of its decisions give that decision the same review, whatever the hidden cards."""

from __future__ import annotations

import random

from coach_deals import played
from hypothesis import given, settings
from hypothesis import strategies as st

from tarot_core import Deal, make_bot, view
from tarot_core.bots.expert import ExpertBot
from tarot_core.bots.knowledge import infer
from tarot_core.coach import decisions, review_one


def _other_world(deal_view_seat: tuple[Deal, int, int], rng: random.Random) -> Deal | None:
    """A deal with other hidden cards that stands where ``deal`` stood at the seat's
    decision ``number``, played on to its end by the heuristic; None if every world drawn
    deals the hidden cards as the real deal did."""
    deal, seat, number = deal_view_seat
    decision = next(d for d in decisions(deal, seat) if d.number == number)
    seen = decision.view
    sampler = ExpertBot(rng.getrandbits(32)).sampler(seen, infer(seen))
    for _ in range(20):
        world = sampler.draw()
        if list(world.dealt) == list(deal.dealt):
            continue
        assert view(world, seat) == seen
        bots = [make_bot("heuristic", seed=s) for s in range(world.n)]
        if decision.chosen is not None:
            world.apply(decision.chosen)
        while not world.done:
            s = world.to_act
            world.apply(bots[s].act(view(world, s)))
        return world
    return None


@settings(max_examples=12, deadline=None)
@given(
    players=st.sampled_from([3, 4, 5, 6]),
    seed=st.integers(0, 10_000),
    pick=st.integers(0, 10_000),
    world_seed=st.integers(0, 2**32 - 1),
)
def test_two_deals_identical_in_the_seats_view_get_identical_reviews(
    players: int, seed: int, pick: int, world_seed: int
) -> None:
    deal = played(players, seed)
    seats = [s for s in range(players) if any(True for _ in decisions(deal, s))]
    if not seats:
        return
    seat = seats[pick % len(seats)]
    found = list(decisions(deal, seat))
    number = found[pick % len(found)].number
    other = _other_world((deal, seat, number), random.Random(world_seed))
    if other is None:
        return
    assert list(other.dealt) != list(deal.dealt)
    assert review_one(other, seat, number, samples=6) == review_one(deal, seat, number, samples=6)
