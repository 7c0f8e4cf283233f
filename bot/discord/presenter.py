"""The table service's presenter on Discord: one table message edited in place
(``table_message.py``), one DM per human and game edited in place (``dm_messages.py``),
and a line in the channel for what deserves one (``channel_lines.py``).

Public messages are built only from snapshots (the public view); a DM only from its own
seat's view. Bursts are coalesced (``pacing.Coalescer``): a run of bot moves costs one edit,
and a DM whose text and controls would not change is not edited at all. A channel line
goes out only once the table message shows the state it comes with. When a game ends,
every DM is left without a live control, and what was kept for the game is let go.
Message ids are stored, so after a restart the same messages are edited again. Each new
deal, and a message nearing the hour after which Discord stops taking its edits, gets a
fresh table message and fresh DMs (``freshness.py``); the text is made to fit Discord's
2,000 characters without breaking (``render/fit.py``). The language and card faces come
from ``locales_and_faces.py``; a channel lost to the bot stops its table
(``lost_channels.py``).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

import discord

from bot.failures import log_failure
from bot.storage import Storage
from bot.tables import Clock, LoopClock, TableSnapshot
from bot.tables.events import DealFinished, Event, GameFinished
from bot.tables.status import ENDED
from tarot_core import DealView

from .channel_lines import ChannelLines
from .dm_messages import DmMessages
from .locales_and_faces import LocalesAndFaces
from .lost_channels import LostChannels
from .table_message import TableMessages
from .threads import TableThreads

log = logging.getLogger(__name__)

EDIT_INTERVAL = 1.0
"""At most one edit of a message per second: Discord's limit is about 5 per 5 s."""


