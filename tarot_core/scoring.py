"""Scoring a deal exactly as docs/rules.md §8 says, in half points so that nothing is a float."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields
from enum import StrEnum
from typing import Any

from .cards import EXCUSE, HALF_POINTS, OUDLERS, PETIT, TRUMP_21, Card, Mask, cards_of
from .rules import FIXED_VALUES, Contract, Rules

TARGETS = (56, 51, 41, 36)
"""Points the taker's side needs, by the number of oudlers it holds."""


class Outcome(StrEnum):
    """How a deal ended; the value is what records, results and storage write."""

    PLAYED = "played"
    PASSED = "passed"
    """Every seat passed: the deal is voided."""
    PETIT_SEC = "petit_sec"
    """A hand was dealt the Petit alone: the deal is voided."""


@dataclass(frozen=True)
class DealResult:
    outcome: Outcome
    scores: tuple[int, ...]
    taker: int | None = None
    contract: Contract | None = None
    partner: int | None = None
    oudlers: int | None = None
    points_half: int | None = None
    target: int | None = None
    made: bool | None = None
    petit_au_bout: str | None = None
    slam: str | None = None
    diff: int = 0
    multiplier: int = 0
    """docs/rules.md §3's multiplier; 1 under ``contracts: fixed``, where ``FIXED_VALUES``
    replaces 25 × it."""
    hand_score: int = 0
    """``s`` of docs/rules.md §8, signed from the taker's side, misère excluded."""
    poignee_bonus: int = 0
    chelem_bonus: int = 0
    misere_scores: tuple[int, ...] = ()

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its fields, rebuilt by ``__init__``: a frozen instance of the compiled
        core cannot be filled in place as pickle does by default."""
        return (DealResult, tuple(getattr(self, f.name) for f in fields(self)))

    @property
    def points(self) -> float | int | None:
        if self.points_half is None:
            return None
        return self.points_half // 2 if self.points_half % 2 == 0 else self.points_half / 2

    def to_json(self) -> dict[str, Any]:
        """The object printed by ``replay`` (docs/records.md), keys in its order."""
        return {
            "outcome": self.outcome,
            "taker": self.taker,
            "contract": self.contract.text if self.contract is not None else None,
            "partner": self.partner,
            "oudlers": self.oudlers,
            "points": self.points,
            "target": self.target,
            "made": self.made,
            "petit_au_bout": self.petit_au_bout,
            "slam": self.slam,
            "scores": list(self.scores),
        }


def voided(outcome: Outcome, players: int) -> DealResult:
    return DealResult(outcome=outcome, scores=(0,) * players)


def diff_points(points_half: int, target: int) -> int:
    """|points - target|, a half point rounded up in favour of the side that scores."""
    return (abs(points_half - 2 * target) + 1) // 2


def seat_scores(players: int, taker: int, partner: int | None, s: int, out: int = -1) -> list[int]:
    """Each defender -s, the partner +s, the taker the rest; ``out`` (a dealer who sits out,
    docs/rules.md §11.1) 0."""
    scores = [-s] * players
    playing = players
    if out >= 0:
        scores[out] = 0
        playing -= 1
    if partner is None:
        scores[taker] = s * (playing - 1)
    else:
        scores[partner] = s
        scores[taker] = (playing - 3) * s  # 2s at 5 players, 3s at 6 (docs/rules.md §11.1)
    return scores


def misere_scores(players: int, miseres: Sequence[int], out: int = -1) -> list[int]:
    """10 from each other seat that plays for each misère; ``out`` pays and receives nothing."""
    scores = [0] * players
    others = players - 1 - (out >= 0)
    for seat in miseres:
        for other in range(players):
            if other != out:
                scores[other] += 10 * others if other == seat else -10
    return scores


def round_ten(score: int) -> int:
    """The nearest multiple of 10, a 5 away from zero (docs/rules.md §11.6: -165 → -170)."""
    sign = -1 if score < 0 else 1
    return sign * ((abs(score) + 5) // 10 * 10)


def rounded_to_ten(scores: Sequence[int], taker: int) -> list[int]:
    """Every seat but the taker rounded to ten; the taker's score keeps the deal at zero sum."""
    out = [score if seat == taker else round_ten(score) for seat, score in enumerate(scores)]
    out[taker] = -sum(score for seat, score in enumerate(out) if seat != taker)
    return out


