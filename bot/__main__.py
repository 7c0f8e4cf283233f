"""``python -m bot`` (or ``tarot-bot``): run the Discord bot with settings from the
environment and ``.env``; ``python -m bot play`` starts the terminal game instead, and
``python -m bot migrate-db`` copies a SQLite database into PostgreSQL.

The database is opened, and so checked, before connecting to Discord: a file the bot cannot
keep its games in is refused at once, without the network. Every failure to start is one
line on standard error with an exit status of its own (``startup.STATUSES``):

0   stopped cleanly (Ctrl-C included);
1   an unexpected error, a bug: its traceback is in the log (CRITICAL), then one line;
2   a command line or a setting refused, named in the line;
3   no Discord token (``./run.sh`` then starts the terminal game instead);
4   the database cannot be used: refused at start (the file, the cause, the way out), or
    deleted or replaced while the bot ran (a CRITICAL log line, and the bot stops before
    accepting another move);
5   ``migrate-db`` only: the copy differed from its source (rolled back, the target stays
    empty);
6   Discord refused the token;
7   Discord could not be reached: no network, a name that does not resolve, a connection
    refused or timed out, Discord's servers failing;
8   Discord refused the connection (privileged intents, an invalid shard, sharding required)
    or a request the bot makes at start.

``migrate-db --from SQLITE --to POSTGRESQL`` copies everything into an empty PostgreSQL
database, verified, in one transaction (``storage/copying.py``); it needs no token: 0
copied and verified, 2 refused before anything was written, 4 a database cannot be used
(nothing committed), 5 the copy differed. Stop the bot first.
"""

from __future__ import annotations

import argparse
import asyncio
import difflib
import logging
import os
import shlex
import sys
import time
from collections.abc import Sequence

import discord

from tarot_core.command_line import Parser

from .settings import SettingsError, load_settings
from .startup import (
    CLEAN,
    COPY_DIFFERS,
    DATABASE_UNUSABLE,
    NO_TOKEN,
    REFUSED,
    STATUSES,
    failed,
    serve,
)

log = logging.getLogger("bot")

NO_TOKEN_MESSAGE = (
    "No Discord token: set DISCORD_TOKEN in .env (copy .env.example) or in the environment;"
    " see the README, 'Running the Discord bot'."
)
PLAY = "play"
PROG = "python -m bot"


def parser() -> Parser:
    """The bot's command line; ``play`` is listed here but handed over whole, options and
    all, to the terminal game (``main``)."""
    statuses = "".join(f"\n  {code}  {text}" for code, text in STATUSES.items())
    p = Parser(
        prog=PROG,
        description="Run the Discord bot with its settings from the environment and .env\n"
        "(every key is in .env.example); the database is checked before connecting.",
        epilog=f"exit status:{statuses}",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        allow_abbrev=False,
    )
    p.add_argument("--check", action="store_true", help="check the settings and exit (3: no token)")
    commands = p.add_subparsers(dest="command", metavar="COMMAND")
    commands.add_parser(
        PLAY,
        help="play the terminal game against computer players (python -m bot play --help)",
        add_help=False,
    )
    migrate = commands.add_parser(
        "migrate-db",
        help="copy a SQLite database into an empty PostgreSQL database, then verify it",
        description="Copy everything of the bot's SQLite database (ids kept) into an empty"
        " PostgreSQL database in one transaction, verified before it commits. Stop the bot"
        " first.",
        epilog="Exit status: 0 done, 2 refused (nothing written), 4 a database cannot be"
        " used (nothing committed), 5 the copy differed (rolled back).",
        allow_abbrev=False,
    )
    migrate.add_argument(
        "--from",
        dest="source",
        metavar="SQLITE",
        required=True,
        help="the SQLite file: PATH or sqlite:///PATH",
    )
    migrate.add_argument(
        "--to",
        dest="target",
        metavar="POSTGRESQL",
        required=True,
        help="an empty database: postgresql://user:password@host/database",
    )
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] == PLAY:  # the game takes every argument after it as its own
        from .terminal import main as play

        return play(args[1:])
    p = parser()
    refusal = foreign_option(p, args)
    if refusal is not None:
        return failed(REFUSED, refusal)
    options = p.parse_args(args)
    if options.command == PLAY:  # after an option of the bot's: the game takes none of them
        return failed(REFUSED, f"{PROG}: play comes first: {PROG} play [its options]")
    if options.command == "migrate-db":
        return migrate_db(options.source, options.target)
    try:
        settings = load_settings()
    except SettingsError as e:
        return failed(REFUSED, f"Settings: {e}")
    if not settings.token:
        return failed(NO_TOKEN, NO_TOKEN_MESSAGE)
    if options.check:
        for warning in settings.warnings:
            print(f"Settings: warning: {warning}", file=sys.stderr)
        return CLEAN
    discord.utils.setup_logging(level=getattr(logging, settings.log_level))
    for warning in settings.warnings:
        log.warning("Settings: %s", warning)
    try:
        return asyncio.run(serve(settings, settings.token))
    except KeyboardInterrupt:
        return CLEAN


def foreign_option(p: Parser, args: list[str]) -> str | None:
    """One line for an option before any command that the bot does not take: the closest
    of its own when there is one, else the way to give it to the terminal game (``--players
    5`` asks for the game, whose options come after ``play``)."""
    own = [o for action in p._actions for o in action.option_strings]
    for arg in args:
        if not arg.startswith("-"):
            return None  # a command (or a mistake argparse names): its options are its own
        name = arg.split("=", 1)[0]
        if name in own:
            continue
        close = difflib.get_close_matches(name, own, n=1, cutoff=0.75)
        if close:
            return f"{PROG}: no option {name}; did you mean {close[0]}?"
        game = shlex.join([python(), "-m", "bot", PLAY, *args])
        return (
            f"{PROG}: {name} is not an option of the Discord bot, which starts when"
            f" DISCORD_TOKEN is set; for the terminal game, run {game}"
        )
    return None


def python() -> str:
    """This interpreter as the user would type it: its path from here when it is a virtual
    environment's in this folder (``.venv/bin/python`` from the project's), else ``python``."""
    if sys.prefix != sys.base_prefix:
        here = os.path.relpath(sys.executable)
        if not here.startswith(os.pardir):
            return here
    return "python"


def migrate_db(source: str, target: str) -> int:
    """``migrate-db``: the copy and its report, or one line saying why not; the status."""
    from .storage import DatabaseUnusable
    from .storage.copying import CopyMismatch, CopyRefused, copy_database
    from .storage.locations import shown

    started = time.perf_counter()
    try:
        report = asyncio.run(copy_database(source, target))
    except CopyRefused as e:
        return failed(REFUSED, f"migrate-db: {e}")
    except DatabaseUnusable as e:
        return failed(DATABASE_UNUSABLE, f"migrate-db: {e}")
    except CopyMismatch as e:
        return failed(
            COPY_DIFFERS, f"migrate-db: {e}; the copy was rolled back, the target is empty"
        )
    except KeyboardInterrupt:
        return failed(130, "migrate-db: interrupted (a copy not yet committed is rolled back)")
    width = max(len(name) for name in report.tables)
    print(f"Copied {shown(source)} to {shown(target)}:")
    for name, rows in report.tables.items():
        print(f"  {name:<{width}} {rows:>12,}")
    print(f"Verified before committing: {', '.join(report.checked)}.")
    print(
        f"{time.perf_counter() - started:.1f} s in all (copy {report.copy_seconds:.1f} s,"
        f" verification and commit {report.verify_seconds:.1f} s)."
    )
    return CLEAN


if __name__ == "__main__":
    sys.exit(main())
