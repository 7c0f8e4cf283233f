"""Command line: ``python -m bot.benchmarks storage|load|bots|game|pictures|route|challenge``,
one subcommand per benchmark.

Each benchmark module offers ``register(subparsers)``, which adds its subcommand and sets
``run`` (a function of the parsed arguments returning the exit status).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from tarot_core.command_line import Parser

from . import (
    bots_bench,
    challenge_bench,
    game_bench,
    load_bench,
    picture_bench,
    route_bench,
    storage_bench,
)


def parser() -> Parser:
    p = Parser(prog="python -m bot.benchmarks", allow_abbrev=False)
    commands = p.add_subparsers(dest="command", metavar="COMMAND", required=True)
    storage_bench.register(commands)
    load_bench.register(commands)
    bots_bench.register(commands)
    game_bench.register(commands)
    picture_bench.register(commands)
    route_bench.register(commands)
    challenge_bench.register(commands)
    p.description = f"Measure the bot's parts at scale: {', '.join(commands.choices)}."
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    status: int = args.run(args)
    return status


if __name__ == "__main__":
    sys.exit(main())
