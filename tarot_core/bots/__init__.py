"""Computer players: each decides from its own seat's view only, never the full deal."""

from .base import Bot
from .random_bot import RandomBot

__all__ = ["Bot", "RandomBot"]
