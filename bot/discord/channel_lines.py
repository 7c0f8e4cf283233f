"""The lines posted in a table's channel (or its game's thread, ``threads.py``): events,
score sheets with their deal's picture, the standings with the game's chart. Each
channel's lines go out in order, none dropped on an error, each once the table message
shows the state it comes with; the short lines of one change go out as one message."""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from typing import Any

import discord

from bot.failures import log_failure
from bot.i18n import locale_of
from bot.pictures import jobs
from bot.render.table import event_line, picture_names, score_sheet, standings_text
from bot.tables import Clock, TableSnapshot
from bot.tables.events import DealFinished, Event, GameFinished, Reminder

from .drawing import draw
from .errors import MESSAGE_LIMIT
from .locales_and_faces import LocalesAndFaces
from .lost_channels import LostChannels
from .threads import LOCKED, TableThreads
from .ui.review_controls import review_button_view

log = logging.getLogger(__name__)

PICTURE_WAIT = 10.0
"""How long a score sheet waits for its picture (drawn in the worker processes)."""


@dataclass(frozen=True)
class Line:
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
    view: discord.ui.View | None = None
    """Its components (a score sheet its *Review my play* button, a challenge's results
    their review menu)."""


def _joined(first: Line, then: Line) -> Line | None:
    """The short lines of one change (a contract and its chien) as one message, when they
    fit: one post, and one place to read them. A reminder, which pings, stays alone, and
    so do results, each its own message."""
    game = first.table.game_id if first.table is not None else None
    same = first.after == then.after and game == (then.table.game_id if then.table else None)
    if not (same and first.short and then.short) or first.ping or then.ping:
        return None
    if first.view is not None or then.view is not None:
        return None
    text = f"{first.text}\n{then.text}"
    return replace(first, text=text) if len(text) <= MESSAGE_LIMIT else None


