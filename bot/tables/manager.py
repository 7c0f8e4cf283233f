"""The table service: at most one table per channel, each behind its own lock.

Every change follows the same path: the arguments' shape is checked (``arguments``), then
checks that refuse with a reason and change nothing, then the engine applies the action,
then the action (with any deal it finishes and the game's result) is stored in one
transaction, and only then is the change shown through the presenter. The engine decides
every rule; this module only decides who may act when.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from collections.abc import AsyncIterator, Callable, Coroutine
from concurrent.futures import Executor
from contextlib import asynccontextmanager
from typing import Any

from tarot_core import (
    Action,
    Bid,
    Call,
    Contract,
    DealView,
    DeclareSlam,
    Discard,
    Ecart,
    IllegalAction,
    Misere,
    Phase,
    Poignee,
    Rules,
    RulesError,
    ranks,
    to_record,
    view,
)
from tarot_core.bots import LEVELS
from tarot_core.serial import action_to_json

from ..storage import FinishedDeal, Storage
from . import arguments
from .clock import Clock, LoopClock
from .errors import Refused
from .events import (
    AllPassed,
    ChienShown,
    ContractMade,
    DealFinished,
    EcartTrumps,
    Event,
    GameFinished,
    GameStarted,
    GameStopped,
    KingCalled,
    LobbyClosed,
    MisereDeclared,
    PlayerBack,
    PoigneeShown,
    Reminder,
    SeatReplaced,
    SlamAnnounced,
    StandIn,
)
from .presenter import Presenter
from .settings import MAX_DEALS, TableSettings
from .snapshot import TableSnapshot
from .table import BOT_NAMES, Seat, Table
from .thinking import bot_pool, decision_seed, think

log = logging.getLogger(__name__)

HOST_ACTIONS = {
    "start": "start the game",
    "cancel": "cancel the lobby",
    "replace": "replace a player",
    "stop_table": "stop the table",
    "stop_game": "stop the game",
}
"""What only the host may do; the key travels with the refusal for translation."""


class TableManager:
    def __init__(
        self,
        storage: Storage,
        presenter: Presenter,
        settings: TableSettings | None = None,
        *,
        clock: Clock | None = None,
        executor: Executor | None = None,
        seeds: Callable[[], int] | None = None,
    ) -> None:
        self.storage = storage
        self.presenter = presenter
        self.settings = settings or TableSettings()
        self.clock: Clock = clock or LoopClock()
        self._executor = executor
        self._own_executor = executor is None
        self._seeds = seeds or (lambda: secrets.randbits(63))
        self._tables: dict[int, Table] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self._bot_slots = asyncio.Semaphore(self.settings.bot_concurrency)
        self._opening = asyncio.Lock()

    # ----- looking -----------------------------------------------------------------------

    def table(self, channel_id: int) -> TableSnapshot | None:
        arguments.ids(channel_id=channel_id)
        table = self._tables.get(channel_id)
        return table.snapshot() if table is not None else None

    def __len__(self) -> int:
        return len(self._tables)

    def private_view(self, channel_id: int, user_id: int) -> tuple[TableSnapshot, int, DealView]:
        """A seated human's own view (for "my hand"): the snapshot, the seat, the view."""
        arguments.ids(channel_id=channel_id, user_id=user_id)
        table = self._get(channel_id)
        seat = self._seated(table, user_id)
        deal = table.deal
        if deal is None:
            raise Refused("not_playing", "the game has not started yet")
        return table.snapshot(), seat, view(deal, seat)

    # ----- life cycle --------------------------------------------------------------------

    async def restore(self) -> int:
        """Rebuild every lobby and game in play from storage (after a restart)."""
        count = 0
        for stored in await self.storage.live_games():
            if stored.channel_id in self._tables:
                log.warning("game %s: channel %s already has a table", stored.id, stored.channel_id)
                continue
            seats: list[Seat | None] = [None] * stored.players
            for s in await self.storage.seated(stored.id):
                if s.kind == "user":
                    seats[s.seat] = Seat(s.player_id, s.name, int(s.external_id), None, s.away)
                else:
                    seats[s.seat] = Seat(s.player_id, s.name, None, s.external_id)
            host = await self.storage.player_by_id(stored.host_id) if stored.host_id else None
            table = Table(
                game_id=stored.id,
                channel_id=stored.channel_id,
                guild_id=stored.guild_id,
                host_id=int(host.external_id) if host is not None and host.kind == "user" else 0,
                rules=Rules.from_options(stored.players, stored.rules),
                deals_target=stored.deals_target,
                seed=stored.seed,
                seats=seats,
                status=stored.status,
            )
            self._tables[table.channel_id] = table
            count += 1
            if table.status == "lobby":
                self._touch_lobby(table)
                continue
            table.log = [json.dumps(a) for a in await self.storage.actions(stored.id)]
            table.rebuild()
            table.recorded = len(await self.storage.deal_records(stored.id))
            async with table.lock:
                await self._store(table, None)  # anything the crash left unrecorded
                self._touch_idle(table)
                await self._after_change(table, [])
        return count

    async def close(self) -> None:
        """Stop every timer and bot move; the stored state is already complete."""
        for table in self._tables.values():
            self._cancel_timers(table)
            if table.idle_timer is not None:
                table.idle_timer.cancel()
        tasks = list(self._tasks)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._tables.clear()
        if self._own_executor and self._executor is not None:
            self._executor.shutdown(wait=True, cancel_futures=True)
            self._executor = None

    async def settle(self) -> None:
        """Wait until no bot move or timer action is running (tests and benchmarks)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    # ----- the lobby ---------------------------------------------------------------------

    async def create(
        self,
        channel_id: int,
        host_id: int,
        host_name: str,
        *,
        guild_id: int | None = None,
        players: int = 4,
        deals: int | None = None,
        options: dict[str, Any] | None = None,
        seed: int | None = None,
    ) -> TableSnapshot:
        arguments.ids(channel_id=channel_id, host_id=host_id)
        arguments.name("host_name", host_name)
        arguments.optional_id("guild_id", guild_id)
        arguments.integers(players=players)
        if deals is not None:
            arguments.integers(deals=deals)
        arguments.options(options)
        arguments.seed(seed)
        async with self._opening:
            if channel_id in self._tables:
                raise Refused("table_exists", "a table is already open in this channel")
            if players not in (3, 4, 5):
                raise Refused(
                    "bad_players", f"a table has 3, 4 or 5 players, not {players}", players=players
                )
            try:
                rules = Rules.from_options(players, options or {})
            except RulesError as e:
                raise Refused("bad_rules", f"rule options: {e}", reason=str(e)) from None
            target = deals if deals is not None else players
            if not 1 <= target <= MAX_DEALS:
                raise Refused(
                    "bad_deals",
                    f"a game has 1 to {MAX_DEALS} deals, not {target}",
                    max=MAX_DEALS,
                    deals=target,
                )
            game_seed = seed if seed is not None else self._seeds()
            async with self._saving(), self.storage.transaction():
                host = await self.storage.player("user", str(host_id), host_name)
                game_id = await self.storage.create_game(
                    guild_id=guild_id,
                    channel_id=channel_id,
                    players=players,
                    rules=rules.options(),
                    deals_target=target,
                    seed=game_seed,
                    host_id=host,
                )
                await self.storage.seat(game_id, 0, host)
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
            )
            self._tables[channel_id] = table
        async with table.lock:
            self._touch_lobby(table)
            await self._show(table)
            return table.snapshot()

    async def join(self, channel_id: int, user_id: int, name: str) -> TableSnapshot:
        arguments.ids(channel_id=channel_id, user_id=user_id)
        arguments.name("name", name)
        table = self._get(channel_id)
        async with table.lock:
            self._lobby(table)
            if table.seat_of(user_id) is not None:
                raise Refused("already_seated", "you are already seated at this table")
            seat = self._free_seat(table)
            async with self._saving(), self.storage.transaction():
                player = await self.storage.player("user", str(user_id), name)
                await self.storage.seat(table.game_id, seat, player)
            table.seats[seat] = Seat(player, name, user_id, None)
            return await self._lobby_changed(table)

    async def leave(self, channel_id: int, user_id: int) -> TableSnapshot:
        arguments.ids(channel_id=channel_id, user_id=user_id)
        table = self._get(channel_id)
        async with table.lock:
            self._lobby(table)
            seat = self._seated(table, user_id)
            if user_id == table.host_id:
                await self._close_lobby(table, "cancelled")
                return table.snapshot()
            async with self._saving():
                await self.storage.unseat(table.game_id, seat)
            table.seats[seat] = None
            return await self._lobby_changed(table)

    async def add_bot(self, channel_id: int, user_id: int, level: str) -> TableSnapshot:
        arguments.ids(channel_id=channel_id, user_id=user_id)
        arguments.level(level)
        table = self._get(channel_id)
        async with table.lock:
            self._lobby(table)
            self._seated(table, user_id)
            self._known_level(level)
            seat = self._free_seat(table)
            async with self._saving(), self.storage.transaction():
                player = await self.storage.player("bot", level, BOT_NAMES[level])
                await self.storage.seat(table.game_id, seat, player)
            table.seats[seat] = Seat(player, BOT_NAMES[level], None, level)
            return await self._lobby_changed(table)

    async def remove_bot(
        self, channel_id: int, user_id: int, seat: int | None = None
    ) -> TableSnapshot:
        arguments.ids(channel_id=channel_id, user_id=user_id)
        if seat is not None:
            arguments.integers(seat=seat)
        table = self._get(channel_id)
        async with table.lock:
            self._lobby(table)
            self._seated(table, user_id)
            bots = [i for i, s in enumerate(table.seats) if s is not None and s.level is not None]
            if seat is None:
                if not bots:
                    raise Refused("no_bot", "there is no bot at this table")
                seat = bots[-1]
            elif self._seat_at(table, seat) not in bots:
                raise Refused("no_bot_seat", f"seat {seat + 1} is not a bot", seat=seat + 1)
            async with self._saving():
                await self.storage.unseat(table.game_id, seat)
            table.seats[seat] = None
            return await self._lobby_changed(table)

    async def start(self, channel_id: int, user_id: int) -> TableSnapshot:
        arguments.ids(channel_id=channel_id, user_id=user_id)
        table = self._get(channel_id)
        async with table.lock:
            self._lobby(table)
            self._host(table, user_id, "start")
            empty = sum(1 for s in table.seats if s is None)
            if empty:
                raise Refused(
                    "seats_empty",
                    f"{empty} seat{'s' if empty > 1 else ''} still empty"
                    ": wait for players or add bots",
                    count=empty,
                )
            table.game = table.new_game()
            try:
                async with self._saving():
                    await self.storage.set_status(table.game_id, "playing")
                table.status = "playing"
                # A petit sec dealt at once is recorded now (or, after a crash, by restore).
                await self._store(table, None)
            except BaseException:
                if table.status == "playing":
                    await self._set_status_anyway(table, "lobby")
                table.game = None
                table.status = "lobby"
                table.recorded = 0
                raise
            self._cancel_idle(table)
            self._touch_idle(table)
            events: list[Event] = [GameStarted(table.game.deals[0].dealer)]
            events += self._deal_events(table, 0)
            return await self._after_change(table, events)

    async def cancel(self, channel_id: int, user_id: int) -> None:
        arguments.ids(channel_id=channel_id, user_id=user_id)
        table = self._get(channel_id)
        async with table.lock:
            self._lobby(table)
            self._host(table, user_id, "cancel")
            await self._close_lobby(table, "cancelled")

    # ----- play --------------------------------------------------------------------------

    async def act(self, channel_id: int, user_id: int, turn: int, action: Action) -> TableSnapshot:
        """A human's action, from a control made at ``turn``."""
        arguments.ids(channel_id=channel_id, user_id=user_id)
        arguments.integers(turn=turn)
        arguments.action(action)
        table = self._get(channel_id)
        async with table.lock:
            self._playing(table)
            seat = self._seated(table, user_id)
            if turn != table.turn:
                raise Refused("stale", "this is no longer current: the table has moved on")
            deal = table.deal
            assert deal is not None
            if deal.to_act != seat:
                name = self._name(table, deal.to_act)
                raise Refused("not_your_turn", f"it is {name}'s turn", name=name)
            if action.seat != seat:
                raise Refused("not_your_seat", "that control belongs to another seat")
            events = await self._apply(table, action)
            holder = table.seats[seat]
            assert holder is not None
            if holder.away:
                await self._set_away(table, seat, False)
                events.append(PlayerBack(seat, user_id))
            self._touch_idle(table)
            return await self._after_change(table, events)

    async def back(self, channel_id: int, user_id: int) -> TableSnapshot:
        """A human marked away takes their seat back from the stand-in."""
        arguments.ids(channel_id=channel_id, user_id=user_id)
        table = self._get(channel_id)
        async with table.lock:
            self._playing(table)
            seat = self._seated(table, user_id)
            holder = table.seats[seat]
            assert holder is not None
            if not holder.away:
                raise Refused("not_away", "you are not marked away")
            await self._set_away(table, seat, False)
            self._touch_idle(table)
            table.bot_turn = None  # a stand-in move under way for this turn stands down
            return await self._after_change(table, [PlayerBack(seat, user_id)])

    async def replace(self, channel_id: int, user_id: int, seat: int, level: str) -> TableSnapshot:
        """The host gives a human's seat to a bot for the rest of the game."""
        arguments.ids(channel_id=channel_id, user_id=user_id)
        arguments.integers(seat=seat)
        arguments.level(level)
        table = self._get(channel_id)
        async with table.lock:
            self._playing(table)
            self._host(table, user_id, "replace")
            self._known_level(level)
            self._seat_at(table, seat)
            holder = table.seats[seat]
            if holder is None or holder.user_id is None:
                raise Refused("not_human", f"seat {seat + 1} is already a bot", seat=seat + 1)
            async with self._saving(), self.storage.transaction():
                player = await self.storage.player("bot", level, BOT_NAMES[level])
                await self.storage.seat(table.game_id, seat, player)
                await self.storage.set_away(table.game_id, seat, False)
            table.seats[seat] = Seat(player, BOT_NAMES[level], None, level)
            table.told.pop(seat, None)
            table.bot_turn = None  # a stand-in move under way gives way to the new bot
            event = SeatReplaced(seat, holder.user_id, level)
            if not table.humans():
                self._cancel_idle(table)
            return await self._after_change(table, [event])

    async def stop(self, channel_id: int, user_id: int, *, moderator: bool = False) -> None:
        """The host (or a moderator) ends the game; its finished deals stay recorded."""
        arguments.ids(channel_id=channel_id, user_id=user_id)
        arguments.flags(moderator=moderator)
        table = self._get(channel_id)
        async with table.lock:
            if table.status == "lobby":
                if not moderator:
                    self._host(table, user_id, "stop_table")
                await self._close_lobby(table, "cancelled")
                return
            self._playing(table)
            if not moderator:
                self._host(table, user_id, "stop_game")
            await self._stop(table, GameStopped("host", user_id))

    # ----- checks ------------------------------------------------------------------------

    def _get(self, channel_id: int) -> Table:
        table = self._tables.get(channel_id)
        if table is None:
            raise Refused("no_table", "there is no table in this channel")
        return table

    @staticmethod
    def _lobby(table: Table) -> None:
        if table.status != "lobby":
            raise Refused("not_lobby", "the game has already started")

    @staticmethod
    def _playing(table: Table) -> None:
        if table.status != "playing":
            raise Refused("not_playing", "the game has not started yet")

    @staticmethod
    def _seated(table: Table, user_id: int) -> int:
        seat = table.seat_of(user_id)
        if seat is None:
            raise Refused("not_seated", "you are not seated at this table")
        return seat

    @staticmethod
    def _host(table: Table, user_id: int, action: str) -> None:
        if user_id != table.host_id:
            what = HOST_ACTIONS[action]
            raise Refused("not_host", f"only the host can {what}", action=action)

    @staticmethod
    def _known_level(level: str) -> None:
        if level not in LEVELS:
            raise Refused(
                "bad_level",
                f"unknown bot level {level!r}: {', '.join(LEVELS)}",
                level=level,
                levels=", ".join(LEVELS),
            )

    @staticmethod
    def _seat_at(table: Table, seat: int) -> int:
        if not 0 <= seat < table.players:
            raise Refused("bad_seat", f"there is no seat {seat + 1}", seat=seat + 1)
        return seat

    @staticmethod
    def _free_seat(table: Table) -> int:
        for i, s in enumerate(table.seats):
            if s is None:
                return i
        raise Refused("table_full", "every seat is taken")

    @staticmethod
    def _name(table: Table, seat: int | None) -> str:
        holder = table.seats[seat] if seat is not None else None
        return holder.name if holder is not None else "nobody"

    # ----- applying and storing ----------------------------------------------------------

    async def _apply(self, table: Table, action: Action) -> list[Event]:
        """Engine first (a refusal changes nothing), then storage, or undo both."""
        game = table.game
        assert game is not None
        index = len(game.deals) - 1
        deal = game.current
        phase = deal.phase
        try:
            game.apply(action)
        except IllegalAction as e:
            raise Refused("illegal", str(e), reason=str(e)) from None
        table.log.append(json.dumps(action_to_json(action)))
        before = table.recorded
        try:
            await self._store(table, action)
        except BaseException:
            table.log.pop()
            table.recorded = before
            table.rebuild()
            raise
        return self._action_events(table, action, index, phase) + self._deal_events(table, before)

    async def _store(self, table: Table, action: Action | None) -> None:
        """The action, the deals it finished and the game's end: all or nothing."""
        game = table.game
        assert game is not None
        unrecorded = table.unrecorded()
        over = game.over
        if action is None and not unrecorded and not over:
            return
        players = [s.player_id if s is not None else 0 for s in table.seats]
        deals = [
            FinishedDeal(number, to_record(deal), deal.result, players)
            for number, deal in unrecorded
            if deal.result is not None
        ]
        try:
            await self.storage.save_turn(
                table.game_id,
                table.turn - 1,
                action_to_json(action) if action is not None else None,
                deals,
                list(game.totals) if over else None,
            )
        except Exception:
            log.exception("game %s: could not store turn %s", table.game_id, table.turn)
            raise Refused("storage", "the table could not save this; try again") from None
        table.recorded += len(unrecorded)
        if over:
            table.status = "finished"

    def _action_events(self, table: Table, action: Action, index: int, phase: Phase) -> list[Event]:
        game = table.game
        assert game is not None
        deal = game.deals[index]
        events: list[Event] = []
        if isinstance(action, Bid) and deal.phase != Phase.BIDDING:
            if deal.taker is not None and deal.contract is not None:
                events.append(ContractMade(deal.taker, deal.contract))
            else:
                events.append(AllPassed())
        if isinstance(action, Call):
            events.append(KingCalled(action.seat, action.card))
        if (
            phase < Phase.ECART <= deal.phase
            and deal.contract in (Contract.PRISE, Contract.GARDE)
            and deal.taker is not None
        ):
            shown = view(deal).chien
            if shown:
                events.append(ChienShown(shown))
        if isinstance(action, Ecart | Discard) and deal.phase > Phase.ECART:
            trumps = view(deal).ecart_trumps
            if trumps:
                events.append(EcartTrumps(trumps))
        if isinstance(action, DeclareSlam) and action.announce:
            events.append(SlamAnnounced(action.seat))
        if isinstance(action, Poignee):
            events.append(PoigneeShown(action.seat, tuple(sorted(action.cards))))
        if isinstance(action, Misere):
            events.append(MisereDeclared(action.seat))
        return events

    def _deal_events(self, table: Table, recorded_before: int) -> list[Event]:
        game = table.game
        assert game is not None
        events: list[Event] = []
        totals = [0] * table.players
        for number, deal in enumerate(game.deals, start=1):
            if deal.result is None:
                break
            totals = [t + s for t, s in zip(totals, deal.result.scores, strict=True)]
            if number > recorded_before:
                events.append(DealFinished(number, deal.result, tuple(totals)))
        if table.status == "finished":
            final = tuple(game.totals)
            events.append(GameFinished(final, ranks(final)))
        return events

    async def _set_away(self, table: Table, seat: int, away: bool) -> None:
        """Away is a display and a stand-in policy, not part of the game: if it cannot be
        stored, play goes on (after a restart the seat would show its old flag)."""
        holder = table.seats[seat]
        assert holder is not None
        holder.away = away
        try:
            await self.storage.set_away(table.game_id, seat, away)
        except Exception:
            log.exception("game %s: could not store seat %s away=%s", table.game_id, seat, away)

    async def _set_status_anyway(self, table: Table, status: str) -> None:
        try:
            await self.storage.set_status(table.game_id, status)
        except Exception:
            log.exception("game %s: could not store status %s", table.game_id, status)

    @asynccontextmanager
    async def _saving(self) -> AsyncIterator[None]:
        """Storage failures become a refusal the player can read; nothing was changed."""
        try:
            yield
        except Refused:
            raise
        except Exception:
            log.exception("a table write failed")
            raise Refused("storage", "the table could not save this; try again") from None

    # ----- after a change: show it, then whose turn -------------------------------------

    async def _after_change(self, table: Table, events: list[Event]) -> TableSnapshot:
        """Show the change (and tell the humans whose own view changed); the snapshot shown
        is the caller's answer too."""
        if table.status == "finished":
            self._finish(table)
        else:
            self._next_turn(table)
        snapshot = await self._show(table, *events)
        deal = table.deal
        if deal is None or table.status != "playing":
            return snapshot
        number = len(table.game.deals) if table.game is not None else 0
        for seat, holder in table.humans():
            assert holder.user_id is not None
            key = (number, deal.hands[seat].bit_count(), table.turn if deal.to_act == seat else -1)
            if table.told.get(seat) != key:
                table.told[seat] = key
                await self._present("tell_seat", snapshot, seat, holder.user_id, view(deal, seat))
        return snapshot

    async def _present(self, method: str, *args: Any) -> None:
        try:
            await getattr(self.presenter, method)(*args)
        except Exception:
            log.exception("presenter %s failed", method)

    async def _show(self, table: Table, *events: Event) -> TableSnapshot:
        snapshot = table.snapshot()
        await self._present("table_changed", snapshot)
        for event in events:
            await self._present("announce", snapshot, event)
        return snapshot

    async def _lobby_changed(self, table: Table) -> TableSnapshot:
        self._touch_lobby(table)
        return await self._show(table)

    def _next_turn(self, table: Table) -> None:
        """Start what the seat to act needs: a bot move, or a human's timers."""
        self._cancel_timers(table)
        table.deadline = None
        deal = table.deal
        if table.status != "playing" or deal is None or deal.to_act is None:
            return
        seat = deal.to_act
        table.turn_since = self.clock.now()
        holder = table.seats[seat]
        assert holder is not None
        turn = table.turn
        if holder.level is not None:
            self._bot_move(table, turn, holder.level, stand_in=False)
        elif holder.away and self.settings.away_policy == "seat":
            self._bot_move(table, turn, self.settings.stand_in_level, stand_in=True)
        else:
            s = self.settings
            table.deadline = table.turn_since + s.stand_in_after
            table.timers = [
                self.clock.call_later(
                    s.reminder_after, lambda: self._spawn(self._remind(table, turn, seat))
                ),
                self.clock.call_later(
                    s.stand_in_after, lambda: self._spawn(self._time_out(table, turn, seat))
                ),
            ]

    def _bot_move(self, table: Table, turn: int, level: str, *, stand_in: bool) -> None:
        if table.bot_turn == turn:
            return
        table.bot_turn = turn
        self._spawn(self._play_bot(table, turn, level, stand_in))

    async def _play_bot(self, table: Table, turn: int, level: str, stand_in: bool) -> None:
        if self.settings.bot_pause > 0:
            await self.clock.sleep(self.settings.bot_pause)
        else:
            await asyncio.sleep(0)
        async with self._bot_slots:
            await self._bot_decides(table, turn, level, stand_in)

    async def _bot_decides(self, table: Table, turn: int, level: str, stand_in: bool) -> None:
        if table.turn != turn or table.status != "playing" or table.bot_turn != turn:
            return
        deal = table.deal
        assert deal is not None and deal.to_act is not None
        seat = deal.to_act
        seen = view(deal, seat)
        choice = await self._bot_choice(table, turn, level, seen)
        async with table.lock:
            if table.turn != turn or table.status != "playing" or table.bot_turn != turn:
                return
            holder = table.seats[seat]
            if stand_in and (holder is None or not holder.away):
                return
            try:
                events = await self._apply_bot(table, turn, level, choice, seen)
            except Refused:  # not stored: try the move again a little later
                table.bot_turn = None
                self.clock.call_later(1.0, lambda: self._retry(table, turn, level, stand_in))
                return
            await self._after_change(table, events)

    async def _bot_choice(self, table: Table, turn: int, level: str, seen: DealView) -> object:
        """What the bot decides in a worker; its seat's first legal action when the worker
        fails, or gives no answer within ``bot_wait`` (a bot that hangs must not hold the
        table forever; the worker itself cannot be stopped, only no longer waited for)."""
        assert seen.seat is not None
        seed = decision_seed(table.seed, turn, seen.seat)
        loop = asyncio.get_running_loop()
        try:
            answer = loop.run_in_executor(
                self._pool(), think, level, seed, self.settings.think_ms, seen
            )
        except Exception:
            log.exception("game %s: bot %s failed at turn %s", table.game_id, level, turn)
            return seen.legal[0]
        expired: asyncio.Future[None] = loop.create_future()

        def expire() -> None:
            if not expired.done():
                expired.set_result(None)

        timer = self.clock.call_later(self.settings.bot_wait, expire)
        try:
            await asyncio.wait((answer, expired), return_when=asyncio.FIRST_COMPLETED)
        except BaseException:  # the move itself was cancelled: the answer is not wanted
            answer.cancel()
            raise
        finally:
            timer.cancel()
        if answer.cancelled():  # the pool was shut down under it, as when closing
            raise asyncio.CancelledError
        if not answer.done():
            answer.cancel()
            log.error(
                "game %s: bot %s gave no answer within %g s at turn %s; it plays the first"
                " legal action",
                table.game_id,
                level,
                self.settings.bot_wait,
                turn,
            )
            return seen.legal[0]
        error = answer.exception()
        if error is not None:
            # By its type only: a bot's message may name a card of its hidden hand.
            log.error(
                "game %s: bot %s failed at turn %s (%s); it plays the first legal action",
                table.game_id,
                level,
                turn,
                type(error).__name__,
            )
            return seen.legal[0]
        return answer.result()

    async def _apply_bot(
        self, table: Table, turn: int, level: str, choice: object, seen: DealView
    ) -> list[Event]:
        """The bot's choice, or its seat's first legal action if the choice is malformed or
        illegal; logged by kind and turn only, since the choice names a card of a hidden
        hand."""
        if arguments.is_action(choice):
            try:
                return await self._apply(table, choice)
            except Refused as r:
                if r.code != "illegal":
                    raise
        log.error(
            "game %s: bot %s chose an illegal action at turn %s; it plays the first legal one",
            table.game_id,
            level,
            turn,
        )
        return await self._apply(table, seen.legal[0])

    def _retry(self, table: Table, turn: int, level: str, stand_in: bool) -> None:
        if table.turn == turn and table.status == "playing":
            self._bot_move(table, turn, level, stand_in=stand_in)

    def _pool(self) -> Executor:
        if self._executor is None:
            self._executor = bot_pool()
        return self._executor

    async def _remind(self, table: Table, turn: int, seat: int) -> None:
        async with table.lock:
            holder = table.seats[seat]
            if table.turn != turn or table.status != "playing" or holder is None:
                return
            if holder.user_id is None or table.deadline is None:
                return
            await self._show(table, Reminder(seat, holder.user_id, table.deadline))

    async def _time_out(self, table: Table, turn: int, seat: int) -> None:
        async with table.lock:
            holder = table.seats[seat]
            if table.turn != turn or table.status != "playing" or holder is None:
                return
            if holder.user_id is None:
                return
            if not holder.away:
                await self._set_away(table, seat, True)
            table.deadline = None
            level = self.settings.stand_in_level
            await self._show(table, StandIn(seat, holder.user_id, level))
            self._bot_move(table, turn, level, stand_in=True)

    async def _stop(self, table: Table, event: GameStopped) -> None:
        async with self._saving():
            await self.storage.set_status(table.game_id, "stopped")
        table.status = "stopped"
        self._finish(table)
        await self._show(table, event)

    def _finish(self, table: Table) -> None:
        self._cancel_timers(table)
        self._cancel_idle(table)
        table.deadline = None
        table.bot_turn = None
        if self._tables.get(table.channel_id) is table:
            del self._tables[table.channel_id]

    async def _close_lobby(self, table: Table, reason: str) -> None:
        async with self._saving():
            await self.storage.set_status(table.game_id, "cancelled")
        table.status = "cancelled"
        self._finish(table)
        await self._show(table, LobbyClosed(reason))

    # ----- timers ------------------------------------------------------------------------

    @staticmethod
    def _cancel_timers(table: Table) -> None:
        for timer in table.timers:
            timer.cancel()
        table.timers = []

    @staticmethod
    def _cancel_idle(table: Table) -> None:
        if table.idle_timer is not None:
            table.idle_timer.cancel()
            table.idle_timer = None

    def _touch_lobby(self, table: Table) -> None:
        self._cancel_idle(table)
        table.idle_timer = self.clock.call_later(
            self.settings.lobby_expiry, lambda: self._spawn(self._expire_lobby(table))
        )

    def _touch_idle(self, table: Table) -> None:
        self._cancel_idle(table)
        if table.humans():
            table.idle_timer = self.clock.call_later(
                self.settings.idle_expiry, lambda: self._spawn(self._expire_game(table))
            )

    async def _expire_lobby(self, table: Table) -> None:
        async with table.lock:
            if table.status == "lobby":
                await self._close_lobby(table, "expired")

    async def _expire_game(self, table: Table) -> None:
        async with table.lock:
            if table.status == "playing":
                await self._stop(table, GameStopped("idle"))

    def _spawn(self, coro: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[None]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("table task failed", exc_info=task.exception())
