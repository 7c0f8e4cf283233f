"""The bidding report (python -m tarot_core bidding), and the expert's bids from every seat."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from builders import make_deal

from tarot_core import view
from tarot_core.actions import Bid
from tarot_core.bots.expert import ExpertBot

ROOT = Path(__file__).resolve().parent.parent


def test_bidding_command_prints_its_table() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "tarot_core", "bidding", "--players", "3", "--deals", "2"]
        + ["--level", "expert:2", "--seed", "5"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "Bidding of expert:2 at 3 players: 2 deals" in out
    for name in ("pass", "prise", "garde", "garde_sans", "garde_contre"):
        assert f"\n  {name} " in out
    assert "against the §10 band" in out
    assert "Agreement with §10" in out


@pytest.mark.parametrize("players", [3, 5])
def test_the_expert_bids_legally_from_every_seat(players: int) -> None:
    deal = make_deal(players)
    for seat in [(deal.dealer + 1 + i) % players for i in range(players)]:
        action = ExpertBot(seat, think_ms=10**9, max_samples=3).act(view(deal, seat))
        assert isinstance(action, Bid)
        deal.apply(action)  # raises if illegal
