"""The coach's reviews kept with their deals, on each backend: one per deal, seat and coach
version, a second save keeping the first; who held a deal's seats; a player's latest deal
of a table game that is over."""

from __future__ import annotations

import random

from storage_backends import Storages

from bot.storage import FinishedDeal, Storage
from tarot_core import Rules, to_record
from tarot_core.lab.bench import random_deal

REVIEW = {"version": 1, "seat": 2, "players": 4, "decisions": [{"number": 0, "cost": 1.5}]}


async def played_game(
    db: Storage, players: list[int], deals: int, *, end: bool = True, challenge: bool = False
) -> int:
    """A table game of four with ``deals`` deals recorded, over unless ``end`` is False."""
    rules = Rules(players=4)
    game = await db.create_game(
        guild_id=1, channel_id=2, players=4, rules=rules.options(), deals_target=deals, seed=5
    )
    for seat, pid in enumerate(players):
        await db.seat(game, seat, pid)
    await db.set_status(game, "playing")
    totals = [0] * 4
    for number in range(1, deals + 1):
        deal = random_deal(random.Random(number), rules, number - 1)
        assert deal.result is not None
        totals = [t + s for t, s in zip(totals, deal.result.scores, strict=True)]
        last = totals if end and number == deals else None
        finished = FinishedDeal(number, to_record(deal), deal.result, players)
        await db.save_turn(game, number - 1, {"type": "play", "n": number}, [finished], last)
    return game


async def four_players(db: Storage) -> list[int]:
    return [await db.player("user", str(100 + s), f"P{s}") for s in range(3)] + [
        await db.player("bot", "expert", "Expert")
    ]


async def test_a_review_is_kept_once_per_deal_seat_and_version(storages: Storages) -> None:
    db = await storages.open()
    game = await played_game(db, await four_players(db), 2)
    assert await db.deal_review(game, 1, 2, 1) is None
    await db.save_deal_review(game, 1, 2, 1, REVIEW)
    await db.save_deal_review(game, 1, 2, 1, REVIEW | {"players": 5})  # the first stays
    db = await storages.reopen(db)
    assert await db.deal_review(game, 1, 2, 1) == REVIEW
    assert await db.deal_review(game, 1, 2, 2) is None  # another coach's version
    assert await db.deal_review(game, 1, 1, 1) is None  # another seat
    assert await db.deal_review(game, 2, 2, 1) is None  # another deal


async def test_a_deals_seats_and_a_players_latest_deal(db: Storage) -> None:
    players = await four_players(db)
    first = await played_game(db, players, 2)
    assert await db.deal_player_ids(first, 2) == players
    assert await db.deal_player_ids(first, 3) == []
    assert await db.latest_deal(players[0]) == (first, 2)
    assert await db.latest_deal(players[3]) == (first, 2)
    stranger = await db.player("user", "999", "Nobody")
    assert await db.latest_deal(stranger) is None
    await played_game(db, players, 1, end=False)  # still in play: not a reviewable deal
    assert await db.latest_deal(players[0]) == (first, 2)
    later = await played_game(db, players[::-1], 1)
    assert await db.latest_deal(players[0]) == (later, 1)
    assert await db.deal_player_ids(later, 1) == players[::-1]
