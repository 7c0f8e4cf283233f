"""A challenge's attempt killed (SIGKILL) at random moments, mid-deal and mid-write, and
started again each time, on SQLite and on PostgreSQL: it ends exactly as an attempt never
killed, move for move, with the same deals, the same opponents' replies and the same
results."""

from __future__ import annotations

import random
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from process_support import HAS_PROC, child_env

from bot.storage import Storage, open_storage

pytestmark = pytest.mark.skipif(not HAS_PROC, reason="reads processes from /proc")

DRIVER = Path(__file__).with_name("attempt_driver.py")
KILLS = 12
SEED = 11


def start(location: str, folder: Path) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, str(DRIVER), location],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=folder,
        env=child_env(),
    )


async def attempt_of(
    location: str,
) -> tuple[list[dict[str, object]], list[dict[str, object]], list[int]]:
    storage: Storage = await open_storage(location)
    try:
        (attempt,) = await storage.attempts(1)
        assert attempt.finished_at is not None
        actions = await storage.actions(attempt.game_id)
        records = await storage.deal_records(attempt.game_id)
        scores = [d.score for d in await storage.challenge_results(1)]
        return actions, records, scores
    finally:
        await storage.close()


@pytest.fixture
def two_places(
    backend: str, tmp_path: Path, request: pytest.FixtureRequest
) -> Iterator[tuple[str, str]]:
    """Two empty databases of this test's backend (a file, or a database of the tests'
    PostgreSQL server): one for the attempt never killed, one for the attempt killed again
    and again."""
    if backend == "sqlite":
        yield str(tmp_path / "whole.sqlite3"), str(tmp_path / "killed.sqlite3")
        return
    server = request.getfixturevalue("pg_server")
    urls = [server.create_database(), server.create_database()]
    yield urls[0], urls[1]
    for url in urls:
        server.drop_database(url.rsplit("/", 1)[1])


async def test_an_attempt_killed_at_random_moments_ends_as_one_never_killed(
    two_places: tuple[str, str], tmp_path: Path
) -> None:
    whole, killed = two_places
    proc = start(whole, tmp_path)
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 0 and out.splitlines()[-1] == "done", err[-2000:]

    rng = random.Random(SEED)
    kills = 0
    for _ in range(KILLS + 1):
        proc = start(killed, tmp_path)
        assert proc.stdout is not None
        moves = rng.randint(0, 8) if kills < KILLS else None
        seen = 0
        done = False
        for line in proc.stdout:
            if line.strip() == "done":
                done = True
                break
            seen += line.startswith("turn ")
            if moves is not None and seen >= moves:
                time.sleep(rng.random() * 0.005)  # sometimes in the middle of a write
                proc.send_signal(signal.SIGKILL)
                kills += 1
                break
        proc.wait(timeout=60)
        if done:
            break
    else:
        raise AssertionError("the attempt never ended")
    assert kills >= 3, "too few kills to mean anything"
    assert await attempt_of(killed) == await attempt_of(whole)