def chelem_term(
    rules: Rules, taker_side_won: Sequence[bool], announced: bool, petit_announced: bool
) -> tuple[str | None, int]:
    """The replay's ``slam`` value and the one chelem term of docs/rules.md §8 (and §11.3)."""
    won = sum(taker_side_won)
    tricks = len(taker_side_won)
    if petit_announced:  # every trick included; the defence's chelem too is just a failure
        if won >= tricks - 3:
            return "petit_announced_made", 300
        return "petit_announced_failed", -150
    if won == tricks:
        return ("announced_made", 400) if announced else ("made", 200)
    if announced:
        return "announced_failed", -200
    if won == 0:
        return "defence", -200
    if rules.petit_chelem and won >= tricks - 3:
        return "petit_made", 150
    return None, 0


_PETIT_AU_BOUT: dict[str | None, int] = {"taker": 10, "defence": -10, None: 0}


def contract_terms(
    rules: Rules, contract: Contract, diff: int, made: bool, petit_au_bout: str | None
) -> tuple[int, int]:
    """The contract's own two terms of ``s``, signed from the taker's side: the base,
    ±(25 + diff) × multiplier (docs/rules.md §8) or ±(value + diff) under fixed contracts
    (§11.4), and the petit au bout, ±10 × multiplier or ±value (a score sheet shows them as
    they count)."""
    sign = 1 if made else -1
    pab = _PETIT_AU_BOUT[petit_au_bout]
    if rules.contracts == "fixed":
        value = FIXED_VALUES[contract]
        return sign * (value + diff), pab * value // 10
    m = rules.multiplier(contract)
    return sign * (25 + diff) * m, pab * m


def hand_terms(
    rules: Rules,
    contract: Contract,
    taker_half: int,
    target: int,
    petit_au_bout: str | None,
    poignee: int,
) -> tuple[bool, int, int]:
    """What the taker side's card points (in half points) decide: whether the contract is
    made, by how much (docs/rules.md §8's diff), and ``s`` without the chelem: the contract's
    terms and the poignées (``poignee``, their total bonus) counted for the side that wins the
    deal."""
    made = taker_half >= 2 * target
    diff = diff_points(taker_half, target)
    base, pab = contract_terms(rules, contract, diff, made, petit_au_bout)
    return made, diff, base + pab + (poignee if made else -poignee)


