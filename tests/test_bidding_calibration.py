"""The expert's bids are calibrated (tarot_core.bots.bidding): the points table of RULES.md §10
is the default, and sampled worlds move a bid off it only by more than their error."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from builders import make_deal

from tarot_core import view
from tarot_core.actions import Bid
from tarot_core.bots.bidding import MARGIN, beats, ceiling, pick
from tarot_core.bots.evaluation import FFT_BIDS, preferred_contract, strength
from tarot_core.bots.expert import ExpertBot
from tarot_core.rules import Contract

PASS, PRISE, GARDE = Contract.PASS, Contract.PRISE, Contract.GARDE
GARDE_SANS, GARDE_CONTRE = Contract.GARDE_SANS, Contract.GARDE_CONTRE
ROOT = Path(__file__).resolve().parent.parent

SMALL_TRUMPS = "T1 T3 T4 T5 T6 T7 T8 EX QS JS 10S 9S QH 8H 7D 6D 5C 4C"
"""Seven small trumps (the Petit the only oudler among them) and the Excuse, no King: 38
points, a pass by §10. The expert used to bid Garde with it on some seeds."""
STRONG_PRISE = "T1 T3 T4 T5 T6 T9 T12 T16 T17 KS QS 9S 8S 7S 6H 5H 4D 3D"
"""Nine trumps with the Petit, King and Queen of spades: 48 points, a strong Prise by §10
within reach of a Garde, whose sampled Garde and Prise values (16 worlds) lie within their
error of each other. The expert used to bid Garde or pass, never Prise."""


def first_bid(hand: str, seed: int, samples: int = 32) -> Contract:
    deal = make_deal(4, hands={0: hand})  # seat 0 speaks first
    action = ExpertBot(seed, think_ms=10**9, max_samples=samples).act(view(deal, 0))
    assert isinstance(action, Bid)
    return action.contract


def test_seven_small_trumps_and_the_excuse_is_a_pass() -> None:
    deal = make_deal(4, hands={0: SMALL_TRUMPS})
    assert preferred_contract(deal.dealt[0], 4) == PASS
    assert [first_bid(SMALL_TRUMPS, seed) for seed in range(8)] == [PASS] * 8


def test_a_prise_hand_bids_prise_when_the_worlds_cannot_tell_garde_from_it() -> None:
    hand = make_deal(4, hands={0: STRONG_PRISE}).dealt[0]
    assert preferred_contract(hand, 4) == PRISE
    assert ceiling(hand, 4, FFT_BIDS) == GARDE  # the Garde is searched, not ruled out
    bids = [first_bid(STRONG_PRISE, seed, samples=16) for seed in range(10)]
    assert bids.count(PRISE) >= 6, bids


def test_beats_needs_more_than_the_paired_error_and_the_margin() -> None:
    lower = [0.0] * 10
    assert beats([MARGIN + 1] * 10, lower)  # no variance: the margin alone decides
    assert not beats([MARGIN - 1] * 10, lower)
    noisy = [60.0, -40.0] * 5  # mean +10, paired standard error about 16.7
    assert not beats(noisy, lower)
    assert beats([v + 40 for v in noisy], lower)  # mean +50 clears 1.65 * 16.7 + 5
    assert not beats([100.0], [0.0])  # one world proves nothing


def test_pick_keeps_the_table_bid_unless_the_worlds_clearly_disagree() -> None:
    flat = [0.0, 10.0, -10.0, 5.0, -5.0, 0.0]
    noise = [30.0, -30.0, 25.0, -25.0, 20.0, -20.0]
    values = {
        PASS: flat,
        PRISE: [v + 8 + n for v, n in zip(flat, noise, strict=True)],  # +8, within the error
        GARDE: [v + 16 + 2 * n for v, n in zip(flat, noise, strict=True)],  # as little more
    }
    assert pick(values, PRISE) == PRISE
    assert pick(values, PASS) == PASS  # taking must beat passing clearly
    values[GARDE] = [v + 100 for v in flat]
    assert pick(values, PRISE) == GARDE
    assert pick(values, PASS) == GARDE  # a clear winner is reached past a level step
    values[PRISE] = [v + 200 for v in flat]
    assert pick(values, GARDE) == PRISE  # a clear loss steps down to a lower contract
    values[PASS] = [v + 500 for v in flat]
    assert pick(values, PRISE) == PRISE  # but never to a pass: the table's take stands
    assert pick(values, GARDE) == PRISE


def test_ceiling_is_one_band_above_the_table_and_needs_trumps() -> None:
    small = make_deal(4, hands={0: SMALL_TRUMPS}).dealt[0]
    assert strength(small, 4) == 38
    assert ceiling(small, 4, FFT_BIDS) == PRISE  # within reach of the Prise band
    weak = make_deal(4, hands={0: "T21 T3 T4 T5 T6 T9 T12 T15 KS 10S 9S 8S 7S QH 5H"}).dealt[0]
    assert preferred_contract(weak, 4) == PRISE
    assert ceiling(weak, 4, FFT_BIDS) == GARDE  # one band above the table's
    garde = make_deal(4, hands={0: "T1 T21 T3 T4 T5 T6 T9 EX KS CS 9S 8S 7S QH 5H 4D 3D 2C"})
    assert preferred_contract(garde.dealt[0], 4) == GARDE
    assert ceiling(garde.dealt[0], 4, FFT_BIDS) == GARDE  # no void: far from a Garde sans
    kings = make_deal(4, hands={0: "KS QS KH QH KD QD KC QC CS CH T21 T20"}).dealt[0]
    assert ceiling(kings, 4, FFT_BIDS) == PASS  # points in Kings, two trumps


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
