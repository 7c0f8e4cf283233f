"""The par of one deal, computed in a worker process (the strongest computer player in
every seat plays it out: seconds of CPU, never on the event loop)."""

from __future__ import annotations

from typing import Any

from tarot_core import Rules, par_deal, to_record

from ..storage import ParDeal


def compute_par(
    players: int,
    options: dict[str, Any],
    seed: int,
    variant: int,
    number: int,
    level: str,
    seat: int,
) -> ParDeal:
    """Deal ``number`` (from 0) of the variant seeded ``seed``, played by ``level``: the
    score of ``seat`` and the deal's record. Module-level, so that a worker can run it."""
    played = par_deal(Rules.from_options(players, options), seed, number, level)
    assert played.result is not None
    return ParDeal.of(variant, number, seat, played.result, to_record(played))
