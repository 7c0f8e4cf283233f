"""The tests' own PostgreSQL server (tests/pg_server.py): it answers, each test gets an
empty database of its own, it listens on loopback only, it leaves nothing behind even when
it fails, and a machine without PostgreSQL skips its tests locally but fails them in CI."""

from __future__ import annotations

import asyncio
import os
import socket
import stat
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import asyncpg
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))  # tests/: the server helper
import pg_server as pg_server_module  # noqa: E402
from pg_server import (  # noqa: E402
    PostgresError,
    PostgresServer,
    default_base_dir,
    find_pg_bin,
    missing_reason,
    unavailable,
)


async def user_tables(url: str) -> list[str]:
    conn = await asyncpg.connect(url)
    try:
        rows = await conn.fetch(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'"
        )
        return sorted(r["table_name"] for r in rows)
    finally:
        await conn.close()


async def test_the_server_answers_with_postgresql_15_or_newer(pg_url: str) -> None:
    conn = await asyncpg.connect(pg_url)
    try:
        assert await conn.fetchval("SELECT 1") == 1
        assert int(await conn.fetchval("SHOW server_version_num")) >= 150000
        assert await conn.fetchval("SELECT current_database()") == pg_url.rsplit("/", 1)[1]
        assert await conn.fetchval("SHOW server_encoding") == "UTF8"
    finally:
        await conn.close()


async def test_each_database_is_new_and_empty(pg_server: PostgresServer, pg_url: str) -> None:
    assert await user_tables(pg_url) == []
    conn = await asyncpg.connect(pg_url)
    try:
        await conn.execute("CREATE TABLE games (id int PRIMARY KEY)")
        await conn.execute("INSERT INTO games VALUES (1)")
    finally:
        await conn.close()
    other = pg_server.create_database()
    try:
        assert other != pg_url
        assert await user_tables(other) == []
        assert await user_tables(pg_url) == ["games"]
    finally:
        pg_server.drop_database(other.rsplit("/", 1)[1])


async def test_a_dropped_database_goes_even_with_a_connection_left_open(
    pg_server: PostgresServer,
) -> None:
    url = pg_server.create_database()
    name = url.rsplit("/", 1)[1]
    conn = await asyncpg.connect(url)
    try:
        pg_server.drop_database(name)
        assert pg_server.sql(f"SELECT count(*) FROM pg_database WHERE datname = '{name}'") == "0"
    finally:
        conn.terminate()


def non_loopback_address() -> str | None:
    """One of this machine's own addresses that is not loopback, if it has one."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("192.0.2.1", 9))  # TEST-NET-1: nothing is sent, a route is chosen
        except OSError:
            return None
        address: str = s.getsockname()[0]
    return None if address.startswith("127.") else address


def test_the_server_listens_on_loopback_only(pg_server: PostgresServer) -> None:
    assert pg_server.sql("SHOW listen_addresses") == "127.0.0.1"
    assert pg_server.directory is not None
    sockets = Path(pg_server.sql("SHOW unix_socket_directories"))
    assert sockets.parent == pg_server.directory
    address = non_loopback_address()
    if address is not None:
        with pytest.raises(ConnectionRefusedError):
            socket.create_connection((address, pg_server.port), timeout=2).close()


def test_names_that_would_need_quoting_are_refused(pg_server: PostgresServer) -> None:
    for name in ("Test", "x; DROP DATABASE tarot", "", "a" * 64):
        with pytest.raises(ValueError, match="not a plain database name"):
            pg_server.create_database(name)


@pytest.mark.usefixtures("pg_server")  # for its skip-or-fail rule when PostgreSQL is absent
def test_a_server_is_stopped_and_removed_when_its_block_raises(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Also: a port taken between being chosen and being bound is given up for another."""
    busy = socket.create_server(("127.0.0.1", 0))
    ports = iter([busy.getsockname()[1], pg_server_module.free_port()])
    monkeypatch.setattr(pg_server_module, "free_port", lambda: next(ports))
    with busy, pytest.raises(KeyError), PostgresServer(database="other") as server:
        directory, port = server.directory, server.port
        assert port != busy.getsockname()[1]
        assert server.url.endswith(f"@127.0.0.1:{port}/other")
        assert server.sql("SELECT current_database()", database="other") == "other"
        raise KeyError("the test failed")
    assert directory is not None and not directory.exists()
    with pytest.raises(ConnectionRefusedError):
        socket.create_connection(("127.0.0.1", port), timeout=2).close()


