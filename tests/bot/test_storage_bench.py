"""The storage benchmark, run as a real command on a tiny database."""

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

from bot.benchmarks.storage_bench import LABELS


def test_the_storage_benchmark_fills_a_consistent_file_and_times_every_query(
    tmp_path: Path,
) -> None:
    db = tmp_path / "bench.sqlite3"
    command = [sys.executable, "-m", "bot.benchmarks", "storage", "--db", str(db)]
    args = ["--players", "200", "--deals", "2000", "--seed", "3", "--runs", "3", "--json"]
    done = subprocess.run(command + args, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "100% (2,000 deals" in done.stderr
    figures = json.loads(done.stdout)
    assert (figures["players"], figures["deals"], figures["seed"]) == (200, 2000, 3)
    assert 2000 / 10 <= figures["games"] <= 2000
    assert 3 * 2000 <= figures["seat_deals"] <= 5 * 2000
    assert 0 < figures["fill_seconds"] < 60 and figures["db_megabytes"] > 1
    assert set(figures["queries"]) == set(LABELS)
    for timing in figures["queries"].values():
        assert timing["runs"] == 3
        assert 0 < timing["median_ms"] <= timing["max_ms"] < 1000

    with sqlite3.connect(db) as plain:
        counts = plain.execute(
            "SELECT (SELECT COUNT(*) FROM players), (SELECT COUNT(*) FROM deal_scores),"
            " (SELECT SUM(points) FROM player_stats WHERE scope = 0),"
            " (SELECT SUM(deals) FROM player_stats WHERE scope = 0),"
            " (SELECT COUNT(*) FROM (SELECT DISTINCT s.deal_id, s.player_id FROM deal_scores s"
            "  JOIN deals d ON d.id = s.deal_id WHERE d.outcome = 'played')),"
            " (SELECT SUM(games) FROM player_stats WHERE scope = 0),"
            " (SELECT COUNT(*) FROM (SELECT DISTINCT game_id, player_id FROM game_results))"
        ).fetchone()
    players, seat_deals, points, deals, played, games, results = counts
    assert players == 200 and points == 0 and deals == played and games == results
    # The benchmark's own timed writes go through Storage, on top of the fill.
    assert seat_deals == figures["seat_deals"] + 3 * 4
    assert (
        subprocess.run(command + args, capture_output=True, text=True, timeout=60).returncode == 2
    )  # never overwrites a file
