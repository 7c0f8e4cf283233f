"""Clicks routed between processes through PostgreSQL (LISTEN/NOTIFY): the process that
received a click stores it and notifies; the owner of its table claims it. A click is
claimed by the owner or refused by its receiver, never both: each is one UPDATE from
'pending', and only one of them can find it so. A claim is also bounded in time, by the
database's clock (no two machines' clocks compared): past the receiver's wait nobody can
claim a click, even one the receiver could not mark refused (the database was away). The
owner marks the clicks it answered ('answered'), so that the receiver can answer one whose
owner stopped before answering."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Collection
from typing import Any

from .connections import Connections
from .listening import CHANNEL, DATABASE_NOW, ClickListener

KEEP = 3600.0
"""Seconds a routed click is kept: Discord's interaction tokens last 15 minutes."""
PRUNE_EVERY = 60.0
"""Seconds between two removals of the clicks older than ``KEEP``."""


class ClickRoutes(Connections):
    """Part of ``PostgresStorage``."""

    server: str
    _listening: ClickListener | None = None
    _pruned_at = 0.0

    async def route_click(self, interaction_id: int, shard: int, payload: dict[str, Any]) -> None:
        """Store a click for the process that runs ``shard``, and tell it."""
        now = time.time()
        async with self._writing() as conn:
            if now - self._pruned_at > PRUNE_EVERY:  # not a scan of the table per click
                self._pruned_at = now
                await conn.execute(
                    f"DELETE FROM routed_clicks WHERE at < {DATABASE_NOW} - $1", KEEP
                )
            await conn.execute(
                "INSERT INTO routed_clicks (id, shard, payload, state, at)"
                f" VALUES ($1, $2, $3, 'pending', {DATABASE_NOW})",
                interaction_id,
                shard,
                json.dumps(payload),
            )
            await conn.execute("SELECT pg_notify($1, $2)", CHANNEL, f"{shard}:{interaction_id}")

    async def claim_click(self, interaction_id: int, within: float) -> dict[str, Any] | None:
        """The click's interaction, if it is still waiting and was routed less than
        ``within`` seconds ago (now it is this process's)."""
        async with self._writing() as conn:
            payload = await conn.fetchval(
                "UPDATE routed_clicks SET state = 'taken'"
                f" WHERE id = $1 AND state = 'pending' AND at > {DATABASE_NOW} - $2"
                " RETURNING payload",
                interaction_id,
                within,
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

    async def answer_click(self, interaction_id: int) -> None:
        """Mark a taken click answered: its receiver then leaves it alone."""
        async with self._writing() as conn:
            await conn.execute(
                "UPDATE routed_clicks SET state = 'answered' WHERE id = $1 AND state = 'taken'",
                interaction_id,
            )

    async def click_state(self, interaction_id: int) -> str | None:
        state = await self.readers.fetchval(
            "SELECT state FROM routed_clicks WHERE id = $1", interaction_id
        )
        return None if state is None else str(state)

    async def listen_clicks(
        self, shards: Collection[int], heard: Callable[[int], None], within: float
    ) -> None:
        """Call ``heard(interaction_id)`` for each click routed to one of ``shards``, until
        ``close``: on a connection replaced whenever it is lost, the clicks still pending
        heard again each time it listens (``listening.py``)."""
        if self._listening is not None:
            raise RuntimeError("this storage is already listening for routed clicks")
        listener = ClickListener(self.writers, self.server, shards, heard, within)
        await listener.start()
        self._listening = listener

    async def stop_listening(self) -> None:
        listener, self._listening = self._listening, None
        if listener is not None:
            await listener.stop()
