"""How far the expert's rollouts misjudge a taker: ``python -m tarot_core taker-bias``.

The expert bids on rollouts played by the fast policy for every seat. This measures, on
random hands worth taking, the card points a taker of ``level`` really makes against
``defence`` minus what rollouts from the same deal predict; ``bots.taker_credit`` adds the
measured figure to the taker's rollouts when the expert judges its own bids.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from typing import Any

from ..actions import Bid
from ..bots import DEFAULT_THINK_MS, LEVELS, Bot, make_bot
from ..bots.evaluation import min_trumps, preferred_contract, strength, trump_count
from ..bots.rollout import finish
from ..command_line import PLAYERS, SEED, THINK_MS, whole
from ..deal import Deal, Phase
from ..rules import PLAYER_COUNTS, Contract, Rules
from ..scoring import DealResult
from .arena import ArenaError, check_level, derive_seed, play_out, seeded_deal
from .stats import mean_ci95

MIN_STRENGTH = 28
"""The docs/rules.md §10 strength of the weakest hand measured: well below a Prise, where bids
are decided."""


def taken_deal(rules: Rules, seed: int, index: int, floor: float) -> tuple[Deal, int] | None:
    """Deal ``index`` with its first speaker taking (a Prise or Garde as docs/rules.md §10
    suggests, the others passing), or None when that hand is too weak or short of trumps to
    measure."""
    deal = seeded_deal(rules, "bias-deal", seed, index)
    taker = deal.to_act
    hand = deal.hands[taker]
    if trump_count(hand) < min_trumps(hand) or strength(hand, rules.playing) < floor:
        return None
    wanted = preferred_contract(hand, rules.playing, rules.bids)
    lowest = min(c for c in rules.bids if c > Contract.PASS)
    contract = min(max(wanted, lowest), max(c for c in rules.bids if c <= Contract.GARDE))
    while deal.phase == Phase.BIDDING:
        seat = deal.to_act
        deal.apply(Bid(seat, contract if seat == taker else Contract.PASS))
    return deal, taker


def run(
    players: int,
    deals: int,
    seed: int,
    level: str,
    defence: str = "heuristic",
    rollouts: int = 8,
    floor: float = MIN_STRENGTH,
    think_ms: int = DEFAULT_THINK_MS,
) -> dict[str, Any]:
    """The taker's real minus predicted card points and score over ``deals`` measured deals."""
    rules = Rules.from_options(players, {})
    points: list[float] = []
    scores: list[float] = []
    made_real = made_predicted = 0.0
    index = 0
    while len(points) < deals:
        index += 1
        taken = taken_deal(rules, seed, index, floor)
        if taken is None:
            continue
        deal, taker = taken
        predicted = [_rollout(deal, seed, index, k) for k in range(rollouts)]

        def bot_for(seat: int, taker: int = taker, index: int = index) -> tuple[str, Bot]:
            name = level if seat == taker else defence
            bot_seed = derive_seed("bias-bot", seed, index, seat)
            return name, make_bot(name, seed=bot_seed, think_ms=think_ms)

        play_out(deal, bot_for, f"deal {index}", {})
        real = deal.result
        assert real is not None
        halves = [r.points_half for r in predicted if r.points_half is not None]
        if real.points_half is None or len(halves) < len(predicted):
            continue  # the deal or a rollout ended otherwise (a slam declared): no points
        points.append((real.points_half - statistics.fmean(halves)) / 2)
        scores.append(real.scores[taker] - statistics.fmean(r.scores[taker] for r in predicted))
        made_real += bool(real.made)
        made_predicted += statistics.fmean(bool(r.made) for r in predicted)
    return {
        "players": players,
        "level": level,
        "defence": defence,
        "seed": seed,
        "deals": deals,
        "points": _interval(points),
        "score": _interval(scores),
        "made_real": made_real / deals if deals else None,
        "made_predicted": made_predicted / deals if deals else None,
    }


def _rollout(deal: Deal, seed: int, index: int, k: int) -> DealResult:
    """Rollout ``k`` of deal ``index``: the fast policy finishing a copy, as the expert's do."""
    world = deal.copy()
    finish(world, random.Random(derive_seed("bias-rollout", seed, index, k)))
    assert world.result is not None
    return world.result


def _interval(xs: list[float]) -> dict[str, float | None]:
    """The mean and the half-width of its 95% interval (None under two values)."""
    mean, ci95, sd = mean_ci95(xs)
    if mean is None or ci95 is None or sd is None:
        return {"mean": mean, "half_width": None}
    return {"mean": mean, "half_width": ci95[1] - mean}


def _pm(figure: dict[str, float | None], unit: str) -> str:
    mean, half = figure["mean"], figure["half_width"]
    if mean is None:
        return "-"
    return f"{mean:+.2f} {unit}" + ("" if half is None else f" (± {half:.2f})")


def format_report(f: dict[str, Any]) -> str:
    made = "-" if f["made_real"] is None else f"{100 * f['made_real']:.0f}%"
    predicted = "-" if f["made_predicted"] is None else f"{100 * f['made_predicted']:.0f}%"
    return "\n".join(
        [
            f"Taker bias at {f['players']} players: {f['level']} taking against {f['defence']},"
            f" {f['deals']} deals, seed {f['seed']}",
            f"Real minus rollout-predicted: {_pm(f['points'], 'card points')},"
            f" {_pm(f['score'], 'taker score')}",
            f"Contracts made: {made} played, {predicted} predicted by the rollouts",
        ]
    )


MAX_DEALS = 1_000_000
"""More deals than a measure needs: each is played out by the taker's level."""
MAX_ROLLOUTS = 10_000
"""More rollouts a deal than the expert ever samples for a decision."""


def add_arguments(p: argparse.ArgumentParser) -> None:
    levels = f"{', '.join(LEVELS)}, expert:N or cmd:COMMAND"
    p.add_argument("--players", type=PLAYERS, choices=PLAYER_COUNTS, default=4)
    p.add_argument("--deals", type=whole(0, MAX_DEALS), default=150, help="deals measured")
    p.add_argument("--seed", type=SEED, default=1)
    p.add_argument("--level", default="expert:32", help=f"the taker's level ({levels})")
    p.add_argument("--defence", default="heuristic", help="the other seats' level")
    p.add_argument("--rollouts", type=whole(1, MAX_ROLLOUTS), default=8, help="rollouts per deal")
    p.add_argument("--think-ms", type=THINK_MS, default=DEFAULT_THINK_MS)
    p.add_argument("--json", action="store_true", help="print one JSON object")


def run_cli(args: argparse.Namespace) -> int:
    try:
        check_level(args.level, args.think_ms)
        check_level(args.defence, args.think_ms)
        figures = run(
            args.players,
            args.deals,
            args.seed,
            args.level,
            args.defence,
            args.rollouts,
            think_ms=args.think_ms,
        )
    except ArenaError as e:
        print(f"taker-bias: {e}", file=sys.stderr)
        return 2
    print(json.dumps(figures) if args.json else format_report(figures))
    return 0
