"""Duplicate tournament of one bot level against another, so that the luck of the cards cancels.

Every deal set is one deal of cards played ``players + 1`` times: once with the baseline in
every seat, then once per seat with the candidate in that seat and the baseline elsewhere. The
candidate's gain on a set is the mean over seats of its score there minus the baseline's score
in the same seat with the same cards. A bot's seed depends on the set and the seat, never on
its level or the run, so a candidate identical to the baseline replays the all-baseline run
exactly and gains exactly nothing.

Expert bots think for about a second per decision, so a long arena runs over several processes
and can append each finished set to a results file, from which an interrupted arena resumes.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import multiprocessing
import os
import random
import signal
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from ..actions import Action, IllegalAction
from ..bots import DEFAULT_THINK_MS, LEVELS, Bot, make_bot
from ..command_line import PLAYERS, SEED, THINK_MS, whole
from ..deal import Deal
from ..dealing import deal as deal_cards
from ..quoting import quote
from ..rule_flags import add_rule_argument, parse_rules
from ..rules import PLAYER_COUNTS, Contract, Rules, RulesError
from ..scoring import Outcome
from ..view import view
from .stats import mean_ci95, p95

FORMAT = "tarot-arena/1"
CONTRACTS = tuple(c.text for c in Contract if c > Contract.PASS)


class ArenaError(Exception):
    """A problem the user can act on: a broken bot, a results file from another arena."""


@dataclass(frozen=True)
class ArenaConfig:
    """What makes two arenas the same experiment (and their results mergeable)."""

    players: int
    candidate: str
    baseline: str
    think_ms: int
    seed: int
    rules: dict[str, Any] = field(default_factory=dict)
    """Rule options (a record's ``rules`` object) over the defaults."""

    def header(self) -> dict[str, Any]:
        header = {"format": FORMAT, **asdict(self)}
        if not self.rules:  # as before options existed: older results files still match
            del header["rules"]
        return header

    def rule_set(self) -> Rules:
        return Rules.from_options(self.players, self.rules)


@dataclass(frozen=True)
class RunResult:
    """One play of a set's cards: each seat's score and what the taker did."""

    scores: tuple[int, ...]
    outcome: Outcome
    taker: int | None = None
    contract: str | None = None
    made: bool | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores),
            "outcome": self.outcome,
            "taker": self.taker,
            "contract": self.contract,
            "made": self.made,
        }

    @classmethod
    def from_json(cls, data: Any, players: int) -> RunResult:
        if not isinstance(data, dict):
            raise ValueError("a run must be an object")
        scores = data.get("scores")
        if (
            not isinstance(scores, list)
            or len(scores) != players
            or not all(type(s) is int for s in scores)
        ):
            raise ValueError(f"a run's scores must be {players} integers")
        outcome = data.get("outcome")
        if outcome not in tuple(Outcome):
            raise ValueError(f"unknown outcome {quote(outcome)}")
        taker = data.get("taker")
        contract = data.get("contract")
        made = data.get("made")
        if outcome == Outcome.PLAYED:
            if type(taker) is not int or not 0 <= taker < players:
                raise ValueError(f"bad taker {quote(taker)}")
            if contract not in CONTRACTS:
                raise ValueError(f"bad contract {quote(contract)}")
            if not isinstance(made, bool):
                raise ValueError(f"bad made {quote(made)}")
        elif taker is not None or contract is not None or made is not None:
            raise ValueError("a voided run has no taker, contract or result")
        return cls(tuple(scores), Outcome(outcome), taker, contract, made)


@dataclass(frozen=True)
class SetResult:
    """A deal set: ``runs[0]`` is all-baseline, ``runs[1 + s]`` has the candidate in seat s."""

    index: int
    runs: tuple[RunResult, ...]
    decision_ms: dict[str, tuple[float, ...]]
    """Every timed decision of the set, per level, in milliseconds."""

    def to_json(self) -> dict[str, Any]:
        return {
            "set": self.index,
            "runs": [r.to_json() for r in self.runs],
            "decision_ms": {level: list(t) for level, t in self.decision_ms.items()},
        }

    @classmethod
    def from_json(cls, data: Any, players: int) -> SetResult:
        if not isinstance(data, dict):
            raise ValueError("a set must be an object")
        index = data.get("set")
        if type(index) is not int or index < 0:
            raise ValueError(f"bad set index {quote(index)}")
        runs = data.get("runs")
        if not isinstance(runs, list) or len(runs) != players + 1:
            raise ValueError(f"a set must have {players + 1} runs")
        times = data.get("decision_ms")
        if not isinstance(times, dict) or not all(
            isinstance(t, list) and all(isinstance(x, int | float) for x in t)
            for t in times.values()
        ):
            raise ValueError("decision_ms must map levels to lists of numbers")
        return cls(
            index,
            tuple(RunResult.from_json(r, players) for r in runs),
            {str(level): tuple(float(x) for x in t) for level, t in times.items()},
        )

    def gain(self) -> float:
        """The duplicate measure: the candidate's mean gain over the baseline, seat by seat."""
        base = self.runs[0].scores
        n = len(base)
        return sum(self.runs[1 + s].scores[s] - base[s] for s in range(n)) / n


