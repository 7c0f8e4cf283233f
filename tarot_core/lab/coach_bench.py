"""The coach measured on a corpus: ``python -m tarot_core coach-bench``.

A table of one level plays deals (as ``bidding`` plays them); every seat of every played
deal is reviewed. The report gives the review time per deal and seat (p50, p95, the
slowest), the decisions per review, and the share of decisions flagged by grade: a strong
level's own deals should be flagged far less than a weak one's.
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter
from typing import Any

from ..bots import LEVELS
from ..coach import SAMPLES, Grade, review_deal
from ..command_line import PLAYERS, SEED, whole
from ..rules import PLAYER_COUNTS, Rules
from ..scoring import Outcome
from .arena import ArenaError, check_level
from .bidding_report import play_deal
from .stats import p95, percentile


def run(players: int, deals: int, seed: int, level: str, samples: int) -> dict[str, Any]:
    """Review every seat of ``deals`` deals played by ``level`` (JSON-ready figures)."""
    rules = Rules(players=players)
    seconds: list[float] = []
    grades: Counter[str] = Counter()
    reviews = decisions = 0
    for index in range(deals):
        deal = play_deal(rules, level, seed, index, 1000)
        assert deal.result is not None
        if deal.result.outcome != Outcome.PLAYED:
            continue
        for seat in range(players):
            if rules.sits_out and seat == deal.dealer:
                continue
            start = time.perf_counter()
            review = review_deal(deal, seat, samples)
            seconds.append(time.perf_counter() - start)
            reviews += 1
            decisions += len(review.decisions)
            grades.update(d.grade.value for d in review.decisions)
    flagged = sum(grades[g.value] for g in Grade if g.flagged)
    return {
        "players": players,
        "level": level,
        "samples": samples,
        "reviews": reviews,
        "decisions": decisions,
        "seconds_p50": _round(percentile(seconds, 0.5)),
        "seconds_p95": _round(p95(seconds)),
        "seconds_max": _round(max(seconds, default=None)),
        "flagged": round(flagged / decisions, 4) if decisions else None,
        "grades": {g.value: grades[g.value] for g in Grade},
    }


def _round(value: float | None) -> float | None:
    return round(value, 2) if value is not None else None


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--players", type=PLAYERS, choices=PLAYER_COUNTS, default=4)
    p.add_argument("--deals", type=whole(1), default=20)
    p.add_argument("--seed", type=SEED, default=1)
    p.add_argument("--level", default="heuristic", help=f"{', '.join(LEVELS)} or expert:N")
    p.add_argument("--samples", type=whole(2), default=SAMPLES, help="worlds per decision")
    p.add_argument("--json", action="store_true", help="print one JSON object")


def run_cli(args: argparse.Namespace) -> int:
    try:
        check_level(args.level, 1000)
    except ArenaError as e:
        print(f"coach-bench: {e}")
        return 2
    figures = run(args.players, args.deals, args.seed, args.level, args.samples)
    if args.json:
        print(json.dumps(figures))
        return 0
    print(
        f"{figures['players']} players, {figures['level']} deals, {figures['samples']} worlds: "
        f"{figures['reviews']} reviews of {figures['decisions']} decisions; "
        f"seconds per review p50 {figures['seconds_p50']}, p95 {figures['seconds_p95']}, "
        f"max {figures['seconds_max']}"
    )
    grades = figures["grades"]
    print(
        f"flagged {100 * (figures['flagged'] or 0):.1f}%: "
        + ", ".join(f"{name} {count}" for name, count in grades.items())
    )
    return 0
