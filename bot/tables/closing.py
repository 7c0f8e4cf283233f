"""How a table ends: its game finished, stopped (by the host, a moderator or idleness) or
its lobby cancelled or expired. An ended table leaves the open tables with its timers
stopped and any bot move under way stood down; its stored game says how it ended.
"""

from __future__ import annotations

from .context import TableContext
from .events import CloseReason, GameStopped, LobbyClosed
from .status import TableStatus
from .table import Table


def finish(ctx: TableContext, table: Table) -> None:
    """The table is done: no timer, no bot move, no longer open in its channel."""
    table.cancel_turn_timers()
    table.cancel_idle()
    table.deadline = None
    table.bot_turn = None
    if ctx.tables.get(table.channel_id) is table:
        del ctx.tables[table.channel_id]


async def stop(ctx: TableContext, table: Table, event: GameStopped) -> None:
    """A game in play ends early; its finished deals stay recorded."""
    async with ctx.saving():
        await ctx.storage.set_status(table.game_id, TableStatus.STOPPED)
    table.status = TableStatus.STOPPED
    finish(ctx, table)
    await ctx.showing.show(table, event)


async def close_lobby(ctx: TableContext, table: Table, reason: CloseReason) -> None:
    async with ctx.saving():
        await ctx.storage.set_status(table.game_id, TableStatus.CANCELLED)
    table.status = TableStatus.CANCELLED
    finish(ctx, table)
    await ctx.showing.show(table, LobbyClosed(reason))
