"""Challenges in storage (issue 25), on each backend: a daily challenge made once, the
lists a server sees, pars, one attempt per member stored all or nothing, the results of
the attempts' recorded deals, and a challenge's game never counted in the leaderboards."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Awaitable
from typing import Any

import pytest
from storage_backends import Storages

from bot.storage import Conflict, FinishedDeal, ParDeal, Storage, StoredChallenge, rating
from tarot_core import Rules, to_record
from tarot_core.lab.bench import random_deal

GUILD = 2**62 + 7
"""Beyond 2**53, where a float would round it."""
OTHER_GUILD = 5_000
DAY = "2026-11-28"
NOW = 1_800_000_000.0
HOUR = 3600.0
RULES = Rules(players=4)


async def challenge(db: Storage, **changes: Any) -> int:
    """A challenge of ``GUILD`` open from ``NOW`` for a day, made now."""
    made = {
        "scope": "guild",
        "guild_id": GUILD,
        "day": DAY,
        "players": 4,
        "rules": RULES.options(),
        "deals": 2,
        "seat": 1,
        "variants": 2,
        "level": "expert:64",
        "seed": 2**64 - 5,
        "created_by": None,
        "opened_at": NOW,
        "closes_at": NOW + 24 * HOUR,
    } | changes
    challenge_id, new = await db.create_challenge(**made)
    assert new
    return challenge_id


async def member(db: Storage, n: int) -> int:
    return await db.player("user", str(10**17 + n), f"M{n}")


async def attempt(db: Storage, challenge_id: int, player_id: int, variant: int = 0) -> int:
    """The member's attempt, in the challenge's seat 1, computer players elsewhere."""
    bot = await db.player("bot", "expert:64", "Expert")
    return await db.start_attempt(
        challenge_id=challenge_id,
        player_id=player_id,
        variant=variant,
        guild_id=GUILD,
        channel_id=77,
        players=4,
        rules=RULES.options(),
        deals_target=2,
        seed=2**63 + 1,
        seats=[bot, player_id, bot, bot],
        started_at=NOW + HOUR,
    )


def deal(n: int) -> Any:
    played = random_deal(random.Random(n), RULES, n % 4)
    assert played.result is not None
    return played


async def play(db: Storage, game_id: int, deals: list[int], *, end: bool) -> list[int]:
    """Store the deals ``deals`` (engine seeds) as the game's deals 1, 2, ... through
    ``save_turn``, one turn each, the last ending the game if ``end``; its totals."""
    seats = await db.seats(game_id)
    totals = [0] * 4
    for number, n in enumerate(deals, start=1):
        played = deal(n)
        totals = [t + s for t, s in zip(totals, played.result.scores, strict=True)]
        finished = FinishedDeal(number, to_record(played), played.result, seats)
        last = totals if end and number == len(deals) else None
        await db.save_turn(game_id, number - 1, {"type": "play", "n": n}, [finished], last)
    return totals


def par(variant: int, number: int, n: int) -> ParDeal:
    """The par of the challenge's seat 1 in the deal of engine seed ``n``."""
    played = deal(n)
    return ParDeal.of(variant, number, 1, played.result, to_record(played))


async def stored_id(found: Awaitable[StoredChallenge | None]) -> int | None:
    challenge = await found
    return None if challenge is None else challenge.id


async def test_a_daily_challenge_is_made_once_and_one_on_demand_every_time(db: Storage) -> None:
    first = await challenge(db)
    for made in await asyncio.gather(
        *(
            db.create_challenge(
                scope="guild",
                guild_id=GUILD,
                day=DAY,
                players=3,
                rules={},
                deals=1,
                seat=0,
                variants=1,
                level="easy",
                seed=1,
                created_by=None,
                opened_at=NOW,
                closes_at=NOW + 1,
            )
            for _ in range(3)
        )
    ):
        assert made == (first, False)
    stored = await db.daily_challenge("guild", GUILD, DAY)
    assert stored is not None and stored.id == first
    assert (stored.players, stored.deals, stored.seat, stored.variants) == (4, 2, 1, 2)
    assert stored.seed == 2**64 - 5 and stored.rules == RULES.options()
    assert stored.level == "expert:64" and stored.closes_at == NOW + 24 * HOUR

    instance = await challenge(db, scope="instance", guild_id=None)
    assert instance != first
    assert (await db.create_challenge(**_same_day("instance", None)))[0] == instance
    assert await stored_id(db.daily_challenge("instance", None, DAY)) == instance
    other = await challenge(db, guild_id=OTHER_GUILD)
    tomorrow = await challenge(db, day="2026-11-29")
    creator = await member(db, 1)
    on_demand = [await challenge(db, day=None, created_by=creator) for _ in range(2)]
    assert len({first, instance, other, tomorrow, *on_demand}) == 6
    made = await db.challenge(on_demand[0])
    assert made is not None and made.day is None and made.created_by == creator
    assert await db.daily_challenge("guild", GUILD, "2026-11-30") is None

    with pytest.raises(ValueError):
        await challenge(db, scope="instance")  # an instance's challenge has no guild


