"""The load and game benchmarks, run as real commands at a tiny size."""

import asyncio
import json
import subprocess
import sys
from pathlib import Path

import asyncpg
import pytest


def run(*args: str) -> dict[str, object]:
    command = [sys.executable, "-m", "bot.benchmarks", *args, "--json"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stderr
    figures: dict[str, object] = json.loads(done.stdout)
    return figures


def test_a_game_of_bots_through_the_service_is_timed_and_scored() -> None:
    f = run("game", "--players", "3", "--deals", "2", "--seed", "4")
    assert f["players"] == 3 and f["level"] == "heuristic"
    assert isinstance(f["deals"], int) and f["deals"] >= 2
    assert isinstance(f["actions"], int) and f["actions"] >= 2 * 3 * 24
    totals = f["totals"]
    assert isinstance(totals, list) and len(totals) == 3 and sum(totals) == 0
    assert isinstance(f["seconds"], float) and f["seconds"] > 0


def test_a_challenge_and_one_attempt_are_measured_and_their_rows_counted() -> None:
    f = run("challenge", "--level", "heuristic", "--deals", "2", "--players", "5")
    assert f["players"] == 5 and f["deals"] == 2
    rows = f["rows"]
    assert isinstance(rows, dict)
    assert rows["games"] == 1 and rows["seats"] == 5 and rows["challenge_attempts"] == 1
    assert rows["deals"] == 2 and rows["deal_scores"] == 2 * 5
    assert rows["actions"] == f["member_moves"] + f["opponent_moves"]
    assert rows["player_stats"] == 0  # a challenge never counts
    assert isinstance(f["par_seconds"], float) and f["par_seconds"] >= 0


TINY_LOAD = (
    *("--tables", "12", "--humans", "4", "--seconds", "4", "--warmup", "1"),
    *("--think", "0.05", "0.1", "--workers", "1"),
)


def test_the_load_benchmark_measures_humans_bots_and_the_loop() -> None:
    f = run("load", *TINY_LOAD)
    assert f["backend"] == "sqlite"
    check_load(f)


def test_the_load_benchmark_runs_on_postgresql_and_leaves_its_games_there(pg_url: str) -> None:
    f = run("load", *TINY_LOAD, "--db", pg_url)
    assert f["backend"] == "postgresql" and "127.0.0.1" in str(f["location"])
    check_load(f)

    async def stored() -> tuple[int, int]:
        conn = await asyncpg.connect(pg_url)
        try:
            row = await conn.fetchrow(
                "SELECT (SELECT COUNT(*) FROM games), (SELECT COUNT(*) FROM actions)"
            )
        finally:
            await conn.close()
        assert row is not None
        return int(row[0]), int(row[1])

    games, actions = asyncio.run(stored())
    assert games >= 12 and actions > 100
    again = subprocess.run(
        [sys.executable, "-m", "bot.benchmarks", "load", *TINY_LOAD, "--db", pg_url],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert again.returncode == 2 and "has rows; the benchmark needs an empty database" in (
        again.stderr
    )


def test_the_load_benchmark_can_route_every_human_click_through_postgresql(pg_url: str) -> None:
    f = run("load", *TINY_LOAD, "--db", pg_url, "--cross")
    assert f["crossing"] is True
    check_load(f)

    async def states() -> dict[str, int]:
        conn = await asyncpg.connect(pg_url)
        try:
            rows = await conn.fetch("SELECT state, COUNT(*) FROM routed_clicks GROUP BY 1")
        finally:
            await conn.close()
        return {str(r[0]): int(r[1]) for r in rows}

    clicks = asyncio.run(states())  # every human move went through the database
    assert clicks.get("answered", 0) >= f["human_actions"]
    assert f["clicks_not_taken"] == 0 and "refused" not in clicks  # all taken in time
    assert clicks.get("taken", 0) <= 4  # at most one per human, under way at the stop


def test_the_load_benchmark_crosses_only_on_postgresql(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bot.benchmarks", "load", *TINY_LOAD, "--cross"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and "--cross needs --db postgresql://" in done.stderr


def check_load(f: dict[str, object]) -> None:
    assert (f["tables"], f["human_tables"], f["live_tables_at_end"]) == (12, 4, 12)
    assert isinstance(f["actions_per_second"], float) and f["actions_per_second"] > 10
    latency = f["human_latency_ms"]
    assert isinstance(latency, dict) and isinstance(f["human_actions"], int)
    assert f["human_actions"] > 4
    assert 0 < latency["p50"] <= latency["p99"] <= latency["max"]
    stall = f["loop_stall_ms"]
    assert isinstance(stall, dict) and 0 <= stall["p99"] <= stall["max"]
    assert isinstance(f["memory_per_table_kib"], float)
    calls = f["discord_requests_per_second"]
    assert isinstance(calls, dict)
    assert calls["all"] == pytest.approx(
        calls["table_edits"] + calls["dm_edits"] + calls["lines"], abs=0.2
    )
    assert 0 < calls["table_edits"] <= 12 * 1.1  # one edit a second at most per table
    assert 0 < calls["dm_edits"] <= 4 * 1.1  # one human each at 4 tables
    assert calls["lines"] > 0


def test_the_pictures_benchmark_times_each_picture_and_its_bytes() -> None:
    f = run("pictures", "--repeat", "2")
    emoji = f["emoji_faces"]
    assert isinstance(emoji, dict) and emoji["count"] == 98 and emoji["bytes_max"] < 256 * 1024
    for name in ("deal_3p", "deal_4p", "deal_5p", "deal_6p", "game_chart_5p_30_deals"):
        picture = f[name]
        assert isinstance(picture, dict) and picture["bytes"] > 1000
        assert 0 < picture["median_ms"] <= picture["max_ms"]


def test_the_route_benchmark_times_a_click_handed_over_between_processes(pg_url: str) -> None:
    f = run("route", "--db", pg_url, "--clicks", "40", "--concurrency", "4")
    assert f["clicks"] == 40 and f["concurrency"] == 4
    p50, p99, worst = f["p50_ms"], f["p99_ms"], f["max_ms"]
    assert isinstance(p50, float) and isinstance(p99, float) and isinstance(worst, float)
    assert 0 < p50 <= p99 <= worst
    assert p50 < f["answered_p50_ms"] <= f["answered_p99_ms"]  # marked after it was held


def test_the_route_benchmark_needs_postgresql(tmp_path: Path) -> None:
    command = [sys.executable, "-m", "bot.benchmarks", "route", "--db", str(tmp_path / "x")]
    done = subprocess.run(command, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr == "route: --db must be a PostgreSQL database (postgresql://...)\n"


def test_the_load_benchmark_runs_two_processes_on_one_postgresql(pg_url: str) -> None:
    f = run("load", *TINY_LOAD, "--db", pg_url, "--processes", "2")
    each = f["each"]
    assert f["processes"] == 2 and isinstance(each, list) and len(each) == 2
    for part in each:
        check_load(part)
    assert f["tables"] == 24
    assert f["actions_per_second"] == round(sum(p["actions_per_second"] for p in each), 1)
    bot_wide = f["discord_requests_per_second"]  # what all the processes would send
    assert isinstance(bot_wide, dict)
    assert bot_wide["all"] == round(sum(p["discord_requests_per_second"]["all"] for p in each), 1)

    async def channels() -> int:
        conn = await asyncpg.connect(pg_url)
        try:
            return int(await conn.fetchval("SELECT COUNT(DISTINCT channel_id) FROM games"))
        finally:
            await conn.close()

    assert asyncio.run(channels()) >= 24  # each process its own tables


def test_several_load_processes_need_postgresql(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bot.benchmarks", "load", "--processes", "2"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and "--processes needs --db postgresql://" in done.stderr


TINY_BOTS = ("--tables", "6", "--seconds", "3", "--warmup", "0.5", "--think-ms", "200")


def test_the_bots_benchmark_shows_budgets_shrinking_instead_of_queueing() -> None:
    """6 tables on one worker at 200 ms: shrinking, a turn stays near the budget and the
    budgets are cut; without, every decision has its whole budget and turns queue."""
    shrunk = run("bots", *TINY_BOTS, "--workers", "1")
    whole = run("bots", *TINY_BOTS, "--workers", "1", "--no-shrink")
    assert shrunk["shrink"] is True and whole["shrink"] is False
    assert shrunk["peak_demand"] == whole["peak_demand"] == 6
    kept = shrunk["budget_kept"]
    assert isinstance(kept, float) and kept < 0.5
    assert isinstance(shrunk["shrunk"], int) and isinstance(shrunk["heuristic"], int)
    assert shrunk["shrunk"] + shrunk["heuristic"] > 0
    assert whole["budget_kept"] == 1.0 and whole["whole"] == whole["expert_decisions"]
    fast, slow = shrunk["latency_ms"], whole["latency_ms"]
    assert isinstance(fast, dict) and isinstance(slow, dict)
    assert fast["p50"] < 400 < slow["p50"], (fast, slow)
    moves = shrunk["bot_moves"]
    assert isinstance(moves, int) and isinstance(whole["bot_moves"], int)
    assert moves > whole["bot_moves"]
