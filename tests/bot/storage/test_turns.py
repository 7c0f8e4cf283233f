"""Turns of many tables committed together: each all-or-nothing, none sinking another;
on each backend."""

import asyncio
import random
from pathlib import Path

import pytest
from storage_backends import commits_counted

from bot.storage import FinishedDeal, Storage, StorageError
from tarot_core import Rules, to_record
from tarot_core.lab.bench import random_deal


async def games(db: Storage, count: int) -> tuple[list[int], list[int]]:
    ids = [await db.player("user", str(s), f"P{s}") for s in range(4)]
    made = []
    for _ in range(count):
        game = await db.create_game(
            guild_id=1, channel_id=2, players=4, rules=Rules().options(), deals_target=1, seed=1
        )
        for seat, pid in enumerate(ids):
            await db.seat(game, seat, pid)
        await db.set_status(game, "playing")
        made.append(game)
    return made, ids


def bid(seat: int) -> dict[str, object]:
    return {"type": "bid", "seat": seat, "contract": "pass"}


async def test_turns_arriving_together_share_a_commit_and_all_land(
    db: Storage, storage_location: str | Path
) -> None:
    tables, _ = await games(db, 40)
    async with commits_counted(db, storage_location) as commits:
        await asyncio.gather(*(db.save_turn(g, 0, bid(0)) for g in tables))
        await asyncio.gather(*(db.save_turn(g, 1, bid(1)) for g in tables))
    for g in tables:
        assert [a["seat"] for a in await db.actions(g)] == [0, 1]
    assert 0 < commits.count < 10  # 80 turns, a handful of commits


async def test_a_bad_turn_is_refused_alone_and_the_others_land(db: Storage) -> None:
    (a, b, c), ids = await games(db, 3)
    await db.save_turn(b, 0, bid(0))
    deal = random_deal(random.Random(2), Rules(), 0)
    assert deal.result is not None
    finished = FinishedDeal(1, to_record(deal), deal.result, ids)
    results = await asyncio.gather(
        db.save_turn(a, 0, bid(0), [finished], list(deal.result.scores)),
        db.save_turn(b, 0, bid(3)),  # turn 0 of b is already stored: a replayed click
        db.save_turn(c, 0, bid(0)),
        return_exceptions=True,
    )
    assert results[0] is None and results[2] is None
    assert isinstance(results[1], StorageError)
    assert [x["seat"] for x in await db.actions(b)] == [0]
    assert len(await db.actions(a)) == 1 and len(await db.actions(c)) == 1
    assert len(await db.deal_records(a)) == 1
    stored = await db.game(a)
    assert stored is not None and stored.status == "finished"


async def test_a_turn_whose_deal_cannot_be_stored_leaves_no_action_either(db: Storage) -> None:
    (a,), ids = await games(db, 1)
    deal = random_deal(random.Random(3), Rules(), 0)
    assert deal.result is not None
    finished = FinishedDeal(1, to_record(deal), deal.result, ids)
    await db.record_deal(a, 1, finished.record, finished.result, ids)
    with pytest.raises(StorageError, match="already recorded"):
        await db.save_turn(a, 0, bid(0), [finished])
    assert await db.actions(a) == []


async def test_transactions_of_two_tasks_never_mix(db: Storage) -> None:
    (a, b), ids = await games(db, 2)
    deal = random_deal(random.Random(2), Rules(), 0)
    assert deal.result is not None
    record, result = to_record(deal), deal.result
    inside = asyncio.Event()

    async def failing() -> None:
        async with db.transaction():
            await db.record_deal(a, 1, record, result, ids)
            inside.set()
            await asyncio.sleep(0.01)
            raise RuntimeError("rolled back")

    async def other() -> None:
        await inside.wait()
        async with db.transaction():  # waits for the first: does not join it
            await db.record_deal(b, 1, record, result, ids)

    results = await asyncio.gather(failing(), other(), return_exceptions=True)
    assert isinstance(results[0], RuntimeError) and results[1] is None
    assert await db.deal_records(a) == []
    assert len(await db.deal_records(b)) == 1


async def test_leaderboards_show_only_committed_deals(db: Storage) -> None:
    (a,), ids = await games(db, 1)
    deal = random_deal(random.Random(5), Rules(), 0)
    assert deal.result is not None and deal.result.outcome == "played"
    async with db.transaction():
        await db.record_deal(a, 1, to_record(deal), deal.result, ids)
        during = await db.player_stats(ids[0], 1, min_games=0)
    after = await db.player_stats(ids[0], 1, min_games=0)
    assert during is not None and after is not None
    assert (during.deals, during.points) == (0, 0)
    assert (after.deals, after.points) == (1, deal.result.scores[0])
