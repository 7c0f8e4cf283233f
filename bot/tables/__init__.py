"""The table service: lobbies, games, bots and timers, as plain async Python.

The Discord layer only translates: it calls ``TableManager`` methods for clicks and
commands, and implements ``Presenter`` to show what changed.
"""

from .clock import Clock, LoopClock, ManualClock
from .errors import RefusalCode, Refused
from .manager import TableManager
from .presenter import Presenter
from .settings import AwayPolicy, TableSettings
from .snapshot import SeatInfo, TableSnapshot
from .status import TableStatus

__all__ = [
    "AwayPolicy",
    "Clock",
    "LoopClock",
    "ManualClock",
    "Presenter",
    "RefusalCode",
    "Refused",
    "SeatInfo",
    "TableManager",
    "TableSettings",
    "TableSnapshot",
    "TableStatus",
]
