"""A throwaway PostgreSQL server for the tests: its own cluster in a temporary directory,
on 127.0.0.1 and a free port, trusted without a password, gone when the tests end.

The storage tests run against a real server rather than a mock, so that SQL, transactions
and types behave as they will in production; a private cluster (not a shared one) keeps
test runs on the same machine out of each other's way. ``initdb`` and ``pg_ctl`` come from
``TAROT_PG_BIN``, else the newest ``/usr/lib/postgresql/*/bin`` (Debian), else ``PATH``.
PostgreSQL refuses to run as root, so under root the cluster belongs to the ``postgres``
user and its commands run as that user.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import pwd
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import TracebackType
from typing import NoReturn

from ci import missing

DEBIAN_ROOT = Path("/usr/lib/postgresql")
"""Debian installs each major version's programs in ``DEBIAN_ROOT/<version>/bin``."""

SUPERUSER = "tarot"
"""The cluster's superuser, named the same whoever runs it, so URLs never depend on it."""

RUN_AS = "postgres"
"""The system user that owns the cluster when the tests run as root."""

NAME = re.compile(r"[a-z_][a-z0-9_]{0,62}")
"""Database names the helpers accept: plain identifiers, never quoted."""

MEMORY_DIR = Path("/dev/shm")
"""Where clusters go when it has room: creating a database on disk costs ~250 ms (the
file system flushes as PostgreSQL copies its template), in memory ~30 ms."""

MEMORY_DIR_MIN_FREE = 1 << 30
"""Containers often give /dev/shm only 64 MiB, too little for a cluster's databases."""

SETTINGS = (
    "listen_addresses = '127.0.0.1'",
    "fsync = off",
    "synchronous_commit = off",
    "full_page_writes = off",
    "max_connections = 200",
)
"""Loopback only; durability off, which a throwaway cluster does not need, for speed."""


class PostgresError(RuntimeError):
    """The test server could not be found, started or used."""


def find_pg_bin(
    environ: Mapping[str, str] | None = None, *, debian_root: Path = DEBIAN_ROOT
) -> Path | None:
    """The directory holding ``initdb`` and ``pg_ctl``, or None if there is none.

    ``TAROT_PG_BIN``, when set, is the only place looked at (a wrong value must not fall
    back silently to another version)."""
    env = os.environ if environ is None else environ
    explicit = env.get("TAROT_PG_BIN")
    if explicit:
        return Path(explicit) if _has_programs(Path(explicit)) else None
    versions = sorted(
        (d for d in debian_root.glob("*/bin") if _has_programs(d)),
        key=lambda d: _version_key(d.parent.name),
        reverse=True,
    )
    if versions:
        return versions[0]
    found = shutil.which("initdb", path=env.get("PATH", os.defpath))
    if found and _has_programs(Path(found).parent):
        return Path(found).parent
    return None


def _has_programs(directory: Path) -> bool:
    return all(os.access(directory / p, os.X_OK) for p in ("initdb", "pg_ctl"))


def _version_key(name: str) -> tuple[int, ...]:
    """``"9.6"`` < ``"15"`` < ``"16"``: numeric, so version 9 does not sort after 15."""
    return tuple(int(part) if part.isdigit() else -1 for part in name.split("."))


def missing_reason(environ: Mapping[str, str] | None = None) -> str | None:
    """Why no test server can be started here, or None when one can."""
    env = os.environ if environ is None else environ
    if find_pg_bin(env) is None:
        where = env.get("TAROT_PG_BIN")
        if where:
            return f"TAROT_PG_BIN={where} has no initdb and pg_ctl"
        return f"no initdb and pg_ctl in TAROT_PG_BIN, {DEBIAN_ROOT}/*/bin or PATH"
    if os.geteuid() == 0:
        try:
            pwd.getpwnam(RUN_AS)
        except KeyError:
            return f"running as root needs a '{RUN_AS}' system user to run PostgreSQL"
    return None


def unavailable(reason: str, environ: Mapping[str, str] | None = None) -> NoReturn:
    """Skips the test for lack of PostgreSQL on a developer's machine, but fails it in CI."""
    env = os.environ if environ is None else environ
    missing("PostgreSQL", reason, "install postgresql or set TAROT_PG_BIN", env)


def default_base_dir(memory_dir: Path = MEMORY_DIR) -> Path | None:
    """``memory_dir`` if it is a writable directory with room to spare, else None (the
    system's temporary directory)."""
    try:
        stats = os.statvfs(memory_dir)
    except OSError:
        return None
    roomy = stats.f_bavail * stats.f_frsize >= MEMORY_DIR_MIN_FREE
    return memory_dir if roomy and os.access(memory_dir, os.W_OK | os.X_OK) else None


