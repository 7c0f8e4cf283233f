"""Persistent state of the bot: one interface (``interfaces.Storage``), opened from a
location by ``open_storage``: SQLite (``sqlite/``), the embedded default, or PostgreSQL
(``postgres/``, on asyncpg) for several processes. Nothing outside this package imports a
backend."""

from __future__ import annotations

from pathlib import Path

from .errors import (
    Conflict,
    DatabaseDamaged,
    DatabaseLost,
    DatabaseMismatch,
    DatabaseMissing,
    DatabaseReadOnly,
    DatabaseTooNew,
    DatabaseUnusable,
    NotADatabase,
    StorageError,
)
from .interfaces import (
    ActionLog,
    Challenges,
    ClickRoutes,
    DealRecords,
    Games,
    Ladders,
    Leaderboards,
    MessageRefs,
    Meta,
    Players,
    Reviews,
    Storage,
    TableStorage,
)
from .locations import is_postgres_url
from .records import (
    AttemptDeal,
    ChallengeScope,
    DealSummary,
    GameSummary,
    LadderLine,
    ParDeal,
    PeriodStanding,
    PlayerLine,
    PlayerStats,
    Rates,
    SeatSummary,
    Standing,
    StoredAttempt,
    StoredChallenge,
    StoredGame,
    StoredPlayer,
    StoredSeat,
)
from .sqlite.opening import is_sqlite_file
from .turns import FinishedDeal

SQLITE = "sqlite:"


def sqlite_path(location: str | Path) -> Path | None:
    """The file of a SQLite location (a path, or ``sqlite:///abs/path`` /
    ``sqlite://rel/path``); None for another backend's URL."""
    if isinstance(location, Path):
        return location
    if location.startswith(SQLITE):
        return Path(location[len(SQLITE) :].removeprefix("//"))
    if "://" in location:
        return None
    return Path(location)


async def open_storage(location: str | Path) -> Storage:
    """The storage at ``location``: a SQLite file (a path or ``sqlite:`` URL), checked
    before use, or a PostgreSQL database (``postgresql://`` or ``postgres://``), migrated.
    Raises ``DatabaseUnusable`` (one line: what, why, the way out)."""
    path = sqlite_path(location)
    if path is None:
        if is_postgres_url(location):
            from .postgres import PostgresStorage

            return await PostgresStorage.open(str(location))
        scheme = str(location).split("://", 1)[0]
        raise DatabaseUnusable(
            f"{scheme}://...: not a storage this version knows (a SQLite file path,"
            " sqlite:///path/to/file, or postgresql://user@host/database)"
        )
    from .sqlite import SqliteStorage

    return await SqliteStorage.open(path)


__all__ = [
    "ActionLog",
    "AttemptDeal",
    "ChallengeScope",
    "Challenges",
    "ClickRoutes",
    "Conflict",
    "DatabaseDamaged",
    "DatabaseLost",
    "DatabaseMismatch",
    "DatabaseMissing",
    "DatabaseReadOnly",
    "DatabaseTooNew",
    "DatabaseUnusable",
    "DealRecords",
    "DealSummary",
    "FinishedDeal",
    "GameSummary",
    "Games",
    "LadderLine",
    "Ladders",
    "Leaderboards",
    "MessageRefs",
    "Meta",
    "NotADatabase",
    "ParDeal",
    "PeriodStanding",
    "PlayerLine",
    "PlayerStats",
    "Rates",
    "Players",
    "Reviews",
    "SeatSummary",
    "Standing",
    "Storage",
    "StorageError",
    "StoredAttempt",
    "StoredChallenge",
    "StoredGame",
    "StoredPlayer",
    "StoredSeat",
    "TableStorage",
    "is_sqlite_file",
    "open_storage",
    "sqlite_path",
]