# ----- playing ---------------------------------------------------------------------------------


def derive_seed(*parts: object) -> int:
    """A 64-bit seed from the parts, stable across processes and Python versions (unlike
    ``hash``)."""
    text = "/".join(str(p) for p in parts)
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def seeded_deal(rules: Rules, corpus: str, seed: int, index: int) -> Deal:
    """Deal ``index`` of a corpus named ``corpus`` under ``seed``: its cards from a seed
    derived from all three, the dealer turning with the index."""
    dealer = index % rules.players
    hands, chien = deal_cards(random.Random(derive_seed(corpus, seed, index)), rules, dealer)
    return Deal(rules, dealer, hands, chien)


def bot_seed(seed: int, index: int, seat: int) -> int:
    """Not the level nor the run: a seat's bot gets the same seed whoever sits there, so
    candidate == baseline replays the all-baseline run exactly."""
    return derive_seed("arena-bot", seed, index, seat)


def close_bot(bot: Bot) -> None:
    """Let a bot that runs a program (``cmd:``) end it; others have nothing to close."""
    close = getattr(bot, "close", None)
    if callable(close):
        close()


def _describe(action: object) -> str:
    """``seat 1 plays KS (Play(...))``: readable, and exact about what the bot returned."""
    return f"{action} ({action!r})" if isinstance(action, Action) else repr(action)


def play_run(
    config: ArenaConfig,
    index: int,
    dealt: Deal,
    candidate_seat: int | None,
    times: dict[str, list[float]],
) -> RunResult:
    """Play the set's cards (``dealt``, left as it is) once, the candidate in
    ``candidate_seat`` (if any)."""
    deal = dealt.copy()

    def bot_for(seat: int) -> tuple[str, Bot]:
        level = config.candidate if seat == candidate_seat else config.baseline
        return level, make_bot(
            level, seed=bot_seed(config.seed, index, seat), think_ms=config.think_ms
        )

    play_out(deal, bot_for, f"set {index}", times)
    result = deal.result
    assert result is not None
    return RunResult(
        scores=result.scores,
        outcome=result.outcome,
        taker=result.taker,
        contract=result.contract.text if result.contract is not None else None,
        made=result.made,
    )


def play_out(
    deal: Deal,
    bot_for: Callable[[int], tuple[str, Bot]],
    where: str,
    times: dict[str, list[float]],
) -> None:
    """Play ``deal`` to its end with a bot per seat (``bot_for(seat)``: its level and the
    bot, made when the seat first has a choice and closed at the end). A decision with a
    single legal action is made without asking (it is not a decision, and it saves the
    expert's time); every other one is the bot's, timed into ``times`` by level, from its own
    seat's view only. ArenaError names the level, the seat and ``where`` when a bot fails or
    chooses an illegal action."""
    bots: dict[int, tuple[str, Bot]] = {}
    try:
        while not deal.done:
            seat = deal.to_act
            legal = deal.legal_actions(seat)
            if len(legal) == 1:
                deal.apply(legal[0])
                continue
            if seat not in bots:
                bots[seat] = bot_for(seat)
            level, bot = bots[seat]
            seat_view = view(deal, seat)
            start = time.perf_counter()
            try:
                action: Action = bot.act(seat_view)
            except Exception as e:
                raise ArenaError(f"the {level} bot in seat {seat} ({where}) failed: {e!r}") from e
            times.setdefault(level, []).append(round((time.perf_counter() - start) * 1000, 3))
            try:
                deal.apply(action)
            except IllegalAction as e:
                raise ArenaError(
                    f"the {level} bot in seat {seat} ({where}) chose an illegal action,"
                    f" {_describe(action)}: {e.about_seat}"
                ) from e
    finally:
        for _, bot in bots.values():
            close_bot(bot)


