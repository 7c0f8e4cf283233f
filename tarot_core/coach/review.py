"""A seat's review of a finished deal: each of its decisions weighed (``weighing.py``),
graded (``grades.py``) and, where flagged, given a reason of a known kind (``reasons.py``),
with a summary of what the deal's errors cost.

Everything here is plain data a worker process returns and storage keeps as JSON
(``to_json``/``from_json``); ``VERSION`` changes whenever the same deal could be reviewed
differently, so a review kept from an older coach is made again rather than shown.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..actions import Action, Bid, Call, DeclareSlam, Ecart, Play, Poignee
from ..cards import format_card
from ..deal import Deal
from ..rules import POIGNEE_LEVELS, Rules
from ..view import DealView
from .decisions import Decision, Kind, decisions
from .grades import CONFIDENCE, OVERRULE, Grade, grade
from .principles import alike, bid_out_of_band, broken
from .reasons import Reason, reason_of
from .weighing import SAMPLES, weigh

VERSION = 1
"""The coach's version: part of a kept review's key."""
NO = "none"
"""A poignée not shown, a slam not announced."""


@dataclass(frozen=True)
class DecisionReview:
    """One decision as the review shows it. ``chosen`` and ``best`` are option texts
    (``option_text``); ``cost`` is how many of the seat's score points the best option is
    worth more on average, ``error`` that estimate's standard error (0 when nothing was
    weighed), ``stake`` the seat's share (``weighing.stake``)."""

    number: int
    kind: Kind
    trick: int
    chosen: str
    best: str
    cost: float
    error: float
    grade: Grade
    reason: Reason | None
    options: int
    samples: int
    stake: int

    def to_json(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "kind": self.kind.value,
            "trick": self.trick,
            "chosen": self.chosen,
            "best": self.best,
            "cost": self.cost,
            "error": self.error,
            "grade": self.grade.value,
            "reason": self.reason.value if self.reason is not None else None,
            "options": self.options,
            "samples": self.samples,
            "stake": self.stake,
        }

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> DecisionReview:
        reason = obj.get("reason")
        return cls(
            number=int(obj["number"]),
            kind=Kind(obj["kind"]),
            trick=int(obj["trick"]),
            chosen=str(obj["chosen"]),
            best=str(obj["best"]),
            cost=float(obj["cost"]),
            error=float(obj["error"]),
            grade=Grade(obj["grade"]),
            reason=Reason(reason) if reason is not None else None,
            options=int(obj["options"]),
            samples=int(obj["samples"]),
            stake=int(obj["stake"]),
        )


@dataclass(frozen=True)
class DealReview:
    """``seat``'s decisions in one deal, in order."""

    seat: int
    players: int
    decisions: tuple[DecisionReview, ...]
    version: int = VERSION

    @property
    def flagged(self) -> tuple[DecisionReview, ...]:
        return tuple(d for d in self.decisions if d.grade.flagged)

    @property
    def cost(self) -> float:
        """The deal's cost of errors: the flagged decisions' costs added up."""
        return round(sum(d.cost for d in self.flagged), 1)

    def key_moments(self, count: int = 2) -> tuple[DecisionReview, ...]:
        """The flagged decisions that cost most (at most ``count``), in the deal's order."""
        worst = sorted(self.flagged, key=lambda d: (-d.cost, d.number))[:count]
        return tuple(sorted(worst, key=lambda d: d.number))

    def to_json(self) -> dict[str, Any]:
        return {
            "version": self.version,
            "seat": self.seat,
            "players": self.players,
            "decisions": [d.to_json() for d in self.decisions],
        }

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> DealReview:
        return cls(
            seat=int(obj["seat"]),
            players=int(obj["players"]),
            decisions=tuple(DecisionReview.from_json(d) for d in obj["decisions"]),
            version=int(obj["version"]),
        )


def option_text(rules: Rules, action: Action | None) -> str:
    """An option as a review writes it, whatever the language: a card (``KS``), a contract
    (``garde``), an écart's cards (``KS 4H ...``), ``slam``/``petit_chelem``/``none``, a
    poignée's level (``simple``...) or ``none``."""
    if action is None:
        return NO
    if isinstance(action, (Play, Call)):
        return format_card(action.card)
    if isinstance(action, Bid):
        return action.contract.text
    if isinstance(action, Ecart):
        return " ".join(format_card(c) for c in sorted(action.cards))
    if isinstance(action, DeclareSlam):
        return "petit_chelem" if action.petit else "slam" if action.announce else NO
    if isinstance(action, Poignee):
        return POIGNEE_LEVELS[rules.poignee_level(len(action.cards))]
    raise ValueError(f"no decision is reviewed for {action}")


