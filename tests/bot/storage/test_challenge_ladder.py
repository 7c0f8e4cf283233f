"""The monthly ladder of daily challenges in storage, on each backend: rows written once
per member and day whoever writes them again, a month's sum of each member's best N
days, ranks shared by equals, one ladder per server and one for the instance, and the
days a streak counts, per scope and server."""

from __future__ import annotations

import asyncio
from typing import Any

from bot.storage import Storage
from tarot_core import Rules

GUILD = 2**62 + 7
"""Beyond 2**53, where a float would round it."""
OTHER_GUILD = 5_000
NOW = 1_800_000_000.0


async def daily(db: Storage, day: str | None, guild_id: int | None = GUILD) -> int:
    """A challenge of ``guild_id`` (None: the instance's) for ``day`` (None: on demand)."""
    challenge_id, _ = await db.create_challenge(
        scope="instance" if guild_id is None else "guild",
        guild_id=guild_id,
        day=day,
        players=4,
        rules=Rules(players=4).options(),
        deals=1,
        seat=0,
        variants=1,
        level="heuristic",
        seed=5,
        created_by=None,
        opened_at=NOW,
        closes_at=NOW + 1,
    )
    return challenge_id


async def members(db: Storage, count: int) -> list[int]:
    return [await db.player("user", str(10**17 + n), f"M{n}") for n in range(count)]


def lines(found: list[Any]) -> list[tuple[int, float, int, int]]:
    return [(line.player_id, line.total, line.days, line.rank) for line in found]


async def test_a_days_rows_are_written_once_whoever_writes_them(db: Storage) -> None:
    a, b = await members(db, 2)
    day = await daily(db, "2026-11-28")
    assert await db.record_ladder(day, [(a, 75.0), (b, 25.0)]) == 2
    again = await asyncio.gather(*(db.record_ladder(day, [(a, 0.0), (b, 100.0)]) for _ in range(3)))
    assert again == [0, 0, 0]
    found = await db.ladder("guild", GUILD, "2026-11", best=20, limit=10)
    assert lines(found) == [(a, 75.0, 1, 1), (b, 25.0, 1, 2)]  # the first values stay
    assert found[0].name == "M0" and found[0].external_id == str(10**17)
    assert found[0].players == 2
    on_demand = await daily(db, None)
    assert await db.record_ladder(on_demand, [(a, 100.0)]) == 0  # feeds no ladder
    assert lines(await db.ladder("guild", GUILD, "2026-11", 20, 10)) == lines(found)


async def test_a_month_adds_up_each_members_best_days(db: Storage) -> None:
    a, b, c, d = await members(db, 4)
    scores = {
        "2026-11-01": {a: 100.0, b: 40.0, c: 60.0},
        "2026-11-02": {a: 0.0, b: 60.0, c: 60.0, d: 20.0},
        "2026-11-03": {a: 20.0, b: 60.0},
        "2026-11-30": {c: 40.0, d: 100.0},
        "2026-10-31": {a: 100.0, b: 100.0},  # another month
        "2026-12-01": {c: 100.0},
    }
    for day, of_day in scores.items():
        assert await db.record_ladder(await daily(db, day), list(of_day.items())) == len(of_day)
    best_two = await db.ladder("guild", GUILD, "2026-11", best=2, limit=10)
    # a: 100 + 20 (3 days), b: 60 + 60 (3 days), c: 60 + 60 (3 days), d: 100 + 20 (2 days)
    assert lines(best_two) == [
        (a, 120.0, 3, 1),
        (b, 120.0, 3, 1),
        (c, 120.0, 3, 1),
        (d, 120.0, 2, 4),
    ]
    assert all(line.players == 4 for line in best_two)
    every_day = await db.ladder("guild", GUILD, "2026-11", best=31, limit=10)
    assert lines(every_day) == [
        (b, 160.0, 3, 1),  # equals by the player's id
        (c, 160.0, 3, 1),
        (a, 120.0, 3, 3),
        (d, 120.0, 2, 4),
    ]
    one = await db.ladder("guild", GUILD, "2026-11", best=1, limit=2, offset=1)
    # best day: a 100, d 100, b 60, c 60 -> ranks 1, 1, 3, 3 (a, d equal on sum; a more days)
    assert lines(one) == [(d, 100.0, 2, 2), (b, 60.0, 3, 3)]
    assert lines(await db.ladder("guild", GUILD, "2026-10", best=20, limit=10)) == [
        (a, 100.0, 1, 1),
        (b, 100.0, 1, 1),
    ]
    assert await db.ladder("guild", GUILD, "2026-09", best=20, limit=10) == []
    place = await db.ladder_place("guild", GUILD, "2026-11", 1, d)
    assert place is not None and (place.total, place.days, place.rank, place.players) == (
        100.0,
        2,
        2,
        4,
    )
    assert await db.ladder_place("guild", GUILD, "2026-10", 1, d) is None


async def test_each_server_and_the_instance_have_a_ladder_of_their_own(db: Storage) -> None:
    a, b = await members(db, 2)
    await db.record_ladder(await daily(db, "2026-11-28"), [(a, 70.0)])
    await db.record_ladder(await daily(db, "2026-11-28", OTHER_GUILD), [(b, 90.0)])
    await db.record_ladder(await daily(db, "2026-11-28", None), [(a, 10.0), (b, 30.0)])
    assert lines(await db.ladder("guild", GUILD, "2026-11", 20, 10)) == [(a, 70.0, 1, 1)]
    assert lines(await db.ladder("guild", OTHER_GUILD, "2026-11", 20, 10)) == [(b, 90.0, 1, 1)]
    assert lines(await db.ladder("instance", None, "2026-11", 20, 10)) == [
        (b, 30.0, 1, 1),
        (a, 10.0, 1, 2),
    ]
    mine = await db.ladder_place("instance", None, "2026-11", 20, a)
    assert mine is not None and (mine.rank, mine.players) == (2, 2)


async def finish(db: Storage, challenge_id: int, player_id: int, *, end: bool = True) -> None:
    """The member's attempt at the challenge, ended at once (no deal) if ``end``."""
    bot = await db.player("bot", "heuristic", "Bot")
    game_id = await db.start_attempt(
        challenge_id=challenge_id,
        player_id=player_id,
        variant=0,
        guild_id=GUILD,
        channel_id=77,
        players=4,
        rules=Rules(players=4).options(),
        deals_target=1,
        seed=1,
        seats=[player_id, bot, bot, bot],
        started_at=NOW,
    )
    if end:
        await db.save_turn(game_id, 0, {"type": "end"}, [], [0, 0, 0, 0])


async def test_a_streak_counts_the_finished_days_of_one_scope_and_server(db: Storage) -> None:
    me, you = await members(db, 2)
    for day in ("2026-11-27", "2026-11-28", "2026-11-25"):
        await finish(db, await daily(db, day), me)
    await finish(db, await daily(db, "2026-11-26"), me, end=False)  # left unfinished
    await finish(db, await daily(db, "2026-11-24", OTHER_GUILD), me)
    await finish(db, await daily(db, "2026-11-23", None), me)
    await finish(db, await daily(db, None), me)
    assert await db.daily_days(me, "guild", GUILD) == ["2026-11-28", "2026-11-27", "2026-11-25"]
    assert await db.daily_days(me, "guild", OTHER_GUILD) == ["2026-11-24"]
    assert await db.daily_days(me, "instance", None) == ["2026-11-23"]
    assert await db.daily_days(you, "guild", GUILD) == []
