"""Where a table is in its life; stored as the text of its member in ``games.status``."""

from __future__ import annotations

from enum import StrEnum


class TableStatus(StrEnum):
    """Each member compares equal to its text (``snapshot.status == "playing"`` holds)."""

    LOBBY = "lobby"
    """Seats filling; nothing dealt yet."""
    PLAYING = "playing"
    FINISHED = "finished"
    """Every deal played; the result is stored."""
    STOPPED = "stopped"
    """Ended early by the host, a moderator or idleness; finished deals stay recorded."""
    CANCELLED = "cancelled"
    """A lobby closed before its game started."""


LIVE = (TableStatus.LOBBY, TableStatus.PLAYING)
"""A table on its channel: its message still changes."""
ENDED = (TableStatus.FINISHED, TableStatus.STOPPED, TableStatus.CANCELLED)
"""A game over, however it ended: nothing of it changes any more."""