def _same_day(scope: str, guild_id: int | None) -> dict[str, Any]:
    return {
        "scope": scope,
        "guild_id": guild_id,
        "day": DAY,
        "players": 5,
        "rules": {},
        "deals": 3,
        "seat": 0,
        "variants": 1,
        "level": "easy",
        "seed": 3,
        "created_by": None,
        "opened_at": NOW,
        "closes_at": NOW + 1,
    }


async def test_a_server_sees_its_own_and_the_instances_open_challenges(db: Storage) -> None:
    daily = await challenge(db)
    instance = await challenge(db, scope="instance", guild_id=None, opened_at=NOW + 1)
    on_demand = await challenge(db, day=None, opened_at=NOW + 2, closes_at=NOW + HOUR)
    await challenge(db, guild_id=OTHER_GUILD)
    closed = await challenge(db, day="2026-11-27", opened_at=NOW - 24 * HOUR, closes_at=NOW)
    later = await challenge(db, day="2026-11-29", opened_at=NOW + 24 * HOUR)

    def ids(found: list[Any]) -> list[int]:
        return [c.id for c in found]

    assert ids(await db.open_challenges(GUILD, NOW + 3)) == [on_demand, instance, daily]
    assert ids(await db.open_challenges(GUILD, NOW + 2 * HOUR)) == [instance, daily]
    assert ids(await db.open_challenges(None, NOW + 3)) == [instance]
    assert ids(await db.challenges_of_day(GUILD, DAY)) == [daily, instance]
    assert ids(await db.challenges_of_day(GUILD, "2026-11-27")) == [closed]

    assert ids(await db.closed_unposted(GUILD, NOW + 2 * HOUR)) == [closed, on_demand]
    assert await db.set_closed_posted(closed)
    assert not await db.set_closed_posted(closed)  # posted once, whoever asks again
    assert ids(await db.closed_unposted(GUILD, NOW + 2 * HOUR)) == [on_demand]
    everything_closed = NOW + 72 * HOUR  # the instance's is not the server's to post
    assert ids(await db.closed_unposted(GUILD, everything_closed)) == [on_demand, daily, later]

    await db.set_challenge_message(daily, 123, 2**62 + 9)
    stored = await db.challenge(daily)
    assert stored is not None and (stored.channel_id, stored.message_id) == (123, 2**62 + 9)
    assert not stored.closed_posted
    posted = await db.challenge(closed)
    assert posted is not None and posted.closed_posted


async def test_pars_come_back_in_order_and_are_replaced_together(db: Storage) -> None:
    challenge_id = await challenge(db)
    pars = [par(variant, number, 10 * variant + number) for variant in (1, 0) for number in (1, 0)]
    assert await db.pars(challenge_id) == []
    await db.set_pars(challenge_id, pars)
    stored = await db.pars(challenge_id)
    assert [(p.variant, p.number) for p in stored] == [(0, 0), (0, 1), (1, 0), (1, 1)]
    assert sorted(stored, key=lambda p: (-p.variant, -p.number)) == pars
    first = deal(0).result
    assert stored[0].score == first.scores[1] and stored[0].outcome == first.outcome
    assert stored[0].made == first.made and stored[0].taker_seat == first.taker

    again = par(0, 0, 99)
    await db.set_pars(challenge_id, [again])
    assert (await db.pars(challenge_id))[0] == again


