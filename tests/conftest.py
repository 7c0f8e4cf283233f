"""Fixtures for every test directory: a real PostgreSQL server on 127.0.0.1 (started once per
session, only if a test asks) and a fresh database on it per test."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))  # pg_server.py, beside this file
from pg_server import PostgresServer, missing_reason, unavailable  # noqa: E402


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
