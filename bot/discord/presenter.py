"""The table service's presenter on Discord: one table message edited in place, one DM per
human and game edited in place, and a line in the channel for what deserves one.

Public messages are built only from snapshots (the public view); a DM only from its own
seat's view. Bursts are coalesced (``pacing.Coalescer``): a run of bot moves costs one edit.
Message ids are stored, so after a restart the same messages are edited again.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import discord

from bot.i18n import t
from bot.render.table import (
    event_line,
    lobby_text,
    mention,
    private_text,
    score_sheet,
    standings_text,
    table_text,
)
from bot.storage import Storage
from bot.tables import LoopClock, TableSnapshot
from bot.tables.events import DealFinished, Event, GameFinished, Reminder
from tarot_core import DealView

from .pacing import Coalescer
from .ui.control_ids import ControlId
from .ui.controls import ControlButton, controls_for

log = logging.getLogger(__name__)

EDIT_INTERVAL = 1.0
"""At most one edit of a message per second: Discord's limit is about 5 per 5 s."""
CACHE_WAIT = 10.0
"""After a restart, how long a table shown again waits for its guild to be known."""
DMS_CLOSED = 50007


class DiscordPresenter:
    def __init__(self, client: discord.Client, storage: Storage) -> None:
        self.client = client
        self.storage = storage
        clock = LoopClock()
        self.tables: Coalescer[int, TableSnapshot] = Coalescer(
            clock, EDIT_INTERVAL, self._show_table
        )
        self.dms: Coalescer[tuple[int, int], tuple[TableSnapshot, int, DealView]] = Coalescer(
            clock, EDIT_INTERVAL, self._show_dm
        )
        self.locales: dict[int, str] = {}
        """The last Discord locale each user interacted in (their DMs use it)."""
        self._lines: dict[int, asyncio.Queue[tuple[str, bool]]] = {}
        self._posters: dict[int, asyncio.Task[None]] = {}
        self._message_ids: dict[int, int] = {}
        self._locale_writes: set[asyncio.Task[None]] = set()
        self._dm_refs: dict[tuple[int, int], tuple[int, int]] = {}
        """(game, seat) -> (DM channel, message): read from storage once, not per edit."""
        self._closed: dict[int, bool] = {}

    # ----- the Presenter interface ---------------------------------------------------

    async def table_changed(self, table: TableSnapshot) -> None:
        self.tables.submit(table.channel_id, table)

    async def tell_seat(
        self, table: TableSnapshot, seat: int, user_id: int, view: DealView
    ) -> None:
        self.dms.submit((table.game_id, seat), (table, user_id, view))

    async def announce(self, table: TableSnapshot, event: Event) -> None:
        locale = self.channel_locale(table.channel_id)
        if isinstance(event, DealFinished):
            text = score_sheet(locale, table, event)
        elif isinstance(event, GameFinished):
            text = standings_text(locale, table, event)
        else:
            text = event_line(locale, table, event)
        if text:
            self._post(table.channel_id, text, ping=isinstance(event, Reminder))

    async def drain(self) -> None:
        await self.tables.drain()
        await self.dms.drain()
        for queue in self._lines.values():
            await queue.join()
        if self._locale_writes:
            await asyncio.gather(*list(self._locale_writes), return_exceptions=True)

    # ----- helpers -------------------------------------------------------------------

    async def _known(self, channel_id: int) -> None:
        """Tables restored at start-up are shown again from ``setup_hook``, before the
        gateway has sent the guilds: wait for the channel's guild (or for ready), or every
        text would fall back to the default locale until the next edit."""
        deadline = asyncio.get_running_loop().time() + CACHE_WAIT
        while (
            self.client.get_channel(channel_id) is None
            and not self.client.is_ready()
            and asyncio.get_running_loop().time() < deadline
        ):
            await asyncio.sleep(0.05)

    def channel_locale(self, channel_id: int) -> str | None:
        channel = self.client.get_channel(channel_id)
        guild = getattr(channel, "guild", None)
        return str(guild.preferred_locale) if guild is not None else None

    def _post(self, channel_id: int, text: str, ping: bool = False) -> None:
        """Lines go out in order, one channel at a time, none dropped on an error."""
        queue = self._lines.setdefault(channel_id, asyncio.Queue())
        queue.put_nowait((text, ping))
        task = self._posters.get(channel_id)
        if task is None or task.done():
            self._posters[channel_id] = asyncio.get_running_loop().create_task(
                self._poster(channel_id, queue)
            )

    async def _poster(self, channel_id: int, queue: asyncio.Queue[tuple[str, bool]]) -> None:
        while not queue.empty():
            text, ping = await queue.get()
            try:
                channel = self.client.get_partial_messageable(channel_id)
                mentions = (
                    discord.AllowedMentions(users=True) if ping else discord.AllowedMentions.none()
                )
                await channel.send(text[:2000], allowed_mentions=mentions)
            except discord.HTTPException:
                log.exception("channel %s: a line could not be posted", channel_id)
            finally:
                queue.task_done()

    def table_view(self, table: TableSnapshot, locale: str | None) -> discord.ui.View:
        view = discord.ui.View(timeout=None)
        if table.status == "lobby":
            for arg, key in (
                ("join", "button.join"),
                ("leave", "button.leave"),
                ("addbot", "button.add_bot"),
                ("start", "button.start"),
            ):
                control = ControlId("lobby", table.channel_id, table.game_id, 0, arg)
                style = (
                    discord.ButtonStyle.primary if arg == "start" else discord.ButtonStyle.secondary
                )
                view.add_item(ControlButton(control, label=t(locale, key), style=style))
        elif table.status == "playing":
            control = ControlId("hand", table.channel_id, table.game_id, 0, "")
            view.add_item(ControlButton(control, label=t(locale, "button.my_hand")))
        return view

    async def _show_table(self, channel_id: int, table: TableSnapshot) -> None:
        await self._known(channel_id)
        locale = self.channel_locale(channel_id)
        text = lobby_text(locale, table) if table.status == "lobby" else table_text(locale, table)
        view = self.table_view(table, locale)
        message_id = self._message_ids.get(table.game_id)
        if message_id is None:
            message_id = await self.storage.table_message(table.game_id)
        channel = self.client.get_partial_messageable(channel_id)
        if message_id is not None:
            try:
                await channel.get_partial_message(message_id).edit(
                    content=text[:2000], view=view, allowed_mentions=discord.AllowedMentions.none()
                )
                self._message_ids[table.game_id] = message_id
                return
            except discord.NotFound:
                pass  # deleted: post a new one
        sent = await channel.send(
            text[:2000], view=view, allowed_mentions=discord.AllowedMentions.none()
        )
        self._message_ids[table.game_id] = sent.id
        await self.storage.set_table_message(table.game_id, sent.id)

    async def _show_dm(
        self, key: tuple[int, int], value: tuple[TableSnapshot, int, DealView]
    ) -> None:
        table, user_id, view = value
        closed = self._closed.get(user_id)
        if closed is None:
            closed = self._closed[user_id] = await self.storage.dm_closed(user_id)
        if closed:
            return
        await self._known(table.channel_id)
        locale = await self.user_locale(user_id, table.channel_id)
        text = private_text(locale, table, view)
        controls = discord.ui.View(timeout=None)
        for item in controls_for(view, table.channel_id, table.game_id, table.turn, locale):
            controls.add_item(item)
        game_id, seat = key
        try:
            where = self._dm_refs.get(key) or await self.storage.dm_message(game_id, seat)
            if where is not None:
                channel = self.client.get_partial_messageable(where[0])
                try:
                    await channel.get_partial_message(where[1]).edit(
                        content=text[:2000], view=controls
                    )
                    self._dm_refs[key] = where
                    return
                except discord.NotFound:
                    pass
            user = self.client.get_user(user_id) or await self.client.fetch_user(user_id)
            sent = await user.send(text[:2000], view=controls)
            await self.storage.set_dm_message(game_id, seat, sent.channel.id, sent.id)
            self._dm_refs[key] = (sent.channel.id, sent.id)
        except discord.Forbidden as e:
            if e.code != DMS_CLOSED:
                raise
            self._closed[user_id] = True
            await self.storage.set_dm_closed(user_id, True)
            self._post(
                table.channel_id,
                f"{mention(user_id)} {t(locale, 'ui.dms_closed')}",
                ping=True,
            )

    def remember_locale(self, user_id: int, locale: Any) -> None:
        """Kept in memory and stored, so a DM keeps its language after a restart."""
        text = str(locale)
        if self.locales.get(user_id) == text:
            return
        self.locales[user_id] = text
        task = asyncio.get_running_loop().create_task(self._store_locale(user_id, text))
        self._locale_writes.add(task)
        task.add_done_callback(self._locale_writes.discard)

    async def _store_locale(self, user_id: int, locale: str) -> None:
        try:
            await self.storage.set_locale(user_id, locale)
        except Exception:
            log.exception("could not store the locale of user %s", user_id)

    async def user_locale(self, user_id: int, channel_id: int) -> str | None:
        known = self.locales.get(user_id)
        if known is None:
            known = await self.storage.locale(user_id)
            if known is not None:
                self.locales[user_id] = known
        return known if known is not None else self.channel_locale(channel_id)
