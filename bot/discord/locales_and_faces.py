"""The language and the card faces a message is drawn in: the table's language (the
server's setting, else its preferred locale), each user's own for their DMs, and the
cards as the application's emojis once they are all uploaded (``emojis.py``)."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import discord

from bot.failures import log_failure
from bot.guild_config import stored_language
from bot.i18n import locale_of
from bot.pictures.faces import emoji_stem
from bot.render.table import CardMarks
from bot.storage import Storage

from .emojis import CardEmojis
from .ui.controls import CardFaces, no_faces

log = logging.getLogger(__name__)

CACHE_WAIT = 10.0
"""After a restart, how long a table shown again waits for its guild to be known."""
FACES_WAIT = 5.0
"""At start, how long a table or DM shown again waits for the listing of the card emojis
(``emojis.CardEmojis.settled``), to show the faces it showed before the restart."""


class LocalesAndFaces:
    """Who reads in which language, and with which card faces."""

    def __init__(self, client: discord.Client, storage: Storage) -> None:
        self.client = client
        self.storage = storage
        self.locales: dict[int, str] = {}
        """The last Discord locale each user interacted in (their DMs use it)."""
        self.guild_languages: dict[int, str | None] = {}
        """guild -> the table language its settings chose (None: its preferred locale);
        set by ``/tarot new`` and ``/tarot settings``, read once from storage otherwise."""
        self.locale_writes: set[asyncio.Task[None]] = set()
        """The locales being stored (the presenter's ``drain`` waits for them)."""
        self._faces_late = False
        """The card emojis' listing took over ``FACES_WAIT`` at start: not waited for again."""

    async def known(self, channel_id: int) -> None:
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
        guild = getattr(self.client.get_channel(channel_id), "guild", None)
        if guild is not None and guild.id not in self.guild_languages:
            try:
                stored = await self.storage.guild_settings(guild.id)
            except Exception as e:
                log_failure(log, f"reading the settings of guild {guild.id}", e)
                return
            self.guild_languages[guild.id] = stored_language(stored)

    async def faces_known(self) -> None:
        """Right after a start, wait (at most ``FACES_WAIT``) until the card emojis are
        listed: a table restored is then drawn with the faces it had, not as text."""
        emojis = getattr(self.client, "card_emojis", None)
        if emojis is None or emojis.settled.is_set() or self._faces_late:
            return
        try:
            await asyncio.wait_for(emojis.settled.wait(), FACES_WAIT)
        except TimeoutError:
            if not self._faces_late:  # once: no later redraw waits again
                self._faces_late = True
                log.warning(
                    "card emojis not listed within %.0f s: text cards meanwhile", FACES_WAIT
                )

    def channel_locale(self, channel_id: int) -> str | None:
        """The table's language: the server's ``language`` setting, else its preferred
        locale; in a DM (a challenge's attempt), its member's."""
        channel = self.client.get_channel(channel_id)
        if isinstance(channel, discord.DMChannel):  # a challenge's table: its member's
            recipient = channel.recipient
            return self.locales.get(recipient.id) if recipient is not None else None
        guild = getattr(channel, "guild", None)
        if guild is None:
            return None
        return self.guild_languages.get(guild.id) or str(guild.preferred_locale)

    def remember_locale(self, user_id: int, locale: Any) -> None:
        """Kept in memory and stored, so a DM keeps its language after a restart."""
        text = str(locale)
        if self.locales.get(user_id) == text:
            return
        self.locales[user_id] = text
        task = asyncio.get_running_loop().create_task(self._store_locale(user_id, text))
        self.locale_writes.add(task)
        task.add_done_callback(self.locale_writes.discard)

    async def _store_locale(self, user_id: int, locale: str) -> None:
        try:
            await self.storage.set_locale(user_id, locale)
        except Exception as e:
            log_failure(log, f"storing the locale of user {user_id}", e)

    async def user_locale(self, user_id: int, channel_id: int) -> str | None:
        """The language of ``user_id``'s DMs: their last, else stored, else the table's."""
        known = self.locales.get(user_id)
        if known is None:
            known = await self.storage.locale(user_id)
            if known is not None:
                self.locales[user_id] = known
        return known if known is not None else self.channel_locale(channel_id)

    def card_faces(self, locale: str | None) -> CardFaces:
        """Each card's emoji for a reader of ``locale`` (its face letters are theirs)."""
        emojis = getattr(self.client, "card_emojis", None)
        if emojis is None or not emojis.ready:
            return no_faces
        lang = locale_of(locale)
        return lambda card: emojis.emoji(emoji_stem(card, lang))

    def card_marks(self, locale: str | None) -> CardMarks:
        """The same faces as message markup (``<:name:id>``), for the table's lines."""
        faces = self.card_faces(locale)
        return lambda card: None if (emoji := faces(card)) is None else str(emoji)

    def face_switch(self) -> CardEmojis | None:
        """The one switch of this process's card faces (``emojis.CardEmojis``)."""
        emojis = getattr(self.client, "card_emojis", None)
        return emojis if isinstance(emojis, CardEmojis) else None
