"""Crash torture: the table service playing several tables on one SQLite file is killed
(SIGKILL) again and again at random moments, some aimed at its commits, and started again
until every game is over; then everything stored must be whole and consistent.

The driver (``torture_driver.py``) plays every choice deterministically, so each stored
game must also be exactly the game its seed and its players make without any break.
Every other run thinks in the real worker pool, whose workers must not outlive a kill.
"""

from __future__ import annotations

import asyncio
import json
import math
import os
import random
import signal
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from process_support import (
    HAS_PROC,
    Lines,
    Proc,
    child_env,
    kill_session,
    session,
    start_of,
    wait_gone,
)
from torture_driver import PLANS, Plan, expected_game

from bot.storage import Storage, open_storage
from tarot_core import Game, Rules, ranks, replay, to_record
from tarot_core.serial import action_from_json, action_to_json

pytestmark = pytest.mark.skipif(not HAS_PROC, reason="reads processes from /proc")

DRIVER = Path(__file__).with_name("torture_driver.py")
SEED = 9
MAX_KILLS = 28
KILLING_FOR = 18.0
"""Seconds after which no run is killed any more: the next one plays to the end."""
RUN_TIMEOUT = 20.0
"""A run not over after this long has hung (all the games take about 2 s)."""
GONE_WITHIN = 10.0


@dataclass(frozen=True)
class Kill:
    kind: str
    """``start``: ``delay`` seconds after the run is started; ``delay``: that long after it
    is ready (restored, set up); ``commit``/``committed``: on reading the ``count``-th
    marker of that kind (the COMMIT about to go, or just returned)."""
    delay: float = 0.0
    count: int = 0


def draw_kill(rng: random.Random) -> Kill:
    """Delays spread evenly on a log scale, from a few milliseconds to a few hundred."""

    def spread(low: float, high: float) -> float:
        return math.exp(rng.uniform(math.log(low), math.log(high)))

    roll = rng.random()
    if roll < 0.15:
        return Kill("start", delay=spread(0.005, 0.5))
    if roll < 0.5:
        return Kill("delay", delay=spread(0.003, 0.3))
    return Kill("commit" if roll < 0.8 else "committed", count=rng.randint(1, 40))


@dataclass
class Run:
    proc: subprocess.Popen[bytes]
    out: Lines
    start: int
    pool: bool
    errors: Path
    lines: list[str] = field(default_factory=list)
    orphans: list[Proc] = field(default_factory=list)
    """What the run had started, seen just after it was killed."""

    @classmethod
    def begin(cls, path: Path, number: int, pool: bool) -> Run:
        errors = path.with_name(f"run{number}.err")
        with errors.open("wb") as err:
            proc = subprocess.Popen(
                [sys.executable, str(DRIVER), str(path), "--marks", *(["--pool"] * pool)],
                stdout=subprocess.PIPE,
                stderr=err,
                cwd=path.parent,
                env=child_env(),
                start_new_session=True,
            )
        assert proc.stdout is not None
        return cls(proc, Lines(proc.stdout.fileno()), start_of(proc.pid), pool, errors)

    def follow(self, kill: Kill | None) -> bool:
        """Read the run's output until it ends or ``kill`` strikes; True if it was killed."""
        begun = time.monotonic()
        kill_at = begun + kill.delay if kill is not None and kill.kind == "start" else None
        markers = 0
        while True:
            now = time.monotonic()
            if kill_at is not None and now >= kill_at:
                return self.kill()
            if now - begun > RUN_TIMEOUT:
                raise AssertionError(f"the driver hung: {self.tail()}")
            line = self.out.line(max(0.0, (kill_at or now + 1.0) - now))
            if line is None:
                if self.out.eof:
                    return False
                continue
            self.lines.append(line)
            if kill is None:
                continue
            if line == "ready" and kill.kind == "delay":
                kill_at = time.monotonic() + kill.delay
            if line.split()[:1] == [kill.kind]:
                markers += 1
                if markers == kill.count:
                    return self.kill()

    def kill(self) -> bool:
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=10)
        self.orphans = self.left_behind()
        return True

    def left_behind(self) -> list[Proc]:
        return [p for p in session(self.proc.pid) if p.start >= self.start]

    def tail(self) -> str:
        return f"stdout ends {self.lines[-3:]}, stderr: {self.errors.read_text()[-3000:]}"

    def close(self) -> None:
        kill_session(self.proc.pid, self.start)
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait(timeout=10)
        assert self.proc.stdout is not None
        self.proc.stdout.close()


