"""Pictures drawn for Discord: in the bot's worker processes (``client.pool``), never on
the event loop; a picture that cannot be drawn is logged and left out."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

import discord

from bot.failures import log_failure

log = logging.getLogger(__name__)


async def draw(client: discord.Client, job: Callable[..., bytes], *args: Any) -> bytes | None:
    """``job(*args)``'s PNG bytes, drawn in the client's worker processes; None, logged,
    if it fails."""
    pool = getattr(client, "pool", None)
    try:
        return await asyncio.get_running_loop().run_in_executor(pool, job, *args)
    except Exception as e:
        log_failure(log, f"drawing {getattr(job, '__name__', job)}", e)
        return None
