"""A challenge's results, worked out from what is stored: each member's deals against the
par, and against each other in matchpoints, deal by deal and variant by variant.

Pure: the rows in, the standings out. A member is in the results once they have finished,
or, once the challenge is closed, with whatever they played: a deal they left unplayed
scores as the par, against the par and in matchpoints alike (leaving a bad deal unfinished
gains nothing over the par's score, and an attempt left untouched is not a free 50%).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, replace

from tarot_core import field_matchpoints

from ..storage import AttemptDeal, ParDeal, StoredAttempt


@dataclass(frozen=True)
class DealLine:
    """One member's deal: their score (the par's when they left it unplayed), the par's,
    and their matchpoints against the members of their variant who played it."""

    number: int
    score: int
    par: int
    played: bool
    matchpoints: float | None
    contract: str | None
    took: bool
    made: bool | None

    @property
    def versus_par(self) -> int:
        return self.score - self.par


@dataclass(frozen=True)
class Standing:
    player_id: int
    name: str
    guild_id: int | None
    variant: int
    finished: bool
    deals: tuple[DealLine, ...]
    rank: int = 0

    @property
    def total(self) -> int:
        return sum(d.score for d in self.deals)

    @property
    def versus_par(self) -> int:
        return sum(d.versus_par for d in self.deals)

    @property
    def matchpoints(self) -> float | None:
        """The mean of the deals' matchpoint percentages (None with nobody to compare to)."""
        scored = [d.matchpoints for d in self.deals if d.matchpoints is not None]
        return sum(scored) / len(scored) if scored else None


@dataclass(frozen=True)
class FieldDeal:
    """How the field did on one deal of one variant: who played it, took, made it."""

    variant: int
    number: int
    par: ParDeal
    played: int
    took: int
    made: int


def standings(
    pars: Sequence[ParDeal],
    attempts: Sequence[StoredAttempt],
    deals: Sequence[AttemptDeal],
    *,
    seat: int,
    closed: bool,
) -> list[Standing]:
    """Every member in the results, best first (matchpoints, then total against the par),
    ranks shared by equals. ``seat`` is the challenge's seat: a deal 'taken' is taken there."""
    par = {(p.variant, p.number): p for p in pars}
    numbers = sorted({p.number for p in pars})
    played: dict[int, dict[int, AttemptDeal]] = defaultdict(dict)
    for row in deals:
        played[row.game_id][row.number] = row
    counted = [a for a in attempts if a.finished_at is not None or closed]

    def score(a: StoredAttempt, number: int) -> int:
        """The member's score on the deal: the par's where they left it unplayed."""
        row = played[a.game_id].get(number)
        return row.score if row is not None else par[(a.variant, number)].score

    # Each deal's field (its variant's members, in order), matchpointed at once.
    field: dict[tuple[int, int], list[StoredAttempt]] = defaultdict(list)
    for a in counted:
        for number in numbers:
            field[(a.variant, number)].append(a)
    points: dict[tuple[int, int], float | None] = {}
    for (_, number), members in field.items():
        scores = field_matchpoints([score(a, number) for a in members])
        for a, mp in zip(members, scores, strict=True):
            points[(a.game_id, number)] = mp
    out = []
    for a in counted:
        lines = []
        for number in numbers:
            p = par[(a.variant, number)]
            mine = played[a.game_id].get(number)
            mp = points[(a.game_id, number)]
            if mine is None:  # scored as the par, in matchpoints too: leaving gains nothing
                lines.append(DealLine(number, p.score, p.score, False, mp, None, False, None))
                continue
            took = mine.taker_seat == seat
            lines.append(
                DealLine(
                    number,
                    mine.score,
                    p.score,
                    True,
                    mp,
                    mine.contract,
                    took,
                    mine.made if took else None,
                )
            )
        out.append(
            Standing(
                a.player_id, a.name, a.guild_id, a.variant, a.finished_at is not None, tuple(lines)
            )
        )
    return _ranked(out)


def _order(s: Standing) -> tuple[float, int]:
    mp = s.matchpoints
    return (-(mp if mp is not None else 50.0), -s.versus_par)


def _ranked(standings: Sequence[Standing]) -> list[Standing]:
    """Best first, each ranked 1 + the number of members strictly ahead (equals share a
    rank): one sort, one pass."""
    keyed = sorted(((_order(s), s) for s in standings), key=lambda k: k[0])
    out: list[Standing] = []
    for i, (key, s) in enumerate(keyed):
        rank = out[-1].rank if i and key == keyed[i - 1][0] else i + 1
        out.append(replace(s, rank=rank))
    return out


def in_guild(all_standings: Sequence[Standing], guild_id: int) -> list[Standing]:
    """The members who played from ``guild_id``, ranked among themselves (their matchpoints
    still count against the whole field)."""
    return _ranked([s for s in all_standings if s.guild_id == guild_id])


def field(
    pars: Sequence[ParDeal],
    attempts: Sequence[StoredAttempt],
    deals: Sequence[AttemptDeal],
    *,
    seat: int,
) -> list[FieldDeal]:
    """Per variant and deal: how many members played it, took it in the seat, made it."""
    variant_of = {a.game_id: a.variant for a in attempts}
    counts: dict[tuple[int, int], list[int]] = defaultdict(lambda: [0, 0, 0])
    for row in deals:
        key = (variant_of.get(row.game_id, -1), row.number)
        c = counts[key]
        c[0] += 1
        if row.taker_seat == seat:
            c[1] += 1
            c[2] += bool(row.made)
    return [FieldDeal(p.variant, p.number, p, *counts[(p.variant, p.number)]) for p in pars]