@pytest.mark.usefixtures("pg_server")  # for its skip-or-fail rule when PostgreSQL is absent
async def test_a_stopped_server_starts_again_on_its_port_with_its_data() -> None:
    with PostgresServer() as server:
        port = server.port
        server.sql("CREATE TABLE kept AS SELECT 7 AS x", database=server.database)
        before = await asyncpg.connect(server.url)
        try:
            await asyncio.to_thread(server.stop)
            with pytest.raises(ConnectionRefusedError):
                socket.create_connection(("127.0.0.1", port), timeout=2).close()
            await asyncio.to_thread(server.start)
            assert server.port == port
            assert server.sql("SELECT x FROM kept", database=server.database) == "7"
            with pytest.raises((asyncpg.InterfaceError, asyncpg.PostgresError, OSError)):
                await before.fetchval("SELECT 1")  # a connection of before the stop is gone
        finally:
            before.terminate()
        await asyncio.to_thread(server.restart)
        assert server.sql("SELECT x FROM kept", database=server.database) == "7"


@pytest.fixture
def public_dir() -> Iterator[Path]:
    """A directory the ``postgres`` user can read too (pytest's tmp_path is root's only)."""
    with tempfile.TemporaryDirectory(prefix="tarot-pg-test-") as d:
        os.chmod(d, 0o755)
        yield Path(d)


def fake_programs(directory: Path, initdb: str = "exit 0", *, pg_ctl: bool = True) -> Path:
    directory.mkdir(parents=True)
    programs = {"initdb": initdb, "psql": "exit 0"}
    if pg_ctl:
        programs["pg_ctl"] = "exit 0"
    for name, body in programs.items():
        path = directory / name
        path.write_text(f"#!/bin/sh\n{body}\n")
        path.chmod(path.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    return directory


def test_a_failed_start_says_why_and_leaves_no_directory(public_dir: Path) -> None:
    bin_dir = fake_programs(public_dir / "bin", 'echo "initdb: disk on fire" >&2; exit 3')
    server = PostgresServer(bin_dir, base_dir=public_dir)
    with pytest.raises(PostgresError, match=r"^initdb failed \(exit 3\): initdb: disk on fire$"):
        server.__enter__()
    assert server.directory is not None and not server.directory.exists()
    assert sorted(p.name for p in public_dir.iterdir()) == ["bin"]


def test_the_newest_debian_version_with_both_programs_is_found(tmp_path: Path) -> None:
    root = tmp_path / "postgresql"
    fake_programs(root / "9.6" / "bin")
    fake_programs(root / "15" / "bin")
    fake_programs(root / "16" / "bin", pg_ctl=False)
    env = {"PATH": ""}
    assert find_pg_bin(env, debian_root=root) == root / "15" / "bin"


def test_tarot_pg_bin_wins_and_is_never_second_guessed(tmp_path: Path) -> None:
    root = tmp_path / "postgresql"
    fake_programs(root / "15" / "bin")
    chosen = fake_programs(tmp_path / "custom")
    assert find_pg_bin({"TAROT_PG_BIN": str(chosen)}, debian_root=root) == chosen
    empty = tmp_path / "empty"
    empty.mkdir()
    assert find_pg_bin({"TAROT_PG_BIN": str(empty)}, debian_root=root) is None
    assert missing_reason({"TAROT_PG_BIN": str(empty)}) == (
        f"TAROT_PG_BIN={empty} has no initdb and pg_ctl"
    )


def test_path_is_searched_last(tmp_path: Path) -> None:
    on_path = fake_programs(tmp_path / "path-bin")
    nowhere = tmp_path / "no-debian"
    assert find_pg_bin({"PATH": str(on_path)}, debian_root=nowhere) == on_path
    assert find_pg_bin({"PATH": str(tmp_path)}, debian_root=nowhere) is None


def test_clusters_go_in_memory_only_when_it_has_room(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert default_base_dir(tmp_path) == tmp_path
    assert default_base_dir(tmp_path / "missing") is None
    free = os.statvfs(tmp_path).f_bavail * os.statvfs(tmp_path).f_frsize
    monkeypatch.setattr(pg_server_module, "MEMORY_DIR_MIN_FREE", free + (1 << 30))
    assert default_base_dir(tmp_path) is None


@pytest.mark.parametrize("ci", ["true", "1", "yes"])
def test_without_postgresql_ci_fails(ci: str) -> None:
    with pytest.raises(pytest.fail.Exception, match="required in CI but no initdb"):
        unavailable("no initdb here", {"CI": ci})


@pytest.mark.parametrize("env", [{}, {"CI": ""}, {"CI": "false"}, {"CI": "0"}])
def test_without_postgresql_a_developer_skips(env: dict[str, str]) -> None:
    with pytest.raises(pytest.skip.Exception, match="skipped: no initdb here"):
        unavailable("no initdb here", env)
