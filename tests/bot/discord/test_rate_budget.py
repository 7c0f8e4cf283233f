"""Each process's share of Discord's global limit: the shares of the processes running a
bot's shards never add up to more than the limit, whatever the split; and a request holds
its place until a window after its answer, not after its start."""

import asyncio

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


async def test_a_place_is_free_a_window_after_its_request_ended() -> None:
    now = [0.0]
    budget = RateBudget(2, clock=lambda: now[0])
    first, second = await budget.acquire(), await budget.acquire()
    third = asyncio.create_task(budget.acquire())
    for _ in range(5):
        await asyncio.sleep(0)
    assert not third.done() and budget.waiting == 1
    now[0] = 0.5  # the first answered half a second after it started
    budget.release(first)
    now[0] = 1.4  # a window after the first's start, not yet after its answer
    budget.release(second)
    for _ in range(5):
        await asyncio.sleep(0)
    assert not third.done()
    now[0] = 0.5 + budget.window  # a window after the first's answer: its place is free
    await asyncio.wait_for(third, 1)  # woken when the soonest place was due
    budget.release(second)
    assert (second.end, budget.waiting) == (1.4, 0)  # an end is taken once
