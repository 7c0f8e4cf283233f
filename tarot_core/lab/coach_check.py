"""The coach judged by the positions suite: no answer a position accepts may be flagged,
and every answer it lists as wrong (``reject``) must be.

A position's answer is made a decision of the seat to act (``coach.Decision``) and graded as
a review would grade it: at a sample budget, under the seed of the position's view.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ..actions import Action, Bid, Ecart, Play
from ..cards import parse_card
from ..coach import SAMPLES, Decision, DecisionReview, Grade, Kind, review_decision
from ..command_line import whole
from ..deal import Deal, Phase
from ..rules import Contract
from ..view import view
from .positions import (
    CATEGORIES,
    Position,
    PositionError,
    accepted,
    build,
    ecart_example,
    load_positions,
)


@dataclass(frozen=True)
class Judged:
    """One answer of one position as the coach grades it."""

    position: str
    category: str
    answer: str
    accepted: bool
    review: DecisionReview

    @property
    def wrong(self) -> bool:
        """An accepted answer flagged, or a rejected one not flagged."""
        return self.review.grade.flagged == self.accepted

    def to_json(self) -> dict[str, Any]:
        return {
            "position": self.position,
            "answer": self.answer,
            "accepted": self.accepted,
            "grade": self.review.grade.value,
            "best": self.review.best,
            "cost": self.review.cost,
            "error": self.review.error,
        }


def _decision(deal: Deal, action: Action) -> Decision:
    seat = deal.to_act
    seen = view(deal, seat)
    kinds = {Phase.BIDDING: Kind.BID, Phase.ECART: Kind.ECART, Phase.PLAYING: Kind.PLAY}
    return Decision(0, kinds[deal.phase], seen, action, len(deal.tricks) + 1)


def _action(deal: Deal, answer: str) -> Action:
    seat = deal.to_act
    if deal.phase == Phase.BIDDING:
        return Bid(seat, Contract.parse(answer))
    return Play(seat, parse_card(answer))


def judge(position: Position, samples: int = SAMPLES) -> list[Judged]:
    """Every accepted answer of the position, and every rejected one, graded."""
    deal = build(position)
    answers: list[tuple[str, Action, bool]] = []
    if position.at_ecart:
        cards = ecart_example(position, deal, meets=True)
        if cards is not None:
            answers.append((" ".join(map(str, cards)), Ecart(deal.to_act, cards), True))
    else:
        ok = accepted(position, deal)
        answers += [(a, _action(deal, a), True) for a in sorted(ok)]
        answers += [(a, _action(deal, a), False) for a in sorted(position.reject)]
    out = []
    for text, action, good in answers:
        review = review_decision(_decision(deal, action), samples)
        out.append(Judged(position.id, position.category, text, good, review))
    return out


def run(positions: Iterable[Position], samples: int) -> list[Judged]:
    return [j for p in positions for j in judge(p, samples)]


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--samples", type=whole(2), default=SAMPLES, help="worlds per decision")
    p.add_argument("--category", choices=CATEGORIES, action="append", help="only these")
    p.add_argument("--json", action="store_true", help="print one JSON object")


def run_cli(args: argparse.Namespace) -> int:
    """``python -m tarot_core coach-check``: the answers graded wrongly, then a count."""
    try:
        positions = load_positions()
    except PositionError as e:
        print(f"coach-check: {e}", file=sys.stderr)
        return 2
    if args.category:
        positions = [p for p in positions if p.category in args.category]
    start = time.perf_counter()
    judged = run(positions, args.samples)
    wrong = [j for j in judged if j.wrong]
    flagged_good = sum(1 for j in judged if j.accepted and j.review.grade.flagged)
    mistakes = sum(
        1 for j in judged if j.accepted and j.review.grade in (Grade.MISTAKE, Grade.BLUNDER)
    )
    missed = sum(1 for j in judged if not j.accepted and not j.review.grade.flagged)
    if args.json:
        print(json.dumps({"answers": [j.to_json() for j in judged], "wrong": len(wrong)}))
        return 0
    for j in wrong:
        r = j.review
        side = "accepted" if j.accepted else "rejected"
        print(
            f"{j.position}: {side} {j.answer} graded {r.grade} (best {r.best}, "
            f"cost {r.cost} ± {r.error})"
        )
    good = sum(1 for j in judged if j.accepted)
    print(
        f"{len(judged)} answers of {len(positions)} positions in "
        f"{time.perf_counter() - start:.1f} s: accepted {good}, flagged {flagged_good} "
        f"(mistakes or worse {mistakes}); rejected {len(judged) - good}, not flagged {missed}"
    )
    return 0
