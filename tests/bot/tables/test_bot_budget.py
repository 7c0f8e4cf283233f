"""Bot budgets under load: the policy alone (demand -> budget, the floor -> the heuristic),
then the table service with many tables asking at once against few workers."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from statistics import median

import pytest
from tables_support import GUILD, HOST, Harness, open_harness

from bot.challenges import ChallengeService
from bot.tables import Refused, TableSettings, bot_moves, thinking
from bot.tables.bot_budget import FLOOR_MS, Plan, budget_ms, plan, share_ms
from bot.tables.thinking import decision_seed, think, think_in_time
from tarot_core import Action, DealView, Game, Rules, make_bot, view

# ----- the policy ---------------------------------------------------------------------------


@pytest.mark.parametrize("demand", [1, 2, 3])
def test_no_more_decisions_than_workers_think_for_the_whole_budget(demand: int) -> None:
    assert share_ms(1000, 3, demand) == 1000
    assert budget_ms(1000, 3, demand, waited_ms=0) == 1000


@pytest.mark.parametrize(
    ("workers", "demand", "expected"), [(1, 2, 500), (1, 10, 100), (3, 12, 250), (2, 50, 40)]
)
def test_more_decisions_than_workers_share_them(workers: int, demand: int, expected: int) -> None:
    assert share_ms(1000, workers, demand) == expected
    assert budget_ms(1000, workers, demand, waited_ms=0) == expected


def test_time_spent_waiting_counts_against_the_budget() -> None:
    assert budget_ms(1000, 1, 1, waited_ms=700) == 300  # alone, but it queued
    assert budget_ms(1000, 1, 4, waited_ms=700) == 250  # its share is still less
    assert budget_ms(1000, 1, 4, waited_ms=900) == 100


def test_below_the_floor_the_heuristic_decides() -> None:
    assert budget_ms(1000, 1, 1000 // FLOOR_MS, waited_ms=0) == FLOOR_MS
    assert budget_ms(1000, 1, 1000 // FLOOR_MS + 1, waited_ms=0) == 0
    assert budget_ms(1000, 1, 1, waited_ms=1000 - FLOOR_MS + 1) == 0
    # A budget set below the floor: the expert while it keeps half of it.
    assert budget_ms(10, 1, 1, waited_ms=1) == 9
    assert budget_ms(10, 1, 2, waited_ms=0) == 5
    assert budget_ms(10, 1, 3, waited_ms=0) == 0
    assert plan("expert", 1000, 1, 200, 0) == Plan("heuristic", 1000, 0)
    assert plan("expert", 1000, 2, 10, 0) == Plan("expert", 200, 200)


@pytest.mark.parametrize("level", ["expert:100", "expert:1", "heuristic", "random"])
def test_only_the_time_bound_expert_shrinks(level: str) -> None:
    """``expert:N`` (the challenges' opponents) decides the same whatever the load."""
    assert plan(level, 1000, 1, 10_000, waited_ms=60_000) == Plan(level, 1000, None)


def first_views() -> Iterator[DealView]:
    game = Game(Rules.from_options(4, {}), deals=1, dealer=0, seed=11)
    deal = game.current
    while deal.to_act is not None:
        seen = view(deal, deal.to_act)
        yield seen
        deal.apply(make_bot("heuristic", seed=1).act(seen))


def test_a_decision_that_waited_too_long_in_the_pool_is_the_heuristic_s() -> None:
    """The worker itself measures the wait, so time queued in the pool counts."""
    seen = next(v for v in first_views() if len(v.legal) > 1)
    seed = decision_seed(11, 0, 0)
    late = time.monotonic() - 0.995  # ready almost a second ago: 5 ms left
    action, given = think_in_time("expert", seed, 1000, 4, 1, late, seen)
    assert given == 0 and action == think("heuristic", seed, 1000, seen)
    # Not shrinking (``ready_at`` None): the whole budget whatever the demand.
    assert think_in_time("expert", seed, 30, 1, 99, None, seen)[1] == 30
    assert think_in_time("expert:2", seed, 30, 1, 99, late, seen)[1] is None


# ----- the table service under load ---------------------------------------------------------

Thought = tuple[str, int]
"""What a worker was asked to run: the level and its budget in milliseconds."""


class SlowThinking:
    """``thinking.think`` faked: an expert (timed or ``expert:N``) takes its whole budget
    (a sleep, so that the test's threads stand for processes without using the
    processor), the heuristic a millisecond; the move is the heuristic's."""

    def __init__(self) -> None:
        self.asked: list[Thought] = []

    def __call__(self, level: str, seed: int, think_ms: int, seen: DealView) -> Action:
        self.asked.append((level, think_ms))
        time.sleep(think_ms / 1000 if level.startswith("expert") else 0.001)
        return make_bot("heuristic", seed=seed).act(seen)


WORKERS = 2


async def bot_tables(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    *,
    tables: int,
    level: str,
    think_ms: int,
    decisions: int,
    shrink: bool = True,
) -> tuple[Harness, list[Thought]]:
    """``tables`` tables of four ``level`` bots playing at once on ``WORKERS`` threads
    until the workers were asked for ``decisions`` decisions: the harness (closed) and
    what the workers were asked."""
    slow = SlowThinking()
    monkeypatch.setattr(thinking, "think", slow)
    settings = TableSettings(bot_pause=0, think_ms=think_ms, shrink_budget=shrink)
    with ThreadPoolExecutor(WORKERS) as executor:
        h = await open_harness(tmp_path / "load.sqlite3", executor, settings, workers=WORKERS)
        try:
            for channel in range(tables):
                # Dealer 3 (the seed modulo 4): the host's seat bids first, and is a bot's
                # before anyone is to act.
                await h.manager.create(
                    channel, HOST + channel, "Host", players=4, deals=1, seed=3 + 4 * channel
                )
                for _ in range(3):
                    await h.manager.add_bot(channel, HOST + channel, level)
                await h.manager.start(channel, HOST + channel)
                await h.manager.replace(channel, HOST + channel, 0, level)
            deadline = time.monotonic() + 60
            while len(slow.asked) < decisions and time.monotonic() < deadline:
                await asyncio.sleep(0.01)
        finally:
            await h.close()
    assert len(slow.asked) >= decisions, "the bots stopped deciding"
    return h, slow.asked


async def test_a_lone_table_s_expert_thinks_for_its_whole_budget(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    h, asked = await bot_tables(
        tmp_path, monkeypatch, tables=1, level="expert", think_ms=150, decisions=8
    )
    assert {level for level, _ in asked} == {"expert"}
    budgets = [ms for _, ms in asked]
    assert min(budgets) >= 0.9 * 150, budgets  # less only the hand-over to the worker
    tally = h.manager.bot_budgets()
    assert tally.peak_demand == 1 and tally.full == tally.timed >= 7  # the last one cut short


async def test_many_tables_at_once_think_for_their_share_and_never_queue_long(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """10 tables, 2 workers, 400 ms: a decision's share is 80 ms, and a bot's turn takes
    about the budget, where whole budgets would queue for 10 x 400 / 2 = 2 s. The log
    says so (here every half second rather than every minute)."""
    caplog.set_level(logging.INFO, logger="bot")
    monkeypatch.setattr(bot_moves, "LOAD_LOG_EVERY", 0.5)
    think_ms, tables = 400, 10
    h, asked = await bot_tables(
        tmp_path, monkeypatch, tables=tables, level="expert", think_ms=think_ms, decisions=60
    )
    budgets = [ms if level == "expert" else 0 for level, ms in asked]
    assert median(budgets[tables:]) <= 1.5 * think_ms * WORKERS / tables, budgets
    tally = h.manager.bot_budgets()
    assert tally.peak_demand == tables
    assert tally.shrunk + tally.fallen > tally.timed / 2
    assert median(tally.latencies) < 2 * think_ms / 1000, sorted(tally.latencies)
    said = [r.getMessage() for r in caplog.records if r.name == "bot.tables.bot_moves"]
    assert said and all(line.startswith("bots under load: of ") for line in said), said
    assert f"under 90% of their {think_ms} ms" in said[0]
    assert said[-1].endswith(f"at most {tables} decisions at once, bot processes: {WORKERS}")


async def test_without_shrinking_every_expert_thinks_for_the_whole_budget(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The old behaviour (``shrink_budget`` off, the benchmark's ``--no-shrink``)."""
    h, asked = await bot_tables(
        tmp_path, monkeypatch, tables=6, level="expert", think_ms=40, decisions=12, shrink=False
    )
    assert set(asked) == {("expert", 40)}
    assert h.manager.bot_budgets().full == h.manager.bot_budgets().timed


async def instant_members(h: Harness, members: dict[int, int]) -> None:
    """Each member (channel: user) plays their first legal action as soon as it is their
    turn, until cancelled."""
    while True:
        for channel, user in members.items():
            snap = h.manager.table(channel)
            if snap is None or snap.status != "playing" or snap.to_act is None:
                continue
            try:
                current, seat, seen = h.manager.private_view(channel, user)
                if seen.to_act == seat:
                    await h.manager.act(channel, user, current.turn, seen.legal[0])
            except Refused:  # its bot moved first, or the deal ended meanwhile
                pass
        await asyncio.sleep(0.005)


async def test_a_fixed_sample_expert_is_never_shrunk_under_load(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``expert:N``, as the challenges play: 10 members' attempts at once on 2 workers."""
    slow = SlowThinking()
    monkeypatch.setattr(thinking, "think", slow)
    settings = TableSettings(bot_pause=0, think_ms=40)
    members = {9000 + i: 3000 + i for i in range(10)}
    with ThreadPoolExecutor(WORKERS) as executor:
        h = await open_harness(tmp_path / "c.sqlite3", executor, settings, workers=WORKERS)
        challenges = ChallengeService(
            h.storage, h.manager, executor=executor, clock=h.clock, level="expert:1"
        )
        playing = None
        try:
            challenge = await challenges.create(guild_id=GUILD, deals=1)
            for channel, user in members.items():
                await challenges.play(
                    challenge.id, user, f"member {user}", guild_id=GUILD, channel_id=channel
                )
            playing = asyncio.create_task(instant_members(h, members))
            deadline = time.monotonic() + 60
            while len(slow.asked) < 30 and time.monotonic() < deadline:
                await asyncio.sleep(0.01)
        finally:
            if playing is not None:
                playing.cancel()
            await h.close()
    assert len(slow.asked) >= 30 and set(slow.asked) == {("expert:1", 40)}
    tally = h.manager.bot_budgets()
    assert tally.peak_demand > WORKERS and tally.timed == 0
