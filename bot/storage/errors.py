"""What storage raises: one base class for everything the table service turns into a
refusal, and under it the reasons a database file cannot be used at all.

Each message is one line that names the file, says what is wrong and, where there is
one, the way out: it is printed as it is by ``python -m bot``.
"""

from __future__ import annotations


class StorageError(Exception):
    """A write the stored data forbids (e.g. a deal recorded twice)."""


class Conflict(StorageError):
    """A statement broke a constraint of the schema (a key already taken, a row that
    refers to nothing): each backend's own integrity error, as the shared queries see it."""


class DatabaseUnusable(StorageError):
    """The database file cannot keep the bot's games: refused when opened, or found
    deleted or replaced while in use. The bot stops rather than play on without it."""


class NotADatabase(DatabaseUnusable):
    """The file is not a SQLite database (or its header is damaged)."""


class DatabaseDamaged(DatabaseUnusable):
    """SQLite's integrity check found the file damaged."""


class DatabaseTooNew(DatabaseUnusable):
    """A newer version of the bot wrote this file: its schema is unknown here."""


class DatabaseReadOnly(DatabaseUnusable):
    """The file (or its folder, needed for the journal) cannot be written."""


class DatabaseMissing(DatabaseUnusable):
    """The file is gone, but something beside it shows that a database was there."""


class DatabaseMismatch(DatabaseUnusable):
    """The file is not the database that was at this path before (its id differs)."""


class DatabaseLost(DatabaseUnusable):
    """The file was deleted or replaced while the bot had it open."""
