"""The SQLite backend: the embedded default, one file, nothing to install."""

from .storage import SqliteStorage

__all__ = ["SqliteStorage"]
