"""After a restart: every lobby and game in play rebuilt from storage, as it was.

A game is dealt again from its seed and replayed from its action log; what a crash left
unrecorded (a finished deal, the game's result) is stored before play goes on, and the
seat to act gets its bot move or its timers as after any change.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable

from tarot_core import Rules

from ..storage import StoredGame
from . import applying
from .context import TableContext
from .status import TableStatus
from .table import Seat, Table
from .timers import Timers
from .turns import Turns

log = logging.getLogger(__name__)


async def restore(
    ctx: TableContext, timers: Timers, turns: Turns, owns: Callable[[int], bool] | None = None
) -> int:
    """The number of tables rebuilt: every live one, or (``owns``) those of the servers
    this process runs (the others are another process's)."""
    count = 0
    for stored in await ctx.storage.live_games():
        if owns is not None and stored.guild_id is not None and not owns(stored.guild_id):
            continue
        if stored.channel_id in ctx.tables:
            log.warning("game %s: channel %s already has a table", stored.id, stored.channel_id)
            continue
        await resume(ctx, timers, turns, stored)
        count += 1
    return count


async def resume(ctx: TableContext, timers: Timers, turns: Turns, stored: StoredGame) -> Table:
    """One stored lobby or game as a table again, in its channel (which must be free), and
    what follows: a lobby's expiry, or the game's next turn shown."""
    storage = ctx.storage
    seats: list[Seat | None] = [None] * stored.players
    for s in await storage.seated(stored.id):
        if s.kind == "user":
            seats[s.seat] = Seat(s.player_id, s.name, int(s.external_id), None, s.away)
        else:
            seats[s.seat] = Seat(s.player_id, s.name, None, s.external_id)
    host = await storage.player_by_id(stored.host_id) if stored.host_id else None
    table = Table(
        game_id=stored.id,
        channel_id=stored.channel_id,
        guild_id=stored.guild_id,
        host_id=int(host.external_id) if host is not None and host.kind == "user" else 0,
        rules=Rules.from_options(stored.players, stored.rules),
        deals_target=stored.deals_target,
        seed=stored.seed,
        seats=seats,
        status=TableStatus(stored.status),
        turn_timers=stored.turn_timers,
        challenge_id=stored.challenge_id,
    )
    ctx.tables[table.channel_id] = table
    if table.status == TableStatus.LOBBY:
        timers.touch_lobby(table)
        return table
    table.log = [json.dumps(a) for a in await storage.actions(stored.id)]
    table.rebuild()
    table.recorded = await storage.recorded_deals(stored.id)
    async with table.lock:
        await applying.store(storage, table, None)  # anything the crash left unrecorded
        timers.touch_idle(table)
        await turns.after_change(table, [])
    return table