def play_set(config: ArenaConfig, index: int) -> SetResult:
    """Deal set ``index``: the same cards, all-baseline and then the candidate in each seat."""
    dealt = seeded_deal(config.rule_set(), "arena-deal", config.seed, index)
    times: dict[str, list[float]] = {}
    runs = [play_run(config, index, dealt, None, times)]
    runs += [play_run(config, index, dealt, s, times) for s in range(config.players)]
    return SetResult(index, tuple(runs), {k: tuple(v) for k, v in times.items()})


def _work(item: tuple[ArenaConfig, int]) -> SetResult:
    """The pool's task: top level and picklable, for ``spawn``."""
    return play_set(*item)


def _ignore_sigint() -> None:
    """Workers leave Ctrl-C to the parent, which stops them and keeps the file valid."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _role(
    level: str,
    seats: Iterable[tuple[RunResult, int]],
    runs: Iterable[RunResult],
    names: Sequence[str],
) -> dict[str, Any]:
    """One side's bidding figures: taking over the (run, seat it sat in) pairs, passing over
    its distinct runs. A petit sec annuls a deal before anyone bids, so it is no chance to take
    or to pass and is left out of both."""
    seat_deals = taken = made = 0
    contracts = dict.fromkeys(names, 0)
    for run, seat in seats:
        if run.outcome == Outcome.PETIT_SEC:
            continue
        seat_deals += 1
        if run.taker == seat:
            taken += 1
            made += bool(run.made)
            assert run.contract is not None
            contracts[run.contract] += 1
    bid = [run for run in runs if run.outcome != Outcome.PETIT_SEC]
    passed = sum(1 for run in bid if run.outcome == Outcome.PASSED)
    return {
        "level": level,
        "seat_deals": seat_deals,
        "taken": taken,
        "made": made,
        "taker_rate": taken / seat_deals if seat_deals else None,
        "success_rate": made / taken if taken else None,
        "contracts": contracts,
        "passed": passed,
        "passed_rate": passed / len(bid) if bid else None,
    }


def _contract_names(rules: Rules) -> list[str]:
    """The contracts counted: every one, the Pousse only where the rules have it (so that an
    arena without it reports what it always did)."""
    return [t for t in CONTRACTS if t != Contract.POUSSE.text or Contract.POUSSE in rules.bids]


def summarize(config: ArenaConfig, sets: Sequence[SetResult]) -> dict[str, Any]:
    """The arena's figures from its sets (in any order; they are sorted by index first, so the
    result does not depend on which process finished first)."""
    sets = sorted(sets, key=lambda s: s.index)
    n = config.players
    mean, ci95, sd = mean_ci95([s.gain() for s in sets])
    mine = [(s.runs[1 + seat], seat) for s in sets for seat in range(n)]
    names = _contract_names(config.rule_set())
    candidate = _role(config.candidate, mine, (run for run, _ in mine), names)
    baseline = _role(
        config.baseline,
        ((s.runs[0], seat) for s in sets for seat in range(n)),
        (s.runs[0] for s in sets),
        names,
    )
    times: dict[str, list[float]] = {}
    for s in sets:
        for level, t in s.decision_ms.items():
            times.setdefault(level, []).extend(t)
    decision_ms = {
        level: {"mean": sum(t) / len(t), "p95": p95(t), "count": len(t)}
        for level, t in sorted(times.items())
        if t
    }
    return {
        "players": config.players,
        "rules": config.rules,
        "think_ms": config.think_ms,
        "seed": config.seed,
        "deals": len(sets),
        "mean_diff": mean,
        "ci95": ci95,
        "sd": sd,
        "petit_sec": sum(1 for s in sets if s.runs[0].outcome == Outcome.PETIT_SEC),
        "candidate": candidate,
        "baseline": baseline,
        "decision_ms": decision_ms,
    }


def _signed(x: float) -> str:
    return f"{x:+.2f}"


def _percent(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


def _ms(x: float) -> str:
    return f"{x:.1f} ms" if x >= 10 else f"{x:.3g} ms"


def format_summary(summary: dict[str, Any]) -> str:
    """The human report of ``summarize``."""
    c, b = summary["candidate"], summary["baseline"]
    timed = "expert" in (c["level"], b["level"])  # expert:N and the others take no budget
    lines = [
        f"Arena at {summary['players']} players: candidate {c['level']} against baseline"
        f" {b['level']}, {summary['deals']} deal sets, seed {summary['seed']}"
        + (f", expert budget {summary['think_ms']} ms" if timed else "")
        + "".join(f", {k}={json.dumps(v)}" for k, v in summary.get("rules", {}).items()),
    ]
    if summary["mean_diff"] is None:
        lines.append("No deal set played yet.")
    else:
        low, high = summary["ci95"]
        lines.append(
            f"Candidate minus baseline: {_signed(summary['mean_diff'])} points per deal"
            f" (95% CI {_signed(low)} to {_signed(high)})"
        )
    rows = [
        ("", "candidate", "baseline"),
        ("seat-deals", str(c["seat_deals"]), str(b["seat_deals"])),
        ("taker rate", _percent(c["taker_rate"]), _percent(b["taker_rate"])),
        ("success rate", _percent(c["success_rate"]), _percent(b["success_rate"])),
        *((name, str(count), str(b["contracts"][name])) for name, count in c["contracts"].items()),
        ("all passed", _percent(c["passed_rate"]), _percent(b["passed_rate"])),
    ]
    lines += [f"  {a:<14}{x:>10}{y:>10}" for a, x, y in rows]
    if summary["petit_sec"]:
        lines.append(f"Deal sets annulled for a petit sec: {summary['petit_sec']}")
    for level, t in summary["decision_ms"].items():
        lines.append(
            f"Decision time of {level}: mean {_ms(t['mean'])}, p95 {_ms(t['p95'])}"
            f" over {t['count']} decisions"
        )
    return "\n".join(lines)


# ----- results file ----------------------------------------------------------------------------


def load_results(path: Path, config: ArenaConfig) -> dict[int, SetResult]:
    """The sets already in ``path`` (none if it is missing or empty). A file of another arena
    is refused; a last line cut short by a crash is dropped (and cut from the file), since it
    was never a finished set."""
    if not path.exists():
        return {}
    data = path.read_bytes()
    if data and not data.endswith(b"\n"):
        keep = data.rfind(b"\n") + 1
        with path.open("r+b") as f:
            f.truncate(keep)
        data = data[:keep]
    lines = data.decode("utf-8").splitlines()
    if not lines:
        return {}
    try:
        header = json.loads(lines[0])
    except json.JSONDecodeError:
        header = None
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise ArenaError(f"{path}: not an arena results file (no {FORMAT} header line)")
    expected = {"rules": {}, **config.header()}  # a file without rules: the defaults
    header.setdefault("rules", {})
    wrong = [k for k in expected if header.get(k) != expected[k]]
    if wrong:
        diffs = ", ".join(f"{k} {quote(header.get(k))} there, {expected[k]!r} here" for k in wrong)
        raise ArenaError(
            f"{path} holds the results of another arena ({diffs}): use another --results file"
        )
    sets: dict[int, SetResult] = {}
    for number, line in enumerate(lines[1:], start=2):
        if not line.strip():
            continue
        try:
            result = SetResult.from_json(json.loads(line), config.players)
        except (json.JSONDecodeError, ValueError) as e:
            raise ArenaError(f"{path} line {number}: not a deal set ({e})") from e
        sets.setdefault(result.index, result)
    return sets


def _line(data: dict[str, Any]) -> str:
    return json.dumps(data, separators=(",", ":")) + "\n"


# ----- running ---------------------------------------------------------------------------------


def check_level(level: str, think_ms: int) -> None:
    """Fail before any work if a level cannot be built (a bot module not there yet)."""
    try:
        bot = make_bot(level, seed=0, think_ms=think_ms)
    except Exception as e:  # an unknown name, a module not there, a program that fails
        raise ArenaError(f"bot level {level!r} is not available: {e}") from e
    close_bot(bot)


def run_arena(
    config: ArenaConfig,
    deals: int,
    *,
    jobs: int = 1,
    results: Path | None = None,
    progress: Callable[[str], None] | None = None,
    progress_every: float = 5.0,
) -> dict[str, Any]:
    """Play the sets ``0..deals-1`` not already in ``results`` and summarise every set known.

    Each finished set is appended to ``results`` at once as one whole line, so an interruption
    (Ctrl-C, a crash) loses only the sets being played. Results do not depend on ``jobs``.
    """
    config.rule_set()  # refuses a bad player count or rule option early
    done = load_results(results, config) if results is not None else {}
    todo = [i for i in range(deals) if i not in done]
    if progress and done:
        progress(f"arena: {len(done)} deal sets already in {results}, {len(todo)} to play")
    if todo:
        for level in dict.fromkeys((config.candidate, config.baseline)):
            check_level(level, config.think_ms)
    out = None
    if results is not None:
        fresh = not results.exists() or results.stat().st_size == 0
        out = results.open("a", encoding="utf-8")
        if fresh:
            out.write(_line(config.header()))
            out.flush()
    start = last = time.monotonic()
    played = 0
    total = len(done) + len(todo)
    try:
        for result in _results(config, todo, jobs):
            done[result.index] = result
            played += 1
            if out is not None:
                out.write(_line(result.to_json()))
                out.flush()
            now = time.monotonic()
            if progress and (now - last >= progress_every or played == len(todo)):
                last = now
                progress(_progress_line(done, total, played, len(todo), now - start))
    finally:
        if out is not None:
            out.close()
    return summarize(config, list(done.values()))


def _results(config: ArenaConfig, todo: list[int], jobs: int) -> Iterator[SetResult]:
    jobs = max(1, min(jobs, len(todo)))
    if jobs == 1:
        for i in todo:
            yield play_set(config, i)
        return
    context = multiprocessing.get_context("spawn")
    with context.Pool(jobs, initializer=_ignore_sigint) as pool:
        yield from pool.imap_unordered(_work, [(config, i) for i in todo], chunksize=1)


def _progress_line(
    done: dict[int, SetResult], total: int, played: int, todo: int, elapsed: float
) -> str:
    """Sets done of all, this session's time and an estimate of what is left (from this
    session's pace), and the running result."""
    mean, ci95, _ = mean_ci95([done[i].gain() for i in sorted(done)])
    left = elapsed / played * (todo - played)
    text = f"arena: {len(done)}/{total} sets in {_duration(elapsed)}"
    if played < todo:
        text += f", about {_duration(left)} left"
    if mean is not None and ci95 is not None:
        text += f"; mean_diff {_signed(mean)} ({_signed(ci95[0])} to {_signed(ci95[1])})"
    return text


