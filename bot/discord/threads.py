"""A thread per table: the table message stays in its channel and the game's event lines
go to a thread started from it, so that a busy channel is not flooded.

The thread is started with the game's first line once the game is playing (a lobby's few
lines stay in the channel), where the server's ``threads`` setting is on (the default)
and the bot may create public threads, post in them and attach files (a score sheet's
picture); otherwise, or if Discord refuses, the game's lines go to the channel. Its id is
stored with the game, so that after a restart the lines go to the same thread; a thread
deleted since falls back to the channel.

Starting a thread can be rate limited for minutes (its buckets are shared by the guild):
it is never awaited by the lines for more than ``START_WAIT``. They go to the channel
until the thread exists, and a start refused by a long rate limit is tried again once the
limit is over. A guild at Discord's cap of active threads (160006) keeps the game's lines
in the channel, tried once per game.

At the end of a game the thread is left as it is, not archived: the final standings are
its last line, players may still talk about the game there, and Discord archives it by
itself after an hour without messages (``AUTO_ARCHIVE``), at no REST call of ours. Every
line is sent with ``send`` (a message with a nonce), never through a webhook.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Final

import discord

from bot.failures import log_failure
from bot.guild_config import stored_language, stored_threads
from bot.i18n import t
from bot.storage import Storage
from bot.tables import Clock, LoopClock, TableSnapshot
from bot.tables.status import TableStatus

from . import channel_access

log = logging.getLogger(__name__)

AUTO_ARCHIVE: Final = 60
"""Minutes without a message after which Discord archives a table's thread."""
LOCKED = 50083
"""Discord's code for a post in a thread that is archived and locked."""
THREAD_EXISTS = 160004
"""Discord's code for "a thread has already been created for this message"."""
TOO_MANY_THREADS = 160006
"""Discord's code for a guild at its maximum of active threads."""
START_WAIT = 2.0
"""How long a line waits for its game's thread to be started before going to the channel."""


class TableThreads:
    """Where each game's lines go: its thread's id, or None for the channel."""

    def __init__(
        self, client: discord.Client, storage: Storage, clock: Clock | None = None
    ) -> None:
        self.client = client
        self.storage = storage
        self.clock: Clock = clock or LoopClock()
        self._where: dict[int, int | None] = {}
        """game -> its thread (None: the channel), once known or decided."""
        self._starting: dict[int, asyncio.Task[int | None]] = {}
        """game -> the start of its thread, under way."""
        self._retry_at: dict[int, float] = {}
        """game -> when its thread's start, rate limited, may be tried again."""

    def held(self, game_id: int) -> bool:
        return game_id in self._where or game_id in self._retry_at or game_id in self._starting

    def forget(self, game_id: int) -> None:
        self._where.pop(game_id, None)
        self._retry_at.pop(game_id, None)

    async def target(
        self, channel_id: int, table: TableSnapshot | None, message_id: int | None
    ) -> discord.PartialMessageable:
        """Where a line of ``table``'s game goes; ``message_id`` is its table message, the
        thread's starting point if none exists yet."""
        thread_id = None if table is None else await self._thread_of(table, message_id)
        return self.client.get_partial_messageable(
            thread_id if thread_id is not None else channel_id
        )

    async def lost(self, table: TableSnapshot, thread_id: int) -> None:
        """The thread is gone (deleted) or closed to the bot: the rest of the game's lines
        go to the channel."""
        if self._where.get(table.game_id) == thread_id:
            self._where[table.game_id] = None
            log.warning("game %s: its thread is gone; lines go to the channel", table.game_id)
            await self.storage.set_table_thread(table.game_id, None)

    async def _thread_of(self, table: TableSnapshot, message_id: int | None) -> int | None:
        game_id = table.game_id
        if game_id in self._where:
            return self._where[game_id]
        stored = await self.storage.table_thread(game_id)
        if stored is not None:
            self._where[game_id] = stored
            return stored
        if table.status != TableStatus.PLAYING:
            return None  # a lobby, or a game ended before any line: nothing to start
        if message_id is None:
            return None  # no table message yet to start it from: this line in the channel
        if self._retry_at.get(game_id, float("-inf")) > self.clock.now():
            return None  # its start is rate limited: the channel meanwhile
        task = self._starting.get(game_id)
        if task is None:
            task = asyncio.get_running_loop().create_task(self._started(table, message_id))
            self._starting[game_id] = task
        try:
            return await asyncio.wait_for(asyncio.shield(task), START_WAIT)
        except TimeoutError:
            return None  # this line to the channel; the thread is used once it exists

    async def _started(self, table: TableSnapshot, message_id: int) -> int | None:
        """Start the game's thread and note where its lines go (the thread, or the channel
        for good); a long rate limit leaves it to be tried again once over."""
        game_id = table.game_id
        try:
            thread_id = await self._start(table, message_id)
        except discord.RateLimited as e:
            self._retry_at[game_id] = self.clock.now() + e.retry_after
            log.warning(
                "game %s: its thread's start is rate limited for %.0f s", game_id, e.retry_after
            )
            return None
        except Exception as e:  # storage (the settings): tried again with the next line
            log_failure(log, f"starting the thread of game {game_id}", e)
            return None
        finally:
            self._starting.pop(game_id, None)
        self._retry_at.pop(game_id, None)
        self._where[game_id] = thread_id
        if thread_id is not None:
            try:
                await self.storage.set_table_thread(game_id, thread_id)
            except Exception as e:  # used all the same; after a restart, a new one
                log_failure(log, f"storing the thread of game {game_id}", e)
        return thread_id

    async def _start(self, table: TableSnapshot, message_id: int) -> int | None:
        """Start the table's thread from its message; None where it may not be."""
        channel = self.client.get_channel(table.channel_id)
        if not isinstance(channel, discord.TextChannel):
            return None  # a DM, a thread, a forum, or a channel not known
        guild = channel.guild
        stored = await self.storage.guild_settings(guild.id)
        if not stored_threads(stored):
            return None
        if channel_access.lacking(channel.permissions_for(guild.me), channel_access.A_THREAD):
            return None
        locale = stored_language(stored) or str(guild.preferred_locale)  # the table's
        host = next((s for s in table.seats if s is not None and s.user_id == table.host_id), None)
        name = t(locale, "thread.name", name=host.name if host is not None else "?")[:100]
        try:
            thread = await channel.get_partial_message(message_id).create_thread(
                name=name, auto_archive_duration=AUTO_ARCHIVE
            )
        except discord.Forbidden:
            log.info("game %s: no thread allowed in channel %s", table.game_id, channel.id)
            return None
        except discord.HTTPException as e:
            if e.code == THREAD_EXISTS:  # made by a call whose answer was lost
                return message_id  # a thread started from a message has its id
            if e.code == TOO_MANY_THREADS:
                log.warning(
                    "game %s: guild %s has the most active threads Discord allows;"
                    " the game's lines stay in the channel",
                    table.game_id,
                    guild.id,
                )
                return None
            log.warning("game %s: its thread could not be started (%s)", table.game_id, e)
            return None
        return thread.id
