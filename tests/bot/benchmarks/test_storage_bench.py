"""The storage benchmark, run as a real command on a tiny database of each backend."""

import asyncio
import json
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import asyncpg

from bot.benchmarks.storage_bench import LABELS

ARGS = ["--players", "200", "--deals", "2000", "--seed", "3", "--runs", "3", "--json"]

TOTALS = (
    "SELECT (SELECT COUNT(*) FROM players), (SELECT COUNT(*) FROM deal_scores),"
    " (SELECT SUM(points) FROM player_stats WHERE scope = 0),"
    " (SELECT SUM(deals) FROM player_stats WHERE scope = 0),"
    " (SELECT COUNT(*) FROM (SELECT DISTINCT s.deal_id, s.player_id FROM deal_scores s"
    "  JOIN deals d ON d.id = s.deal_id WHERE d.outcome = 'played') AS played),"
    " (SELECT SUM(games) FROM player_stats WHERE scope = 0),"
    " (SELECT COUNT(*) FROM (SELECT DISTINCT game_id, player_id FROM game_results) AS ended),"
    " (SELECT COUNT(*) FROM games), (SELECT SUM(LENGTH(record)) FROM deals),"
    " (SELECT ROUND(SUM(rating)) FROM player_stats)"
)
"""What the fill wrote, summed up: the same on both backends for the same seed."""


def bench(db: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "bot.benchmarks", "storage", "--db", db, *ARGS]
    return subprocess.run(command, capture_output=True, text=True, timeout=120)


def checked_figures(done: subprocess.CompletedProcess[str], backend: str) -> dict[str, Any]:
    assert done.returncode == 0, done.stderr
    assert "100% (2,000 deals" in done.stderr
    figures: dict[str, Any] = json.loads(done.stdout)
    assert figures["backend"] == backend
    assert (figures["players"], figures["deals"], figures["seed"]) == (200, 2000, 3)
    assert 2000 / 10 <= figures["games"] <= 2000
    assert 3 * 2000 <= figures["seat_deals"] <= 5 * 2000
    assert 0 < figures["fill_seconds"] < 60 and figures["db_megabytes"] > 1
    assert set(figures["queries"]) == set(LABELS)
    for timing in figures["queries"].values():
        assert timing["runs"] == 3
        assert 0 < timing["median_ms"] <= timing["max_ms"] < 1000
    return figures


def check_totals(totals: tuple[Any, ...], figures: dict[str, Any]) -> None:
    players, seat_deals, points, deals, played, games, results = totals[:7]
    assert players == 200 and points == 0 and deals == played and games == results
    # The benchmark's own timed writes go through Storage, on top of the fill.
    assert seat_deals == figures["seat_deals"] + 3 * 4


def sqlite_totals(db: Path) -> tuple[Any, ...]:
    with sqlite3.connect(db) as plain:
        found: tuple[Any, ...] = plain.execute(TOTALS).fetchone()
    return found


async def postgres_totals(url: str) -> tuple[Any, ...]:
    conn = await asyncpg.connect(url)
    try:
        row = await conn.fetchrow(TOTALS)
    finally:
        await conn.close()
    assert row is not None
    return tuple(int(x) for x in row)


def test_the_storage_benchmark_fills_a_consistent_file_and_times_every_query(
    tmp_path: Path,
) -> None:
    db = tmp_path / "bench.sqlite3"
    figures = checked_figures(bench(str(db)), "sqlite")
    check_totals(sqlite_totals(db), figures)
    again = bench(str(db))
    assert again.returncode == 2 and "exists" in again.stderr  # never overwrites a file


def test_on_postgresql_the_benchmark_copies_the_same_rows_and_times_the_same_queries(
    tmp_path: Path, pg_url: str
) -> None:
    figures = checked_figures(bench(pg_url), "postgresql")
    assert figures["server"]["version"].startswith(("1", "2"))
    totals = asyncio.run(postgres_totals(pg_url))
    check_totals(totals, figures)
    # The same seed makes the same rows on SQLite, down to the records and ratings.
    db = tmp_path / "same.sqlite3"
    same = checked_figures(bench(str(db)), "sqlite")
    assert (same["games"], same["seat_deals"]) == (figures["games"], figures["seat_deals"])
    assert tuple(int(x) for x in sqlite_totals(db)) == totals


def test_on_postgresql_the_benchmark_refuses_a_database_that_holds_data(pg_url: str) -> None:
    async def add_a_player() -> None:
        conn = await asyncpg.connect(pg_url)
        try:
            await conn.execute("CREATE TABLE players (id INTEGER)")
            await conn.execute("INSERT INTO players VALUES (1)")
        finally:
            await conn.close()

    asyncio.run(add_a_player())
    done = bench(pg_url)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.strip().endswith(
        "table players has rows; the benchmark needs an empty database"
    )
    assert "\n" not in done.stderr.strip()


def test_a_postgresql_server_that_cannot_be_reached_is_refused_in_one_line() -> None:
    done = bench("postgresql://tarot:secret@127.0.0.1:1/tarot")
    assert done.returncode == 2 and done.stdout == ""
    said = done.stderr.strip()
    assert "\n" not in said and "secret" not in said
    assert said.startswith("postgresql://tarot:***@127.0.0.1:1/tarot: connecting failed (")
