"""The skill rating: openskill's Bradley-Terry (partial pairing) model over final standings.

Plackett-Luce, openskill's default, mishandles tied totals in 6.2 (a seat ranked below a
tie can gain more than the tied seats: openskill.py issues #173, #201), and ties are common
in Tarot, where defenders score alike; Bradley-Terry keeps every tie level and every
better total above.

Pure functions on (mu, sigma) pairs, so the storage layer and the benchmark fill rate
games the same way. The model is built once: its construction is not free.
"""

from __future__ import annotations

from collections.abc import Sequence

from openskill.models import BradleyTerryPart

MODEL = BradleyTerryPart()
DEFAULT_MU: float = MODEL.mu
DEFAULT_SIGMA: float = MODEL.sigma

Skill = tuple[float, float]
"""(mu, sigma)."""

DEFAULT: Skill = (DEFAULT_MU, DEFAULT_SIGMA)


def ordinal(skill: Skill) -> float:
    """The displayed rating, mu − 3σ: a conservative estimate that rises with certainty."""
    return float(MODEL.rating(mu=skill[0], sigma=skill[1]).ordinal())


def rate_seats(before: Sequence[Skill], totals: Sequence[int]) -> list[Skill]:
    """Each seat's skill after a game, every seat a team of one scored by its total."""
    teams = [[MODEL.rating(mu=mu, sigma=sigma)] for mu, sigma in before]
    after = MODEL.rate(teams, scores=list(totals))
    return [(team[0].mu, team[0].sigma) for team in after]


def rate_players(
    player_ids: Sequence[int], before: dict[int, Skill], totals: Sequence[int]
) -> dict[int, Skill]:
    """Each player's skill after a game, from the seats' ``player_ids`` and ``totals``.

    A player in several seats (three copies of the same bot level) plays each of them with
    its skill from before the game, and keeps the mean of their new mu and sigma.
    """
    seats = rate_seats([before.get(p, DEFAULT) for p in player_ids], totals)
    mine: dict[int, list[Skill]] = {}
    for player, skill in zip(player_ids, seats, strict=True):
        mine.setdefault(player, []).append(skill)
    return {
        player: (
            sum(mu for mu, _ in skills) / len(skills),
            sum(sigma for _, sigma in skills) / len(skills),
        )
        for player, skills in mine.items()
    }
