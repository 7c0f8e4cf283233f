"""Closing a challenge and streaks through the challenges' service, on a real SQLite file:
a closed daily challenge's final standings written on its ladder once, nothing before it
closes, nothing from a challenge on demand; a streak counted across months and years."""

from __future__ import annotations

from concurrent.futures import Executor
from datetime import date

import pytest

from bot.challenges import ChallengeService
from bot.challenges.seasons import INSTANCE_BEST, ladder_scores, parse_month, streak
from tests.bot.tables_support import GUILD, Harness, OpenTables, drive

LEVEL = "heuristic"
ALICE, BOB, CAROL = 2001, 2002, 2003
DM = {ALICE: 9001, BOB: 9002, CAROL: 9003}
DAY = "2027-01-15"
"""The harness clock's day (1_800_000_000: 2027-01-15 08:00 UTC)."""


def service(h: Harness, pool: Executor) -> ChallengeService:
    return ChallengeService(
        h.storage, h.manager, executor=pool, clock=h.clock, level=LEVEL, lifetime=600.0
    )


async def start(challenges: ChallengeService, user: int, challenge_id: int) -> None:
    await challenges.play(challenge_id, user, f"user{user}", guild_id=GUILD, channel_id=DM[user])


async def play(challenges: ChallengeService, h: Harness, user: int, challenge_id: int) -> None:
    await start(challenges, user, challenge_id)
    await drive(h, {user: "random"}, channel=DM[user], base=user)


async def test_closing_a_daily_challenge_writes_its_ladder_once(
    open_tables: OpenTables, pool: Executor
) -> None:
    h = await open_tables()
    challenges = service(h, pool)
    daily = await challenges.create(guild_id=GUILD, day=DAY, deals=2)
    await play(challenges, h, ALICE, daily.id)
    await play(challenges, h, BOB, daily.id)
    await start(challenges, CAROL, daily.id)  # never finished
    await h.manager.settle()  # the computer players' moves before Carol's turn
    with pytest.raises(ValueError):
        await challenges.close(daily.id)  # still open: nothing final, nothing written
    assert await h.storage.ladder("guild", GUILD, "2027-01", 20, 10) == []

    h.clock.advance(601.0)
    final = await challenges.close(daily.id)
    assert final.closed and final.mine is None
    assert {s.name for s in final.everyone} == {f"user{u}" for u in (ALICE, BOB, CAROL)}
    carol = next(s for s in final.everyone if s.name == f"user{CAROL}")
    assert not carol.finished and [d.score for d in carol.deals] == [d.par for d in carol.deals]
    expected = dict(ladder_scores(final.everyone))
    ladder = await h.storage.ladder("guild", GUILD, "2027-01", 20, 10)
    assert {line.player_id: line.total for line in ladder} == expected
    # No deal played: the par's scores, in matchpoints against the field like anyone's.
    assert carol.matchpoints is not None and expected[carol.player_id] == carol.matchpoints
    assert all(line.days == 1 for line in ladder)

    again = await challenges.close(daily.id)  # the scheduler of another process, say
    assert [s.player_id for s in again.everyone] == [s.player_id for s in final.everyone]
    assert await h.storage.ladder("guild", GUILD, "2027-01", 20, 10) == ladder
    assert await h.storage.record_ladder(daily.id, ladder_scores(final.everyone)) == 0
    assert await h.storage.ladder("instance", None, "2027-01", INSTANCE_BEST, 10) == []
    assert await h.storage.leaderboard(GUILD) == []  # never a rating


async def test_a_challenge_on_demand_feeds_no_ladder(
    open_tables: OpenTables, pool: Executor
) -> None:
    h = await open_tables()
    challenges = service(h, pool)
    on_demand = await challenges.create(guild_id=GUILD, deals=1)
    await play(challenges, h, ALICE, on_demand.id)
    h.clock.advance(601.0)
    final = await challenges.close(on_demand.id)
    assert [s.name for s in final.everyone] == [f"user{ALICE}"]
    assert await h.storage.ladder("guild", GUILD, "2027-01", 20, 10) == []
    assert await challenges.member_streak(ALICE, on_demand) is None


async def test_a_member_streak_counts_the_daily_challenges_of_its_scope(
    open_tables: OpenTables, pool: Executor
) -> None:
    h = await open_tables()
    challenges = service(h, pool)
    yesterday = await challenges.create(guild_id=GUILD, day="2027-01-14", deals=1)
    today = await challenges.create(guild_id=GUILD, day=DAY, deals=1)
    everyone = await challenges.create(guild_id=None, day=DAY, deals=1)
    await play(challenges, h, ALICE, yesterday.id)
    assert await challenges.member_streak(ALICE, today) == 1  # today is not over
    assert await challenges.member_streak(ALICE, everyone) == 0
    assert await challenges.member_streak(BOB, today) is None  # never seen
    await play(challenges, h, ALICE, today.id)
    assert await challenges.member_streak(ALICE, today) == 2
    player = await h.storage.find_player("user", str(ALICE))
    assert player is not None
    later = date(2027, 1, 17)  # the 16th missed
    assert await challenges.streak(player.id, "guild", GUILD, later) == 0


def test_a_streak_runs_across_months_and_years_and_stops_at_a_gap() -> None:
    days = ["2026-12-30", "2026-12-31", "2027-01-01", "2027-01-02", "2026-12-28"]
    assert streak(days, date(2027, 1, 2)) == 4
    assert streak(days, date(2027, 1, 3)) == 4  # yesterday's counts while today lasts
    assert streak(days, date(2027, 1, 4)) == 0
    assert streak(["2027-02-28", "2027-03-01"], date(2027, 3, 1)) == 2
    assert streak(["2028-02-28", "2028-02-29", "2028-03-01"], date(2028, 3, 2)) == 3
    assert streak(["2026-12-28"], date(2026, 12, 28)) == 1
    assert streak([], date(2027, 1, 1)) == 0


def test_a_month_is_typed_as_year_dash_month() -> None:
    assert parse_month(" 2026-11 ") == "2026-11"
    for wrong in ("2026-13", "2026-00", "11-2026", "2026-1", "2026/11", "", "2026-11-01"):
        assert parse_month(wrong) is None