def test_tables_killed_at_random_moments_end_whole_and_consistent(tmp_path: Path) -> None:
    rng = random.Random(SEED)
    path = tmp_path / "torture.sqlite3"
    begun = time.monotonic()
    runs: list[Run] = []
    kills: Counter[str] = Counter()
    try:
        while True:
            killing = len(runs) < MAX_KILLS and time.monotonic() - begun < KILLING_FOR
            kill = draw_kill(rng) if killing else None
            run = Run.begin(path, len(runs), pool=len(runs) % 2 == 0)
            runs.append(run)
            if run.follow(kill):
                assert kill is not None
                kills[kill.kind] += 1
                kills["pool" if run.pool else "inline"] += 1
                continue
            code = run.proc.wait(timeout=10)
            assert code == 0 and run.lines[-1:] == ["done"], f"exit {code}: {run.tail()}"
            break
        played = time.monotonic() - begun

        killed = runs[:-1]
        orphans = {p for r in killed for p in r.orphans + r.left_behind()}
        left = wait_gone(list(orphans), GONE_WITHIN)
        assert left == [], f"processes of killed runs still running after {GONE_WITHIN} s: {left}"
        for r in killed:
            assert r.out.until_eof(timeout=5), "something still holds a killed run's stdout open"
        assert runs[-1].left_behind() == []
    finally:
        for run in runs:
            run.close()

    commits = sum(1 for r in runs for line in r.lines if line.startswith("commit "))
    last = sum(1 for line in runs[-1].lines if line.startswith("commit "))
    assert commits > 0, "the driver printed no commit marker: kills cannot aim at commits"
    total = kills["pool"] + kills["inline"]
    assert total >= 5 and kills["commit"] + kills["committed"] >= 2, kills
    assert orphans, "no kill left a worker behind: the pool was never put to the test"
    asyncio.run(check_stored(path))
    print(
        f"\n{total} kills ({kills['start']} while starting, {kills['delay']} after a delay,"
        f" {kills['commit']} before a COMMIT, {kills['committed']} right after one;"
        f" {kills['pool']} with the worker pool, orphaning {len(orphans)} processes),"
        f" {len(runs)} runs, {commits} commits ({last} in the last run);"
        f" played in {played:.1f} s, checked in {time.monotonic() - begun - played:.1f} s"
    )


# ----- what must be stored ---------------------------------------------------------------------


async def rows(storage: Storage, sql: str, *args: Any) -> list[Any]:
    async with storage.conn.execute(sql, args) as cur:
        return list(await cur.fetchall())


async def check_stored(path: Path) -> None:
    storage = await open_storage(path)
    try:
        assert await rows(storage, "PRAGMA integrity_check") == [("ok",)]
        assert await rows(storage, "PRAGMA foreign_key_check") == []
        games = await rows(storage, "SELECT channel_id, id FROM games ORDER BY id")
        assert sorted(c for c, _ in games) == sorted(p.channel for p in PLANS), games
        ids = dict(games)
        for plan in PLANS:
            await check_game(storage, plan, ids[plan.channel])
        twice = await rows(
            storage, "SELECT game_id, number FROM deals GROUP BY 1, 2 HAVING COUNT(*) > 1"
        )
        assert twice == [], f"deals recorded twice: {twice}"
        await check_leaderboards(storage)
    finally:
        await storage.close()


