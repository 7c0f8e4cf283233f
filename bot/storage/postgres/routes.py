"""Clicks routed between processes through PostgreSQL (LISTEN/NOTIFY): the process that
received a click stores it and notifies; the owner of its table claims it. A click is
claimed by the owner or refused by its receiver, never both: each is one UPDATE from
'pending', and only one of them can find it so."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable, Collection
from typing import Any

from .connections import Connections

CHANNEL = "tarot_clicks"
KEEP = 3600.0
"""Seconds a routed click is kept: Discord's interaction tokens last 15 minutes."""
PRUNE_EVERY = 60.0
"""Seconds between two removals of the clicks older than ``KEEP``."""


class ClickRoutes(Connections):
    """Part of ``PostgresStorage``."""

    _listening: Any = None
    _pruned_at = 0.0

    async def route_click(self, interaction_id: int, shard: int, payload: dict[str, Any]) -> None:
        """Store a click for the process that runs ``shard``, and tell it."""
        now = time.time()
        async with self._writing() as conn:
            if now - self._pruned_at > PRUNE_EVERY:  # not a scan of the table per click
                self._pruned_at = now
                await conn.execute("DELETE FROM routed_clicks WHERE at < $1", now - KEEP)
            await conn.execute(
                "INSERT INTO routed_clicks (id, shard, payload, state, at)"
                " VALUES ($1, $2, $3, 'pending', $4)",
                interaction_id,
                shard,
                json.dumps(payload),
                now,
            )
            await conn.execute("SELECT pg_notify($1, $2)", CHANNEL, f"{shard}:{interaction_id}")

    async def claim_click(self, interaction_id: int) -> dict[str, Any] | None:
        """The click's interaction, if it was still waiting (now it is this process's)."""
        async with self._writing() as conn:
            payload = await conn.fetchval(
                "UPDATE routed_clicks SET state = 'taken' WHERE id = $1 AND state = 'pending'"
                " RETURNING payload",
                interaction_id,
            )
        return None if payload is None else dict(json.loads(payload))

    async def refuse_click(self, interaction_id: int) -> bool:
        """Whether the click was still waiting (now nobody will take it)."""
        async with self._writing() as conn:
            found = await conn.fetchval(
                "UPDATE routed_clicks SET state = 'refused' WHERE id = $1 AND state = 'pending'"
                " RETURNING id",
                interaction_id,
            )
        return found is not None

    async def click_state(self, interaction_id: int) -> str | None:
        state = await self.readers.fetchval(
            "SELECT state FROM routed_clicks WHERE id = $1", interaction_id
        )
        return None if state is None else str(state)

    async def listen_clicks(self, shards: Collection[int], heard: Callable[[int], None]) -> None:
        """Call ``heard(interaction_id)`` for each click routed to one of ``shards``, on a
        connection held for it until ``close``."""
        wanted = set(shards)

        def notified(connection: Any, pid: int, channel: str, payload: object) -> None:
            shard, _, click = str(payload).partition(":")
            if int(shard) in wanted:
                heard(int(click))

        conn = await self.writers.acquire()
        await conn.add_listener(CHANNEL, notified)
        self._listening = (conn, notified)

    async def stop_listening(self) -> None:
        if self._listening is None:
            return
        conn, notified = self._listening
        self._listening = None
        try:
            await asyncio.wait_for(conn.remove_listener(CHANNEL, notified), 5)
        finally:
            await self.writers.release(conn)
