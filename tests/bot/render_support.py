"""Shared fixtures of the rendering tests."""

from __future__ import annotations

from tarot_core import Contract, DealResult, Outcome


def garde_made() -> DealResult:
    """A garde taken by seat 0 of four and made by 5 (92 half-points, 1 oudler, 41 needed):
    +60 for the taker, -20 for each defender."""
    return DealResult(
        Outcome.PLAYED,
        (60, -20, -20, -20),
        0,
        Contract.GARDE,
        None,
        2,
        92,
        41,
        True,
        diff=5,
        multiplier=2,
        hand_score=60,
    )
