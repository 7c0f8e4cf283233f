"""``python -m bot`` (or ``tarot-bot``): run the Discord bot with settings from the
environment and ``.env``.

The database is opened, and so checked (``bot/storage/sqlite/opening.py``), before connecting to
Discord: a file the bot cannot keep its games in is refused at once, without the network.

Exit status: 0 after a clean shutdown, 2 for a setting that cannot be used, 3 when no
Discord token is configured (``./run.sh`` then starts the terminal game instead), 4 when
the database cannot be used: refused at start (one line on standard error: the file, the
cause, the way out) or deleted or replaced while the bot ran (a CRITICAL log line, and the
bot stops before accepting another move).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from collections.abc import Sequence

import discord

from .settings import Settings, SettingsError, load_settings

NO_TOKEN = 3
DATABASE_UNUSABLE = 4
NO_TOKEN_MESSAGE = (
    "No Discord token: set DISCORD_TOKEN in .env (copy .env.example) or in the environment;"
    " see the README, 'Running the Discord bot'."
)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot", description=__doc__)
    parser.add_argument(
        "--check", action="store_true", help="check the settings and exit (3: no token)"
    )
    args = parser.parse_args(argv)
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
