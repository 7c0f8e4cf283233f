"""Computer players: each decides from its own seat's view only, never the full deal.

``make_bot(level, seed=..., think_ms=...)`` builds one by name: ``random``, ``heuristic``,
``expert``, or ``cmd:COMMAND`` for an external program speaking the bot protocol
(docs/bot-protocol.md).
"""

from __future__ import annotations

from .base import Bot
from .random_bot import RandomBot

LEVELS = ("random", "heuristic", "expert")
DEFAULT_THINK_MS = 1000


def make_bot(level: str, *, seed: int, think_ms: int = DEFAULT_THINK_MS) -> Bot:
    """A bot of the named level, deterministic under ``seed``."""
    if level == "random":
        return RandomBot(seed)
    if level == "heuristic":
        from .heuristic import HeuristicBot

        return HeuristicBot(seed)
    if level == "expert":
        from .expert import ExpertBot

        return ExpertBot(seed, think_ms=think_ms)
    if level.startswith("cmd:"):
        from .external import ExternalBot

        return ExternalBot(level[4:])
    raise ValueError(f"unknown bot level {level!r}: choose {', '.join(LEVELS)} or cmd:COMMAND")


__all__ = ["DEFAULT_THINK_MS", "LEVELS", "Bot", "RandomBot", "make_bot"]
