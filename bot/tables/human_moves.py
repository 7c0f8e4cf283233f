"""A game in play, from the humans' side: a move, taking a seat back from its stand-in, the
host giving a seat to a bot, and stopping the table.

Each call is checked (``checks``: the phase, the seat, the turn the control was made at)
and refused with nothing changed, or applied and stored (``applying``), then handed to
``turns``, which shows it and starts what comes next.
"""

from __future__ import annotations

from tarot_core import Action

from . import applying, checks, closing
from .context import TableContext
from .errors import RefusalCode, Refused
from .events import GameStopped, PlayerBack, SeatReplaced
from .snapshot import TableSnapshot
from .status import TableStatus
from .table import BOT_NAMES, Seat, Table
from .timers import Timers
from .turns import Turns


class HumanMoves:
    def __init__(self, ctx: TableContext, turns: Turns, timers: Timers) -> None:
        self.ctx = ctx
        self.turns = turns
        self.timers = timers

    async def act(self, table: Table, user_id: int, turn: int, action: Action) -> TableSnapshot:
        """A human's action, from a control made at ``turn``; a human marked away is back."""
        async with table.lock:
            checks.playing(table)
            seat = checks.seated(table, user_id)
            if turn != table.turn:
                raise Refused(
                    RefusalCode.STALE, "this is no longer current: the table has moved on"
                )
            deal = table.deal
            assert deal is not None
            if deal.to_act != seat:
                name = checks.name(table, deal.to_act)
                raise Refused(RefusalCode.NOT_YOUR_TURN, f"it is {name}'s turn", name=name)
            if action.seat != seat:
                raise Refused(RefusalCode.NOT_YOUR_SEAT, "that control belongs to another seat")
            events = await applying.apply(self.ctx.storage, table, action)
            holder = table.seats[seat]
            assert holder is not None
            if holder.away:
                await applying.set_away(self.ctx.storage, table, seat, False)
                events.append(PlayerBack(seat, user_id))
            self.timers.touch_idle(table)
            return await self.turns.after_change(table, events)

    async def back(self, table: Table, user_id: int) -> TableSnapshot:
        """A human marked away takes their seat back from the stand-in."""
        async with table.lock:
            checks.playing(table)
            seat = checks.seated(table, user_id)
            holder = table.seats[seat]
            assert holder is not None
            if not holder.away:
                raise Refused(RefusalCode.NOT_AWAY, "you are not marked away")
            await applying.set_away(self.ctx.storage, table, seat, False)
            self.timers.touch_idle(table)
            table.bot_turn = None  # a stand-in move under way for this turn stands down
            return await self.turns.after_change(table, [PlayerBack(seat, user_id)])

    async def replace(self, table: Table, user_id: int, seat: int, level: str) -> TableSnapshot:
        """The host gives a human's seat to a bot for the rest of the game."""
        storage = self.ctx.storage
        async with table.lock:
            checks.playing(table)
            checks.not_challenge(table)
            checks.host(table, user_id, "replace")
            checks.known_level(level)
            checks.seat_at(table, seat)
            holder = table.seats[seat]
            if holder is None or holder.user_id is None:
                raise Refused(
                    RefusalCode.NOT_HUMAN, f"seat {seat + 1} is already a bot", seat=seat + 1
                )
            async with self.ctx.saving(), storage.transaction():
                player = await storage.player("bot", level, BOT_NAMES[level])
                await storage.seat(table.game_id, seat, player)  # present, as a new seat is
            table.seats[seat] = Seat(player, BOT_NAMES[level], None, level)
            table.told.pop(seat, None)
            table.bot_turn = None  # a stand-in move under way gives way to the new bot
            event = SeatReplaced(seat, holder.user_id, level)
            if not table.humans():
                table.cancel_idle()
            return await self.turns.after_change(table, [event])

    async def stop(self, table: Table, user_id: int, *, moderator: bool) -> None:
        """The host (or a moderator) ends the game, or closes the lobby; finished deals stay
        recorded."""
        async with table.lock:
            if table.status == TableStatus.LOBBY:
                if not moderator:
                    checks.host(table, user_id, "stop_table", moderators=True)
                await closing.close_lobby(self.ctx, table, "cancelled")
                return
            checks.playing(table)
            checks.not_challenge(table)
            if not moderator:
                checks.host(table, user_id, "stop_game", moderators=True)
            await closing.stop(self.ctx, table, GameStopped("host", user_id))
