"""Fixtures for the table service tests: one bot process pool for the whole session,
managers on real SQLite files that are closed (and their presenters checked) afterwards,
a PostgreSQL server for the session with a fresh database for each test that asks, and
storages of each backend for the tests of the storage interface."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Iterator
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

import pytest
from storage_backends import BACKENDS, Storages
from tables_support import FAST, Harness, OpenTables, open_harness

from bot.storage import Storage
from bot.tables.thinking import bot_pool


@pytest.fixture(scope="session")
def pool() -> Iterator[Executor]:
    executor = bot_pool(2)
    yield executor
    executor.shutdown(wait=True, cancel_futures=True)


EXPECTED_ERRORS = (
    "storing turn",
    "storing seat",
    "storing status",
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


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    """Each storage test once per backend: ``[sqlite]`` and ``[postgres]``."""
    name: str = request.param
    return name


@pytest.fixture
def storage_location(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> str | Path:
    """Where this test's storage lives: a new SQLite file, or a new PostgreSQL database
    (the server started only when a PostgreSQL test runs)."""
    if backend == "sqlite":
        return tmp_path / "t.sqlite3"
    url: str = request.getfixturevalue("pg_url")  # skipped, or failed in CI, without a server
    return url


@pytest.fixture
async def storages(storage_location: str | Path) -> AsyncIterator[Storages]:
    """Opens (and reopens, as after a restart) storages at this test's location; those
    still open are closed after the test."""
    opened = Storages(storage_location)
    yield opened
    await opened.close_all()


@pytest.fixture
async def db(storages: Storages) -> Storage:
    """An empty storage of this test's backend, closed after the test."""
    return await storages.open()
