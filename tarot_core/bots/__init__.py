"""Computer players: each decides from its own seat's view only, never the full deal.

``make_bot(level, seed=..., think_ms=...)`` builds one by name: ``random``, ``heuristic``,
``expert``, ``expert:N`` (exactly N sampled worlds per decision, whatever the time: the same
decisions on a busy machine as on an idle one, for measuring), or ``cmd:COMMAND`` for an
external program speaking the bot protocol (docs/bot-protocol.md).
"""

from __future__ import annotations

from .base import Bot
from .random_bot import RandomBot

LEVELS = ("random", "heuristic", "expert")
DEFAULT_THINK_MS = 1000
MAX_THINK_MS = 60_000
"""The longest thinking budget a command or setting takes: a minute a decision, already far
past what a player waits for."""
FOREVER_MS = 10**9
"""The time budget of ``expert:N``: its sample cap always binds first."""


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
    if level.startswith("expert:"):
        from .expert import ExpertBot

        samples = level[len("expert:") :]
        if not samples.isdigit() or int(samples) < 1:
            raise ValueError(
                f"expert:N wants a whole number of samples of at least 1, not {samples!r}"
            )
        return ExpertBot(seed, think_ms=FOREVER_MS, max_samples=int(samples))
    if level.startswith("cmd:"):
        from .external import ExternalBot

        return ExternalBot(level[4:])
    raise ValueError(
        f"unknown bot level {level!r}: choose {', '.join(LEVELS)}, expert:N or cmd:COMMAND"
    )


__all__ = ["DEFAULT_THINK_MS", "LEVELS", "MAX_THINK_MS", "Bot", "RandomBot", "make_bot"]
