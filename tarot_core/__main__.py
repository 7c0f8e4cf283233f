"""Command line of the rules engine: ``python -m tarot_core COMMAND``, one subcommand per
tool (its list, in ``--help``, is made from the subcommands themselves). The terminal game
is ``python -m bot play``."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from .bots import DEFAULT_THINK_MS, LEVELS, make_bot
from .command_line import PLAYERS, SEED, THINK_MS, Parser, whole
from .quoting import one_line
from .record import RecordError, replay_text
from .rule_flags import add_rule_argument, parse_rules
from .rules import PLAYER_COUNTS, RulesError


def cmd_replay(args: argparse.Namespace) -> int:
    try:
        if args.file == "-":
            text = sys.stdin.buffer.read().decode("utf-8")
        else:
            with open(args.file, encoding="utf-8") as f:
                text = f.read()
    except OSError as e:
        print(f"{args.file}: cannot read the record: {e.strerror}", file=sys.stderr)
        return 2
    except UnicodeDecodeError as e:
        print(f"JSON: malformed: not UTF-8 text ({e.reason})", file=sys.stderr)
        return 2
    try:
        result = replay_text(text)
    except RecordError as e:
        print(one_line(str(e)), file=sys.stderr)
        return 2
    except Exception as e:  # a bug of ours must still not print a traceback
        print(one_line(f"record: could not be checked (internal error: {e!r})"), file=sys.stderr)
        return 2
    print(json.dumps(result.to_json(), indent=2))
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    from .lab.bench import run

    if args.rollouts:  # the expert's inner loop: rollouts/s and decisions/s
        from .lab.rollout_bench import run as run_rollouts

        print(json.dumps(run_rollouts(args.players, min(args.deals, 2000), args.seed)))
        return 0
    if args.versus:  # side by side with magmacrunch-tarot's engine
        from .lab.bench import versus_cli

        return versus_cli(args)
    try:
        figures = run(args.players, args.deals, args.seed, parse_rules(args.rule))
    except RulesError as e:
        print(f"bench: {e}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(figures))
    else:
        print(
            f"{figures['deals']} deals at {figures['players']} players in {figures['seconds']} s:"
            f" {figures['deals_per_second']} deals per second (one core, seed {figures['seed']},"
            f" engine: {figures['engine']})"
            + "".join(f", {k}={json.dumps(v)}" for k, v in figures["rules"].items())
        )
    return 0


def cmd_arena(args: argparse.Namespace) -> int:
    from .lab.arena import run_cli

    return run_cli(args)


def cmd_bot(args: argparse.Namespace) -> int:
    from .protocol import main as serve_bot

    return serve_bot(args.level, args.seed, args.think_ms)


def bot_level(text: str) -> str:
    """A level ``make_bot`` builds (``expert:N`` included); argparse's refusal otherwise."""
    if text not in LEVELS and not text.startswith("expert:"):
        raise argparse.ArgumentTypeError(f"choose {', '.join(LEVELS)} or expert:N, not {text!r}")
    try:
        make_bot(text, seed=0)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from e
    return text


MAX_BENCH_DEALS = 10_000_000
"""A bench of more deals than this runs for hours: a slip of the keyboard."""


def parser() -> Parser:
    p = Parser(prog="python -m tarot_core", allow_abbrev=False)
    sub = p.add_subparsers(dest="command", metavar="COMMAND", required=True)

    r = sub.add_parser("replay", help="validate and score a tarot-deal/1 record")
    r.add_argument("file", help="the record's path, or - for standard input")
    r.set_defaults(func=cmd_replay)

    b = sub.add_parser("bench", help="engine speed: random legal deals per second")
    b.add_argument("--players", type=PLAYERS, choices=PLAYER_COUNTS, default=4)
    b.add_argument("--deals", type=whole(1, MAX_BENCH_DEALS), default=5000)
    b.add_argument("--seed", type=SEED, default=1)
    b.add_argument("--json", action="store_true", help="print one JSON object")
    b.add_argument("--rollouts", action="store_true", help="rollouts/s of the expert instead")
    b.add_argument(
        "--versus",
        metavar="PYTHON",
        help="also time magmacrunch-tarot's engine, installed for this interpreter (4 players)",
    )
    add_rule_argument(b)
    b.set_defaults(func=cmd_bench)

    from .lab.arena import add_arguments

    a = sub.add_parser("arena", help="duplicate tournament: one bot level against another")
    add_arguments(a)
    a.set_defaults(func=cmd_arena)

    from .lab import bidding_report

    k = sub.add_parser(
        "bidding", help="a bot level's bids on random deals, against the bidding bands of the rules"
    )
    bidding_report.add_arguments(k)
    k.set_defaults(func=bidding_report.run_cli)

    from .lab import taker_bias

    b = sub.add_parser("taker-bias", help="how far the expert's rollouts misjudge a taker")
    taker_bias.add_arguments(b)
    b.set_defaults(func=taker_bias.run_cli)

    t = sub.add_parser(
        "bot", help="one bot on standard input and output, speaking the bot protocol"
    )
    t.add_argument(
        "--level", type=bot_level, default="random", help=f"{', '.join(LEVELS)} or expert:N"
    )
    t.add_argument("--seed", type=SEED, default=None, help="default: a fresh random seed")
    t.add_argument("--think-ms", type=THINK_MS, default=DEFAULT_THINK_MS, help="expert's time")
    t.set_defaults(func=cmd_bot)

    from .lab import positions

    s = sub.add_parser("positions", help="how many test positions each bot level solves")
    positions.add_arguments(s)
    s.set_defaults(func=positions.run_cli)
    from .lab import coach_check

    c = sub.add_parser("coach-check", help="the coach's grades of the positions' answers")
    coach_check.add_arguments(c)
    c.set_defaults(func=coach_check.run_cli)
    from .lab import coach_bench

    r = sub.add_parser("coach-bench", help="the coach on a corpus: time per review, share flagged")
    coach_bench.add_arguments(r)
    r.set_defaults(func=coach_bench.run_cli)
    p.description = (
        f"The rules engine's commands: {', '.join(sub.choices)}."
        " COMMAND --help tells more of each; the terminal game is python -m bot play."
    )
    return p


def main(argv: Sequence[str] | None = None) -> int:
    given = sys.argv[1:] if argv is None else list(argv)
    if given[:1] == ["play"]:  # where the game was once
        print("python -m tarot_core: the terminal game is python -m bot play", file=sys.stderr)
        return 2
    args = parser().parse_args(given)
    try:
        code: int = args.func(args)
    except KeyboardInterrupt:
        print("\nStopped.", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader went away (``| head``): nothing left to say
        sys.stderr.close()
        return 0
    return code


if __name__ == "__main__":
    sys.exit(main())
