"""``load --cross``: every simulated human's click crosses processes, as a DM click for a
table of a process not running shard 0 does. The click is stored by a receiver (its own
pools, as another process's would be) and signalled; the owner hears it, claims it, makes
the move through the table service and marks it answered, while the receiver waits for
that through ``handover.hand_over``, as the bot's router does around a real click. The
human's latency then runs from the receiver storing the click to the owner's
table having changed: the route included.

Both sides run in the benchmark's process (the receiver's work is a few writes and reads
of its own pools; the owner's is the bot's), so the figure is what the database and the
owner add, not Discord's gateway.
"""

from __future__ import annotations

import asyncio
import itertools
import time
from collections.abc import Callable
from typing import Any

from bot import handover
from bot.storage import ClickRoutes, DatabaseUnusable, Storage, open_storage
from bot.storage.locations import shown
from bot.tables import Refused, TableManager
from tarot_core import Action, action_from_json, action_to_json

TOKEN = "x" * 160
"""An interaction token's size, so that a payload weighs what a real one does."""


class Crossing:
    """The receiver's storage and the owner's listener for one benchmark process."""

    def __init__(
        self,
        owner: ClickRoutes,
        receiver: ClickRoutes,
        opened: Storage,
        shard: int,
        manager: TableManager,
    ) -> None:
        self.owner, self.receiver = owner, receiver
        self._opened = opened
        """The receiver's storage, closed with the crossing."""
        self.shard = shard
        self.manager = manager
        self.ids = itertools.count((shard + 1) << 40)
        self.moved: Callable[[int, float], None] = lambda channel, sent: None
        """Told of each move made for a click: its channel and when the click was sent."""
        self.refused = 0
        """Clicks the receiver refused or answered itself (their owner too late)."""
        self._claims: set[asyncio.Task[None]] = set()

    @classmethod
    async def open(
        cls, location: str, owner: Storage, shard: int, manager: TableManager
    ) -> Crossing:
        receiver = await open_storage(location)
        if not isinstance(owner, ClickRoutes) or not isinstance(receiver, ClickRoutes):
            await receiver.close()
            raise DatabaseUnusable(f"{shown(location)}: --cross needs PostgreSQL")
        crossing = cls(owner, receiver, receiver, shard, manager)
        await owner.listen_clicks([shard], crossing._heard, handover.CLAIM_WAIT)
        return crossing

    async def close(self) -> None:
        for task in list(self._claims):
            task.cancel()
        await asyncio.gather(*self._claims, return_exceptions=True)
        await self._opened.close()

    async def click(self, channel: int, user: int, turn: int, action: Action) -> bool:
        """A human's move sent as a DM click would be: whether its owner took it."""
        interaction_id = next(self.ids)
        payload: dict[str, Any] = {
            "id": str(interaction_id),
            "token": TOKEN,
            "channel": channel,
            "user": user,
            "turn": turn,
            "action": action_to_json(action),
            "sent": time.perf_counter(),
        }
        if await handover.hand_over(self.receiver, interaction_id, self.shard, payload) == "taken":
            return True
        self.refused += 1
        return False

    def _heard(self, interaction_id: int) -> None:
        task = asyncio.get_running_loop().create_task(self._take(interaction_id))
        self._claims.add(task)
        task.add_done_callback(self._claims.discard)

    async def _take(self, interaction_id: int) -> None:
        payload = await handover.claim(self.owner, interaction_id)
        if payload is None:
            return
        channel, user, turn = payload["channel"], payload["user"], payload["turn"]
        try:
            await self.manager.act(channel, user, turn, action_from_json(payload["action"]))
        except Refused:
            pass  # answered with its refusal, as the bot would
        else:
            self.moved(channel, payload["sent"])
        await self.owner.answer_click(interaction_id)
