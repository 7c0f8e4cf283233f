"""The table service's presenter on Discord: one table message edited in place, one DM per
human and game edited in place, and a line in the channel for what deserves one.

Public messages are built only from snapshots (the public view); a DM only from its own
seat's view. Bursts are coalesced (``pacing.Coalescer``): a run of bot moves costs one edit,
and a DM whose text and controls would not change is not edited at all. A channel line
goes out only once the table message shows the state it comes with. When a game ends,
every DM is left without a live control, and what was kept for the game is let go.
Message ids are stored, so after a restart the same messages are edited again. Each new
deal, and a message nearing the hour after which Discord stops taking its edits, gets a
fresh table message and fresh DMs (``freshness.py``); the text is made to fit Discord's
2,000 characters without breaking (``render/fit.py``).
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from typing import Any

import discord

from bot.failures import log_failure
from bot.guild_config import stored_language
from bot.i18n import locale_of, t
from bot.pictures import jobs
from bot.pictures.faces import emoji_stem
from bot.render.fit import fitted
from bot.render.table import (
    CardMarks,
    deal_numbers,
    event_line,
    lobby_text,
    mention,
    no_marks,
    picture_names,
    private_text,
    score_sheet,
    standings_text,
    table_text,
)
from bot.storage import Storage
from bot.tables import Clock, LoopClock, Refused, TableSnapshot
from bot.tables.events import DealFinished, Event, GameFinished, Reminder
from bot.tables.status import ENDED, TableStatus
from tarot_core import DealView

from .drawing import draw
from .emojis import CardEmojis
from .errors import MESSAGE_LIMIT
from .face_refusals import sent_with_faces_or_without
from .freshness import EDITS_EXHAUSTED, jump_url, worn
from .pacing import Coalescer
from .threads import TableThreads
from .ui.control_ids import ControlKind
from .ui.controls import CardFaces, ControlButton, controls_for, no_faces, table_control
from .ui.lobby_controls import table_buttons

log = logging.getLogger(__name__)

EDIT_INTERVAL = 1.0
"""At most one edit of a message per second: Discord's limit is about 5 per 5 s."""
CACHE_WAIT = 10.0
"""After a restart, how long a table shown again waits for its guild to be known."""
FACES_WAIT = 5.0
"""At start, how long a table or DM shown again waits for the listing of the card emojis
(``emojis.CardEmojis.settled``), to show the faces it showed before the restart."""
DMS_REFUSED = (50007, 50278)
"""Discord's codes for a DM it will not deliver: "Cannot send messages to this user" (their
privacy settings, a block) and "...having no mutual guilds"."""
RESTRICTED_AFTER = 5
"""Different players whose DMs are refused within ``RESTRICTED_WINDOW``: past that, the
bot itself is taken to be held back by Discord (it documents restricting a bot that opens
many DMs quickly), and no one is marked."""
RESTRICTED_WINDOW = 60.0
LINE_WAIT = 10.0
"""How long a channel line waits for the table edit it comes with (failing or slow)."""
PICTURE_WAIT = 10.0
"""How long a score sheet waits for its picture (drawn in the worker processes)."""
LOCKED = 50083
"""Discord's code for a post in a thread that is archived and locked."""
CHANNEL_LOST = (10003, 50001, 50013)
"""Discord's codes for a channel deleted (Unknown Channel) or closed to the bot (Missing
Access, Missing Permissions): its table is stopped, not retried."""


@dataclass(frozen=True)
class _Line:
    """A line to post: after the table message shows state ``after``, in the thread of
    ``table``'s game if it has one (``threads.py``), else in the channel."""

    text: str
    ping: bool
    after: int
    table: TableSnapshot | None
    short: bool = False
    """An event line (not a score sheet or standings): one change's short lines join."""
    picture: asyncio.Future[bytes | None] | None = None
    """Its picture (a deal's, the game's chart), being drawn off the event loop."""
    filename: str = ""


def _joined(first: _Line, then: _Line) -> _Line | None:
    """The short lines of one change (a contract and its chien) as one message, when they
    fit: one post, and one place to read them. A reminder, which pings, stays alone, and
    so do results, each its own message."""
    game = first.table.game_id if first.table is not None else None
    same = first.after == then.after and game == (then.table.game_id if then.table else None)
    if not (same and first.short and then.short) or first.ping or then.ping:
        return None
    text = f"{first.text}\n{then.text}"
    return replace(first, text=text) if len(text) <= MESSAGE_LIMIT else None


