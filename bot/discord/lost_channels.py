"""Channels deleted or closed to the bot: their table is stopped once, as a host's stop
would (finished deals kept), and nothing more is sent there meanwhile, rather than being
refused at every change (each refusal counts toward Discord's invalid-request limit)."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

import discord

from bot.failures import log_failure
from bot.tables import Refused, TableSnapshot

log = logging.getLogger(__name__)

CHANNEL_LOST = (10003, 50001, 50013)
"""Discord's codes for a channel deleted (Unknown Channel) or closed to the bot (Missing
Access, Missing Permissions): its table is stopped, not retried."""


class LostChannels:
    """The channels found lost, and the stopping of their tables."""

    def __init__(
        self,
        client: discord.Client,
        background: Callable[[Coroutine[Any, Any, None]], None],
    ) -> None:
        self.client = client
        self.background = background
        """Runs a table's stop as a task the presenter's ``drain`` waits for."""
        self.unreachable: set[int] = set()
        """Channels deleted or closed to the bot: nothing more is sent there while their
        table is stopped."""
        self.private: Callable[[TableSnapshot], Awaitable[bool]] | None = None
        """Whether a table is shown to its member alone (a challenge's attempt whose
        member's DMs are closed: their ephemeral view draws it); set by the presenter."""

    async def quiet(self, channel_id: int, table: TableSnapshot | None) -> bool:
        """Whether nothing is to be posted in ``channel_id`` for ``table``: the channel is
        lost, or the table is shown to its member alone (posting would only be refused,
        and each refusal counts toward Discord's invalid-request limit)."""
        if channel_id in self.unreachable:
            return True
        return table is not None and self.private is not None and await self.private(table)

    def lost(self, table: TableSnapshot | None, error: discord.HTTPException) -> bool:
        """Whether ``error`` says the table's channel is deleted or closed to the bot; if
        so its table is stopped (once)."""
        if error.code not in CHANNEL_LOST or table is None:
            return False
        channel_id = table.channel_id
        if channel_id in self.unreachable:
            return True
        self.unreachable.add(channel_id)
        log.warning(
            "channel %s: %s (%s); its table (game %s) is stopped",
            channel_id,
            error.text or "refused",
            error.code,
            table.game_id,
        )
        self.background(self._stop(table))
        return True

    def forget(self, channel_id: int) -> None:
        """The channel's table ended: a table opened there again is tried anew."""
        self.unreachable.discard(channel_id)

    async def _stop(self, table: TableSnapshot) -> None:
        tables = getattr(self.client, "tables", None)
        if tables is None:
            return
        try:
            await tables.stop(table.channel_id, table.host_id, moderator=True)
        except Refused:
            pass  # it ended meanwhile
        except Exception as e:
            log_failure(log, f"stopping the table of channel {table.channel_id}", e)