async def check_game(storage: Storage, plan: Plan, game_id: int) -> None:
    stored = await storage.game(game_id)
    assert stored is not None and stored.status == "finished", (plan.channel, stored)
    where = f"table {plan.channel}"

    # The action log replays through the engine to the stored deals, which are exactly
    # the deals the same choices make without a break.
    log = await storage.actions(game_id)
    game = Game(
        Rules.from_options(stored.players, stored.rules),
        deals=stored.deals_target,
        dealer=stored.seed % stored.players,
        seed=stored.seed,
    )
    for action in log:
        game.apply(action_from_json(action))
    assert game.over, f"{where}: the stored actions do not end the game"
    expected, actions = expected_game(plan)
    assert log == [json.loads(json.dumps(action_to_json(a))) for a in actions], where
    records = await storage.deal_records(game_id)
    for made in (game, expected):
        assert records == [json.loads(json.dumps(to_record(d))) for d in made.deals], where

    # Every record replays to its stored scores; the seats are the game's players.
    seated = [s.player_id for s in await storage.seated(game_id)]
    host = await storage.find_player("user", str(plan.host))
    deals = await rows(
        storage,
        "SELECT id, number, outcome, taker_seat, contract, made, record FROM deals"
        " WHERE game_id = ? ORDER BY number",
        game_id,
    )
    assert [d[1] for d in deals] == list(range(1, len(game.deals) + 1)), where
    sums = [0] * plan.players
    for deal_id, number, outcome, taker, contract, made, record in deals:
        result = replay(json.loads(record))
        scores = await rows(
            storage,
            "SELECT seat, player_id, score, took FROM deal_scores WHERE deal_id = ? ORDER BY seat",
            deal_id,
        )
        assert [s[2] for s in scores] == list(result.scores), f"{where}, deal {number}"
        assert [s[0] for s in scores] == list(range(plan.players))
        assert [s[3] for s in scores] == [int(i == result.taker) for i in range(plan.players)]
        assert (outcome, taker) == (result.outcome, result.taker), f"{where}, deal {number}"
        assert contract == (result.contract.text if result.contract is not None else None)
        assert made == (None if result.made is None else int(result.made))
        for seat, player, _, _ in scores:
            # Seat 0 of a bot table was its host's until the host handed it over.
            handed = seat == 0 and host is not None and player == host.id
            assert player == seated[seat] or (handed and plan.seats[0] is not None), where
        sums = [a + b for a, b in zip(sums, result.scores, strict=True)]

    # The final standings are the sums of the deals.
    results = await rows(
        storage,
        "SELECT seat, player_id, total, rank FROM game_results WHERE game_id = ? ORDER BY seat",
        game_id,
    )
    assert [r[2] for r in results] == sums == list(game.totals), where
    assert [r[3] for r in results] == list(ranks(sums)), where
    assert [r[1] for r in results] == seated, where


async def check_leaderboards(storage: Storage) -> None:
    """Every player's totals, globally (scope 0) and per guild, are its stored deals': a
    player in several seats of a deal (a bot level) counts it once, its seats' scores summed."""
    counted = await rows(
        storage, "SELECT scope, player_id, points, deals, taken, made, games FROM player_stats"
    )
    stats = {(r[0], r[1]): tuple(r[2:]) for r in counted}
    scoped = [("0", "1"), ("g.guild_id", "g.guild_id IS NOT NULL")]
    summed: dict[tuple[int, int], list[int]] = {}
    for scope, where in scoped:
        deal_rows = await rows(
            storage,
            f"SELECT scope, player_id, SUM(score), SUM(played), SUM(took), SUM(made) FROM"
            f" (SELECT {scope} AS scope, s.player_id, SUM(s.score) AS score,"
            f" MAX(d.outcome = 'played') AS played, MAX(s.took) AS took,"
            f" MAX(s.took * COALESCE(d.made, 0)) AS made"
            f" FROM deal_scores s JOIN deals d ON d.id = s.deal_id"
            f" JOIN games g ON g.id = d.game_id WHERE {where} GROUP BY s.deal_id, s.player_id)"
            f" GROUP BY 1, 2",
        )
        for scope_id, player, *figures in deal_rows:
            summed[scope_id, player] = [*figures, 0]
        game_rows = await rows(
            storage,
            f"SELECT {scope}, r.player_id, COUNT(DISTINCT r.game_id) FROM game_results r"
            f" JOIN games g ON g.id = r.game_id WHERE {where} GROUP BY 1, 2",
        )
        for scope_id, player, finished in game_rows:
            summed.setdefault((scope_id, player), [0, 0, 0, 0, 0])[4] = finished
    assert {k: list(v) for k, v in stats.items()} == summed
    assert any(scope != 0 for scope, _ in summed) and any(scope == 0 for scope, _ in summed)
