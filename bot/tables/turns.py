"""After every change, the same path: end the table if its game is over, else start what
the seat to act needs (a bot move, or a human's timers); then show the change and tell
each human whose own view changed.

Everything that changes a game in play ends here: a human's action, a bot's, a seat
replaced or taken back, the start and a restore.
"""

from __future__ import annotations

from . import closing
from .bot_moves import BotMoves
from .context import TableContext
from .events import Event
from .settings import AwayPolicy
from .snapshot import TableSnapshot
from .status import TableStatus
from .table import Table
from .timers import Timers


class Turns:
    def __init__(self, ctx: TableContext, bots: BotMoves, timers: Timers) -> None:
        self.ctx = ctx
        self.bots = bots
        self.timers = timers

    async def after_change(self, table: Table, events: list[Event]) -> TableSnapshot:
        """Show the change (``Showing.show`` tells the humans whose own view changed too);
        the snapshot shown is the caller's answer."""
        if table.status == TableStatus.FINISHED:
            closing.finish(self.ctx, table)
        else:
            self._next_turn(table)
        return await self.ctx.showing.show(table, *events)

    def _next_turn(self, table: Table) -> None:
        """Start what the seat to act needs: a bot move, or a human's timers."""
        table.cancel_turn_timers()
        table.deadline = None
        deal = table.deal
        if table.status != TableStatus.PLAYING or deal is None or deal.to_act is None:
            return
        seat = deal.to_act
        table.turn_since = self.ctx.clock.now()
        holder = table.seats[seat]
        assert holder is not None
        turn = table.turn
        settings = self.ctx.settings
        pause = not table.continuing(seat)
        if holder.level is not None:
            self.bots.start(table, turn, holder.level, stand_in=False, pause=pause)
        elif holder.away and settings.away_policy == AwayPolicy.SEAT:
            self.bots.start(table, turn, settings.stand_in_level, stand_in=True, pause=pause)
        else:
            self.timers.start_turn(table, turn, seat)
