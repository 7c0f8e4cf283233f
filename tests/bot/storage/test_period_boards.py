"""A leaderboard over a period (a week, a month), on each backend: read from the deals that
finished in it, table games only (a challenge's attempt never counts), per guild or over
every game, ranked by points, then deals, then id."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from pathlib import Path
from types import SimpleNamespace

import pytest
from storage_backends import open_sqlite

from bot.storage import PeriodStanding, Storage
from bot.storage.sql.leaderboards import PERIOD_BOARD
from tarot_core import Contract, DealResult, Outcome, Rules

GUILD = 2**62 + 7
"""Beyond 2**53, where a float would round it."""
OTHER_GUILD = 5_000
SINCE = 1_800_000_000.0
"""The period's first moment."""
BEFORE = SINCE - 1.0
INSIDE = SINCE + 3600.0
RECORD = {"format": "tarot-deal/1", "note": "a stand-in: these tests never replay it"}


def played(taker: int, made: bool, scores: Sequence[int]) -> DealResult:
    return DealResult(
        Outcome.PLAYED, tuple(scores), taker=taker, contract=Contract.GARDE, made=made
    )


class Clock:
    """The time the storage stamps a deal's ``finished_at`` with."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.now = SINCE
        monkeypatch.setattr("bot.storage.sql.deals.time", SimpleNamespace(time=lambda: self.now))


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    return Clock(monkeypatch)


async def table(db: Storage, guild_id: int | None, seats: Sequence[int]) -> int:
    game = await db.create_game(
        guild_id=guild_id,
        channel_id=7,
        players=len(seats),
        rules=Rules(players=len(seats)).options(),
        deals_target=8,
        seed=1,
    )
    for seat, player in enumerate(seats):
        await db.seat(game, seat, player)
    await db.set_status(game, "playing")
    return game


async def deals(
    db: Storage, clock: Clock, game: int, seats: Sequence[int], at: float, *results: DealResult
) -> None:
    """Store ``results`` as the game's next deals, finished at ``at``."""
    clock.now = at
    number = await db.recorded_deals(game)
    for result in results:
        number += 1
        await db.record_deal(game, number, RECORD, result, list(seats))


async def challenge_game(db: Storage, player: int, bot: int) -> int:
    """A member's attempt at a challenge of ``GUILD``: a game of the guild, never counted."""
    challenge_id, _ = await db.create_challenge(
        scope="guild",
        guild_id=GUILD,
        day=None,
        players=4,
        rules=Rules(players=4).options(),
        deals=2,
        seat=0,
        variants=1,
        level="expert:64",
        seed=5,
        created_by=player,
        opened_at=SINCE,
        closes_at=SINCE + 86_400,
    )
    return await db.start_attempt(
        challenge_id=challenge_id,
        player_id=player,
        variant=0,
        guild_id=GUILD,
        channel_id=77,
        players=4,
        rules=Rules(players=4).options(),
        deals_target=2,
        seed=9,
        seats=[player, bot, bot, bot],
        started_at=SINCE,
    )


def figures(board: list[PeriodStanding]) -> list[tuple[str, int, int, int, int, int]]:
    return [(s.name, s.rank, s.points, s.deals, s.taken, s.made) for s in board]


