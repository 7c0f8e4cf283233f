"""The table service: lobbies, games, bots and timers, as plain async Python.

The Discord layer only translates: it calls ``TableManager`` methods for clicks and
commands, and implements ``Presenter`` to show what changed.
"""

from .clock import Clock, LoopClock, ManualClock
from .errors import Refused
from .manager import TableManager
from .presenter import Presenter
from .settings import TableSettings
from .snapshot import SeatInfo, TableSnapshot

__all__ = [
    "Clock",
    "LoopClock",
    "ManualClock",
    "Presenter",
    "Refused",
    "SeatInfo",
    "TableManager",
    "TableSettings",
    "TableSnapshot",
]
