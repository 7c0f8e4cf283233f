"""Challenges through the table service, on a real SQLite file: two members on the same
deals, the par and its opponents reproducible, one attempt each, results hidden until
finished, a restart mid-deal, nothing counted in the leaderboards."""

from __future__ import annotations

import random
from collections.abc import Awaitable
from concurrent.futures import Executor

import pytest

from bot.challenges import ChallengeService
from bot.challenges.par import compute_par
from bot.tables import Refused, TableSnapshot
from bot.tables.errors import RefusalCode
from tarot_core import DealView, make_bot, matchpoints, opponent_seed, variant_seed
from tests.bot.tables_support import GUILD, Harness, OpenTables, drive

LEVEL = "heuristic"
"""Opponents and par: the heuristic decides in milliseconds, and as deterministically."""
ALICE, BOB, CAROL = 2001, 2002, 2003
DM = {ALICE: 9001, BOB: 9002, CAROL: 9003}


def service(h: Harness, pool: Executor, lifetime: float = 24 * 3600.0) -> ChallengeService:
    return ChallengeService(
        h.storage, h.manager, executor=pool, clock=h.clock, level=LEVEL, lifetime=lifetime
    )


async def start(challenges: ChallengeService, user: int, challenge_id: int) -> None:
    await challenges.play(challenge_id, user, f"user{user}", guild_id=GUILD, channel_id=DM[user])


async def play(challenges: ChallengeService, h: Harness, user: int, challenge_id: int) -> None:
    await start(challenges, user, challenge_id)
    await drive(h, {user: "random"}, channel=DM[user], base=user)


async def refused(code: RefusalCode, call: Awaitable[object]) -> None:
    with pytest.raises(Refused) as caught:
        await call
    assert caught.value.code == code


async def test_two_members_on_the_same_deals_get_par_and_matchpoints(
    open_tables: OpenTables, pool: Executor
) -> None:
    h = await open_tables()
    challenges = service(h, pool)
    challenge = await challenges.create(guild_id=GUILD, deals=3)
    pars = await h.storage.pars(challenge.id)
    assert [p.number for p in pars] == [0, 1, 2]
    here = [  # computed again in this process: the workers' pars, exactly
        compute_par(4, challenge.rules, challenge.seed, 0, n, LEVEL, challenge.seat)
        for n in range(3)
    ]
    assert pars == here
    await play(challenges, h, ALICE, challenge.id)
    await play(challenges, h, BOB, challenge.id)
    games = {a.player_id: a for a in await h.storage.attempts(challenge.id)}
    assert len(games) == 2 and all(a.finished_at is not None for a in games.values())
    dealt = []
    for a in games.values():
        records = await h.storage.deal_records(a.game_id)
        dealt.append([(r["dealer"], r["hands"]) for r in records])
    assert dealt[0] == dealt[1]  # the same cards for both, deal by deal
    result = await challenges.results(challenge.id, ALICE, guild_id=GUILD)
    assert {s.name for s in result.everyone} == {f"user{ALICE}", f"user{BOB}"}
    alice, bob = (next(s for s in result.everyone if s.name == f"user{u}") for u in (ALICE, BOB))
    for a_deal, b_deal, par in zip(alice.deals, bob.deals, pars, strict=True):
        assert a_deal.par == b_deal.par == par.score
        expected = (
            100.0 if a_deal.score > b_deal.score else 50.0 if a_deal.score == b_deal.score else 0.0
        )
        assert a_deal.matchpoints == expected
        assert b_deal.matchpoints == 100.0 - expected
    assert alice.versus_par == sum(
        d.score - p.score for d, p in zip(alice.deals, pars, strict=True)
    )
    assert sorted(s.rank for s in result.everyone) in ([1, 2], [1, 1])
    assert result.mine is not None and result.mine.name == f"user{ALICE}"
    # Nothing of a challenge is counted on the leaderboards.
    assert await h.storage.leaderboard(GUILD) == []


async def test_a_member_who_plays_as_the_par_scores_the_par_and_meets_the_same_replies(
    open_tables: OpenTables, pool: Executor
) -> None:
    h = await open_tables()
    challenges = service(h, pool)
    challenge = await challenges.create(guild_id=GUILD, deals=2, players=5)
    await start(challenges, CAROL, challenge.id)
    channel = DM[CAROL]
    seed = variant_seed(challenge.seed, 0)
    while True:
        await h.manager.settle()
        snap = h.manager.table(channel)
        if snap is None:
            break
        _, seat, seen = h.manager.private_view(channel, CAROL)
        index = snap.deal_number - 1
        action = make_bot(LEVEL, seed=opponent_seed(seed, index, seen)).act(seen)
        await h.manager.act(channel, CAROL, snap.turn, action)
    result = await challenges.results(challenge.id, CAROL, guild_id=GUILD)
    assert result.mine is not None
    assert [d.score for d in result.mine.deals] == [d.par for d in result.mine.deals]
    assert result.mine.versus_par == 0


