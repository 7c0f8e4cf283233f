"""Before connecting, what ``GET /gateway/bot`` says of the shards and of the session starts.

With too few shards for its servers (Discord requires one per 2,500), Discord closes the
gateway with code 4011 and the bot stops; a supervisor restarting it spends a session
start each time, of the 1,000 a day Discord allows. So a fixed ``TAROT_SHARD_COUNT``
below Discord's recommendation is refused before any IDENTIFY, in one line that names
both numbers; and a start warns when the session starts left run low.
"""

from __future__ import annotations

import logging

from discord.http import HTTPClient

log = logging.getLogger(__name__)

LOW_STARTS = 0.1
"""A warning when fewer than this part of the day's session starts are left."""


class TooFewShards(Exception):
    """``TAROT_SHARD_COUNT`` is below the shards Discord recommends for the bot."""


async def check_gateway(
    http: HTTPClient, shard_count: int | None, shards: tuple[int, ...] | None
) -> None:
    """Refuse a ``shard_count`` below Discord's recommendation (``TooFewShards``); warn
    when fewer session starts are left than a tenth of the day's, or than this process
    needs (``shards``: the ones it runs, None: all)."""
    recommended, _url, starts = await http.get_bot_gateway()
    if shard_count is not None and shard_count < recommended:
        raise TooFewShards(
            f"TAROT_SHARD_COUNT={shard_count} is below the {recommended} shards Discord"
            f" recommends for this bot (with too few it closes the connection, code 4011):"
            f" set TAROT_SHARD_COUNT={recommended} or more on every process, or leave it empty"
        )
    needed = len(shards) if shards is not None else (shard_count or recommended)
    remaining, total = starts["remaining"], starts["total"]
    if remaining < max(total * LOW_STARTS, needed):
        log.warning(
            "Discord allows %d more gateway session starts (of %d) for %.1f h; this process"
            " spends %d a start: a bot restarted in a loop runs out, and then cannot connect",
            remaining,
            total,
            starts["reset_after"] / 3_600_000,
            needed,
        )