@dataclass(frozen=True)
class _Dm:
    """What one DM is to show: the table, its human, their view, and whether the seat is
    still theirs (a seat given to a bot is shown once more, without controls)."""

    table: TableSnapshot
    user_id: int
    view: DealView
    seated: bool = True


@dataclass
class _Shown:
    """A message kept up to date for a game (its table message, a seat's DM) as it was last
    drawn: where it is, how many deals were played then (one more: a fresh message,
    ``freshness.py``) and, for a DM, its text and controls (the same again is not sent)."""

    channel_id: int
    message_id: int
    deals_played: int
    drawn: tuple[str, str] = ("", "")


def _drawn(content: tuple[str, discord.ui.View]) -> tuple[str, str]:
    """A DM's text and controls in a form to compare: the same again is not sent."""
    text, controls = content
    return text, repr(controls.to_components())


class DiscordPresenter:
    def __init__(self, client: discord.Client, storage: Storage, *, pictures: bool = True) -> None:
        self.client = client
        self.storage = storage
        self.pictures = pictures
        """Deal pictures and game charts on the score sheets (``TAROT_PICTURES``)."""
        clock: Clock = LoopClock()
        self.clock = clock
        """Pacing, message ages and rate-limit waits (``use_clock``)."""
        self.tables: Coalescer[int, tuple[int, TableSnapshot]] = Coalescer(
            clock, EDIT_INTERVAL, self._show_table
        )
        self.dms: Coalescer[tuple[int, int], _Dm] = Coalescer(clock, EDIT_INTERVAL, self._show_dm)
        self.locales: dict[int, str] = {}
        """The last Discord locale each user interacted in (their DMs use it)."""
        self.guild_languages: dict[int, str | None] = {}
        """guild -> the table language its settings chose (None: its preferred locale);
        set by ``/tarot new`` and ``/tarot settings``, read once from storage otherwise."""
        self._lines: dict[int, asyncio.Queue[_Line]] = {}
        self.threads = TableThreads(client, storage, clock)
        self._posters: dict[int, asyncio.Task[None]] = {}
        self._table_messages: dict[int, _Shown] = {}
        """game -> its table message, once edited or sent here (else read from storage)."""
        self._locale_writes: set[asyncio.Task[None]] = set()
        self._dm_messages: dict[tuple[int, int], _Shown] = {}
        """(game, seat) -> its DM, once edited or sent here (else read from storage)."""
        self._closed: dict[tuple[int, int], bool] = {}
        """(game, user) -> whether the user's DMs were refused in that game."""
        self._dm_refusals: deque[tuple[float, int, int]] = deque()
        """(when, game, user) of the DMs refused within ``RESTRICTED_WINDOW``."""
        self._restricted_said = -RESTRICTED_WINDOW
        self._dms_told: set[tuple[int, int]] = set()
        """(game, user) whose channel was told the user's DMs are refused."""
        self._seq = 0
        """Counts the table states submitted; a line waits for its state to be shown."""
        self._table_shown: dict[int, int] = {}
        """channel -> the latest state its table message was edited to (or tried)."""
        self._table_moved = asyncio.Condition()
        self._dm_last: dict[tuple[int, int], _Dm] = {}
        """(game, seat) -> what its DM was last told, to end it without controls."""
        self._last_deal: dict[int, DealFinished] = {}
        self._standings: dict[int, GameFinished] = {}
        self._forgetting: set[asyncio.Task[None]] = set()
        self._faces_late = False
        """The card emojis' listing took over ``FACES_WAIT`` at start: not waited for again."""
        self._unreachable: set[int] = set()
        """Channels deleted or closed to the bot: nothing more is sent there while their
        table is stopped (``_channel_lost``)."""

    def use_clock(self, clock: Clock) -> None:
        """Time for the pacing, the messages' ages and the rate-limit waits (a test gives
        Discord's own, which it can move on)."""
        self.clock = self.tables.clock = self.dms.clock = self.threads.clock = clock

    # ----- the Presenter interface ---------------------------------------------------

    async def table_changed(self, table: TableSnapshot) -> None:
        self._seq += 1
        self.tables.submit(table.channel_id, (self._seq, table))
        for seat, info in enumerate(table.seats):  # its seats, not every game's DMs
            key = (table.game_id, seat)
            dm = self._dm_last.get(key)
            if dm is not None and (info is None or info.user_id != dm.user_id):  # to a bot
                del self._dm_last[key]
                self.dms.submit(key, _Dm(table, dm.user_id, dm.view, seated=False))
        if table.status in ENDED:
            task = asyncio.get_running_loop().create_task(self._forget(table))
            self._forgetting.add(task)
            task.add_done_callback(self._forgetting.discard)

    async def tell_seat(
        self, table: TableSnapshot, seat: int, user_id: int, view: DealView
    ) -> None:
        dm = _Dm(table, user_id, view)
        self._dm_last[(table.game_id, seat)] = dm
        self.dms.submit((table.game_id, seat), dm)

    async def announce(self, table: TableSnapshot, event: Event) -> None:
        locale = self.channel_locale(table.channel_id)
        picture: asyncio.Future[bytes | None] | None = None
        filename = ""
        if isinstance(event, DealFinished):
            self._last_deal[table.game_id] = event
            text = score_sheet(locale, table, event)
            if event.record is not None and self.pictures:
                names = picture_names(locale, table)
                picture = self._draw(
                    jobs.deal_picture, dict(event.record), locale_of(locale), names
                )
                filename = f"deal-{table.game_id}-{event.number}.png"
        elif isinstance(event, GameFinished):
            self._standings[table.game_id] = event
            text = standings_text(locale, table, event)
            if event.history and self.pictures:
                names = picture_names(locale, table)
                history = [list(totals) for totals in event.history]
                picture = self._draw(jobs.totals_chart, names, history, locale_of(locale))
                filename = f"game-{table.game_id}.png"
        else:
            text = event_line(locale, table, event)
        if text:
            self._post(
                table.channel_id,
                text,
                ping=isinstance(event, Reminder),
                after=self._seq,
                table=table,
                short=not isinstance(event, (DealFinished, GameFinished)),
                picture=picture,
                filename=filename,
            )

    def _draw(self, job: Callable[..., bytes], *args: Any) -> asyncio.Future[bytes | None]:
        """A picture being drawn (``drawing.draw``): the line goes out without it if it
        cannot be."""
        return asyncio.ensure_future(draw(self.client, job, *args))

    async def drain(self) -> None:
        while True:
            await self.tables.drain()
            await self.dms.drain()
            for queue in list(self._lines.values()):
                await queue.join()
            if self._locale_writes:
                await asyncio.gather(*list(self._locale_writes), return_exceptions=True)
            if not self._forgetting:
                return
            await asyncio.gather(*list(self._forgetting), return_exceptions=True)

    def held(self, game_id: int) -> list[str]:
        """What is still kept for ``game_id`` (empty once its end has been shown): for
        tests and diagnostics."""
        found = []
        if game_id in self._table_messages:
            found.append("table message")
        if self.threads.held(game_id):
            found.append("thread")
        if any(k[0] == game_id for k in self._dm_messages):
            found.append("DM messages")
        if any(k[0] == game_id for k in self._dm_last):
            found.append("DM states")
        if self._dm_keys(game_id):
            found.append("DM pacing")
        if game_id in self._last_deal or game_id in self._standings:
            found.append("results")
        return found

    def _dm_keys(self, game_id: int) -> list[tuple[int, int]]:
        """The DMs of ``game_id`` the pacing remembers."""
        return [k for k in self.dms.remembered() if k[0] == game_id]

    async def _forget(self, table: TableSnapshot) -> None:
        """Once the end of ``table``'s game is shown (its table message, its DMs, its
        lines), let go of everything kept for it."""
        game_id, channel_id = table.game_id, table.channel_id
        while True:  # until no send or line, once done, was followed by another
            await self.tables.settled(channel_id)
            for key in self._dm_keys(game_id):
                await self.dms.settled(key)
            queue = self._lines.get(channel_id)
            if queue is not None:
                await queue.join()  # then empty: nothing awaited since
            dms_busy = any(map(self.dms.pending, self._dm_keys(game_id)))
            if not dms_busy and not self.tables.pending(channel_id):
                break
        for key in self._dm_keys(game_id):
            self.dms.forget(key)
        for cache in (self._dm_messages, self._dm_last, self._closed):
            for key in [k for k in cache if k[0] == game_id]:
                del cache[key]
        self._dms_told = {k for k in self._dms_told if k[0] != game_id}
        self._table_messages.pop(game_id, None)
        self.threads.forget(game_id)
        self._last_deal.pop(game_id, None)
        self._standings.pop(game_id, None)
        self._unreachable.discard(channel_id)  # a table opened there again is tried anew
        if not self.tables.pending(channel_id):  # no newer table in that channel meanwhile
            self.tables.forget(channel_id)
            self._table_shown.pop(channel_id, None)
            if queue is not None and queue.empty() and self._lines.get(channel_id) is queue:
                del self._lines[channel_id]
                self._posters.pop(channel_id, None)

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
        guild = getattr(self.client.get_channel(channel_id), "guild", None)
        if guild is not None and guild.id not in self.guild_languages:
            try:
                stored = await self.storage.guild_settings(guild.id)
            except Exception as e:
                log_failure(log, f"reading the settings of guild {guild.id}", e)
                return
            self.guild_languages[guild.id] = stored_language(stored)

    async def _faces_known(self) -> None:
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
        locale."""
        channel = self.client.get_channel(channel_id)
        guild = getattr(channel, "guild", None)
        if guild is None:
            return None
        return self.guild_languages.get(guild.id) or str(guild.preferred_locale)

    def _post(
        self,
        channel_id: int,
        text: str,
        ping: bool = False,
        after: int = 0,
        table: TableSnapshot | None = None,
        short: bool = False,
        picture: asyncio.Future[bytes | None] | None = None,
        filename: str = "",
    ) -> None:
        """Lines go out in order, one channel at a time, none dropped on an error; each
        after the table message shows state ``after`` (the state the line comes with), in
        the thread of ``table``'s game if it has one."""
        queue = self._lines.setdefault(channel_id, asyncio.Queue())
        queue.put_nowait(_Line(text[:MESSAGE_LIMIT], ping, after, table, short, picture, filename))
        task = self._posters.get(channel_id)
        if task is None or task.done():
            self._posters[channel_id] = asyncio.get_running_loop().create_task(
                self._poster(channel_id, queue)
            )

    async def _poster(self, channel_id: int, queue: asyncio.Queue[_Line]) -> None:
        held: _Line | None = None  # taken from the queue but not joined: the next to post
        while held is not None or not queue.empty():
            line = held if held is not None else await queue.get()
            held = None
            taken = 1
            try:
                await self._table_showing(channel_id, line.after)
                while not queue.empty():
                    following = queue.get_nowait()
                    joined = _joined(line, following)
                    if joined is None:
                        held = following
                        break
                    line = joined
                    taken += 1
                await self._send_line_when_allowed(channel_id, line)
            except Exception as e:  # Discord's refusal, or storage (where the thread is)
                if not (isinstance(e, discord.HTTPException) and self._channel_lost(line.table, e)):
                    log_failure(log, f"posting a line in channel {channel_id}", e)
            finally:
                for _ in range(taken):
                    queue.task_done()

    async def _send_line(self, channel_id: int, line: _Line) -> None:
        """Post ``line`` with ``send`` (a nonce: never twice), in its game's thread if it
        has one; a thread deleted or closed to the bot since gives way to the channel."""
        if channel_id in self._unreachable:
            return
        mentions = (
            discord.AllowedMentions(users=True) if line.ping else discord.AllowedMentions.none()
        )
        message_id = None if line.table is None else await self._table_message(line.table)
        where = await self.threads.target(channel_id, line.table, message_id)
        picture = await self._picture(line)

        def files() -> list[discord.File]:  # a File is read once: a new one for each send
            if picture is None:
                return []
            return [discord.File(io.BytesIO(picture), filename=line.filename)]

        try:
            await where.send(line.text, allowed_mentions=mentions, files=files())
        except discord.HTTPException as e:
            closed = isinstance(e, (discord.NotFound, discord.Forbidden)) or e.code == LOCKED
            if not closed or where.id == channel_id or line.table is None:
                raise
            await self.threads.lost(line.table, where.id)
            channel = self.client.get_partial_messageable(channel_id)
            await channel.send(line.text, allowed_mentions=mentions, files=files())

    async def _send_line_when_allowed(self, channel_id: int, line: _Line) -> None:
        """``_send_line``, waiting out a rate limit too long for discord.py to sleep
        through (``discord.RateLimited``): a line is never dropped for it."""
        while True:
            try:
                await self._send_line(channel_id, line)
                return
            except discord.RateLimited as e:
                log.warning("channel %s: lines rate limited for %.0f s", channel_id, e.retry_after)
                await self.clock.sleep(e.retry_after)

    async def _picture(self, line: _Line) -> bytes | None:
        """``line``'s picture, if it is drawn within ``PICTURE_WAIT``: a worker stuck on
        something else must not hold up the channel's lines (they go out without it)."""
        if line.picture is None:
            return None
        try:
            return await asyncio.wait_for(asyncio.shield(line.picture), PICTURE_WAIT)
        except TimeoutError:
            log.warning("%s took over %.0f s to draw: sent without it", line.filename, PICTURE_WAIT)
            return None

    async def _table_showing(self, channel_id: int, seq: int) -> None:
        """Wait until the table message of ``channel_id`` was edited to state ``seq`` or a
        later one (or tried to be), at most ``LINE_WAIT``."""
        if not self.tables.pending(channel_id):
            return
        async with self._table_moved:
            try:
                await asyncio.wait_for(
                    self._table_moved.wait_for(
                        lambda: (
                            self._table_shown.get(channel_id, 0) >= seq
                            or not self.tables.pending(channel_id)
                            or self.tables.held_back(channel_id)
                        )
                    ),
                    LINE_WAIT,
                )
            except TimeoutError:
                log.warning("channel %s: a line went out before its table edit", channel_id)

    def table_view(self, table: TableSnapshot, locale: str | None) -> discord.ui.View:
        view = discord.ui.View(timeout=None)
        if table.status == "playing":  # My hand first, then Watch
            control = table_control(ControlKind.HAND, table)
            view.add_item(ControlButton(control, label=t(locale, "button.my_hand")))
        for item in table_buttons(table, locale):  # the lobby's and Watch, or Play again
            view.add_item(item)
        return view

    async def _show_table(self, channel_id: int, value: tuple[int, TableSnapshot]) -> None:
        seq, table = value
        try:
            await self._edit_table(channel_id, table)
        except discord.RateLimited:
            seq = self._seq  # not editable for a while: no line waits for it meanwhile
            raise
        except discord.HTTPException as e:
            if not self._channel_lost(table, e):
                raise
        finally:
            self._table_shown[channel_id] = max(seq, self._table_shown.get(channel_id, 0))
            async with self._table_moved:
                self._table_moved.notify_all()

    async def _table_message(self, table: TableSnapshot) -> int | None:
        """The id of ``table``'s message: known since it was last edited, else stored."""
        known = self._table_messages.get(table.game_id)
        if known is not None:
            return known.message_id
        return await self.storage.table_message(table.game_id)

    async def _edit_table(self, channel_id: int, table: TableSnapshot) -> None:
        if channel_id in self._unreachable:
            return
        await self._known(channel_id)
        await self._faces_known()
        locale = self.channel_locale(channel_id)
        text = self.table_content(table, locale)
        view = self.table_view(table, locale)
        message_id = await self._table_message(table)
        known = self._table_messages.get(table.game_id)
        mentions = discord.AllowedMentions.none()

        async def send() -> discord.Message:
            channel = self.client.get_partial_messageable(channel_id)
            return await channel.send(text, view=view, allowed_mentions=mentions)

        async def sent_to(at: tuple[int, int]) -> None:
            self._table_messages[table.game_id] = _Shown(*at, table.deals_played)
            await self.storage.set_table_message(table.game_id, at[1])

        where = None if message_id is None else (channel_id, message_id)
        at = await self._edited_or_sent(
            table,
            where,
            known.deals_played if known is not None else None,
            locale,
            (text, view, mentions),
            send,
            sent_to,
        )
        if at == where:  # edited in place (a fresh one is noted by sent_to)
            self._table_messages[table.game_id] = _Shown(*at, table.deals_played)

    async def _edited_or_sent(
        self,
        table: TableSnapshot,
        where: tuple[int, int] | None,
        shown_played: int | None,
        locale: str | None,
        content: tuple[str, discord.ui.View, discord.AllowedMentions | None],
        send: Callable[[], Awaitable[discord.Message]],
        sent_to: Callable[[tuple[int, int]], Awaitable[None]],
    ) -> tuple[int, int]:
        """Where ``table``'s game now shows ``content`` (text, controls, mentions allowed),
        as (channel, message), for its table message and for a DM alike: message ``where``
        edited; or a fresh one, sent by ``send`` and noted by ``sent_to``, if there is none,
        it was deleted, it is worn out (``freshness.py``) or Discord takes no more of its
        edits (30046), the worn one then left as a stub that points at the fresh one. A
        NotFound of the table's own channel rises: the channel is gone (``_channel_lost``)."""
        worn_out = None  # the message a fresh one replaces
        if where is not None and self._worn(where[1], table, shown_played):
            worn_out, where = where, None
        if where is not None:
            message = self.client.get_partial_messageable(where[0]).get_partial_message(where[1])
            try:
                text, view, mentions = content
                await message.edit(content=text, view=view, allowed_mentions=mentions)
                return where
            except discord.NotFound as e:
                if e.code in CHANNEL_LOST and where[0] == table.channel_id:
                    raise  # the channel itself is gone
                # the message was deleted: a new one
            except discord.HTTPException as e:
                if e.code != EDITS_EXHAUSTED:
                    raise
                worn_out = where  # Discord takes no more edits of it: a new one now
        sent = await send()
        at = (sent.channel.id, sent.id)
        await sent_to(at)
        if worn_out is not None:
            await self._stub(*worn_out, sent.id, table, locale, shown_played)
        return at

    def table_content(self, table: TableSnapshot, locale: str | None) -> str:
        """The table message's text, within Discord's 2,000 characters (``render/fit.py``)."""
        if table.status == "lobby":  # no card in a lobby: no faces to leave out first
            return fitted(lambda snap, _: lobby_text(locale, snap), table, no_marks, MESSAGE_LIMIT)
        return fitted(
            lambda snap, marks: table_text(locale, snap, marks),
            table,
            self.card_marks(locale),
            MESSAGE_LIMIT,
        )

    def _worn(self, message_id: int, table: TableSnapshot, shown_played: int | None) -> bool:
        """A message of ``table``'s game to be replaced by a fresh one (``freshness.py``):
        drawn before the last deal was played, or near the hour after which Discord stops
        taking its edits. Only while the game is played: its end is shown where it was."""
        if table.status != TableStatus.PLAYING:
            return False
        return worn(
            message_id, self.clock.now(), played=table.deals_played, shown_played=shown_played
        )

    async def _stub(
        self,
        channel_id: int,
        message_id: int,
        new_id: int,
        table: TableSnapshot,
        locale: str | None,
        shown_played: int | None,
    ) -> None:
        """Leave the replaced message as one line, without controls, that points at the
        new one; Discord may refuse (an hour-old message): it then stays as it was."""
        guild_id = None if channel_id != table.channel_id else table.guild_id
        link = jump_url(guild_id, channel_id, new_id)
        if shown_played is not None and shown_played < table.deals_played:
            n, _ = deal_numbers(table)  # as the table's header counts: voided deals aside
            text = t(locale, "table.moved_deal", n=n, link=link)
        else:
            text = t(locale, "table.moved", link=link)
        try:
            await (
                self.client.get_partial_messageable(channel_id)
                .get_partial_message(message_id)
                .edit(content=text, view=None, allowed_mentions=discord.AllowedMentions.none())
            )
        except discord.HTTPException as e:
            log.info("message %s could not be left as a stub (%s)", message_id, e)

    # ----- a channel deleted or closed to the bot: its table stops -----------------------

    def _channel_lost(self, table: TableSnapshot | None, error: discord.HTTPException) -> bool:
        """Whether ``error`` says the table's channel is deleted or closed to the bot; if
        so its table is stopped (once), as a host's stop would (finished deals kept),
        rather than refused at every change: each refusal counts toward Discord's
        invalid-request limit."""
        if error.code not in CHANNEL_LOST or table is None:
            return False
        channel_id = table.channel_id
        if channel_id in self._unreachable:
            return True
        self._unreachable.add(channel_id)
        log.warning(
            "channel %s: %s (%s); its table (game %s) is stopped",
            channel_id,
            error.text or "refused",
            error.code,
            table.game_id,
        )
        task = asyncio.get_running_loop().create_task(self._stop_unreachable(table))
        self._forgetting.add(task)  # drained with the ends being shown
        task.add_done_callback(self._forgetting.discard)
        return True

    async def _stop_unreachable(self, table: TableSnapshot) -> None:
        tables = getattr(self.client, "tables", None)
        if tables is None:
            return
        try:
            await tables.stop(table.channel_id, table.host_id, moderator=True)
        except Refused:
            pass  # it ended meanwhile
        except Exception as e:
            log_failure(log, f"stopping the table of channel {table.channel_id}", e)

    # ----- a seat's hand, for its DM and for a click's answer (ui/handler.py) ------------

    def hand_content(
        self,
        table: TableSnapshot,
        view: DealView,
        locale: str | None,
        *,
        seated: bool = True,
        faces: bool = True,
    ) -> tuple[str, discord.ui.View]:
        """A seat's hand as its DM shows it: the text and the controls (none once the game
        ended or the seat went to a bot). A click answered by an update of its message,
        and ``/tarot hand``, draw exactly this. ``faces=False``: without card emojis, for
        Discord refused them (``face_refusals.py``)."""
        last = self._last_deal.get(table.game_id)
        ended = table.status != TableStatus.PLAYING
        if last is not None and last.number != table.deal_number - (0 if ended else 1):
            last = None  # only the deal just finished
        standings = self._standings.get(table.game_id) if ended else None
        marks = self.card_marks(locale) if faces else no_marks
        text = fitted(
            lambda tbl, mks: private_text(
                locale, tbl, view, last_deal=last, standings=standings, seated=seated, marks=mks
            ),
            table,
            marks,
            MESSAGE_LIMIT,
        )
        controls = discord.ui.View(timeout=None)
        if seated and not ended:
            shown = self.card_faces(locale) if faces else no_faces
            for item in controls_for(
                view, table.channel_id, table.game_id, table.turn, locale, shown
            ):
                controls.add_item(item)
        return text, controls

    # ----- cards as the application's emojis (emojis.py), once they are all uploaded ---

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

    def last_told(self, game_id: int, seat: int) -> tuple[TableSnapshot, DealView] | None:
        """The latest state the table service told ``seat`` of ``game_id`` (its game's
        end too, once the table has left its channel)."""
        dm = self._dm_last.get((game_id, seat))
        return (dm.table, dm.view) if dm is not None else None

    async def dm_ref(self, game_id: int, seat: int) -> tuple[int, int] | None:
        """The seat's DM for the game as (channel id, message id), None if it has none:
        from memory while the game is shown here, else from storage (kept in memory only
        once an edit found it, so that nothing is held for a game that ended)."""
        known = self._dm_messages.get((game_id, seat))
        if known is not None:
            return known.channel_id, known.message_id
        return await self.storage.dm_message(game_id, seat)

    def shown_through_interaction(
        self, game_id: int, seat: int, message_id: int, content: tuple[str, discord.ui.View]
    ) -> None:
        """A click's answer made ``message_id`` show ``content``: if that message is the
        seat's DM, the paced edit that would draw the same is not sent (one call saved)."""
        key = (game_id, seat)
        shown = self._dm_messages.get(key)
        if shown is not None and shown.message_id == message_id:
            shown.drawn = _drawn(content)

    async def _show_dm(self, key: tuple[int, int], dm: _Dm) -> None:
        table, user_id, view = dm.table, dm.user_id, dm.view
        if await self._dm_closed(table.game_id, user_id):
            return
        await self._known(table.channel_id)
        await self._faces_known()
        locale = await self.user_locale(user_id, table.channel_id)

        with_faces = self.hand_content(table, view, locale, seated=dm.seated)
        shown = self._dm_messages.get(key)
        if shown is not None and shown.drawn == _drawn(with_faces):
            return  # the DM reads so already: no call

        def drawn(faces: bool) -> tuple[str, discord.ui.View]:  # drawn once with faces
            if faces:
                return with_faces
            return self.hand_content(table, view, locale, seated=dm.seated, faces=False)

        try:
            await sent_with_faces_or_without(
                self.face_switch(),
                drawn,
                lambda content: self._deliver_dm(key, user_id, content, table, locale),
            )
        except discord.Forbidden as e:
            if e.code not in DMS_REFUSED:
                raise
            await self._dms_refused(table, user_id, locale, e.code)

    async def _deliver_dm(
        self,
        key: tuple[int, int],
        user_id: int,
        content: tuple[str, discord.ui.View],
        table: TableSnapshot,
        locale: str | None,
    ) -> None:
        """The seat's DM edited to ``content``, or sent if it has none (or it is gone); a
        fresh one once a deal is played or the old one nears the hour (``_edited_or_sent``)."""
        text, controls = content
        game_id, seat = key
        known = self._dm_messages.get(key)

        async def send() -> discord.Message:
            user = self.client.get_user(user_id) or await self.client.fetch_user(user_id)
            return await user.send(text, view=controls)

        async def sent_to(at: tuple[int, int]) -> None:
            await self.storage.set_dm_message(game_id, seat, *at)
            self._dm_messages[key] = _Shown(*at, table.deals_played, _drawn(content))
            await self._dms_reached(user_id)

        where = await self.dm_ref(game_id, seat)
        at = await self._edited_or_sent(
            table,
            where,
            known.deals_played if known is not None else None,
            locale,
            (text, controls, None),
            send,
            sent_to,
        )
        if at == where:  # edited in place (a fresh one is noted by sent_to)
            # A click's answer landing meanwhile is drawn again by the edit its move
            # queued (it differs from this one): nothing is left showing an old state.
            self._dm_messages[key] = _Shown(*at, table.deals_played, _drawn(content))

    # ----- DMs refused: per game, and never all at once -------------------------------

    async def _dm_closed(self, game_id: int, user_id: int) -> bool:
        """Whether ``user_id``'s DMs were refused earlier in this game (not tried again)."""
        key = (game_id, user_id)
        closed = self._closed.get(key)
        if closed is None:
            closed = self._closed[key] = await self.storage.dm_closed(game_id, user_id)
        return closed

    async def _dms_reached(self, user_id: int) -> None:
        """A new DM reached ``user_id``: a mark of another game (another server's privacy
        setting, Discord's restriction since lifted) is cleared, there and in storage."""
        for key in [k for k in self._closed if k[1] == user_id]:
            del self._closed[key]
        try:
            await self.storage.dms_reopened(user_id)
        except Exception as e:  # the DM is sent all the same; the mark is only per game
            log_failure(log, f"clearing the closed DMs of user {user_id}", e)

    async def _dms_refused(
        self, table: TableSnapshot, user_id: int, locale: str | None, code: int
    ) -> None:
        """``user_id``'s DMs refused in ``table``'s game: marked for that game (the
        channel is told once), unless many players' are refused at once, which says the
        bot itself is held back: then no one is marked (those marked meanwhile are
        cleared) and the log says so."""
        now = asyncio.get_running_loop().time()
        refusals = self._dm_refusals
        refusals.append((now, table.game_id, user_id))
        while refusals and refusals[0][0] < now - RESTRICTED_WINDOW:
            refusals.popleft()
        users = {user for _, _, user in refusals}
        if len(users) >= RESTRICTED_AFTER:
            if now - self._restricted_said >= RESTRICTED_WINDOW:
                self._restricted_said = now
                log.error(
                    "Discord refused DMs to %d different players within %.0f s (last: code"
                    " %d): the bot itself seems restricted from opening DMs, so no one is"
                    " marked as having closed DMs",
                    len(users),
                    RESTRICTED_WINDOW,
                    code,
                )
            for _, game_id, user in refusals:
                if self._closed.get((game_id, user)):
                    self._closed[(game_id, user)] = False
                    await self.storage.set_dm_closed(game_id, user, False)
        else:
            self._closed[(table.game_id, user_id)] = True
            await self.storage.set_dm_closed(table.game_id, user_id, True)
        if (table.game_id, user_id) not in self._dms_told:  # once a game, marked or not
            self._dms_told.add((table.game_id, user_id))
            self._post(
                table.channel_id,
                f"{mention(user_id)} {t(locale, 'ui.dms_closed')}",
                ping=True,
                table=table,
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
        except Exception as e:
            log_failure(log, f"storing the locale of user {user_id}", e)

    async def user_locale(self, user_id: int, channel_id: int) -> str | None:
        known = self.locales.get(user_id)
        if known is None:
            known = await self.storage.locale(user_id)
            if known is not None:
                self.locales[user_id] = known
        return known if known is not None else self.channel_locale(channel_id)