async def test_one_attempt_each_and_results_hidden_until_finished(
    open_tables: OpenTables, pool: Executor
) -> None:
    h = await open_tables()
    challenges = service(h, pool)
    challenge = await challenges.create(guild_id=GUILD, deals=1)
    await refused(
        RefusalCode.RESULTS_HIDDEN, challenges.results(challenge.id, ALICE, guild_id=GUILD)
    )
    await play(challenges, h, ALICE, challenge.id)
    await refused(RefusalCode.ALREADY_PLAYED, start(challenges, ALICE, challenge.id))
    await start(challenges, BOB, challenge.id)  # Bob has started, not finished
    await refused(RefusalCode.RESULTS_HIDDEN, challenges.results(challenge.id, BOB, guild_id=GUILD))
    seen = await challenges.results(challenge.id, ALICE, guild_id=GUILD)
    assert [s.name for s in seen.everyone] == [f"user{ALICE}"]  # Bob's deal stays his
    other = await challenges.create(guild_id=GUILD, deals=1)
    await refused(RefusalCode.ATTEMPT_UNDER_WAY, start(challenges, BOB, other.id))
    await refused(
        RefusalCode.NO_CHALLENGE,
        challenges.play(other.id, CAROL, "c", guild_id=GUILD + 1, channel_id=DM[CAROL]),
    )


async def test_an_attempt_left_unfinished_scores_the_par_once_closed(
    open_tables: OpenTables, pool: Executor
) -> None:
    h = await open_tables()
    challenges = service(h, pool, lifetime=600.0)
    challenge = await challenges.create(guild_id=GUILD, deals=2)
    await play(challenges, h, ALICE, challenge.id)
    await start(challenges, BOB, challenge.id)
    h.clock.advance(601.0)
    await refused(RefusalCode.CHALLENGE_CLOSED, start(challenges, CAROL, challenge.id))
    result = await challenges.results(challenge.id, CAROL, guild_id=GUILD)  # closed: open to all
    bob = next(s for s in result.everyone if s.name == f"user{BOB}")
    assert not bob.finished
    assert [d.score for d in bob.deals] == [d.par for d in bob.deals]
    assert not any(d.played for d in bob.deals)
    alice = next(s for s in result.everyone if s.name == f"user{ALICE}")
    for his, hers in zip(bob.deals, alice.deals, strict=True):
        # The par's score, in matchpoints too: an untouched attempt is no free 50%.
        assert his.matchpoints == matchpoints(his.par, [hers.score])
        assert hers.matchpoints == matchpoints(hers.score, [his.par])


async def test_an_attempt_survives_a_restart_mid_deal(
    open_tables: OpenTables, pool: Executor
) -> None:
    h = await open_tables(name="c.sqlite3")
    challenges = service(h, pool)
    challenge = await challenges.create(guild_id=GUILD, deals=1)
    await start(challenges, ALICE, challenge.id)
    await drive(h, {ALICE: "random"}, channel=DM[ALICE], base=ALICE, moves=6)
    before = h.manager.table(DM[ALICE])
    assert before is not None and before.challenge_id == challenge.id
    await h.close()
    again = await open_tables(name="c.sqlite3")
    assert await again.manager.restore() == 1
    after = again.manager.table(DM[ALICE])
    assert after is not None and after.turn == before.turn and after.challenge_id == challenge.id
    challenges = service(again, pool)
    snap = await challenges.play(challenge.id, ALICE, "a", guild_id=GUILD, channel_id=DM[ALICE])
    assert snap.turn == before.turn  # taken up where it stopped, not started again
    await drive(again, {ALICE: "random"}, channel=DM[ALICE], base=ALICE)
    result = await challenges.results(challenge.id, ALICE, guild_id=GUILD)
    assert result.mine is not None and result.mine.finished


async def test_a_daily_challenge_is_made_once_and_its_cards_follow_the_key(
    open_tables: OpenTables, pool: Executor
) -> None:
    h = await open_tables()
    challenges = service(h, pool)
    first = await challenges.create(guild_id=GUILD, day="2026-11-28", deals=1)
    again = await challenges.create(guild_id=GUILD, day="2026-11-28", deals=1)
    other = await challenges.create(guild_id=GUILD + 1, day="2026-11-28", deals=1)
    everyone = await challenges.create(guild_id=None, day="2026-11-28", deals=1)
    assert first.id == again.id and first.seed == again.seed
    assert len({first.seed, other.seed, everyone.seed}) == 3
    assert everyone.scope == "instance" and everyone.guild_id is None


async def test_the_instance_challenge_ranks_each_server_apart_and_everyone_together(
    open_tables: OpenTables, pool: Executor
) -> None:
    h = await open_tables()
    challenges = service(h, pool)
    everyone = await challenges.create(guild_id=None, day="2026-11-28", deals=1)
    players = {ALICE: GUILD, BOB: GUILD, CAROL: GUILD + 1}
    for user, guild in players.items():
        await challenges.play(everyone.id, user, f"user{user}", guild_id=guild, channel_id=DM[user])
        await drive(h, {user: "random"}, channel=DM[user], base=user)
    here = await challenges.results(everyone.id, ALICE, guild_id=GUILD)
    there = await challenges.results(everyone.id, CAROL, guild_id=GUILD + 1)
    assert len(here.everyone) == len(there.everyone) == 3
    assert {s.name for s in here.here} == {f"user{ALICE}", f"user{BOB}"}
    assert [s.name for s in there.here] == [f"user{CAROL}"] and there.here[0].rank == 1
    # Matchpoints count against the whole field, whichever server one played from.
    carol = next(s for s in here.everyone if s.name == f"user{CAROL}")
    assert there.here[0].matchpoints == carol.matchpoints


