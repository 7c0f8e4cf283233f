"""Persistent state of the bot: one interface, SQLite behind it today."""

from .sqlite import Storage, StorageError, StoredGame, StoredSeat

__all__ = ["Storage", "StorageError", "StoredGame", "StoredSeat"]
