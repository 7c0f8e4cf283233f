"""How a bot level bids, on a corpus of random deals: ``python -m tarot_core bidding``.

A table of one level bids and plays many deals; the report gives, per contract, how often it
is bid and taken, how often the taker makes it and what it scores, and compares every bid
with the band of the points table of docs/rules.md §10 (the guide) for the same hand (a
confusion table), so that a bidding change is judged on frequencies and success rates, not on
a few hands.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ..bots import DEFAULT_THINK_MS, LEVELS, Bot, make_bot
from ..bots.evaluation import preferred_contract
from ..command_line import PLAYERS, SEED, THINK_MS, whole
from ..deal import Deal
from ..rule_flags import add_rule_argument, parse_rules
from ..rules import PLAYER_COUNTS, Contract, Rules, RulesError
from ..scoring import Outcome
from .arena import ArenaError, check_level, derive_seed, play_out, seeded_deal


def play_deal(rules: Rules, level: str, seed: int, index: int, think_ms: int) -> Deal:
    """Deal ``index`` of the corpus, every seat played by ``level`` (as the arena plays)."""
    deal = seeded_deal(rules, "bidding-deal", seed, index)

    def bot_for(seat: int) -> tuple[str, Bot]:
        bot_seed = derive_seed("bidding-bot", seed, index, seat)
        return level, make_bot(level, seed=bot_seed, think_ms=think_ms)

    play_out(deal, bot_for, f"deal {index}", {})
    return deal


def run(
    players: int,
    deals: int,
    seed: int,
    level: str,
    options: dict[str, Any] | None = None,
    think_ms: int = DEFAULT_THINK_MS,
) -> dict[str, Any]:
    """The bidding figures of ``level`` over ``deals`` random deals (JSON-ready)."""
    rules = Rules.from_options(players, options or {})
    names = [Contract.PASS.text] + [c.text for c in rules.bids]
    if rules.parole:
        names.append(Contract.PAROLE.text)
    per = {name: {"bids": 0, "takes": 0, "made": 0, "taker_score": 0} for name in names}
    confusion = {band: dict.fromkeys(names, 0) for band in names}
    seat_deals = passed = available = agreed = 0
    for index in range(deals):
        deal = play_deal(rules, level, seed, index, think_ms)
        result = deal.result
        assert result is not None
        if result.outcome == Outcome.PETIT_SEC:
            continue
        seat_deals += rules.playing
        passed += result.outcome == Outcome.PASSED
        highest = Contract.PASS
        for seat, bid in zip(deal.speakers, deal.bids, strict=True):
            band = preferred_contract(deal.dealt[seat], rules.playing, rules.bids)
            per[bid.text]["bids"] += 1
            confusion[band.text][bid.text] += 1
            if band == Contract.PASS or band > highest:  # the table's bid was open to it
                available += 1
                agreed += bid == band
            highest = max(highest, bid)
        if result.taker is not None and result.contract is not None:
            row = per[result.contract.text]
            row["takes"] += 1
            row["made"] += bool(result.made)
            row["taker_score"] += result.scores[result.taker]
    takes = sum(r["takes"] for r in per.values())
    made = sum(r["made"] for r in per.values())
    bids = sum(r["bids"] for r in per.values())
    return {
        "players": players,
        "level": level,
        "seed": seed,
        "deals": deals,
        "seat_deals": seat_deals,
        "taker_rate": takes / seat_deals if seat_deals else None,
        "success_rate": made / takes if takes else None,
        "passed_rate": passed / (seat_deals // rules.playing) if seat_deals else None,
        "contracts": {
            name: {
                "bids": r["bids"],
                "bid_share": r["bids"] / bids if bids else None,
                "takes": r["takes"],
                "taker_rate": r["takes"] / seat_deals if seat_deals else None,
                "success_rate": r["made"] / r["takes"] if r["takes"] else None,
                "mean_taker_score": r["taker_score"] / r["takes"] if r["takes"] else None,
            }
            for name, r in per.items()
        },
        "confusion": confusion,
        "agreement": agreed / available if available else None,
    }


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


def format_report(figures: dict[str, Any]) -> str:
    lines = [
        f"Bidding of {figures['level']} at {figures['players']} players:"
        f" {figures['deals']} deals, seed {figures['seed']}, {figures['seat_deals']} seat-deals",
        f"Taker rate {_pct(figures['taker_rate'])}, success rate"
        f" {_pct(figures['success_rate'])}, all passed {_pct(figures['passed_rate'])}",
        f"  {'contract':<14}{'bids':>7}{'share':>8}{'takes':>7}{'taker':>8}{'made':>8}{'score':>9}",
    ]
    for name, r in figures["contracts"].items():
        score = r["mean_taker_score"]
        lines.append(
            f"  {name:<14}{r['bids']:>7}{_pct(r['bid_share']):>8}{r['takes']:>7}"
            f"{_pct(r['taker_rate']):>8}{_pct(r['success_rate']):>8}"
            f"{'-' if score is None else f'{score:+.1f}':>9}"
        )
    names = list(figures["contracts"])
    lines.append("Bids (columns) against the guide band of the same hand (rows):")
    lines.append("  " + f"{'guide band':<14}" + "".join(f"{n[:12]:>13}" for n in names))
    for band, row in figures["confusion"].items():
        lines.append("  " + f"{band:<14}" + "".join(f"{row[n]:>13}" for n in names))
    lines.append(f"Agreement with the guide where its bid was open: {_pct(figures['agreement'])}")
    return "\n".join(lines)


MAX_DEALS = 1_000_000
"""More deals than a report needs: each bids at the table's level."""


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--players", type=PLAYERS, choices=PLAYER_COUNTS, default=4)
    p.add_argument("--deals", type=whole(0, MAX_DEALS), default=100)
    p.add_argument("--seed", type=SEED, default=1)
    levels = f"{', '.join(LEVELS)}, expert:N or cmd:COMMAND"
    p.add_argument("--level", default="expert:32", help=f"the table's level ({levels})")
    p.add_argument(
        "--think-ms", type=THINK_MS, default=DEFAULT_THINK_MS, help="the expert's time per decision"
    )
    p.add_argument("--json", action="store_true", help="print one JSON object")
    add_rule_argument(p)


def run_cli(args: argparse.Namespace) -> int:
    try:
        options = parse_rules(args.rule)
        check_level(args.level, args.think_ms)
        figures = run(args.players, args.deals, args.seed, args.level, options, args.think_ms)
    except (RulesError, ArenaError) as e:
        print(f"bidding: {e}", file=sys.stderr)
        return 2
    print(json.dumps(figures) if args.json else format_report(figures))
    return 0
