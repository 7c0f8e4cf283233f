"""The table message: one per game, in its channel, edited in place as the table changes
(a run of changes costs one edit, ``pacing.Coalescer``) and posted fresh at each new deal
or as it nears Discord's hour of edits (``freshness.py``). A channel line waits for the
table message to show the state it comes with (``showing``)."""

from __future__ import annotations

import asyncio
import logging

import discord

from bot.i18n import t
from bot.render.fit import fitted
from bot.render.table import lobby_text, no_marks, table_text
from bot.storage import Storage
from bot.tables import Clock, TableSnapshot

from .errors import MESSAGE_LIMIT
from .freshness import Shown, edited_or_sent
from .locales_and_faces import LocalesAndFaces
from .lost_channels import LostChannels
from .pacing import Coalescer
from .ui.control_ids import ControlKind
from .ui.controls import ControlButton, table_control
from .ui.lobby_controls import table_buttons

log = logging.getLogger(__name__)

LINE_WAIT = 10.0
"""How long a channel line waits for the table edit it comes with (failing or slow)."""


class TableMessages:
    """Each game's table message, and which state each channel's table message shows."""

    def __init__(
        self,
        client: discord.Client,
        storage: Storage,
        clock: Clock,
        interval: float,
        reading: LocalesAndFaces,
        lost: LostChannels,
    ) -> None:
        self.client = client
        self.storage = storage
        self.clock = clock
        self.reading = reading
        self.lost = lost
        self.pacing: Coalescer[int, tuple[int, TableSnapshot]] = Coalescer(
            clock, interval, self._show
        )
        """channel -> the latest (state, table) to show, at most one edit per ``interval``."""
        self.seq = 0
        """Counts the table states submitted; a line waits for its state to be shown."""
        self.messages: dict[int, Shown] = {}
        """game -> its table message, once edited or sent here (else read from storage)."""
        self.shown: dict[int, int] = {}
        """channel -> the latest state its table message was edited to (or tried)."""
        self._moved = asyncio.Condition()

    def changed(self, table: TableSnapshot) -> int:
        """``table`` to be shown in its channel (paced); the number of its state."""
        self.seq += 1
        self.pacing.submit(table.channel_id, (self.seq, table))
        return self.seq

    async def showing(self, channel_id: int, seq: int) -> None:
        """Wait until the table message of ``channel_id`` was edited to state ``seq`` or a
        later one (or tried to be), at most ``LINE_WAIT``."""
        if not self.pacing.pending(channel_id):
            return
        async with self._moved:
            try:
                await asyncio.wait_for(
                    self._moved.wait_for(
                        lambda: (
                            self.shown.get(channel_id, 0) >= seq
                            or not self.pacing.pending(channel_id)
                            or self.pacing.held_back(channel_id)
                        )
                    ),
                    LINE_WAIT,
                )
            except TimeoutError:
                log.warning("channel %s: a line went out before its table edit", channel_id)

    async def message_id(self, table: TableSnapshot) -> int | None:
        """The id of ``table``'s message: known since it was last edited, else stored."""
        known = self.messages.get(table.game_id)
        if known is not None:
            return known.message_id
        return await self.storage.table_message(table.game_id)

    def forget(self, game_id: int) -> None:
        """The game's end is shown: its message is let go."""
        self.messages.pop(game_id, None)

    def forget_channel(self, channel_id: int) -> None:
        """No newer table in the channel: its pacing and state count are let go."""
        self.pacing.forget(channel_id)
        self.shown.pop(channel_id, None)

    def view(self, table: TableSnapshot, locale: str | None) -> discord.ui.View:
        """The table message's buttons."""
        view = discord.ui.View(timeout=None)
        if table.status == "playing":  # My hand first, then Watch
            control = table_control(ControlKind.HAND, table)
            view.add_item(ControlButton(control, label=t(locale, "button.my_hand")))
        for item in table_buttons(table, locale):  # the lobby's and Watch, or Play again
            view.add_item(item)
        return view

    def content(self, table: TableSnapshot, locale: str | None) -> str:
        """The table message's text, within Discord's 2,000 characters (``render/fit.py``)."""
        if table.status == "lobby":  # no card in a lobby: no faces to leave out first
            return fitted(lambda snap, _: lobby_text(locale, snap), table, no_marks, MESSAGE_LIMIT)
        return fitted(
            lambda snap, marks: table_text(locale, snap, marks),
            table,
            self.reading.card_marks(locale),
            MESSAGE_LIMIT,
        )

    async def _show(self, channel_id: int, value: tuple[int, TableSnapshot]) -> None:
        seq, table = value
        try:
            await self._edit(channel_id, table)
        except discord.RateLimited:
            seq = self.seq  # not editable for a while: no line waits for it meanwhile
            raise
        except discord.HTTPException as e:
            if not self.lost.lost(table, e):
                raise
        finally:
            self.shown[channel_id] = max(seq, self.shown.get(channel_id, 0))
            async with self._moved:
                self._moved.notify_all()

    async def _edit(self, channel_id: int, table: TableSnapshot) -> None:
        if await self.lost.quiet(channel_id, table):
            return
        await self.reading.known(channel_id)
        await self.reading.faces_known()
        locale = self.reading.channel_locale(channel_id)
        text = self.content(table, locale)
        view = self.view(table, locale)
        message_id = await self.message_id(table)
        known = self.messages.get(table.game_id)
        mentions = discord.AllowedMentions.none()

        async def send() -> discord.Message:
            channel = self.client.get_partial_messageable(channel_id)
            return await channel.send(text, view=view, allowed_mentions=mentions)

        async def sent_to(at: tuple[int, int]) -> None:
            self.messages[table.game_id] = Shown(*at, table.deals_played)
            await self.storage.set_table_message(table.game_id, at[1])

        where = None if message_id is None else (channel_id, message_id)
        at = await edited_or_sent(
            self.client,
            self.clock,
            table,
            where,
            known.deals_played if known is not None else None,
            locale,
            (text, view, mentions),
            send,
            sent_to,
        )
        if at == where:  # edited in place (a fresh one is noted by sent_to)
            self.messages[table.game_id] = Shown(*at, table.deals_played)
