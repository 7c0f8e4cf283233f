"""Challenges' duplicate play: fixed deals, seeded opponents, the par, matchpoints."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tarot_core import Bid, Contract, Rules, make_bot, view
from tarot_core.duplicate import (
    DuplicateGame,
    challenge_deal,
    field_matchpoints,
    matchpoints,
    opponent_seed,
    par_deal,
    secret_seed,
    variant_seed,
)
from tarot_core.scoring import Outcome


def dealt(game: DuplicateGame) -> list[tuple[int, tuple[int, ...], int]]:
    return [(d.dealer, d.dealt, d.chien) for d in game.deals]


def play_out(game: DuplicateGame, seed: int) -> None:
    rng = random.Random(seed)
    while not game.over:
        deal = game.current
        assert deal.to_act is not None
        game.apply(rng.choice(deal.legal_actions(deal.to_act)))


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_deals_do_not_depend_on_how_earlier_ones_were_played(players: int) -> None:
    rules = Rules(players=players)
    first, second = DuplicateGame(rules, deals=4, seed=11), DuplicateGame(rules, deals=4, seed=11)
    play_out(first, 1)
    play_out(second, 2)
    assert dealt(first) == dealt(second)
    assert [d.dealer for d in first.deals] == [k % players for k in range(4)]
    assert first.deals[0].dealt != DuplicateGame(rules, deals=4, seed=12).deals[0].dealt


def test_a_deal_everybody_passed_counts_with_nothing_for_anyone() -> None:
    rules = Rules(players=4)
    game = DuplicateGame(rules, deals=2, seed=5)
    first = game.current
    for _ in range(4):
        assert first.to_act is not None
        game.apply(Bid(first.to_act, Contract.PASS))
    assert first.result is not None and first.result.outcome == Outcome.PASSED
    assert game.played == 1 and len(game.deals) == 2 and not game.over
    assert game.totals == [0, 0, 0, 0]
    second = game.current
    for _ in range(4):
        assert second.to_act is not None
        game.apply(Bid(second.to_act, Contract.PASS))
    assert game.over and len(game.deals) == 2


def test_no_challenge_deal_is_void_as_dealt() -> None:
    rules = Rules(players=3)  # three players: the most petits secs
    for index in range(400):
        assert not challenge_deal(rules, 3, index).done


def test_variants_deal_other_cards_and_variant_zero_is_the_seed() -> None:
    rules = Rules(players=4)
    assert variant_seed(77, 0) == 77
    seeds = {variant_seed(77, v) for v in range(5)}
    assert len(seeds) == 5
    assert challenge_deal(rules, variant_seed(77, 1), 0).dealt != challenge_deal(rules, 77, 0).dealt


def test_a_secret_seed_needs_the_key() -> None:
    assert secret_seed(b"k" * 32, "2026-11-28", 42) == secret_seed(b"k" * 32, "2026-11-28", 42)
    assert secret_seed(b"k" * 32, "2026-11-28", 42) != secret_seed(b"j" * 32, "2026-11-28", 42)
    assert secret_seed(b"k" * 32, "2026-11-28", 42) != secret_seed(b"k" * 32, "2026-11-29", 42)


def test_the_seed_of_a_decision_follows_what_the_seat_sees_only() -> None:
    rules = Rules(players=4)
    deal = challenge_deal(rules, 9, 0)
    seat = deal.to_act
    assert seat is not None
    seen = view(deal, seat)
    assert opponent_seed(9, 0, seen) == opponent_seed(9, 0, view(deal.copy(), seat))
    assert opponent_seed(9, 0, seen) != opponent_seed(9, 1, seen)
    assert opponent_seed(9, 0, seen) != opponent_seed(10, 0, seen)
    # Another seat's cards swapped (hidden from this seat): the same seed.
    other = deal.copy()
    a, b = [s for s in range(4) if s != seat][:2]
    other.hands[a], other.hands[b] = other.hands[b], other.hands[a]
    assert opponent_seed(9, 0, view(other, seat)) == opponent_seed(9, 0, seen)
    deal.apply(Bid(seat, Contract.PASS))
    after = deal.to_act
    assert after is not None
    assert opponent_seed(9, 0, view(deal, after)) != opponent_seed(9, 0, view(other, after))


@pytest.mark.parametrize("level", ["heuristic", "expert:6"])
def test_a_member_who_plays_as_the_par_meets_the_same_replies(level: str) -> None:
    """The par in seat 0, then a 'member' in seat 0 who happens to decide as the par did,
    against opponents seeded as a challenge seeds them: the same deal, card for card."""
    rules = Rules(players=4)
    seed, index = 31, 1
    par = par_deal(rules, seed, index, level)
    assert par.result is not None
    again = par_deal(rules, seed, index, level)
    assert again.tricks == par.tricks and again.result == par.result
    game = DuplicateGame(rules, deals=2, seed=seed)
    play_out_deal(game, 0)
    deal = game.current
    while not deal.done:
        seat = deal.to_act
        assert seat is not None
        seen = view(deal, seat)
        bot = make_bot(level, seed=opponent_seed(seed, index, seen))
        game.apply(bot.act(seen))
    assert deal.tricks == par.tricks and deal.result == par.result


def play_out_deal(game: DuplicateGame, seed: int) -> None:
    rng = random.Random(seed)
    deal = game.current
    while not deal.done:
        assert deal.to_act is not None
        game.apply(rng.choice(deal.legal_actions(deal.to_act)))


def test_matchpoints_count_two_per_score_beaten_and_one_per_tie() -> None:
    assert matchpoints(100, []) is None
    assert matchpoints(100, [50, 100, 200]) == pytest.approx(100 * 3 / 6)
    assert matchpoints(300, [50, 100, 200]) == 100
    assert matchpoints(-10, [50, 100]) == 0
    assert matchpoints(0, [0]) == 50


@given(st.lists(st.integers(-300, 300), max_size=40))
def test_a_fields_matchpoints_are_each_members_against_the_others(scores: list[int]) -> None:
    expected = [matchpoints(s, scores[:i] + scores[i + 1 :]) for i, s in enumerate(scores)]
    assert field_matchpoints(scores) == expected
