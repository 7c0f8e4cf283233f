"""How long one bot decision may think when many tables ask at once.

The expert thinks for a wall-clock budget (``think_ms``). With more decisions waiting or
running than worker processes, giving each its whole budget would make them queue: at 200
tables and one worker, the last would wait 200 budgets. Instead each gets its share of the
workers, ``think_ms * workers / demand``, less the time it already waited, so that a bot
turn takes about ``think_ms`` however many tables ask; below ``FLOOR_MS`` a search is too
short to be worth more than the heuristic's rules, which then decide.

Only the time-bound ``expert`` shrinks. ``expert:N`` (a fixed number of samples: the
challenges' opponents and par, and measurements) must decide the same whatever the load,
and the other levels take no budget.

The plan is made in the worker, as the decision starts (``thinking.think_in_time``), so that
the time spent queued in the pool counts as well as the time spent waiting for a slot. The
heuristic fallback runs in the worker too: it takes well under a millisecond, but it reads
the whole view (inference of the others' hands) and may fail like any bot; there it is
under the same watchdog and isolation as every decision, and the event loop, which serves
every table's humans, never runs a bot's code.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

FLOOR_MS = 20
"""The shortest search worth running: below it the heuristic decides. In 20 ms the expert
plays out only a few worlds early in a deal (more as the hands shrink), yet still beat the
heuristic by 21 points a deal (arena, 4 players, 40 deal sets, 95% interval +5 to +38;
docs/benchmarks.md)."""
SHRINKING = "expert"
"""The only level whose budget depends on the load."""
FALLBACK = "heuristic"
"""What decides when the budget left is below ``FLOOR_MS``."""


def share_ms(think_ms: int, workers: int, demand: int) -> float:
    """A decision's fair share of the workers: the whole budget while there are no more
    decisions (``demand``, this one included) than workers, else the budget times the
    workers over the demand."""
    if demand <= workers:
        return float(think_ms)
    return think_ms * workers / demand


def budget_ms(think_ms: int, workers: int, demand: int, waited_ms: float) -> int:
    """The milliseconds a decision may think: its share, and no more than what is left of
    ``think_ms`` after ``waited_ms`` already spent waiting; 0 (the heuristic decides) when
    that is below ``FLOOR_MS``, or below half of a ``think_ms`` set lower than the floor
    (an operator who asks for 10 ms still gets the expert while the load allows)."""
    left = min(share_ms(think_ms, workers, demand), think_ms - waited_ms)
    return int(left) if left >= min(FLOOR_MS, think_ms / 2) else 0


@dataclass(frozen=True)
class Plan:
    """What a decision runs: ``level`` with ``think_ms``; ``given_ms`` is the budget of a
    level that shrinks (0: it fell to the heuristic), None for one that never does."""

    level: str
    think_ms: int
    given_ms: int | None


def plan(level: str, think_ms: int, workers: int, demand: int, waited_ms: float) -> Plan:
    """The decision to run for a bot of ``level`` under the current demand."""
    if level != SHRINKING:
        return Plan(level, think_ms, None)
    given = budget_ms(think_ms, workers, demand, waited_ms)
    if given == 0:
        return Plan(FALLBACK, think_ms, 0)
    return Plan(level, given, given)


WHOLE = 0.9
"""A budget given is counted whole from this share of ``think_ms``: every decision waits a
little for its worker (the hand-over between processes), and that wait counts."""
LATENCIES_KEPT = 10_000
"""Bot-turn latencies kept for percentiles: the most recent ones, a bounded memory."""


@dataclass
class BudgetTally:
    """What the budgets given came to, since the start: for the log line an operator
    reads and for the benchmark."""

    timed: int = 0
    """Decisions of the level that shrinks."""
    full: int = 0
    """...of which were given their whole budget (``WHOLE``),"""
    shrunk: int = 0
    """...a part of it,"""
    fallen: int = 0
    """...or fell to the heuristic."""
    given_ms: int = 0
    """The budgets given, summed (the heuristic's as 0)."""
    asked_ms: int = 0
    """The budgets asked for (``think_ms`` each), summed."""
    peak_demand: int = 0
    """The most decisions waiting or running at once."""
    moves: int = 0
    """Bot moves applied (of every level)."""
    latencies: deque[float] = field(default_factory=lambda: deque(maxlen=LATENCIES_KEPT))
    """Seconds from the moment a bot may act (after its pause) to its move applied."""

    def given(self, think_ms: int, given_ms: int) -> None:
        self.timed += 1
        self.asked_ms += think_ms
        self.given_ms += given_ms
        if given_ms == 0:
            self.fallen += 1
        elif given_ms >= WHOLE * think_ms:
            self.full += 1
        else:
            self.shrunk += 1

    def moved(self, latency: float) -> None:
        """A bot move applied ``latency`` seconds after its bot could act."""
        self.moves += 1
        self.latencies.append(latency)

    def counts(self) -> tuple[int, int, int, int, int]:
        """Decisions timed, shrunk and fallen, milliseconds given and asked: what a log
        line compares with the same a while before."""
        return (self.timed, self.shrunk, self.fallen, self.given_ms, self.asked_ms)

    def kept(self) -> float | None:
        """The share of the budget asked for that was given, None before any."""
        return self.given_ms / self.asked_ms if self.asked_ms else None