async def test_an_attempt_is_a_game_of_its_own_and_one_per_member(db: Storage) -> None:
    challenge_id = await challenge(db)
    me, you = await member(db, 1), await member(db, 2)
    game_id = await attempt(db, challenge_id, me, variant=1)

    game = await db.game(game_id)
    assert game is not None
    assert (game.challenge_id, game.status, game.host_id) == (challenge_id, "playing", me)
    assert (game.guild_id, game.seed, game.deals_target) == (GUILD, 2**63 + 1, 2)
    assert [(s.seat, s.name) for s in await db.seated(game_id)] == [
        (0, "Expert"),
        (1, "M1"),
        (2, "Expert"),
        (3, "Expert"),
    ]
    [live] = await db.live_games()
    assert live == game  # a restart knows the attempt from a table
    mine = await db.attempt(challenge_id, me)
    assert mine is not None and mine == await db.attempt_of_game(game_id)
    assert (mine.player_id, mine.name, mine.variant, mine.game_id) == (me, "M1", 1, game_id)
    assert (mine.guild_id, mine.started_at, mine.finished_at) == (GUILD, NOW + HOUR, None)

    with pytest.raises(Conflict):
        await attempt(db, challenge_id, me, variant=0)
    assert await db.live_games() == [game]  # the refused attempt left no game
    assert (await db.attempt(challenge_id, me)) == mine
    assert await db.attempt(challenge_id, you) is None

    yours = await attempt(db, challenge_id, you)
    assert yours != game_id
    assert [a.player_id for a in await db.attempts(challenge_id)] == [me, you]
    table = await db.create_game(
        guild_id=GUILD, channel_id=1, players=4, rules={}, deals_target=1, seed=1
    )
    assert await db.attempt_of_game(table) is None
    stored = await db.game(table)
    assert stored is not None and stored.challenge_id is None


async def test_an_attempt_that_cannot_be_stored_whole_stores_nothing(db: Storage) -> None:
    challenge_id = await challenge(db)
    me = await member(db, 1)
    with pytest.raises(Conflict):  # a seat's player that does not exist: the last writes fail
        await db.start_attempt(
            challenge_id=challenge_id,
            player_id=me,
            variant=0,
            guild_id=GUILD,
            channel_id=77,
            players=4,
            rules={},
            deals_target=2,
            seed=1,
            seats=[me, 10**9, 10**9, 10**9],
            started_at=NOW,
        )
    assert await db.live_games() == []
    assert await db.attempt(challenge_id, me) is None
    assert await db.recent_games(me) == []
    with pytest.raises(Conflict):  # no such challenge
        await attempt(db, challenge_id + 100, me)
    assert await db.live_games() == []
    await attempt(db, challenge_id, me)  # the member's one attempt is still to play


async def test_results_give_each_attempts_deals_in_the_members_seat(db: Storage) -> None:
    challenge_id = await challenge(db)
    me, you, late = await member(db, 1), await member(db, 2), await member(db, 3)
    mine = await attempt(db, challenge_id, me)
    yours = await attempt(db, challenge_id, you, variant=1)
    await attempt(db, challenge_id, late)
    await play(db, mine, [1, 2], end=True)
    await play(db, yours, [3], end=False)

    results = await db.challenge_results(challenge_id)
    assert [(r.variant, r.number, r.player_id) for r in results] == [
        (0, 0, me),
        (0, 1, me),
        (1, 0, you),
    ]
    for r, n in zip(results, [1, 2, 3], strict=True):
        result = deal(n).result
        assert r.score == result.scores[1]  # the challenge's seat
        assert (r.outcome, r.taker_seat, r.made) == (result.outcome, result.taker, result.made)
        assert r.contract == (None if result.contract is None else result.contract.text)
        assert r.guild_id == GUILD
    assert results[0].name == "M1" and results[0].game_id == mine
    assert results[0].finished_at is not None and results[2].finished_at is None
    attempts = await db.attempts(challenge_id)
    assert [(a.player_id, a.finished_at is not None) for a in attempts] == [
        (me, True),
        (you, False),
        (late, False),
    ]


