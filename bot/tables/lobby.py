"""The lobby: a table opened, seats taken and given up, bots added and removed, rule
options set by the host, the game started or the lobby cancelled.

Each call is checked (``checks``) and refused with nothing changed, or stored in one
transaction before the table in memory changes and the lobby is shown again; any change
restarts the lobby's expiry (``timers``). The start deals the first deal and hands over to
``turns``.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from tarot_core import PLAYER_COUNTS, Rules, RulesError
from tarot_core.rules import OPTION, PLAYERS_TEXT, value_word

from . import applying, checks, closing, derive
from .context import TableContext
from .errors import RefusalCode, Refused
from .events import Event, GameStarted
from .settings import MAX_DEALS, MIN_DEALS
from .snapshot import TableSnapshot
from .status import TableStatus
from .table import BOT_NAMES, Seat, Table
from .timers import Timers
from .turns import Turns


class Lobby:
    def __init__(
        self, ctx: TableContext, turns: Turns, timers: Timers, seeds: Callable[[], int]
    ) -> None:
        self.ctx = ctx
        self.turns = turns
        self.timers = timers
        self.seeds = seeds
        self._opening = asyncio.Lock()
        """Held while a table is opened: two opens in one channel make one table."""

    async def create(
        self,
        channel_id: int,
        host_id: int,
        host_name: str,
        *,
        guild_id: int | None,
        players: int,
        deals: int | None,
        options: dict[str, Any] | None,
        seed: int | None,
        turn_timers: tuple[float, float] | None,
    ) -> TableSnapshot:
        ctx = self.ctx
        async with self._opening:
            checks.free_channel(ctx.tables, channel_id)
            if players not in PLAYER_COUNTS:
                raise Refused(
                    RefusalCode.BAD_PLAYERS,
                    f"a table has {PLAYERS_TEXT} players, not {players}",
                    players=players,
                )
            try:
                rules = Rules.from_options(players, options or {})
            except RulesError as e:
                raise Refused(RefusalCode.BAD_RULES, f"rule options: {e}", reason=str(e)) from None
            target = deals if deals is not None else players
            if not MIN_DEALS <= target <= MAX_DEALS:
                raise Refused(
                    RefusalCode.BAD_DEALS,
                    f"a game has {MIN_DEALS} to {MAX_DEALS} deals, not {target}",
                    max=MAX_DEALS,
                    deals=target,
                )
            game_seed = seed if seed is not None else self.seeds()
            async with ctx.saving(), ctx.storage.transaction():
                game_id, host = await self._new_game(
                    channel_id, guild_id, rules, target, game_seed, host_id, host_name, turn_timers
                )
                await ctx.storage.seat(game_id, 0, host)
            seats: list[Seat | None] = [None] * players
            seats[0] = Seat(host, host_name, host_id, None)
            table = Table(
                game_id=game_id,
                channel_id=channel_id,
                guild_id=guild_id,
                host_id=host_id,
                rules=rules,
                deals_target=target,
                seed=game_seed,
                seats=seats,
                turn_timers=turn_timers,
            )
            ctx.tables[channel_id] = table
        return await self._shown_open(table)

    async def _new_game(
        self,
        channel_id: int,
        guild_id: int | None,
        rules: Rules,
        deals_target: int,
        seed: int,
        host_id: int,
        host_name: str,
        turn_timers: tuple[float, float] | None,
    ) -> tuple[int, int]:
        """A new game stored (in the caller's transaction) with its host's player: the
        game's id and the host's player id."""
        storage = self.ctx.storage
        host = await storage.player("user", str(host_id), host_name)
        game_id = await storage.create_game(
            guild_id=guild_id,
            channel_id=channel_id,
            players=rules.players,
            rules=rules.options(),
            deals_target=deals_target,
            seed=seed,
            host_id=host,
            turn_timers=turn_timers,
        )
        return game_id, host

    async def _shown_open(self, table: Table) -> TableSnapshot:
        """A lobby just opened in its channel: its expiry starts and it is shown."""
        async with table.lock:
            self.timers.touch_lobby(table)
            await self.ctx.showing.show(table)
            return table.snapshot()

    async def join(self, table: Table, user_id: int, name: str) -> TableSnapshot:
        storage = self.ctx.storage
        async with table.lock:
            checks.lobby(table)
            if table.seat_of(user_id) is not None:
                raise Refused(RefusalCode.ALREADY_SEATED, "you are already seated at this table")
            seat = checks.free_seat(table)
            async with self.ctx.saving(), storage.transaction():
                player = await storage.player("user", str(user_id), name)
                await storage.seat(table.game_id, seat, player)
            table.seats[seat] = Seat(player, name, user_id, None)
            return await self._changed(table)

    async def leave(self, table: Table, user_id: int) -> TableSnapshot:
        """A player gives up their seat; the host leaving cancels the lobby."""
        async with table.lock:
            checks.lobby(table)
            seat = checks.seated(table, user_id)
            if user_id == table.host_id:
                await closing.close_lobby(self.ctx, table, "cancelled")
                return table.snapshot()
            async with self.ctx.saving():
                await self.ctx.storage.unseat(table.game_id, seat)
            table.seats[seat] = None
            return await self._changed(table)

    async def add_bot(self, table: Table, user_id: int, level: str) -> TableSnapshot:
        storage = self.ctx.storage
        async with table.lock:
            checks.lobby(table)
            checks.seated(table, user_id)
            checks.known_level(level)
            seat = checks.free_seat(table)
            async with self.ctx.saving(), storage.transaction():
                player = await storage.player("bot", level, BOT_NAMES[level])
                await storage.seat(table.game_id, seat, player)
            table.seats[seat] = Seat(player, BOT_NAMES[level], None, level)
            return await self._changed(table)

    async def remove_bot(self, table: Table, user_id: int, seat: int | None) -> TableSnapshot:
        """The bot at ``seat``, or the last bot seated."""
        async with table.lock:
            checks.lobby(table)
            checks.seated(table, user_id)
            bots = [i for i, s in enumerate(table.seats) if s is not None and s.level is not None]
            if seat is None:
                if not bots:
                    raise Refused(RefusalCode.NO_BOT, "there is no bot at this table")
                seat = bots[-1]
            elif checks.seat_at(table, seat) not in bots:
                raise Refused(
                    RefusalCode.NO_BOT_SEAT, f"seat {seat + 1} is not a bot", seat=seat + 1
                )
            async with self.ctx.saving():
                await self.ctx.storage.unseat(table.game_id, seat)
            table.seats[seat] = None
            return await self._changed(table)

    async def remove_seat(
        self, table: Table, user_id: int, seat: int, player_id: int | None
    ) -> TableSnapshot:
        """The host frees ``seat``: a bot's, or a player's who is not coming (not their
        own: the host leaving cancels the lobby). ``player_id``, if given, is who the host
        saw there: anyone else seated there since is not removed ("no longer current")."""
        async with table.lock:
            checks.lobby(table)
            checks.host(table, user_id, "remove")
            holder = table.seats[checks.seat_at(table, seat)]
            if holder is None:
                raise Refused(RefusalCode.EMPTY_SEAT, f"seat {seat + 1} is empty", seat=seat + 1)
            if player_id is not None and holder.player_id != player_id:
                raise Refused(RefusalCode.STALE, f"seat {seat + 1} has changed hands")
            if holder.user_id == table.host_id:
                raise Refused(
                    RefusalCode.HOST_SEAT,
                    "the host cannot remove their own seat: leave to cancel the lobby",
                )
            async with self.ctx.saving():
                await self.ctx.storage.unseat(table.game_id, seat)
            table.seats[seat] = None
            return await self._changed(table)

    async def again(self, channel_id: int, game_id: int, user_id: int, name: str) -> TableSnapshot:
        """A new lobby after game ``game_id`` ended in this channel: the same rules,
        deals and seats (humans and bots alike), hosted by whoever asked, who must have
        played it. Nobody is asked first: anyone who cannot stay leaves, or the host
        removes them, and the host starts as with any lobby."""
        ctx = self.ctx
        stored = await ctx.storage.game(game_id)
        if (
            stored is None
            or stored.channel_id != channel_id
            or stored.status != TableStatus.FINISHED
        ):
            raise Refused(RefusalCode.STALE, "this game is not one to play again")
        seated = await ctx.storage.seated(game_id)
        if not any(s.kind == "user" and s.external_id == str(user_id) for s in seated):
            raise Refused(RefusalCode.NOT_SEATED, "you were not seated at this game")
        async with self._opening:
            checks.free_channel(ctx.tables, channel_id)
            rules = Rules.from_options(stored.players, stored.rules)
            seats: list[Seat | None] = [None] * stored.players
            game_seed = self.seeds()
            async with ctx.saving(), ctx.storage.transaction():
                new_id, host = await self._new_game(
                    channel_id,
                    stored.guild_id,
                    rules,
                    stored.deals_target,
                    game_seed,
                    user_id,
                    name,
                    stored.turn_timers,
                )
                for s in seated:
                    if s.kind == "user" and s.external_id == str(user_id):
                        again = Seat(host, name, user_id, None)
                    elif s.kind == "user":
                        again = Seat(s.player_id, s.name, int(s.external_id), None)
                    else:
                        again = Seat(s.player_id, s.name, None, s.external_id)
                    await ctx.storage.seat(new_id, s.seat, again.player_id)
                    seats[s.seat] = again
            table = Table(
                game_id=new_id,
                channel_id=channel_id,
                guild_id=stored.guild_id,
                host_id=user_id,
                rules=rules,
                deals_target=stored.deals_target,
                seed=game_seed,
                seats=seats,
                turn_timers=stored.turn_timers,
            )
            ctx.tables[channel_id] = table
        return await self._shown_open(table)

    async def set_rule(self, table: Table, user_id: int, name: str, value: object) -> TableSnapshot:
        """The host sets one rule option of the lobby. The engine says whether the value
        is allowed and goes with the other options; the table's rules change only once
        stored, then the lobby is shown again."""
        async with table.lock:
            checks.lobby(table)
            may_set_rules(table, user_id)
            rules = new_rules(table.rules, name, value)
            if rules == table.rules:
                return table.snapshot()
            async with self.ctx.saving():
                await self.ctx.storage.set_rules(table.game_id, rules.options())
            table.rules = rules
            return await self._changed(table)

    async def start(self, table: Table, user_id: int) -> TableSnapshot:
        storage = self.ctx.storage
        async with table.lock:
            checks.lobby(table)
            checks.host(table, user_id, "start")
            empty = sum(1 for s in table.seats if s is None)
            if empty:
                raise Refused(
                    RefusalCode.SEATS_EMPTY,
                    f"{empty} seat{'s' if empty > 1 else ''} still empty"
                    ": wait for players or add bots",
                    count=empty,
                )
            game = table.game = table.new_game()
            try:
                async with self.ctx.saving():
                    await storage.set_status(table.game_id, TableStatus.PLAYING)
                table.status = TableStatus.PLAYING
                # A petit sec dealt at once is recorded now (or, after a crash, by restore).
                await applying.store(storage, table, None)
            except BaseException:
                if table.status == TableStatus.PLAYING:
                    await applying.set_status_anyway(storage, table, TableStatus.LOBBY)
                table.game = None
                table.status = TableStatus.LOBBY
                table.recorded = 0
                raise
            self.timers.touch_idle(table)
            events: list[Event] = [GameStarted(game.deals[0].dealer)]
            events += derive.deal_events(game, 0, finished=table.status == TableStatus.FINISHED)
            return await self.turns.after_change(table, events)

    async def cancel(self, table: Table, user_id: int) -> None:
        async with table.lock:
            checks.lobby(table)
            checks.host(table, user_id, "cancel")
            await closing.close_lobby(self.ctx, table, "cancelled")

    async def _changed(self, table: Table) -> TableSnapshot:
        self.timers.touch_lobby(table)
        return await self.ctx.showing.show(table)


def may_set_rules(table: Table, user_id: int) -> None:
    """Only the host chooses the rules."""
    checks.host(table, user_id, "rules")


def new_rules(rules: Rules, name: str, value: object) -> Rules:
    """``rules`` with option ``name`` set to ``value``, as the engine builds them from a
    record's ``rules`` object, or the refusal that names the option and the value."""
    option = OPTION.get(name)
    if option is None:
        raise Refused(
            RefusalCode.UNKNOWN_RULE, f"there is no rule option {name!r}", option=name[:40]
        )
    shown = shown_value(value)
    try:
        option.check(value)
    except RulesError:
        allowed = ", ".join(shown_value(a) for a in option.allowed)
        raise Refused(
            RefusalCode.BAD_RULE_VALUE,
            f"{name} cannot be {shown}: it takes {allowed}",
            option=name,
            value=shown,
            allowed=allowed,
        ) from None
    try:
        return Rules.from_options(rules.players, {**rules.options(), name: value})
    except RulesError as e:
        raise Refused(
            RefusalCode.RULE_CONFLICT,
            f"{name} cannot be {shown} with this table's other rules: {e}",
            option=name,
            value=shown,
        ) from None


def shown_value(value: object) -> str:
    """An option's value as a refusal shows it: ``true``, ``8``, ``cut``, ``20/40/60``."""
    return value_word(value, sep="/")[:40]
