"""The table service's one public face: at most one table per channel, each behind its own
lock.

Every change follows the same path: the arguments' shape is checked here (``arguments``),
then the part that owns the call checks who may act when (``checks``) and refuses with a
reason and nothing changed, then the engine applies the action, then the action (with any
deal it finishes and the game's result) is stored in one transaction (``applying``), and
only then is the change shown through the presenter (``turns``, ``showing``). The engine
decides every rule; the table service only decides who may act when.

Each public method here only checks its arguments, finds the table and hands it to the
part that owns the call; a new call is a method here and its body in that part
(``docs/architecture.md`` names the part that owns each kind of call).
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Callable
from concurrent.futures import Executor
from typing import Any

from tarot_core import Action, DealView, view

from ..storage import TableStorage
from . import arguments, checks
from .bot_budget import BudgetTally
from .bot_moves import BotMoves
from .clock import Clock, LoopClock
from .context import TableContext
from .errors import RefusalCode, Refused
from .events import Event
from .human_moves import HumanMoves
from .lobby import Lobby, may_set_rules
from .presenter import Presenter
from .restore import restore as restore_tables
from .restore import resume
from .settings import TableSettings
from .showing import Showing
from .snapshot import TableSnapshot
from .table import Table
from .timers import Timers
from .turns import Turns


class TableManager:
    """The calls the Discord layer (and the benchmarks, and the tests) make on tables.

    A call a player can get wrong (not their turn, no table here, a move the engine
    refuses, a write storage failed) raises ``Refused`` with a ``RefusalCode`` and changes
    nothing; arguments of the wrong shape, which only code can pass, raise ``TypeError`` or
    ``ValueError`` (``arguments.py``).
    """

    def __init__(
        self,
        storage: TableStorage,
        presenter: Presenter,
        settings: TableSettings | None = None,
        *,
        clock: Clock | None = None,
        executor: Executor | None = None,
        workers: int | None = None,
        seeds: Callable[[], int] | None = None,
    ) -> None:
        self.storage = storage
        self.presenter = presenter
        self.settings = settings or TableSettings()
        self.clock: Clock = clock or LoopClock()
        self._ctx = ctx = TableContext(storage, Showing(presenter), self.settings, self.clock)
        self._bots = BotMoves(ctx, executor, self._after_change, workers)
        self._timers = Timers(ctx, self._bots)
        self._turns = Turns(ctx, self._bots, self._timers)
        self._lobby = Lobby(ctx, self._turns, self._timers, seeds or _random_seed)
        self._human_moves = HumanMoves(ctx, self._turns, self._timers)

    @property
    def _tables(self) -> dict[int, Table]:
        """The open tables by channel, ``TableContext.tables`` (the end-to-end tests read a
        deal's hidden cards here)."""
        return self._ctx.tables

    async def _after_change(self, table: Table, events: list[Event]) -> TableSnapshot:
        """A bot's move is followed like any other change (bot moves start turns, and turns
        start bot moves: this is where the loop closes)."""
        return await self._turns.after_change(table, events)

    # ----- looking -----------------------------------------------------------------------

    def table(self, channel_id: int) -> TableSnapshot | None:
        arguments.ids(channel_id=channel_id)
        table = self._ctx.tables.get(channel_id)
        return table.snapshot() if table is not None else None

    def __len__(self) -> int:
        return len(self._ctx.tables)

    def private_view(self, channel_id: int, user_id: int) -> tuple[TableSnapshot, int, DealView]:
        """A seated human's own view (for "my hand"): the snapshot, the seat, the view.

        :raises Refused: no table here, ``user_id`` not seated, or no deal in play.
        """
        arguments.ids(channel_id=channel_id, user_id=user_id)
        table = self._ctx.get(channel_id)
        seat = checks.seated(table, user_id)
        checks.playing(table)  # not while the start is being stored: it may yet fail
        deal = table.deal
        assert deal is not None
        return table.snapshot(), seat, view(deal, seat)

    # ----- life cycle --------------------------------------------------------------------

    async def restore(self, owns: Callable[[int], bool] | None = None) -> int:
        """Rebuild every lobby and game in play from storage (after a restart); with
        ``owns``, only those of the servers it accepts."""
        return await restore_tables(self._ctx, self._timers, self._turns, owns)

    def bot_budgets(self) -> BudgetTally:
        """What the bots' budgets came to under load, and their turns' latencies
        (``bot_budget``): for the benchmark and the tests."""
        return self._bots.tally

    def executor(self) -> Executor:
        """The worker processes bots think in, for other CPU work of the same kind (a
        challenge's par)."""
        return self._bots.pool()

    async def open_attempt(self, game_id: int) -> TableSnapshot:
        """A challenge's attempt, stored with its seats as a game in play (the challenges'
        own storage call), taken up as a table in its channel (its member's DMs): its first
        turn is shown, or, after a restart, the turn it stopped at.

        :raises Refused: its channel already has a table, or it is no attempt in play.
        """
        arguments.ids(game_id=game_id)
        stored = await self.storage.game(game_id)
        if stored is None or stored.challenge_id is None or stored.status != "playing":
            raise Refused(RefusalCode.NOT_PLAYING, "this challenge is not being played")
        current = self._ctx.tables.get(stored.channel_id)
        if current is not None:
            if current.game_id == game_id:
                return current.snapshot()
            checks.free_channel(self._ctx.tables, stored.channel_id)
        table = await resume(self._ctx, self._timers, self._turns, stored)
        return table.snapshot()

    async def close(self) -> None:
        """Stop every timer and bot move; the stored state is already complete."""
        for table in self._ctx.tables.values():
            table.cancel_turn_timers()
            table.cancel_idle()
        tasks = list(self._ctx.tasks)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._ctx.tables.clear()
        self._bots.shutdown()

    async def settle(self) -> None:
        """Wait until no bot move or timer action is running (tests and benchmarks)."""
        while self._ctx.tasks:
            await asyncio.gather(*list(self._ctx.tasks), return_exceptions=True)

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
        turn_timers: tuple[float, float] | None = None,
    ) -> TableSnapshot:
        """A lobby hosted by ``host_id``, stored before it is shown. ``turn_timers``: this
        table's (reminder, stand-in) delays in seconds, over the process's ``TableSettings``
        (its server's settings).

        :raises Refused: a table already open here, players or deals out of bounds, rule
            options the engine refuses, or the lobby not stored.
        """
        arguments.ids(channel_id=channel_id, host_id=host_id)
        arguments.name("host_name", host_name)
        arguments.optional_id("guild_id", guild_id)
        arguments.integers(players=players)
        if deals is not None:
            arguments.integers(deals=deals)
        arguments.options(options)
        arguments.seed(seed)
        return await self._lobby.create(
            channel_id,
            host_id,
            host_name,
            guild_id=guild_id,
            players=players,
            deals=deals,
            options=options,
            seed=seed,
            turn_timers=_checked_timers(turn_timers),
        )

    async def join(self, channel_id: int, user_id: int, name: str) -> TableSnapshot:
        arguments.ids(channel_id=channel_id, user_id=user_id)
        arguments.name("name", name)
        return await self._lobby.join(self._ctx.get(channel_id), user_id, name)

    async def leave(self, channel_id: int, user_id: int) -> TableSnapshot:
        arguments.ids(channel_id=channel_id, user_id=user_id)
        return await self._lobby.leave(self._ctx.get(channel_id), user_id)

    async def add_bot(self, channel_id: int, user_id: int, level: str) -> TableSnapshot:
        arguments.ids(channel_id=channel_id, user_id=user_id)
        arguments.level(level)
        return await self._lobby.add_bot(self._ctx.get(channel_id), user_id, level)

    async def remove_bot(
        self, channel_id: int, user_id: int, seat: int | None = None
    ) -> TableSnapshot:
        arguments.ids(channel_id=channel_id, user_id=user_id)
        if seat is not None:
            arguments.integers(seat=seat)
        return await self._lobby.remove_bot(self._ctx.get(channel_id), user_id, seat)

    async def remove_seat(
        self, channel_id: int, user_id: int, seat: int, *, player_id: int | None = None
    ) -> TableSnapshot:
        """The host frees another seat of the lobby, a bot's or a player's (``player_id``:
        only if it is still theirs)."""
        arguments.ids(channel_id=channel_id, user_id=user_id)
        arguments.integers(seat=seat)
        if player_id is not None:
            arguments.integers(player_id=player_id)
        return await self._lobby.remove_seat(self._ctx.get(channel_id), user_id, seat, player_id)

    async def play_again(
        self, channel_id: int, game_id: int, user_id: int, name: str
    ) -> TableSnapshot:
        """A new lobby with the seats, rules and deals of the finished game ``game_id``,
        hosted by ``user_id``, who played it."""
        arguments.ids(channel_id=channel_id, game_id=game_id, user_id=user_id)
        arguments.name("name", name)
        return await self._lobby.again(channel_id, game_id, user_id, name)

    async def set_rule(
        self, channel_id: int, user_id: int, name: str, value: object
    ) -> TableSnapshot:
        """The host sets the rule option ``name`` of the lobby to ``value`` (as a record's
        ``rules`` object holds it); the engine checks it beside the other options.

        :raises Refused: not the host, not a lobby, or a value the engine refuses with the
            other options.
        """
        arguments.ids(channel_id=channel_id, user_id=user_id)
        arguments.name("name", name)
        return await self._lobby.set_rule(self._ctx.get(channel_id), user_id, name, value)

    def may_set_rules(self, channel_id: int, user_id: int) -> None:
        """Refused unless ``user_id`` may set the rules now (the host, in the lobby): what
        ``set_rule`` checks first, for a menu to offer its choices only to them."""
        arguments.ids(channel_id=channel_id, user_id=user_id)
        table = self._ctx.get(channel_id)
        checks.lobby(table)
        may_set_rules(table, user_id)

    async def start(self, channel_id: int, user_id: int) -> TableSnapshot:
        arguments.ids(channel_id=channel_id, user_id=user_id)
        return await self._lobby.start(self._ctx.get(channel_id), user_id)

    async def cancel(self, channel_id: int, user_id: int) -> None:
        arguments.ids(channel_id=channel_id, user_id=user_id)
        await self._lobby.cancel(self._ctx.get(channel_id), user_id)

    # ----- play --------------------------------------------------------------------------

    async def act(self, channel_id: int, user_id: int, turn: int, action: Action) -> TableSnapshot:
        """A human's action, from a control made at ``turn``, stored before it is shown.

        :raises Refused: no game here, not seated, not their turn, a control of a turn gone
            by (``STALE``), an action the engine refuses (``ILLEGAL``, with the engine's
            code), or the action not stored (``STORAGE``): nothing changed.
        """
        arguments.ids(channel_id=channel_id, user_id=user_id)
        arguments.integers(turn=turn)
        arguments.action(action)
        return await self._human_moves.act(self._ctx.get(channel_id), user_id, turn, action)

    async def back(self, channel_id: int, user_id: int) -> TableSnapshot:
        """A human marked away takes their seat back from the stand-in."""
        arguments.ids(channel_id=channel_id, user_id=user_id)
        return await self._human_moves.back(self._ctx.get(channel_id), user_id)

    async def replace(self, channel_id: int, user_id: int, seat: int, level: str) -> TableSnapshot:
        """The host gives a human's seat to a bot for the rest of the game."""
        arguments.ids(channel_id=channel_id, user_id=user_id)
        arguments.integers(seat=seat)
        arguments.level(level)
        return await self._human_moves.replace(self._ctx.get(channel_id), user_id, seat, level)

    async def stop(self, channel_id: int, user_id: int, *, moderator: bool = False) -> None:
        """The host (or a moderator) ends the game; its finished deals stay recorded."""
        arguments.ids(channel_id=channel_id, user_id=user_id)
        arguments.flags(moderator=moderator)
        await self._human_moves.stop(self._ctx.get(channel_id), user_id, moderator=moderator)


def _checked_timers(timers: tuple[float, float] | None) -> tuple[float, float] | None:
    """A table's (reminder, stand-in) delays, checked as ``TableSettings`` checks them."""
    if timers is None:
        return None
    reminder, stand_in = timers
    if not 0 <= reminder <= stand_in:
        raise ValueError(f"turn_timers: need 0 <= reminder <= stand-in, not {timers}")
    return (float(reminder), float(stand_in))


def _random_seed() -> int:
    return secrets.randbits(63)
