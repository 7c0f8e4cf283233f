"""Persistent state of the bot: one interface, SQLite behind it today."""

from .errors import (
    DatabaseDamaged,
    DatabaseLost,
    DatabaseMismatch,
    DatabaseMissing,
    DatabaseReadOnly,
    DatabaseTooNew,
    DatabaseUnusable,
    NotADatabase,
)
from .history import DealSummary, GameSummary, SeatSummary
from .leaderboards import PlayerLine, PlayerStats, Standing
from .sqlite import Storage, StorageError, StoredGame, StoredPlayer, StoredSeat
from .turns import FinishedDeal

__all__ = [
    "DatabaseDamaged",
    "DatabaseLost",
    "DatabaseMismatch",
    "DatabaseMissing",
    "DatabaseReadOnly",
    "DatabaseTooNew",
    "DatabaseUnusable",
    "DealSummary",
    "FinishedDeal",
    "GameSummary",
    "NotADatabase",
    "PlayerLine",
    "PlayerStats",
    "SeatSummary",
    "Standing",
    "Storage",
    "StorageError",
    "StoredGame",
    "StoredPlayer",
    "StoredSeat",
]
