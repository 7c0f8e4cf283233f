"""Handing a DM click to the process that owns its table, through the database
(``storage.ClickRoutes``), without Discord: the receiver's side, which the bot's router
(``bot/discord/routing.py``) and the load benchmark's crossing both run.

Exactly once: the receiver stores the click and waits ``CLAIM_WAIT``; the owner claims it
within that window (one UPDATE from 'pending', bounded by the database's clock); if nobody
has when the wait ends, the receiver refuses it (the same UPDATE, so only one of them
wins). Once its answer is sent the owner marks the click 'answered'; a click still only
'taken' at ``ANSWER_WAIT`` had an owner that stopped between claiming and answering, and
the receiver answers it. The receiver deferred the click before handing it over, so
both answer through its token (valid 15 minutes), not within Discord's 3 seconds.
"""

from __future__ import annotations

import asyncio
from typing import Any, Literal

from bot.storage import ClickRoutes

CLAIM_WAIT = 1.5
"""Seconds a routed click waits for its owner before it is refused."""
ANSWER_WAIT = 30.0
"""Seconds after which a click taken but not answered is answered by its receiver (its
owner stopped): well within the token's 15 minutes, long past a slow database."""
POLL = 0.05
"""Seconds between the first two looks at a click's state; each wait doubles after it."""
POLL_MAX = 0.5
"""The longest wait between two looks: a click whose owner is slow (or stopped) is read
twice a second until ``ANSWER_WAIT``, not twenty times, from a database perhaps slow
already."""

Handed = Literal["taken", "refused", "unanswered"]
"""What became of a click handed over: its owner took it (and answers it), nobody took it
in time (the receiver refuses it), or its owner took it and stopped before answering."""


async def hand_over(
    routes: ClickRoutes, interaction_id: int, shard: int, payload: dict[str, Any]
) -> Handed:
    """Route the click to the process running ``shard`` and wait until it is settled."""
    clock = asyncio.get_running_loop().time
    started = clock()
    await routes.route_click(interaction_id, shard, payload)
    state = await _state_after(routes, interaction_id, started + CLAIM_WAIT, "pending")
    if state == "pending" and await routes.refuse_click(interaction_id):
        return "refused"
    # Taken (perhaps at the last moment): the owner answers, unless it stops first.
    if await _state_after(routes, interaction_id, started + ANSWER_WAIT, "taken") == "taken":
        return "unanswered"
    return "taken"


async def claim(routes: ClickRoutes, interaction_id: int) -> dict[str, Any] | None:
    """The click's payload if this process took it, within the receiver's wait."""
    return await routes.claim_click(interaction_id, CLAIM_WAIT)


async def _state_after(
    routes: ClickRoutes, interaction_id: int, deadline: float, state: str
) -> str | None:
    """The click's state once it is no longer ``state``, or at ``deadline``."""
    clock = asyncio.get_running_loop().time
    pause = POLL
    while True:
        found = await routes.click_state(interaction_id)
        left = deadline - clock()
        if found != state or left <= 0:
            return found
        await asyncio.sleep(min(pause, left))  # never past the deadline
        pause = min(2 * pause, POLL_MAX)
