"""Running the bot until it stops, and the one line and exit status of each way it can
fail: every failure ends in one line on standard error and a status of its own, so that
a person reads what to do and a supervisor (systemd, a container) can tell the failures
apart; only a bug's traceback is kept, in the log."""

from __future__ import annotations

import logging
import sys

import aiohttp
import discord

from tarot_core.quoting import one_line

from .settings import Settings

CLEAN = 0
UNEXPECTED = 1
REFUSED = 2
NO_TOKEN = 3
DATABASE_UNUSABLE = 4
COPY_DIFFERS = 5
TOKEN_REFUSED = 6
DISCORD_UNREACHABLE = 7
DISCORD_REFUSED = 8
STATUSES = {
    CLEAN: "stopped cleanly (Ctrl-C included)",
    UNEXPECTED: "an unexpected error, a bug: its traceback is in the log",
    REFUSED: "a command line or a setting refused (one line names it)",
    NO_TOKEN: "no Discord token (./run.sh then starts the terminal game)",
    DATABASE_UNUSABLE: "the database cannot be used, at start or while running",
    COPY_DIFFERS: "migrate-db only: the copy differed from its source and was rolled back",
    TOKEN_REFUSED: "Discord refused the token",
    DISCORD_UNREACHABLE: "Discord could not be reached (no network, DNS, or Discord down)",
    DISCORD_REFUSED: "Discord refused the connection (intents, shards) or a request at start,"
    " or TAROT_SHARD_COUNT is below the shards Discord recommends",
}
"""Every exit status of ``python -m bot``, for its ``--help``."""

GATEWAY_REFUSALS = {
    4010: "invalid shard: check TAROT_SHARD_COUNT and TAROT_SHARDS",
    4011: "sharding required: set TAROT_SHARD_COUNT, or leave it empty",
    4012: "invalid API version: update discord.py",
    4013: "invalid intents",
    4014: "privileged intents not enabled in the Developer Portal",
}
"""Gateway close codes that mean Discord will not take the connection as it is made."""
NETWORK_FAILURES = (aiohttp.ClientError, ConnectionError, TimeoutError, discord.GatewayNotFound)
"""What aiohttp and discord.py raise when Discord cannot be reached: no network, a name
that does not resolve, a refused or timed-out connection, a TLS failure (aiohttp wraps the
socket's own errors in its ``ClientConnectorError``)."""

log = logging.getLogger(__name__)


async def serve(settings: Settings, token: str) -> int:
    """Open the database, then run the bot on it until it closes; the exit status, with
    its one line on standard error when it failed."""
    from .discord.client import TarotBot
    from .discord.shard_check import TooFewShards
    from .storage import DatabaseUnusable, open_storage

    try:
        storage = await open_storage(settings.database)
    except DatabaseUnusable as e:
        return failed(DATABASE_UNUSABLE, f"Database: {e}")
    bot = TarotBot(settings, storage=storage)
    try:
        async with bot:
            await bot.start(token)
    except DatabaseUnusable as e:
        return failed(DATABASE_UNUSABLE, f"Database: {e}")
    except TooFewShards as e:
        return failed(DISCORD_REFUSED, str(e))
    except discord.LoginFailure:
        return failed(TOKEN_REFUSED, "Discord refused the token: check DISCORD_TOKEN.")
    except discord.PrivilegedIntentsRequired:
        return failed(DISCORD_REFUSED, f"Discord refused the connection: {GATEWAY_REFUSALS[4014]}")
    except discord.ConnectionClosed as e:
        if e.code == 4004:
            return failed(TOKEN_REFUSED, "Discord refused the token: check DISCORD_TOKEN.")
        reason = GATEWAY_REFUSALS.get(e.code, "closed")
        return failed(DISCORD_REFUSED, f"Discord refused the connection (code {e.code}): {reason}")
    except discord.HTTPException as e:
        if e.status >= 500 or e.status == 429:
            return failed(DISCORD_UNREACHABLE, f"Discord is not answering: {http_error(e)}")
        return failed(DISCORD_REFUSED, f"Discord refused a request at start: {http_error(e)}")
    except NETWORK_FAILURES as e:
        return failed(
            DISCORD_UNREACHABLE,
            f"Discord cannot be reached ({e or type(e).__name__}): check the network connection",
        )
    except Exception as e:  # a bug: its traceback goes to the log, for a report
        log.critical("the bot stopped on an unexpected error", exc_info=True)
        return failed(UNEXPECTED, f"The bot stopped on an unexpected error ({e!r}); see the log")
    return CLEAN if bot.failure is None else DATABASE_UNUSABLE


def http_error(e: discord.HTTPException) -> str:
    """The status and Discord's own words, without an HTML error page."""
    text = e.text if e.text and not e.text.lstrip().startswith("<") else ""
    return f"HTTP {e.status} {e.response.reason or ''}".rstrip() + (f", {text}" if text else "")


def failed(status: int, message: str) -> int:
    """``message`` as one line on standard error, and ``status``: every failing exit of
    ``python -m bot`` (``__main__.py`` too) ends here."""
    print(one_line(message), file=sys.stderr)
    return status
