"""Engine speed: complete deals with uniformly random legal choices, on one core; and
side by side with magmacrunch-tarot's engine (``versus``), run by another interpreter."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from .._engine import ENGINE
from ..actions import Bid, Call, DeclareSlam, Ecart, Poignee
from ..cards import KINGS, OUDLERS, SUIT_CARDS, TRUMPS, cards_of
from ..deal import Deal, Phase
from ..dealing import deal as deal_cards
from ..rules import Rules
from ..scoring import Outcome

_PLAYING = Phase.PLAYING


def random_deal(rng: random.Random, rules: Rules, dealer: int) -> Deal:
    """Deal and play one deal to its end with random legal choices (poignées whenever
    allowed, at the highest level the hand allows)."""
    hands, chien = deal_cards(rng, rules, dealer)
    deal = Deal(rules, dealer, hands, chien)
    choice = rng.choice
    while deal.phase < _PLAYING:
        seat = deal.to_act
        phase = deal.phase
        if phase == Phase.BIDDING:
            deal.apply(Bid(seat, choice(deal.legal_bids(seat))))
        elif phase == Phase.CALLING:
            deal.apply(Call(seat, choice(cards_of(deal.callable_cards()))))
        elif phase == Phase.ECART:
            deal.apply(Ecart(seat, random_ecart(rng, deal)))
        else:
            deal.apply(DeclareSlam(seat, rng.random() < 0.5))
    if deal.phase is not _PLAYING:
        return deal
    # The play: the hot loop. Each seat plays once in the first trick, and only before
    # that may it show a poignée.
    play = deal.play
    legal_cards = deal.legal_cards
    for _ in range(deal.size):
        seat = deal.to_act
        options = deal.poignee_options(seat)
        if options:
            deal.apply(Poignee(seat, options[-1][1]))
        play(seat, choice(cards_of(legal_cards(seat))))
    while deal.phase is _PLAYING:
        seat = deal.to_act
        play(seat, choice(cards_of(legal_cards(seat))))
    return deal


def random_ecart(rng: random.Random, deal: Deal) -> tuple[int, ...]:
    """A uniformly random legal écart."""
    assert deal.taker is not None
    hand = deal.hands[deal.taker]
    need = deal.ecart_needed()
    plain = cards_of(hand & SUIT_CARDS & ~KINGS)
    if len(plain) >= need:
        return tuple(rng.sample(plain, need))
    trumps = cards_of(hand & TRUMPS & ~OUDLERS)
    return (*plain, *rng.sample(trumps, need - len(plain)))


def run(
    players: int, deals: int, seed: int, options: dict[str, Any] | None = None
) -> dict[str, Any]:
    rules = Rules.from_options(players, options or {})
    rng = random.Random(seed)
    outcomes = dict.fromkeys(Outcome, 0)
    start = time.perf_counter()
    for i in range(deals):
        deal = random_deal(rng, rules, i % players)
        assert deal.result is not None
        outcomes[deal.result.outcome] += 1
    elapsed = time.perf_counter() - start
    return {
        "engine": ENGINE,
        "players": players,
        "deals": deals,
        "seed": seed,
        "seconds": round(elapsed, 3),
        "deals_per_second": round(deals / elapsed, 1) if elapsed > 0 else None,
        "outcomes": outcomes,
        "rules": dict(options or {}),
    }


VERSUS_SCRIPT = Path(__file__).with_name("bench_magmacrunch.py")
"""Plays random deals with magmacrunch-tarot; runs under the interpreter given to ``versus``."""


class VersusError(RuntimeError):
    """The other interpreter could not run magmacrunch-tarot's deals (one line, for a human)."""