def _duration(seconds: float) -> str:
    s = round(seconds)
    if s < 60:
        return f"{s}s"
    if s < 3600:
        return f"{s // 60}m{s % 60:02d}s"
    return f"{s // 3600}h{s % 3600 // 60:02d}m"


# ----- command line ----------------------------------------------------------------------------


MAX_SETS = 1_000_000
"""More deal sets than an arena of experts plays in a year."""
MAX_JOBS = 1024
"""More processes than any machine here has cores."""


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--players", type=PLAYERS, choices=PLAYER_COUNTS, default=4)
    add_rule_argument(p)
    levels = f"{', '.join(LEVELS)}, expert:N (N samples a decision) or cmd:COMMAND"
    p.add_argument("--candidate", default="expert", help=f"the level under test ({levels})")
    p.add_argument("--baseline", default="heuristic", help=f"the reference level ({levels})")
    p.add_argument(
        "--deals",
        type=whole(0, MAX_SETS),
        default=100,
        help="deal sets to play (default 100; 0 summarises a results file)",
    )
    p.add_argument("--seed", type=SEED, default=1)
    p.add_argument(
        "--think-ms",
        type=THINK_MS,
        default=DEFAULT_THINK_MS,
        help=f"the expert's budget per decision (default {DEFAULT_THINK_MS})",
    )
    p.add_argument(
        "--jobs", type=whole(1, MAX_JOBS), default=None, help="processes (default: one per core)"
    )
    p.add_argument(
        "--results",
        type=Path,
        default=None,
        metavar="FILE",
        help="append each finished deal set here, and resume from the sets already there",
    )
    p.add_argument("--json", action="store_true", help="print one JSON object")


def _cores() -> int:
    """The cores this process may use (fewer than ``os.cpu_count()`` in a limited container)."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def run_cli(args: argparse.Namespace) -> int:
    """``python -m tarot_core arena``: progress on standard error, the summary on standard
    output; exit status 2 on an error the user can fix, 130 on Ctrl-C."""
    jobs = args.jobs if args.jobs is not None else _cores()
    try:
        options = parse_rules(args.rule)
    except RulesError as e:
        print(f"arena: {e}", file=sys.stderr)
        return 2
    config = ArenaConfig(
        args.players, args.candidate, args.baseline, args.think_ms, args.seed, options
    )

    def progress(text: str) -> None:
        print(text, file=sys.stderr, flush=True)

    try:
        summary = run_arena(config, args.deals, jobs=jobs, results=args.results, progress=progress)
    except ArenaError as e:
        print(f"arena: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        saved = f"; finished sets are in {args.results}" if args.results else ""
        print(f"arena: interrupted{saved}; the same command resumes", file=sys.stderr)
        return 130
    if args.json:
        print(json.dumps(summary))
    else:
        print(format_summary(summary))
    return 0
