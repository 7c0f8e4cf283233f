"""``python -m bot`` (or ``tarot-bot``): run the Discord bot with settings from the
environment and ``.env``.

The database is opened, and so checked (``bot/storage/sqlite/opening.py``), before connecting to
Discord: a file the bot cannot keep its games in is refused at once, without the network.

Exit status: 0 after a clean shutdown, 2 for a setting that cannot be used, 3 when no
Discord token is configured (``./run.sh`` then starts the terminal game instead), 4 when
the database cannot be used: refused at start (one line on standard error: the file, the
cause, the way out) or deleted or replaced while the bot ran (a CRITICAL log line, and the
bot stops before accepting another move).

``python -m bot migrate-db --from SQLITE --to POSTGRESQL`` copies the bot's SQLite database
into an empty PostgreSQL one, verified, in one transaction (``bot/storage/copying.py``); it
needs no token. Exit status: 0 copied and verified, 2 refused before anything was
written (arguments, a missing source, a target that is not empty), 4 a database cannot be
used (refused when opened, or the server failed during the copy: nothing committed), 5 the
copy differed from its source (rolled back: the target stays empty). Stop the bot first.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
import time
from collections.abc import Sequence

import discord

from .settings import Settings, SettingsError, load_settings

REFUSED = 2
NO_TOKEN = 3
DATABASE_UNUSABLE = 4
COPY_DIFFERS = 5
NO_TOKEN_MESSAGE = (
    "No Discord token: set DISCORD_TOKEN in .env (copy .env.example) or in the environment;"
    " see the README, 'Running the Discord bot'."
)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot", description=__doc__)
    parser.add_argument(
        "--check", action="store_true", help="check the settings and exit (3: no token)"
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    migrate = commands.add_parser(
        "migrate-db",
        help="copy a SQLite database into an empty PostgreSQL database, then verify it",
        description="Copy everything of the bot's SQLite database (ids kept) into an empty"
        " PostgreSQL database in one transaction, verified before it commits. Stop the bot"
        " first. Exit status: 0 done, 2 refused (nothing written), 4 a database cannot be"
        " used (nothing committed), 5 the copy differed (rolled back).",
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
    args = parser.parse_args(argv)
    if args.command == "migrate-db":
        return migrate_db(args.source, args.target)
    try:
        settings = load_settings()
    except SettingsError as e:
        print(f"Settings: {e}", file=sys.stderr)
        return 2
    if not settings.token:
        print(NO_TOKEN_MESSAGE, file=sys.stderr)
        return NO_TOKEN
    if args.check:
        return 0
    discord.utils.setup_logging(level=getattr(logging, settings.log_level))
    try:
        return asyncio.run(serve(settings, settings.token))
    except KeyboardInterrupt:
        return 0
    except discord.LoginFailure:
        print("Discord refused the token: check DISCORD_TOKEN.", file=sys.stderr)
        return 2


def migrate_db(source: str, target: str) -> int:
    """``migrate-db``: the copy and its report, or one line saying why not; the status."""
    from .storage import DatabaseUnusable
    from .storage.copying import CopyMismatch, CopyRefused, copy_database
    from .storage.locations import shown

    started = time.perf_counter()
    try:
        report = asyncio.run(copy_database(source, target))
    except CopyRefused as e:
        print(f"migrate-db: {e}", file=sys.stderr)
        return REFUSED
    except DatabaseUnusable as e:
        print(f"migrate-db: {e}", file=sys.stderr)
        return DATABASE_UNUSABLE
    except CopyMismatch as e:
        print(f"migrate-db: {e}; the copy was rolled back, the target is empty", file=sys.stderr)
        return COPY_DIFFERS
    except KeyboardInterrupt:
        print("migrate-db: interrupted (a copy not yet committed is rolled back)", file=sys.stderr)
        return 130
    width = max(len(name) for name in report.tables)
    print(f"Copied {shown(source)} to {shown(target)}:")
    for name, rows in report.tables.items():
        print(f"  {name:<{width}} {rows:>12,}")
    print(f"Verified before committing: {', '.join(report.checked)}.")
    print(
        f"{time.perf_counter() - started:.1f} s in all (copy {report.copy_seconds:.1f} s,"
        f" verification and commit {report.verify_seconds:.1f} s)."
    )
    return 0


async def serve(settings: Settings, token: str) -> int:
    """Open the database, then run the bot on it until it closes; the exit status."""
    from .discord.client import TarotBot
    from .storage import DatabaseUnusable, open_storage

    try:
        storage = await open_storage(settings.database)
    except DatabaseUnusable as e:
        print(f"Database: {e}", file=sys.stderr)
        return DATABASE_UNUSABLE
    bot = TarotBot(settings, storage=storage)
    async with bot:
        await bot.start(token)
    return 0 if bot.failure is None else DATABASE_UNUSABLE


if __name__ == "__main__":
    sys.exit(main())