class ChannelLines:
    """Each channel's queue of lines and the task that posts them."""

    def __init__(
        self,
        client: discord.Client,
        clock: Clock,
        reading: LocalesAndFaces,
        lost: LostChannels,
        threads: TableThreads,
        table_showing: Callable[[int, int], Awaitable[None]],
        table_message: Callable[[TableSnapshot], Awaitable[int | None]],
        *,
        pictures: bool,
    ) -> None:
        self.client = client
        self.clock = clock
        """For the waits of a rate limit."""
        self.reading = reading
        self.lost = lost
        self.threads = threads
        self.table_showing = table_showing
        """Waits until a channel's table message shows a state (``TableMessages.showing``)."""
        self.table_message = table_message
        """The id of a game's table message (its thread starts there)."""
        self.pictures = pictures
        """Deal pictures and game charts on the score sheets (``TAROT_PICTURES``)."""
        self.queues: dict[int, asyncio.Queue[Line]] = {}
        self.posters: dict[int, asyncio.Task[None]] = {}

    def announce(self, table: TableSnapshot, event: Event, after: int) -> None:
        """``event``'s line (a score sheet, the standings, with their pictures), posted
        once the table message shows state ``after``."""
        locale = self.reading.channel_locale(table.channel_id)
        picture: asyncio.Future[bytes | None] | None = None
        filename = ""
        view: discord.ui.View | None = None
        if isinstance(event, DealFinished):
            text = score_sheet(locale, table, event)
            if table.challenge_id is None:  # a challenge's deals are reviewed with its results
                view = review_button_view(table.game_id, event.number, locale)
            if event.record is not None and self.pictures:
                names = picture_names(locale, table)
                picture = self.draw(jobs.deal_picture, dict(event.record), locale_of(locale), names)
                filename = f"deal-{table.game_id}-{event.number}.png"
        elif isinstance(event, GameFinished):
            text = standings_text(locale, table, event)
            if event.history and self.pictures:
                names = picture_names(locale, table)
                history = [list(totals) for totals in event.history]
                picture = self.draw(jobs.totals_chart, names, history, locale_of(locale))
                filename = f"game-{table.game_id}.png"
        else:
            text = event_line(locale, table, event)
        if text:
            self.post(
                table.channel_id,
                text,
                ping=isinstance(event, Reminder),
                after=after,
                table=table,
                short=not isinstance(event, (DealFinished, GameFinished)),
                picture=picture,
                filename=filename,
                view=view,
            )

    def draw(self, job: Callable[..., bytes], *args: Any) -> asyncio.Future[bytes | None]:
        """A picture being drawn (``drawing.draw``): the line goes out without it if it
        cannot be."""
        return asyncio.ensure_future(draw(self.client, job, *args))

    def post(
        self,
        channel_id: int,
        text: str,
        ping: bool = False,
        after: int = 0,
        table: TableSnapshot | None = None,
        short: bool = False,
        picture: asyncio.Future[bytes | None] | None = None,
        filename: str = "",
        view: discord.ui.View | None = None,
    ) -> None:
        """Lines go out in order, one channel at a time, none dropped on an error; each
        after the table message shows state ``after`` (the state the line comes with), in
        the thread of ``table``'s game if it has one."""
        queue = self.queues.setdefault(channel_id, asyncio.Queue())
        line = Line(text[:MESSAGE_LIMIT], ping, after, table, short, picture, filename, view)
        queue.put_nowait(line)
        task = self.posters.get(channel_id)
        if task is None or task.done():
            self.posters[channel_id] = asyncio.get_running_loop().create_task(
                self._poster(channel_id, queue)
            )

    async def drain(self) -> None:
        """Until every line queued so far went out (or failed)."""
        for queue in list(self.queues.values()):
            await queue.join()

    def forget(self, channel_id: int, queue: asyncio.Queue[Line] | None) -> None:
        """The channel's ``queue`` (as it was when its game's end was shown) is let go if
        it is still the channel's and empty."""
        if queue is not None and queue.empty() and self.queues.get(channel_id) is queue:
            del self.queues[channel_id]
            self.posters.pop(channel_id, None)

    async def picture(self, line: Line) -> bytes | None:
        """``line``'s picture, if it is drawn within ``PICTURE_WAIT``: a worker stuck on
        something else must not hold up the channel's lines (they go out without it)."""
        if line.picture is None:
            return None
        try:
            return await asyncio.wait_for(asyncio.shield(line.picture), PICTURE_WAIT)
        except TimeoutError:
            log.warning("%s took over %.0f s to draw: sent without it", line.filename, PICTURE_WAIT)
            return None

    async def _poster(self, channel_id: int, queue: asyncio.Queue[Line]) -> None:
        held: Line | None = None  # taken from the queue but not joined: the next to post
        while held is not None or not queue.empty():
            line = held if held is not None else await queue.get()
            held = None
            taken = 1
            try:
                await self.table_showing(channel_id, line.after)
                while not queue.empty():
                    following = queue.get_nowait()
                    joined = _joined(line, following)
                    if joined is None:
                        held = following
                        break
                    line = joined
                    taken += 1
                await self._send_when_allowed(channel_id, line)
            except Exception as e:  # Discord's refusal, or storage (where the thread is)
                if not (isinstance(e, discord.HTTPException) and self.lost.lost(line.table, e)):
                    log_failure(log, f"posting a line in channel {channel_id}", e)
            finally:
                for _ in range(taken):
                    queue.task_done()

    async def _send(self, channel_id: int, line: Line) -> None:
        """Post ``line`` with ``send`` (a nonce: never twice), in its game's thread if it
        has one; a thread deleted or closed to the bot since gives way to the channel."""
        if await self.lost.quiet(channel_id, line.table):
            return
        mentions = (
            discord.AllowedMentions(users=True) if line.ping else discord.AllowedMentions.none()
        )
        message_id = None if line.table is None else await self.table_message(line.table)
        where = await self.threads.target(channel_id, line.table, message_id)
        picture = await self.picture(line)

        def files() -> list[discord.File]:  # a File is read once: a new one for each send
            if picture is None:
                return []
            return [discord.File(io.BytesIO(picture), filename=line.filename)]

        extra: dict[str, Any] = {} if line.view is None else {"view": line.view}
        try:
            await where.send(line.text, allowed_mentions=mentions, files=files(), **extra)
        except discord.HTTPException as e:
            closed = isinstance(e, (discord.NotFound, discord.Forbidden)) or e.code == LOCKED
            if not closed or where.id == channel_id or line.table is None:
                raise
            await self.threads.lost(line.table, where.id)
            channel = self.client.get_partial_messageable(channel_id)
            await channel.send(line.text, allowed_mentions=mentions, files=files(), **extra)

    async def _send_when_allowed(self, channel_id: int, line: Line) -> None:
        """``_send``, waiting out a rate limit too long for discord.py to sleep through
        (``discord.RateLimited``): a line is never dropped for it."""
        while True:
            try:
                await self._send(channel_id, line)
                return
            except discord.RateLimited as e:
                log.warning("channel %s: lines rate limited for %.0f s", channel_id, e.retry_after)
                await self.clock.sleep(e.retry_after)
