"""Games stored as the bot stores them, for the coach's tests: a table game of four with
its deals recorded (over or still in play), and a challenge's attempt."""

from __future__ import annotations

import random

from bot.storage import FinishedDeal, ParDeal, Storage
from tarot_core import Rules, to_record
from tarot_core.lab.bench import random_deal

USERS = (101, 102, 103)
"""The Discord ids of the three humans of ``four_players``; the fourth seat is a bot."""


async def four_players(db: Storage) -> list[int]:
    """Player ids: the humans of ``USERS``, then an expert bot."""
    humans = [await db.player("user", str(u), f"P{u}") for u in USERS]
    return [*humans, await db.player("bot", "expert", "Expert")]


async def played_game(db: Storage, players: list[int], deals: int, *, end: bool = True) -> int:
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


async def challenge_game(db: Storage, players: list[int]) -> int:
    """A member's finished attempt at a challenge of one deal: a game of its own."""
    rules = Rules(players=4)
    challenge, _ = await db.create_challenge(
        scope="guild",
        guild_id=1,
        day="2026-11-28",
        players=4,
        rules=rules.options(),
        deals=1,
        seat=0,
        variants=1,
        level="expert:64",
        seed=3,
        created_by=players[0],
        opened_at=1.0e9,
        closes_at=1.0e9 + 86400,
    )
    deal = random_deal(random.Random(5), rules, 0)
    assert deal.result is not None
    await db.set_pars(challenge, [ParDeal.of(0, 0, 0, deal.result, to_record(deal))])
    seats = [players[0], players[3], players[3], players[3]]
    game = await db.start_attempt(
        challenge_id=challenge,
        player_id=players[0],
        variant=0,
        guild_id=1,
        channel_id=44,
        players=4,
        rules=rules.options(),
        deals_target=1,
        seed=9,
        seats=seats,
        started_at=1.0e9 + 60,
    )
    finished = FinishedDeal(1, to_record(deal), deal.result, seats)
    await db.save_turn(game, 0, {"type": "play"}, [finished], list(deal.result.scores))
    return game