def free_port() -> int:
    """A TCP port free on 127.0.0.1 just now (start retries if another takes it first)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class PostgresServer:
    """``with PostgresServer() as pg: pg.url``: a fresh cluster with one database, stopped
    (immediately: nothing in it is worth a clean shutdown) and deleted on exit, even when
    starting it failed half way."""

    def __init__(
        self,
        bin_dir: Path | None = None,
        *,
        database: str = "tarot",
        timeout: float = 60.0,
        base_dir: Path | None = None,
    ) -> None:
        """``base_dir``: where the temporary directory goes (default: in memory if there is
        room, else the system's temporary directory); the ``postgres`` user must reach it
        when running as root."""
        found = bin_dir or find_pg_bin()
        if found is None:
            raise PostgresError(missing_reason() or "PostgreSQL programs not found")
        self.bin_dir = found
        self.database = _checked_name(database)
        self.timeout = timeout
        self._base_dir = base_dir or default_base_dir()
        self.directory: Path | None = None
        """The temporary directory (cluster, socket, log), set as soon as it exists."""
        self.port = 0
        self._names = itertools.count(1)

    @property
    def user(self) -> str:
        return SUPERUSER

    @property
    def url(self) -> str:
        return self.url_for(self.database)

    def url_for(self, database: str) -> str:
        return f"postgresql://{SUPERUSER}@127.0.0.1:{self.port}/{_checked_name(database)}"

    def __enter__(self) -> PostgresServer:
        try:
            self._start()
        except BaseException:
            self._cleanup()
            raise
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self._cleanup()

    # -- databases ---------------------------------------------------------------------

    def create_database(self, name: str | None = None) -> str:
        """A new empty database (``name``, or the next ``test_N``); its URL."""
        name = _checked_name(f"test_{next(self._names)}" if name is None else name)
        self.sql(f"CREATE DATABASE {name}")
        return self.url_for(name)

    def drop_database(self, name: str) -> None:
        """Drops ``name``, closing whatever connections a test left open on it."""
        self.sql(f"DROP DATABASE IF EXISTS {_checked_name(name)} WITH (FORCE)")

    def sql(self, statement: str, database: str = "postgres") -> str:
        """Runs one statement through ``psql`` as the superuser; its unaligned output."""
        result = self._run(
            [
                str(self.bin_dir / "psql"),
                "-X",
                "-q",
                "-A",
                "-t",
                "-v",
                "ON_ERROR_STOP=1",
                "-h",
                "127.0.0.1",
                "-p",
                str(self.port),
                "-U",
                SUPERUSER,
                "-d",
                _checked_name(database),
                "-c",
                statement,
            ],
            what="psql",
            as_owner=False,
        )
        return result.stdout.strip()

    # -- life --------------------------------------------------------------------------

    def _start(self) -> None:
        for program in ("initdb", "pg_ctl", "psql"):
            if not os.access(self.bin_dir / program, os.X_OK):
                raise PostgresError(f"{self.bin_dir} has no {program}")
        owner = pwd.getpwnam(RUN_AS) if os.geteuid() == 0 else None
        self.directory = Path(tempfile.mkdtemp(prefix="tarot-pg-", dir=self._base_dir))
        data, sockets = self.directory / "data", self.directory / "sockets"
        sockets.mkdir()
        if owner is not None:
            for path in (self.directory, sockets):
                os.chown(path, owner.pw_uid, owner.pw_gid)
        self._run(
            [
                str(self.bin_dir / "initdb"),
                "-D",
                str(data),
                "-U",
                SUPERUSER,
                "-A",
                "trust",
                "-E",
                "UTF8",
                "--locale=C",
                "--no-sync",
            ],
            what="initdb",
        )
        # Appended lines override initdb's; root may write the owner's file as it is.
        with (data / "postgresql.conf").open("a") as conf:
            conf.writelines(f"{line}\n" for line in SETTINGS)
            conf.write(f"unix_socket_directories = '{sockets}'\n")
        self._start_on_free_port(data)
        self._wait_until_ready()
        self.sql(f"CREATE DATABASE {self.database}")

    def _start_on_free_port(self, data: Path) -> None:
        """``pg_ctl start`` on a free port; again on another if that one was taken in the
        meantime (the port is chosen before the server binds it)."""
        tries = 3
        for attempt in range(1, tries + 1):
            self.port = free_port()
            try:
                self._pg_ctl_start(data)
                return
            except PostgresError:
                assert self.directory is not None
                if "could not bind" not in _read(self.directory / "server.log"):
                    raise
                if attempt == tries:
                    raise PostgresError(
                        f"pg_ctl start: {tries} ports on 127.0.0.1 in a row were taken before "
                        f"the server could bind them (last {self.port})"
                    ) from None

    def _pg_ctl_start(self, data: Path) -> None:
        """``pg_ctl start`` on ``self.port``, waiting until it accepts connections; a
        failure says why, from the server's log."""
        assert self.directory is not None
        log = self.directory / "server.log"
        log.unlink(missing_ok=True)  # so the log read below is this start's own
        try:
            self._run(
                [
                    str(self.bin_dir / "pg_ctl"),
                    "start",
                    "-D",
                    str(data),
                    "-l",
                    str(log),
                    "-w",
                    "-t",
                    str(int(self.timeout)),
                    "-o",
                    f"-p {self.port}",
                ],
                what="pg_ctl start",
            )
        except PostgresError as e:
            raise PostgresError(f"{e}; server log: {_tail(log)}") from None

    # -- outages, for the tests of what survives one -------------------------------------

    def stop(self) -> None:
        """Stops the server as an administrator would (``pg_ctl stop -m fast``: open
        transactions are rolled back, sessions are closed); its data stays."""
        self._run(
            [str(self.bin_dir / "pg_ctl"), "stop", "-D", str(self._data()), "-m", "fast", "-w"],
            what="pg_ctl stop",
        )

    def start(self) -> None:
        """Starts a stopped server again on the same port, with the same data."""
        self._pg_ctl_start(self._data())
        self._wait_until_ready()

    def restart(self) -> None:
        """``stop`` then ``start``: every connection made before is gone."""
        self.stop()
        self.start()

    def _data(self) -> Path:
        if self.directory is None:
            raise PostgresError("this server was never started")
        return self.directory / "data"

    def _wait_until_ready(self) -> None:
        """Until the server answers on 127.0.0.1 (``pg_ctl -w`` already waited for the
        postmaster; this also proves the TCP listener and the trust rule)."""
        deadline = time.monotonic() + self.timeout
        while True:
            try:
                self.sql("SELECT 1")
                return
            except PostgresError as e:
                if time.monotonic() > deadline:
                    raise PostgresError(
                        f"PostgreSQL on 127.0.0.1:{self.port} not ready after "
                        f"{self.timeout:g} s: {e}"
                    ) from None
                time.sleep(0.05)

    def _cleanup(self) -> None:
        if self.directory is None:
            return
        data = self.directory / "data"
        if (data / "postmaster.pid").exists():
            try:
                self._run(
                    [str(self.bin_dir / "pg_ctl"), "stop", "-D", str(data), "-m", "immediate"],
                    what="pg_ctl stop",
                    timeout=30,
                )
            except PostgresError:
                _kill_postmaster(data)
        shutil.rmtree(self.directory, ignore_errors=True)

    def _run(
        self,
        argv: Sequence[str],
        *,
        what: str,
        as_owner: bool = True,
        timeout: float | None = None,
    ) -> subprocess.CompletedProcess[str]:
        """Runs a PostgreSQL program (as the cluster's owner if asked and we are root), from
        the temporary directory (the owner may not be allowed into the current one)."""
        command = list(argv)
        if as_owner and os.geteuid() == 0:
            command = ["runuser", "-u", RUN_AS, "--", *command]
        try:
            result = subprocess.run(
                command,
                cwd=self.directory,
                capture_output=True,
                text=True,
                timeout=timeout or self.timeout,
                env={**os.environ, "LC_ALL": "C", "PGCONNECT_TIMEOUT": "5"},
                stdin=subprocess.DEVNULL,
            )
        except subprocess.TimeoutExpired:
            limit = timeout or self.timeout
            raise PostgresError(f"{what} did not finish within {limit:g} s") from None
        except OSError as e:
            raise PostgresError(f"{what} could not run: {e}") from None
        if result.returncode != 0:
            said = _last_line(result.stderr) or _last_line(result.stdout) or "no output"
            raise PostgresError(f"{what} failed (exit {result.returncode}): {said}")
        return result


def _checked_name(name: str) -> str:
    if not NAME.fullmatch(name):
        raise ValueError(f"not a plain database name (a-z, 0-9, _; 63 at most): {name!r}")
    return name


def _last_line(text: str) -> str:
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return lines[-1] if lines else ""


def _read(log: Path) -> str:
    try:
        return log.read_text(errors="replace")
    except OSError:
        return ""


def _tail(log: Path) -> str:
    """The log's last FATAL line (why the server stopped), else its last line."""
    text = _read(log)
    fatal = [line for line in text.splitlines() if "FATAL" in line]
    return _last_line(fatal[-1] if fatal else text) or "empty"


def _kill_postmaster(data: Path) -> None:
    """The last resort when ``pg_ctl stop`` fails: SIGKILL the postmaster named in its pid
    file (its children exit once it is gone)."""
    with contextlib.suppress(OSError, ValueError, IndexError):
        pid = int((data / "postmaster.pid").read_text().split()[0])
        os.kill(pid, signal.SIGKILL)
