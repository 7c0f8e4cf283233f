"""The schema as numbered SQL files (``migrations/0001_<name>.sql``, ...), applied in order
at start; ``schema_migrations`` holds the versions applied.

Several processes may start on one database at once: each migration is applied in its own
transaction under a transaction-level advisory lock, and the version is read again once
the lock is held, so a migration is never applied twice and a process that waited finds
the work done.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from importlib import resources
from typing import TYPE_CHECKING

import asyncpg

from ..errors import DatabaseTooNew, DatabaseUnusable
from .opening import without_detail

if TYPE_CHECKING:
    from .connections import Conn

LOCK_KEY = 0x7A_70_6F_74
"""The advisory lock all Tarot processes take to migrate ("tarot"-ish; any fixed bigint)."""

FILE_NAME = re.compile(r"(\d{4})_[a-z0-9_]+\.sql")


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    sql: str


def load() -> tuple[Migration, ...]:
    """The migration files shipped with the package, checked to be numbered 1, 2, 3..."""
    folder = resources.files(__package__).joinpath("migrations")
    found = sorted(
        (int(match[1]), entry.name, entry.read_text(encoding="utf-8"))
        for entry in folder.iterdir()
        if (match := FILE_NAME.fullmatch(entry.name))
    )
    versions = [version for version, _, _ in found]
    if versions != list(range(1, len(found) + 1)):
        raise RuntimeError(f"PostgreSQL migrations are not numbered 1..{len(found)}: {versions}")
    return tuple(Migration(*row) for row in found)


MIGRATIONS = load()

_TABLE = (
    "CREATE TABLE IF NOT EXISTS schema_migrations"
    " (version INTEGER PRIMARY KEY, applied_at DOUBLE PRECISION NOT NULL)"
)


async def schema_version(conn: Conn) -> int:
    """The newest version applied (0 for an empty database)."""
    exists = await conn.fetchval("SELECT to_regclass('schema_migrations') IS NOT NULL")
    if not exists:
        return 0
    version = await conn.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_migrations")
    return int(version)


async def migrate(
    conn: Conn,
    server: str,
    migrations: tuple[Migration, ...] = MIGRATIONS,
) -> int:
    """Apply what is pending, one transaction per migration; the version reached.

    Raises ``DatabaseTooNew`` for a database a newer version of the bot migrated."""
    known = len(migrations)
    while True:
        async with conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock($1)", LOCK_KEY)
            version = await schema_version(conn)
            if version > known:
                raise DatabaseTooNew(
                    f"{server}: this database was written by a newer version (schema"
                    f" {version}, this version knows {known}); run that version, or"
                    " restore a backup"
                )
            if version == known:
                return version
            if version == 0:
                await conn.execute(_TABLE)
            step = migrations[version]
            try:
                await conn.execute(step.sql)
            except asyncpg.PostgresError as e:
                raise DatabaseUnusable(
                    f"{server}: migration {step.name} ({step.version} of {known}) failed"
                    f" ({without_detail(e)}); nothing of it was applied"
                ) from e
            await conn.execute(
                "INSERT INTO schema_migrations (version, applied_at) VALUES ($1, $2)",
                step.version,
                time.time(),
            )
