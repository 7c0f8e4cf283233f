"""The review service on a real SQLite file and the session's real process pool: who may
have a review, the one kept with the deal (no worker job the second time), the queue limit,
and the progress told after each decision."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from concurrent.futures import Executor
from pathlib import Path

import pytest
from coach_support import USERS, challenge_game, four_players, played_game
from counting_pool import CountingPool

from bot.coach import ReviewRefused, ReviewService
from bot.coach import jobs as coach_jobs
from bot.storage import Storage, open_storage
from tarot_core import read_deal
from tarot_core.coach import VERSION, DealReview, decision_count, review_deal

SAMPLES = 4
"""Worlds per decision: enough to weigh, fast enough for a test."""


@pytest.fixture
async def db(tmp_path: Path) -> AsyncIterator[Storage]:
    storage = await open_storage(tmp_path / "coach.sqlite3")
    yield storage
    await storage.close()


@pytest.fixture
def counted(pool: Executor) -> CountingPool:
    return CountingPool(pool)


async def test_a_review_is_computed_once_then_read_back(db: Storage, counted: CountingPool) -> None:
    players = await four_players(db)
    game = await played_game(db, players, 2)
    service = ReviewService(db, counted, samples=SAMPLES)
    seen: list[tuple[int, int]] = []

    async def progress(done: int, total: int) -> None:
        seen.append((done, total))

    review = await service.review(game, 2, USERS[1], progress)
    record = await db.deal_record(game, 2)
    assert record is not None
    deal = read_deal(record)
    total = decision_count(deal, 1)
    assert total > 1
    assert seen == [(done, total) for done in range(1, total + 1)]
    assert counted.jobs == ["count"] + ["review_decision"] * total
    assert review == review_deal(deal, 1, SAMPLES)  # the same as the engine's in one call
    assert await db.deal_review(game, 2, 1, VERSION) == review.to_json()

    again = await service.review(game, 2, USERS[1], progress)
    assert again == review
    assert len(counted.jobs) == 1 + total  # nothing more submitted
    assert len(seen) == total  # no progress: nothing was weighed


async def test_a_review_kept_by_another_coach_version_is_made_again(
    db: Storage, counted: CountingPool
) -> None:
    players = await four_players(db)
    game = await played_game(db, players, 1)
    old = {"version": VERSION - 1, "seat": 0, "players": 4, "decisions": []}
    await db.save_deal_review(game, 1, 0, VERSION - 1, old)
    review = await ReviewService(db, counted, samples=SAMPLES).review(game, 1, USERS[0])
    assert review.version == VERSION and review.decisions
    assert counted.jobs[0] == "count"


async def test_more_reviews_than_the_limit_are_refused_at_once(
    db: Storage, counted: CountingPool
) -> None:
    players = await four_players(db)
    game = await played_game(db, players, 2)
    service = ReviewService(db, counted, limit=1, samples=SAMPLES)
    hold = asyncio.Event()
    started = asyncio.Event()

    async def held(done: int, total: int) -> None:
        started.set()
        await hold.wait()

    first = asyncio.create_task(service.review(game, 1, USERS[0], held))
    await asyncio.wait_for(started.wait(), 30)
    submitted = len(counted.jobs)
    with pytest.raises(ReviewRefused) as refused:
        await asyncio.wait_for(service.review(game, 2, USERS[2]), 1)
    assert refused.value.code == "busy"
    assert len(counted.jobs) == submitted
    assert await db.deal_review(game, 2, 2, VERSION) is None
    # The same review asked again joins the one under way: neither refused nor computed twice.
    joined_seen: list[int] = []

    async def joined_progress(done: int, total: int) -> None:
        joined_seen.append(done)

    joined = asyncio.create_task(service.review(game, 1, USERS[0], joined_progress))
    await asyncio.sleep(0.5)  # its reads done; the first is held at its first decision
    hold.set()
    review = await first
    assert await joined == review
    assert joined_seen and joined_seen[-1] == len(review.decisions)  # told as it went
    assert counted.jobs.count("count") == 1
    assert service.running == 0
    assert isinstance(await service.review(game, 2, USERS[2]), DealReview)  # free again


async def test_refusals(db: Storage, counted: CountingPool) -> None:
    players = await four_players(db)
    over = await played_game(db, players, 1)
    playing = await played_game(db, players, 1, end=False)
    attempt = await challenge_game(db, players)
    await db.player("user", "555", "Elsewhere")
    service = ReviewService(db, counted, samples=SAMPLES)
    cases = [
        (over + 100, 1, USERS[0], "not_found"),
        (over, 2, USERS[0], "not_found"),
        (playing, 1, USERS[0], "in_play"),
        (attempt, 1, USERS[0], "challenge"),
        (over, 1, 555, "not_seated"),  # a player of the bot, not at this table
        (over, 1, 999, "not_seated"),  # never played
    ]
    for game, number, user, code in cases:
        with pytest.raises(ReviewRefused) as refused:
            await service.review(game, number, user)
        assert refused.value.code == code, (game, number, user)
    assert counted.jobs == []
    with pytest.raises(ReviewRefused) as refused:
        await service.latest(555)
    assert refused.value.code == "no_deal"
    assert await service.latest(USERS[2]) == (over, 1)


def test_the_worker_jobs_are_the_engines_decisions(tmp_path: Path) -> None:
    """What a worker returns is the engine's review of that decision, as JSON."""
    import random

    from tarot_core import Rules, to_record
    from tarot_core.coach import review_one
    from tarot_core.lab.bench import random_deal

    deal = random_deal(random.Random(8), Rules(players=5), 0)
    record = to_record(deal)
    assert coach_jobs.count(record, 3) == decision_count(deal, 3)
    assert coach_jobs.review_decision(record, 3, 0, SAMPLES) == (
        review_one(deal, 3, 0, SAMPLES).to_json()
    )
