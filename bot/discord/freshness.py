"""When a table message or a DM is worn out and a fresh one is posted in its place.

Discord limits the edits of a message older than an hour (error 30046, "Maximum number of
edits to messages older than 1 hour reached"; how many it allows is not documented). A
game at human pace outlives its messages, so the presenter posts a fresh table message and
fresh DMs at each new deal (once a deal is played: a deal all passed is dealt again in
place), and whenever the one shown nears the hour (its age read from
its snowflake id), and at once when Discord answers 30046. The old message is left as a
one-line stub, without controls, that points at the new one. ``edited_or_sent`` does
this for the table message (``table_message.py``) and the DMs (``dm_messages.py``) alike.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Final

import discord

from bot.i18n import t
from bot.render.table import deal_numbers
from bot.tables import Clock, TableSnapshot
from bot.tables.status import TableStatus

from .lost_channels import CHANNEL_LOST

log = logging.getLogger(__name__)

FRESH_FOR: Final = 50 * 60.0
"""A message this old (seconds) is replaced at its next change, before the hour is up."""
EDITS_EXHAUSTED: Final = 30046
"""Discord's code for an edit refused because the message is over an hour old."""
RATE_LIMIT_WAIT: Final = 30.0
"""The longest rate-limit wait a REST call sleeps through (``max_ratelimit_timeout``;
discord.py accepts no less than 30 s). A longer one raises ``discord.RateLimited`` at
once, and the presenter's pacing sends the latest state once it is over."""


def worn(message_id: int, now: float, *, played: int, shown_played: int | None) -> bool:
    """A message that should give way to a fresh one: it was drawn before the last deal
    played was over (``shown_played`` deals were played then; None when not known since a
    restart), or it is ``FRESH_FOR`` old."""
    if shown_played is not None and shown_played < played:
        return True
    return now - discord.utils.snowflake_time(message_id).timestamp() >= FRESH_FOR


def jump_url(guild_id: int | None, channel_id: int, message_id: int) -> str:
    """A link to a message (``@me`` for a DM)."""
    where = "@me" if guild_id is None else str(guild_id)
    return f"https://discord.com/channels/{where}/{channel_id}/{message_id}"


@dataclass
class Shown:
    """A message kept up to date for a game (its table message, a seat's DM) as it was last
    drawn: where it is, how many deals were played then (one more: a fresh message) and,
    for a DM, its text and controls (the same again is not sent)."""

    channel_id: int
    message_id: int
    deals_played: int
    drawn: tuple[str, str] = ("", "")


async def edited_or_sent(
    client: discord.Client,
    clock: Clock,
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
    it was deleted, it is worn out or Discord takes no more of its edits (30046), the worn
    one then left as a stub that points at the fresh one.

    :raises discord.NotFound: the table's own channel is gone (``lost_channels.py``).
    """
    worn_out = None  # the message a fresh one replaces
    if where is not None and _worn(clock, where[1], table, shown_played):
        worn_out, where = where, None
    if where is not None:
        message = client.get_partial_messageable(where[0]).get_partial_message(where[1])
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
        await _stub(client, *worn_out, sent.id, table, locale, shown_played)
    return at


def _worn(clock: Clock, message_id: int, table: TableSnapshot, shown_played: int | None) -> bool:
    """A message of ``table``'s game to be replaced by a fresh one (``worn``): drawn before
    the last deal was played, or near the hour after which Discord stops taking its edits.
    Only while the game is played: its end is shown where it was."""
    if table.status != TableStatus.PLAYING:
        return False
    return worn(message_id, clock.now(), played=table.deals_played, shown_played=shown_played)


async def _stub(
    client: discord.Client,
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
            client.get_partial_messageable(channel_id)
            .get_partial_message(message_id)
            .edit(content=text, view=None, allowed_mentions=discord.AllowedMentions.none())
        )
    except discord.HTTPException as e:
        log.info("message %s could not be left as a stub (%s)", message_id, e)