async def test_a_period_counts_the_table_deals_finished_in_it(db: Storage, clock: Clock) -> None:
    a, b, c, d = [await db.player("user", name, name) for name in "ABCD"]
    bot = await db.player("bot", "expert:64", "Expert")
    here = await table(db, GUILD, [a, b, c, d])
    await deals(db, clock, here, [a, b, c, d], BEFORE, played(0, True, [300, -100, -100, -100]))
    await deals(
        db,
        clock,
        here,
        [a, b, c, d],
        SINCE,  # the first moment belongs to the period
        played(1, True, [-60, 180, -60, -60]),
        DealResult(Outcome.PASSED, (0, 0, 0, 0)),  # a redeal: no deal
        played(0, False, [-150, 50, 50, 50]),
    )
    # Two seats of one bot level: each deal counts once for it, its seats' scores summed.
    with_bot = await table(db, GUILD, [c, bot, d, bot])
    await deals(db, clock, with_bot, [c, bot, d, bot], INSIDE, played(1, True, [-40, 60, -40, 20]))
    elsewhere = await table(db, OTHER_GUILD, [a, b, c])
    await deals(db, clock, elsewhere, [a, b, c], INSIDE, played(0, True, [400, -200, -200]))
    attempt = await challenge_game(db, d, bot)
    await deals(
        db, clock, attempt, [d, bot, bot, bot], INSIDE, played(0, True, [900, -300, -300, -300])
    )
    assert await db.recorded_deals(attempt) == 1  # stored, as every deal is

    guild = await db.period_board(GUILD, SINCE)
    assert figures(guild) == [
        ("B", 1, 230, 2, 1, 1),
        ("Expert", 2, 80, 1, 1, 1),
        ("C", 3, -50, 3, 0, 0),
        ("D", 3, -50, 3, 0, 0),  # equal to C on points and deals: its rank, after it on id
        ("A", 5, -210, 2, 1, 0),
    ]
    assert sum(s.points for s in guild) == 0
    by = {s.name: s for s in guild}
    assert by["A"].average == -105.0 and by["A"].taker_rate == 0.5
    assert by["A"].success_rate == 0.0 and by["C"].success_rate is None
    assert (by["Expert"].kind, by["Expert"].external_id) == ("bot", "expert:64")
    assert by["B"].player_id == b

    everywhere = await db.period_board(None, SINCE)
    assert figures(everywhere) == [
        ("A", 1, 190, 3, 2, 1),
        ("Expert", 2, 80, 1, 1, 1),
        ("B", 3, 30, 3, 1, 1),
        ("D", 4, -50, 3, 0, 0),
        ("C", 5, -250, 4, 0, 0),
    ]
    assert figures(await db.period_board(OTHER_GUILD, SINCE)) == [
        ("A", 1, 400, 1, 1, 1),
        ("B", 2, -200, 1, 0, 0),
        ("C", 2, -200, 1, 0, 0),
    ]
    # The deal before the period counts once the period starts earlier.
    assert figures(await db.period_board(GUILD, BEFORE)) == [
        ("B", 1, 130, 3, 1, 1),
        ("A", 2, 90, 3, 2, 1),
        ("Expert", 3, 80, 1, 1, 1),
        ("C", 4, -150, 4, 0, 0),
        ("D", 4, -150, 4, 0, 0),
    ]
    assert await db.period_board(GUILD, INSIDE + 1) == []


async def test_a_page_keeps_the_ranks_of_the_whole_board(db: Storage, clock: Clock) -> None:
    a, b, c, d = players = [await db.player("user", name, name) for name in "ABCD"]
    game = await table(db, None, players)
    await deals(db, clock, game, players, INSIDE, played(0, True, [90, -30, -30, -30]))
    assert figures(await db.period_board(None, SINCE, limit=2, offset=1)) == [
        ("B", 2, -30, 1, 0, 0),
        ("C", 2, -30, 1, 0, 0),
    ]
    assert [s.player_id for s in await db.period_board(None, SINCE, offset=2)] == [c, d]
    assert [s.player_id for s in await db.period_board(None, SINCE, limit=1)] == [a]
    assert b in [s.player_id for s in await db.period_board(None, SINCE)]
    assert await db.period_board(GUILD, SINCE) == []  # a game outside any guild


async def test_a_challenge_game_alone_leaves_the_period_empty(db: Storage, clock: Clock) -> None:
    me = await db.player("user", "1", "Me")
    bot = await db.player("bot", "expert:64", "Expert")
    attempt = await challenge_game(db, me, bot)
    await deals(
        db, clock, attempt, [me, bot, bot, bot], INSIDE, played(0, True, [90, -30, -30, -30])
    )
    assert await db.period_board(GUILD, SINCE) == []
    assert await db.period_board(None, SINCE) == []


@pytest.mark.parametrize("guild", [False, True])
async def test_sqlite_reads_only_the_deals_of_the_period(tmp_path: Path, guild: bool) -> None:
    path = tmp_path / "plan.sqlite3"
    await (await open_sqlite(path)).close()
    with sqlite3.connect(path) as conn:
        args = (SINCE, 10, 0, GUILD)[: 4 if guild else 3]
        sql = PERIOD_BOARD[guild].replace("$", "?")
        plan = [row[3] for row in conn.execute(f"EXPLAIN QUERY PLAN {sql}", args)]
    assert "SEARCH d USING INDEX deals_by_finished_at (finished_at>?)" in plan
    assert not any(step.startswith(("SCAN d", "SCAN g", "SCAN s")) for step in plan), plan
