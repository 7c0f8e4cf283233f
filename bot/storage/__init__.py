"""Persistent state of the bot: one interface, SQLite behind it today."""

from .history import DealSummary, GameSummary, SeatSummary
from .leaderboards import PlayerLine, PlayerStats, Standing
from .sqlite import Storage, StorageError, StoredGame, StoredPlayer, StoredSeat
from .turns import FinishedDeal

__all__ = [
    "DealSummary",
    "FinishedDeal",
    "GameSummary",
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