async def test_deal_instances_compare_members_within_their_variant_only(
    open_tables: OpenTables, pool: Executor
) -> None:
    h = await open_tables()
    challenges = ChallengeService(
        h.storage, h.manager, executor=pool, clock=h.clock, level=LEVEL, rng=random.Random(3)
    )
    challenge = await challenges.create(guild_id=GUILD, deals=1, variants=2)
    assert len(await h.storage.pars(challenge.id)) == 2  # a par per variant
    for user in (ALICE, BOB, CAROL):
        await play(challenges, h, user, challenge.id)
    attempts = {a.player_id: a for a in await h.storage.attempts(challenge.id)}
    variants = [a.variant for a in attempts.values()]
    assert set(variants) == {0, 1}, "the seeded draw gives both variants"
    dealt = {}
    for a in attempts.values():
        (record,) = await h.storage.deal_records(a.game_id)
        dealt.setdefault(a.variant, set()).add(str(record["hands"]))
    assert all(len(hands) == 1 for hands in dealt.values())  # one deal per variant
    assert dealt[0] != dealt[1]
    result = await challenges.results(challenge.id, ALICE, guild_id=GUILD)
    pars = {p.variant: p.score for p in await h.storage.pars(challenge.id)}
    for one in result.everyone:
        mates = [o for o in result.everyone if o.variant == one.variant and o is not one]
        (line,) = one.deals
        assert line.par == pars[one.variant]  # each against its own variant's par
        if not mates:
            assert line.matchpoints is None  # alone in its variant: nobody to compare with
        else:
            (mate,) = mates
            (theirs,) = mate.deals
            assert line.matchpoints == (
                100.0 if line.score > theirs.score else 50.0 if line.score == theirs.score else 0.0
            )


async def test_a_deal_is_reviewed_once_finished_with_ones_own_record_the_par_and_the_field(
    open_tables: OpenTables, pool: Executor
) -> None:
    h = await open_tables()
    challenges = service(h, pool, lifetime=600.0)
    challenge = await challenges.create(guild_id=GUILD, deals=2)
    pars = await h.storage.pars(challenge.id)
    await refused(RefusalCode.RESULTS_HIDDEN, challenges.review(challenge.id, ALICE, 0))
    await play(challenges, h, ALICE, challenge.id)
    await play(challenges, h, BOB, challenge.id)
    await start(challenges, CAROL, challenge.id)  # her first deal played, not the second
    await drive(h, {CAROL: "random"}, channel=DM[CAROL], base=CAROL, until=second_deal)
    await refused(RefusalCode.RESULTS_HIDDEN, challenges.review(challenge.id, CAROL, 0))

    attempts = {a.player_id: a for a in await h.storage.attempts(challenge.id)}
    alice = next(a for a in attempts.values() if a.name == f"user{ALICE}")
    mine = (await challenges.results(challenge.id, ALICE, guild_id=GUILD)).mine
    assert mine is not None
    scores = await h.storage.challenge_results(challenge.id)
    for number in (0, 1):
        seen = await challenges.review(challenge.id, ALICE, number)
        assert (seen.challenge.id, seen.number, seen.variant) == (challenge.id, number, 0)
        assert seen.line == mine.deals[number] and seen.par == pars[number]
        assert seen.record == (await h.storage.deal_records(alice.game_id))[number]
        assert seen.names == tuple(await h.storage.seat_names(alice.game_id))
        field = [  # Alice's and Bob's: Carol has not finished
            s for s in scores if s.number == number and s.finished_at is not None
        ]
        assert seen.field.played == len(field) == 2
        assert seen.field.took == sum(s.taker_seat == 0 for s in field)
        assert seen.field.made == sum(s.taker_seat == 0 and bool(s.made) for s in field)
        assert seen.field.best == max(s.score for s in field)
        assert seen.field.worst == min(s.score for s in field)
        assert seen.field.median == sum(s.score for s in field) / 2
    await refused(RefusalCode.NO_CHALLENGE, challenges.review(challenge.id, ALICE, 2))

    h.clock.advance(601.0)  # closed: open to all, with whatever each played
    first = await challenges.review(challenge.id, CAROL, 0)
    assert first.field.played == 3 and first.record is not None and first.line is not None
    unplayed = await challenges.review(challenge.id, CAROL, 1)
    assert unplayed.record is None and unplayed.line is not None and not unplayed.line.played
    assert unplayed.field.played == 2
    stranger = await challenges.review(challenge.id, 2004, 1)  # never played it
    assert stranger.line is None and stranger.record is None and stranger.par == pars[1]
    assert stranger.field == unplayed.field


def second_deal(snap: TableSnapshot, user: int, view: DealView) -> bool:
    return snap.deal_number > 1
