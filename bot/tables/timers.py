"""What happens when nobody acts: a human's turn timers and the tables' expiries.

A human to act gets a reminder, then a stand-in bot plays for them and their seat is
marked away; a lobby with no activity closes; a game no human has acted in for too long
stops. Every timer runs on ``TableContext.clock`` and acts in a task of its own, under the
table's lock, only if the table is still where it was when the timer was set.
"""

from __future__ import annotations

from . import applying, closing
from .bot_moves import BotMoves
from .context import TableContext
from .events import GameStopped, Reminder, StandIn
from .status import TableStatus
from .table import Table


class Timers:
    def __init__(self, ctx: TableContext, bots: BotMoves) -> None:
        self.ctx = ctx
        self.bots = bots

    # ----- a human's turn ------------------------------------------------------------------

    def start_turn(self, table: Table, turn: int, seat: int) -> None:
        """The human at ``seat`` is to act at ``turn`` since ``table.turn_since``; in a
        challenge's attempt, at their own pace: no reminder, no stand-in."""
        if table.challenge_id is not None:
            return
        s = self.ctx.settings
        spawn = self.ctx.spawn
        assert table.turn_since is not None
        reminder, stand_in = table.turn_timers or (s.reminder_after, s.stand_in_after)
        table.deadline = table.turn_since + stand_in
        table.timers = [
            self.ctx.clock.call_later(reminder, lambda: spawn(self._remind(table, turn, seat))),
            self.ctx.clock.call_later(stand_in, lambda: spawn(self._time_out(table, turn, seat))),
        ]

    @staticmethod
    def _human(table: Table, turn: int, seat: int) -> int | None:
        """The user still to act at ``seat`` at ``turn``; None once the table moved on or
        the seat went to a bot."""
        holder = table.seats[seat]
        if not table.playing_at(turn) or holder is None:
            return None
        return holder.user_id

    async def _remind(self, table: Table, turn: int, seat: int) -> None:
        async with table.lock:
            user_id = self._human(table, turn, seat)
            if user_id is None or table.deadline is None:
                return
            await self.ctx.showing.show(table, Reminder(seat, user_id, table.deadline))

    async def _time_out(self, table: Table, turn: int, seat: int) -> None:
        async with table.lock:
            user_id = self._human(table, turn, seat)
            if user_id is None:
                return
            holder = table.seats[seat]
            assert holder is not None
            if not holder.away:
                await applying.set_away(self.ctx.storage, table, seat, True)
            table.deadline = None
            level = self.ctx.settings.stand_in_level
            await self.ctx.showing.show(table, StandIn(seat, user_id, level))
            self.bots.start(table, turn, level, stand_in=True)

    # ----- expiries ------------------------------------------------------------------------

    def touch_lobby(self, table: Table) -> None:
        """Something happened in the lobby: its expiry starts again."""
        table.cancel_idle()
        table.idle_timer = self.ctx.clock.call_later(
            self.ctx.settings.lobby_expiry, lambda: self.ctx.spawn(self._expire_lobby(table))
        )

    def touch_idle(self, table: Table) -> None:
        """A human acted (or the game started): its idle expiry starts again; a game of bots
        alone has none, nor a challenge's attempt (played at its member's pace until the
        challenge closes)."""
        table.cancel_idle()
        if table.humans() and table.challenge_id is None:
            table.idle_timer = self.ctx.clock.call_later(
                self.ctx.settings.idle_expiry, lambda: self.ctx.spawn(self._expire_game(table))
            )

    async def _expire_lobby(self, table: Table) -> None:
        async with table.lock:
            if table.status == TableStatus.LOBBY:
                await closing.close_lobby(self.ctx, table, "expired")

    async def _expire_game(self, table: Table) -> None:
        async with table.lock:
            if table.status == TableStatus.PLAYING:
                await closing.stop(self.ctx, table, GameStopped("idle"))
