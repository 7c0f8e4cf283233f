"""Persistent state of the bot: one interface, SQLite behind it today."""

from .sqlite import Storage, StorageError, StoredGame

__all__ = ["Storage", "StorageError", "StoredGame"]
