"""``python -m bot`` (or ``tarot-bot``): run the Discord bot with settings from the
environment and ``.env``.

Exit status: 0 after a clean shutdown, 2 for a setting that cannot be used, 3 when no
Discord token is configured (``./run.sh`` then starts the terminal game instead).
"""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Sequence

import discord

from .settings import SettingsError, load_settings

NO_TOKEN = 3
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
    from .client import TarotBot

    discord.utils.setup_logging(level=getattr(logging, settings.log_level))
    bot = TarotBot(settings)
    try:
        bot.run(settings.token, log_handler=None)
    except discord.LoginFailure:
        print("Discord refused the token: check DISCORD_TOKEN.", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
