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

ROOT = Path(__file__).resolve().parents[3]


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
    assert "against the guide band" in out
    assert "Agreement with the guide" in out


@pytest.mark.parametrize("players", [3, 5])
def test_the_expert_bids_legally_from_every_seat(players: int) -> None:
    deal = make_deal(players)
    for seat in [(deal.dealer + 1 + i) % players for i in range(players)]:
        action = ExpertBot(seat, think_ms=10**9, max_samples=3).act(view(deal, seat))
        assert isinstance(action, Bid)
        deal.apply(action)  # raises if illegal


def test_a_failing_bot_is_one_line_not_a_traceback(tmp_path: Path) -> None:
    broken = tmp_path / "broken_bot.py"
    broken.write_text(  # our random bot for its first request, then a line that is not JSON
        "import subprocess, sys\n"
        "bot = subprocess.Popen([sys.executable, '-m', 'tarot_core', 'bot', '--seed', '1'],\n"
        "                       stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)\n"
        "assert bot.stdin and bot.stdout\n"
        "bot.stdin.write(sys.stdin.readline()); bot.stdin.flush()\n"
        "print(bot.stdout.readline(), end='', flush=True)\n"
        "sys.stdin.readline(); print('not json', flush=True)\n"
    )
    done = subprocess.run(
        [sys.executable, "-m", "tarot_core", "bidding", "--players", "4", "--deals", "1"]
        + ["--level", f"cmd:{sys.executable} {broken}", "--seed", "5"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert done.stderr.startswith("bidding: the cmd:") and "failed" in done.stderr