def score_played(
    rules: Rules,
    *,
    taker: int,
    partner: int | None,
    contract: Contract,
    tricks: Sequence[Sequence[Card]],
    winners: Sequence[int],
    excuse_seat: int | None,
    excuse_trick: int | None,
    set_aside: Mask,
    slam_announced: bool,
    poignees: Sequence[int],
    petit_announced: bool = False,
    miseres: Sequence[int],
    imprenable: int = -1,
    out: int = -1,
) -> DealResult:
    """Score a played deal.

    ``winners`` is final: a slam side's Excuse has already been made the winner of the last
    trick. ``set_aside`` is the écart or chien; it counts for the taker except at Garde contre.
    ``poignees`` holds the bonus of each poignée shown. ``imprenable`` is the seat whose Petit
    is protected (docs/rules.md §11.2), -1 if none: like the Excuse, its side keeps it. ``out`` is
    a dealer who sits out (docs/rules.md §11.1), -1 if none: it scores 0.
    """
    n = rules.players
    last = len(tricks) - 1

    def taking(seat: int) -> bool:
        return seat in (taker, partner)

    # Every card of the tricks the taker's side won, in one pass (this runs once per
    # simulated deal); the Excuse and a protected Petit are counted apart below.
    taker_side_won = [w in (taker, partner) for w in winners]
    won = [c for cards, wins in zip(tricks, taker_side_won, strict=True) if wins for c in cards]
    taker_half = sum(map(HALF_POINTS.__getitem__, won))
    taker_cards: Mask = 0  # of the cards that count for the taker's side, its oudlers
    if EXCUSE in won:
        taker_half -= HALF_POINTS[EXCUSE]
    if PETIT in won:
        if imprenable >= 0:
            taker_half -= HALF_POINTS[PETIT]
        else:
            taker_cards |= 1 << PETIT
    if TRUMP_21 in won:
        taker_cards |= 1 << TRUMP_21
    if contract != Contract.GARDE_CONTRE:
        taker_half += sum(map(HALF_POINTS.__getitem__, cards_of(set_aside)))
        taker_cards |= set_aside & OUDLERS
    if excuse_seat is not None and excuse_trick is not None:
        owner_taking = taking(excuse_seat)
        winner_taking = taker_side_won[excuse_trick]
        if excuse_trick == last and winners[last] != excuse_seat:
            # In the last trick the Excuse changes sides, whoever wins the trick (it wins
            # that trick itself only for a side that won all the others).
            if not owner_taking:
                taker_half += 9
                taker_cards |= 1 << EXCUSE
        else:
            if owner_taking:
                taker_half += 8
                taker_cards |= 1 << EXCUSE
            if winner_taking:
                taker_half += 1
    petit_trick = next((i for i, cards in enumerate(tricks) if PETIT in cards), None)
    if imprenable >= 0 and petit_trick is not None:
        # docs/rules.md §11.2: its side keeps it, giving the trick's winner 0.5, in the last
        # trick too.
        if taking(imprenable):
            taker_half += 8
            taker_cards |= 1 << PETIT
        if taker_side_won[petit_trick]:
            taker_half += 1
    oudlers = (taker_cards & OUDLERS).bit_count()
    target = TARGETS[oudlers]
    # The result's multiplier; under fixed contracts a value replaces it, and it says 1.
    m = 1 if rules.contracts == "fixed" else rules.multiplier(contract)

    slam, chelem = chelem_term(rules, taker_side_won, slam_announced, petit_announced)

    petit_au_bout: str | None = None
    excuse_won_last = excuse_trick == last and winners[last] == excuse_seat
    if petit_trick is not None and (
        petit_trick == last or (petit_trick == last - 1 and excuse_won_last)
    ):
        petit_au_bout = "taker" if taker_side_won[petit_trick] else "defence"
        if imprenable >= 0 and taking(imprenable) != taker_side_won[petit_trick]:
            # docs/rules.md §11.2: au bout only for the protected Petit's own side
            petit_au_bout = None
    poignee = sum(poignees)
    made, diff, s = hand_terms(rules, contract, taker_half, target, petit_au_bout, poignee)
    sign = 1 if made else -1
    s += chelem
    scores = seat_scores(n, taker, partner, s, out)
    extra = misere_scores(n, miseres, out)
    total = [a + b for a, b in zip(scores, extra, strict=True)]
    if rules.round_to_ten:  # misère included before rounding (docs/rules.md §11.6)
        total = rounded_to_ten(total, taker)
    return DealResult(
        outcome=Outcome.PLAYED,
        scores=tuple(total),
        taker=taker,
        contract=contract,
        partner=partner,
        oudlers=oudlers,
        points_half=taker_half,
        target=target,
        made=made,
        petit_au_bout=petit_au_bout,
        slam=slam,
        diff=diff,
        multiplier=m,
        hand_score=s,
        poignee_bonus=sign * poignee,
        chelem_bonus=chelem,
        misere_scores=tuple(extra),
    )