async def test_a_challenges_game_changes_no_leaderboard(db: Storage) -> None:
    challenge_id = await challenge(db)
    me = await member(db, 1)
    bot = await db.player("bot", "expert:64", "Expert")
    before = {scope: await db.leaderboard(scope, min_games=0, limit=100) for scope in (None, GUILD)}
    game_id = await attempt(db, challenge_id, me)
    await play(db, game_id, [1, 2], end=True)

    assert len(await db.deal_records(game_id)) == 2  # recorded like any deal
    for scope in (None, GUILD):
        assert await db.leaderboard(scope, min_games=0, limit=100) == before[scope]
        for player in (me, bot):
            stats = await db.player_stats(player, scope, min_games=0)
            assert stats is not None and (stats.games, stats.deals, stats.points) == (0, 0, 0)
    assert await db.recent_games(me) == []  # nor in anyone's history

    table = await db.create_game(
        guild_id=GUILD, channel_id=1, players=4, rules=RULES.options(), deals_target=2, seed=1
    )
    for seat, player in enumerate([bot, me, bot, bot]):
        await db.seat(table, seat, player)
    await db.set_status(table, "playing")
    totals = await play(db, table, [1, 2], end=True)
    for scope in (None, GUILD):
        stats = await db.player_stats(me, scope, min_games=0)
        assert stats is not None and (stats.games, stats.points) == (1, totals[1])
        assert stats.deals == sum(deal(n).result.outcome == "played" for n in (1, 2))
        assert stats.sigma < rating.DEFAULT_SIGMA  # the table game is rated


async def test_an_attempts_deals_are_read_only_through_the_challenges_queries(
    db: Storage,
) -> None:
    challenge_id = await challenge(db)
    me, you = await member(db, 1), await member(db, 2)
    bot = await db.player("bot", "expert:64", "Expert")
    attempt_game = await attempt(db, challenge_id, me)
    await attempt(db, challenge_id, you)
    await play(db, attempt_game, [1, 2], end=True)
    table = await db.create_game(
        guild_id=GUILD, channel_id=1, players=4, rules=RULES.options(), deals_target=1, seed=1
    )
    for seat, player in enumerate([bot, me, bot, bot]):
        await db.seat(table, seat, player)
    await db.set_status(table, "playing")
    await play(db, table, [3], end=True)

    # A history shows table games only: nothing of the attempt, its deals or its records.
    for player in (me, bot):
        assert [g.id for g in await db.recent_games(player)] == [table]
    assert await db.game_deals(attempt_game) == []
    assert await db.deal_record(attempt_game, 1) is None
    assert len(await db.game_deals(table)) == 1
    assert await db.deal_record(table, 1) == json.loads(json.dumps(to_record(deal(3))))

    # The member's own records come through the challenge, deal by deal from 0.
    for number, n in enumerate([1, 2]):
        expected = json.loads(json.dumps(to_record(deal(n))))
        assert await db.attempt_record(challenge_id, me, number) == expected
    assert await db.attempt_record(challenge_id, me, 2) is None  # no third deal
    assert await db.attempt_record(challenge_id, you, 0) is None  # not played yet
    assert await db.attempt_record(challenge_id + 1, me, 0) is None


async def test_the_end_of_an_attempt_marks_it_finished_and_its_day_played(db: Storage) -> None:
    daily = await challenge(db)
    on_demand = await challenge(db, day=None)
    yesterday = await challenge(db, day="2026-11-27")
    me = await member(db, 1)
    games = [await attempt(db, c, me) for c in (daily, on_demand, yesterday)]
    assert await db.challenge_days(me) == []

    await play(db, games[0], [1, 2], end=True)
    game = await db.game(games[0])
    assert game is not None and game.status == "finished"
    finished = await db.attempt(daily, me)
    assert finished is not None and finished.finished_at is not None
    assert await db.live_games() == [await db.game(g) for g in games[1:]]
    assert await db.challenge_days(me) == [DAY]

    await play(db, games[1], [3], end=True)  # an on-demand challenge has no day
    await play(db, games[2], [4], end=False)  # unfinished: not a day played
    assert await db.challenge_days(me) == [DAY]
    await db.save_turn(games[2], 1, {"type": "play"}, [], [0, 0, 0, 0])
    assert await db.challenge_days(me) == [DAY, "2026-11-27"]
    assert await db.challenge_days(await member(db, 2)) == []


async def test_the_instance_key_is_made_once_and_kept(storages: Storages) -> None:
    first, second = await storages.open(), await storages.open()
    keys = await asyncio.gather(*(db.instance_key() for db in (first, second, first, second)))
    assert len(set(keys)) == 1 and len(keys[0]) == 32
    assert await first.meta("challenge_key") == keys[0].hex()
    again = await storages.reopen(first)
    assert await again.instance_key() == keys[0]
