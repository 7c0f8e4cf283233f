"""Each process's share of Discord's global limit: the shares of the processes running a
bot's shards never add up to more than the limit, whatever the split."""

import pytest

from bot.discord.rate_budget import GLOBAL_PER_SECOND, SLACK, RateBudget, process_budget, share


def test_one_process_running_every_shard_has_the_whole_budget() -> None:
    for count, shards in ((None, None), (4, None)):
        budget = process_budget(count, shards)
        assert (budget.limit, budget.window) == (GLOBAL_PER_SECOND, 1 + SLACK)


@pytest.mark.parametrize(
    "split",
    [
        [(0, 1), (2, 3)],
        [(0, 1, 2), (3, 4, 5), (6, 7)],
        [(n,) for n in range(50)],  # one request a second each
        [(n,) for n in range(64)],  # under one a second each: on average only
        [(0,), (1, 2, 3, 4, 5, 6)],
    ],
)
def test_the_shares_of_every_split_stay_within_the_global_limit(
    split: list[tuple[int, ...]],
) -> None:
    count = sum(len(shards) for shards in split)
    budgets = [process_budget(count, shards) for shards in split]
    assert sum(share(count, shards) for shards in split) == pytest.approx(1)
    assert sum(b.per_second for b in budgets) <= GLOBAL_PER_SECOND
    for shards, budget in zip(split, budgets, strict=True):
        assert budget.per_second <= GLOBAL_PER_SECOND * len(shards) / count
        assert budget.window >= 1  # never more than ``limit`` in any second
    if len(split) <= GLOBAL_PER_SECOND:  # at least one request a second each: in any second
        assert sum(b.limit for b in budgets) <= GLOBAL_PER_SECOND


def test_a_rate_must_be_positive() -> None:
    with pytest.raises(ValueError, match="positive rate, not 0"):
        RateBudget(0)