def versus(python: str, deals: int, seed: int, timeout: float = 600.0) -> dict[str, Any]:
    """magmacrunch-tarot's figures for ``deals`` random deals, from a subprocess of ``python``
    (an interpreter of an environment where it is installed: it is no dependency of ours).
    ``-I`` keeps that interpreter away from our directory and environment."""
    try:
        proc = subprocess.run(
            [python, "-I", str(VERSUS_SCRIPT), str(deals), str(seed)],
            capture_output=True,
            text=True,
            timeout=timeout,
        )
    except (OSError, subprocess.TimeoutExpired) as e:
        raise VersusError(f"{python}: cannot run magmacrunch-tarot's deals: {e}") from e
    if proc.returncode != 0:
        last = (proc.stderr.strip().splitlines() or ["no message"])[-1]
        raise VersusError(f"{python}: exit status {proc.returncode}: {last}")
    try:
        figures = json.loads(proc.stdout)
        rate = figures["deals_per_second"]
    except (ValueError, KeyError, TypeError) as e:
        raise VersusError(f"{python}: unexpected output {proc.stdout[:200]!r}") from e
    if not isinstance(figures, dict) or not isinstance(rate, int | float):
        raise VersusError(f"{python}: unexpected output {proc.stdout[:200]!r}")
    return figures


def pure_figures(deals: int, seed: int, timeout: float = 600.0) -> dict[str, Any]:
    """Our pure Python engine's figures for 4-player deals, from a subprocess with
    ``TAROT_PURE=1`` (a process runs one engine: this one runs the compiled core)."""
    command = [sys.executable, "-m", "tarot_core", "bench", "--deals", str(deals)]
    try:
        proc = subprocess.run(
            [*command, "--seed", str(seed), "--json"],
            env={**os.environ, "TAROT_PURE": "1"},
            capture_output=True,
            text=True,
            timeout=timeout,
        )
        figures: dict[str, Any] = json.loads(proc.stdout)
    except (OSError, subprocess.TimeoutExpired, ValueError) as e:
        raise VersusError(f"the pure Python engine's deals could not be timed: {e}") from e
    return figures


def _ratio(ours: dict[str, Any], theirs: dict[str, Any]) -> float | None:
    mine, other = ours["deals_per_second"], theirs["deals_per_second"]
    return round(float(mine) / float(other), 2) if mine and other else None


def side_by_side(deals: int, seed: int, python: str) -> dict[str, Any]:
    """Our engine, then magmacrunch-tarot's, on the same number of 4-player deals, in one run:
    both rates and ``ratio`` (ours over theirs); with the compiled core, our pure Python
    engine's too (``pure``, ``pure_ratio``), between the two."""
    ours = run(4, deals, seed)
    pure = pure_figures(deals, seed) if ENGINE == "compiled" else None
    theirs = versus(python, deals, seed)
    out = {**ours, "versus": theirs, "ratio": _ratio(ours, theirs)}
    if pure is not None:
        out |= {"pure": pure, "pure_ratio": _ratio(pure, theirs)}
    return out


def versus_cli(args: Any) -> int:
    """``bench --versus PYTHON``: both rates and their ratio, or one line and status 2."""
    if args.players != 4 or args.rule:
        print("bench: --versus plays 4 players under the default rules", file=sys.stderr)
        return 2
    try:
        figures = side_by_side(args.deals, args.seed, args.versus)
    except VersusError as e:
        print(f"bench: {e}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(figures))
        return 0
    theirs = figures["versus"]
    pure = figures.get("pure")
    print(
        f"{figures['deals']} deals at 4 players, seed {figures['seed']}, one core:"
        f" tarot_core ({figures['engine']}) {figures['deals_per_second']} deals/s"
        f" ({figures['seconds']} s),"
        + (
            f" pure Python {pure['deals_per_second']} deals/s ({pure['seconds']} s),"
            if pure
            else ""
        )
        + f" magmacrunch-tarot {theirs.get('version')} {theirs['deals_per_second']} deals/s"
        f" ({theirs['seconds']} s): ratio {figures['ratio']}"
        + (f" (pure Python: {figures['pure_ratio']})" if pure else "")
    )
    return 0