class DiscordPresenter:
    """Routes the table service's calls to the three kinds of message, and lets go of a
    game once its end is shown in all three."""

    def __init__(self, client: discord.Client, storage: Storage, *, pictures: bool = True) -> None:
        self.client = client
        self.storage = storage
        self.pictures = pictures
        """Deal pictures and game charts on the score sheets (``TAROT_PICTURES``)."""
        clock: Clock = LoopClock()
        self.clock = clock
        """Pacing, message ages and rate-limit waits (``use_clock``)."""
        self.reading = LocalesAndFaces(client, storage)
        self.locales = self.reading.locales
        self.guild_languages = self.reading.guild_languages
        self.threads = TableThreads(client, storage, clock)
        self._forgetting: set[asyncio.Task[None]] = set()
        """Games being let go, and tables of lost channels being stopped."""
        self.lost = LostChannels(client, self._in_background)
        self.table_message = TableMessages(
            client, storage, clock, EDIT_INTERVAL, self.reading, self.lost
        )
        self.lines = ChannelLines(
            client,
            clock,
            self.reading,
            self.lost,
            self.threads,
            self.table_message.showing,
            self.table_message.message_id,
            pictures=pictures,
        )
        self.dm_messages = DmMessages(
            client,
            storage,
            clock,
            EDIT_INTERVAL,
            self.reading,
            lambda channel, text, ping, table: self.lines.post(
                channel, text, ping=ping, table=table
            ),
        )
        self.tables = self.table_message.pacing
        """The table messages' pacing, by channel."""
        self.dms = self.dm_messages.pacing
        """The DMs' pacing, by (game, seat)."""
        # What the table service's callers ask of the messages: each part's own method, under
        # the name the callers use (their contracts are in each part's docstrings).
        reading, dms, tables = self.reading, self.dm_messages, self.table_message
        self.channel_locale = reading.channel_locale
        self.user_locale = reading.user_locale
        self.remember_locale = reading.remember_locale
        self.card_faces = reading.card_faces
        self.card_marks = reading.card_marks
        self.face_switch = reading.face_switch
        self.table_view = tables.view
        self.table_content = tables.content
        self.hand_content = dms.hand_content
        self.last_told = dms.last_told
        self.dm_ref = dms.dm_ref
        self.shown_through_interaction = dms.shown_through_interaction
        self.lost.private = self._private
        self.attempt_results: (
            Callable[[TableSnapshot], Awaitable[tuple[str, discord.ui.View] | None]] | None
        ) = None
        """A challenge's attempt just finished: its member's results in words, with their
        menu, posted after its last lines (the client sets it: the challenges' service
        reads them)."""

    def use_clock(self, clock: Clock) -> None:
        """Time for the pacing, the messages' ages and the rate-limit waits (a test gives
        Discord's own, which it can move on)."""
        self.clock = self.tables.clock = self.dms.clock = self.threads.clock = clock
        self.table_message.clock = self.dm_messages.clock = self.lines.clock = clock

    async def _private(self, table: TableSnapshot) -> bool:
        """A challenge's attempt whose member's DMs are closed is shown to them alone, in
        the ephemeral view of ``/challenge play``: nothing of it is posted."""
        if table.challenge_id is None:
            return False
        member = next((s.user_id for s in table.seats if s is not None and s.user_id), None)
        return member is not None and await self.dm_messages.closed(
            table.game_id, member, keep=False
        )

    def _in_background(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._forgetting.add(task)  # drained with the ends being shown
        task.add_done_callback(self._forgetting.discard)

    # ----- the Presenter interface ---------------------------------------------------

    async def table_changed(self, table: TableSnapshot) -> None:
        self.table_message.changed(table)
        self.dm_messages.seats_changed(table)
        if table.status in ENDED:
            self._in_background(self._forget(table))

    async def tell_seat(
        self, table: TableSnapshot, seat: int, user_id: int, view: DealView
    ) -> None:
        self.dm_messages.tell(table, seat, user_id, view)

    async def announce(self, table: TableSnapshot, event: Event) -> None:
        if isinstance(event, (DealFinished, GameFinished)):
            self.dm_messages.results(table.game_id, event)
        self.lines.announce(table, event, after=self.table_message.seq)
        if isinstance(event, GameFinished) and table.challenge_id is not None:
            self._in_background(self._attempt_finished(table))

    async def _attempt_finished(self, table: TableSnapshot) -> None:
        if self.attempt_results is None:
            return
        try:
            shown = await self.attempt_results(table)
        except Exception as e:  # the game is stored and shown: only this line is lost
            log_failure(log, f"the results of game {table.game_id}'s challenge", e)
            return
        if shown is not None:
            text, view = shown
            after = self.table_message.seq
            self.lines.post(table.channel_id, text, after=after, table=table, view=view)

    async def drain(self) -> None:
        while True:
            await self.tables.drain()
            await self.dms.drain()
            await self.lines.drain()
            if self.reading.locale_writes:
                await asyncio.gather(*list(self.reading.locale_writes), return_exceptions=True)
            if not self._forgetting:
                return
            await asyncio.gather(*list(self._forgetting), return_exceptions=True)

    def held(self, game_id: int) -> list[str]:
        """What is still kept for ``game_id`` (empty once its end has been shown): for
        tests and diagnostics."""
        found = []
        if game_id in self.table_message.messages:
            found.append("table message")
        if self.threads.held(game_id):
            found.append("thread")
        return found + self.dm_messages.held(game_id)

    async def _forget(self, table: TableSnapshot) -> None:
        """Once the end of ``table``'s game is shown (its table message, its DMs, its
        lines), let go of everything kept for it."""
        game_id, channel_id = table.game_id, table.channel_id
        while True:  # until no send or line, once done, was followed by another
            await self.tables.settled(channel_id)
            for key in self.dm_messages.keys(game_id):
                await self.dms.settled(key)
            queue = self.lines.queues.get(channel_id)
            if queue is not None:
                await queue.join()  # then empty: nothing awaited since
            dms_busy = any(map(self.dms.pending, self.dm_messages.keys(game_id)))
            if not dms_busy and not self.tables.pending(channel_id):
                break
        self.dm_messages.forget(game_id)
        self.table_message.forget(game_id)
        self.threads.forget(game_id)
        self.lost.forget(channel_id)
        if not self.tables.pending(channel_id):  # no newer table in that channel meanwhile
            self.table_message.forget_channel(channel_id)
            self.lines.forget(channel_id, queue)
