"""Fixtures for the table service tests: one bot process pool for the whole session,
managers on real SQLite files that are closed (and their presenters checked) afterwards,
and a PostgreSQL server for the session with a fresh database for each test that asks."""

from __future__ import annotations

import logging
import sys
from collections.abc import AsyncIterator, Iterator
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

import pytest
from tables_support import FAST, Harness, OpenTables, open_harness

from bot.tables.thinking import bot_pool

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: the PostgreSQL server
from pg_server import PostgresServer, missing_reason, unavailable  # noqa: E402


@pytest.fixture(scope="session")
def pool() -> Iterator[Executor]:
    executor = bot_pool(2)
    yield executor
    executor.shutdown(wait=True, cancel_futures=True)


EXPECTED_ERRORS = (
    "could not store turn",
    "could not store seat",
    "could not store status",
    "a table write failed",
)
"""Logged errors a test may cause on purpose (storage faults); any other fails the test."""


@pytest.fixture
async def open_tables(
    tmp_path: Path, pool: Executor, caplog: pytest.LogCaptureFixture
) -> AsyncIterator[OpenTables]:
    """``await open_tables(settings, name=..., clock=...)``: a manager on a file under
    tmp_path (the same name again reopens the same file, as after a restart).

    Afterwards every manager is closed, every presenter checked, and nothing may have been
    logged as an error (a bot that fails in the pool falls back to its first legal move
    and only logs it, a presenter that raises is only logged)."""
    caplog.set_level(logging.WARNING, logger="bot")
    opened: list[Harness] = []

    async def opener(settings: Any = FAST, *, name: str = "tables.sqlite3", **kw: Any) -> Harness:
        h = await open_harness(tmp_path / name, pool, settings, **kw)
        opened.append(h)
        return h

    yield opener
    for h in opened:
        await h.close()
    for h in opened:
        h.check_presenter()
    errors = [
        r.getMessage()
        for when in ("setup", "call", "teardown")
        for r in caplog.get_records(when)
        if r.levelno >= logging.ERROR and not any(e in r.getMessage() for e in EXPECTED_ERRORS)
    ]
    assert errors == []


@pytest.fixture
async def tables(open_tables: OpenTables) -> Harness:
    return await open_tables()


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PostgresServer]:
    """One throwaway PostgreSQL server for the whole session, started only if a test asks
    for it; without PostgreSQL on the machine, its tests are skipped, or fail in CI."""
    reason = missing_reason()
    if reason is not None:
        unavailable(reason)
    with PostgresServer() as server:
        yield server


@pytest.fixture
def pg_url(pg_server: PostgresServer) -> Iterator[str]:
    """The URL of a new empty database on the session's server, dropped after the test
    (with whatever connections it left open), so no test sees another's data."""
    url = pg_server.create_database()
    yield url
    pg_server.drop_database(url.rsplit("/", 1)[1])