def review_decision(decision: Decision, samples: int = SAMPLES) -> DecisionReview:
    """One decision weighed and graded, from its view alone.

    The reference is the expert's own choice: the best option by the estimate, or the
    principle's (the heuristic's) where the estimate cannot tell it from the best within
    ``CONFIDENCE`` standard errors. A decision is graded by its cost against that reference,
    and flagged only when the estimate is sure it is worse than both the best and the
    principle's option. Bids are judged by the points table first (``principles``): the
    search judges them too boldly."""
    view, kind = decision.view, decision.kind
    w = weigh(decision, samples)
    chosen, best, principle = w.chosen, w.best, w.principle
    gap, gap_error = w.lead(best, principle)
    reference = principle if gap <= CONFIDENCE * gap_error else best
    cost, error = w.lead(reference, chosen)
    below_best = _sure(w.lead(best, chosen))
    below_principle = _sure(w.lead(principle, chosen))
    right = chosen in (best, reference)
    verdict = Grade.BEST if right else Grade.FINE
    reason: Reason | None = None
    picked, model = w.shown[chosen], w.shown[principle]
    if kind == Kind.BID:
        assert isinstance(picked, Bid) and isinstance(model, Bid)
        reason = bid_out_of_band(view, picked, model)
        if reason is not None:
            verdict = grade(cost, error, w.stake, right)
            if not verdict.flagged:
                verdict = Grade.INACCURACY  # out of the table's band: flagged by the table
    elif chosen == principle:
        if _sure(w.lead(best, chosen), OVERRULE):
            verdict = grade(cost, error, w.stake, right)
    elif below_best and below_principle and not _alike(view, picked, model):
        verdict = grade(cost, error, w.stake, right)
    if kind == Kind.PLAY and not verdict.flagged:
        assert isinstance(picked, Play) and isinstance(model, Play)
        reason = broken(view, picked.card, model.card)
        if reason is not None:
            verdict = Grade.INACCURACY
    # A cost is shown where the estimate stands behind it: flagged, or fine within its
    # noise; not where a principle overrules a sure estimate (the search is blind there).
    shown = verdict.flagged or (verdict == Grade.FINE and not _sure((cost, error)))
    if verdict.flagged and reason is None:
        reason = reason_of(kind, view, picked, w.shown[reference])
    rules = view.rules
    return DecisionReview(
        number=decision.number,
        kind=kind,
        trick=decision.trick,
        chosen=option_text(rules, picked),
        best=option_text(rules, w.shown[reference]),
        cost=round(max(cost, 0.0), 1) if shown else 0.0,
        error=round(error, 1) if shown and error != float("inf") else 0.0,
        grade=verdict,
        reason=reason if verdict.flagged else None,
        options=len(w.shown),
        samples=w.samples,
        stake=w.stake,
    )


def _alike(view: DealView, a: Action | None, b: Action | None) -> bool:
    return isinstance(a, Play) and isinstance(b, Play) and alike(view, a.card, b.card)


def _sure(lead: tuple[float, float], confidence: float = CONFIDENCE) -> bool:
    """A lead beyond the estimate's noise."""
    mean, error = lead
    return mean > confidence * error and mean > 0


def review_deal(
    deal: Deal,
    seat: int,
    samples: int = SAMPLES,
    progress: Callable[[int, int], None] | None = None,
) -> DealReview:
    """Every decision of ``seat`` in the finished ``deal``, one after the other;
    ``progress(done, total)`` is told before the first and after each."""
    found = list(decisions(deal, seat))
    reviewed: list[DecisionReview] = []
    if progress is not None:
        progress(0, len(found))
    for decision in found:
        reviewed.append(review_decision(decision, samples))
        if progress is not None:
            progress(len(reviewed), len(found))
    return assemble(seat, deal.n, reviewed)


def assemble(seat: int, players: int, reviewed: Sequence[DecisionReview]) -> DealReview:
    """A deal's review from its decisions' (weighed one by one, in worker processes)."""
    return DealReview(seat, players, tuple(sorted(reviewed, key=lambda d: d.number)))


def review_one(deal: Deal, seat: int, number: int, samples: int = SAMPLES) -> DecisionReview:
    """Decision ``number`` of ``seat`` in ``deal`` (a worker process's share of a review)."""
    for decision in decisions(deal, seat):
        if decision.number == number:
            return review_decision(decision, samples)
    raise ValueError(f"seat {seat} made no decision {number} in this deal")


def decision_count(deal: Deal, seat: int) -> int:
    return sum(1 for _ in decisions(deal, seat))
