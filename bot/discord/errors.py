"""The error boundary: the one place where a failure becomes an answer.

Commands and controls only do the happy path and let everything else rise to here, so
that every interaction is answered, ephemerally (a followup if it was already
acknowledged), as soon as the failure rises:

- a refusal of the table service (``Refused``) is told in the user's language with its
  reason (``bot.render.refusals``); so is a refused review (``ReviewRefused``,
  ``review.<code>`` in the catalogs);
- anything else is a short apology (``ui.error``) and one ERROR log line that says where
  (the command, or the control's kind, game and turn), the exception's type and the frames
  it went through, but never its text: an engine error names the cards of a hidden hand.

Slash commands reach it through ``TarotCommandTree.on_error``, controls through
``ControlHandler.handle`` (``ui/handler.py``); a click that discord.py drops before any
callback (a control no longer in its message) gets ``answer_dropped_click``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.coach import ReviewRefused
from bot.failures import log_failure
from bot.i18n import t
from bot.render.refusals import refusal_text
from bot.tables import Refused, TableSnapshot

from . import answering

if TYPE_CHECKING:
    from bot.tables import TableManager

    from .client import TarotBot

log = logging.getLogger(__name__)

MESSAGE_LIMIT = 2000
"""Discord's limit on a message's content."""
HANDLER_START = 0.2
"""Seconds a click is left to reach its handler before it is taken as dropped."""


async def answer(interaction: discord.Interaction[Any], text: str) -> None:
    """An ephemeral answer, whether or not the interaction was already acknowledged
    (here, or by the process that handed it over: ``answering.py``)."""
    await answering.tell(interaction, text[:MESSAGE_LIMIT])


def table_in(tables: TableManager | None, channel_id: int | None) -> TableSnapshot | None:
    """The table a refusal is about (to name who is to act), if it can still be read."""
    if tables is None or channel_id is None:
        return None
    try:
        return tables.table(channel_id)
    except Exception:  # the boundary must answer even when the service is what failed
        return None


async def answer_failure(
    interaction: discord.Interaction[Any],
    error: BaseException,
    *,
    where: str,
    tables: TableManager | None,
    channel_id: int | None,
) -> None:
    """Answer a refusal or a failure ephemerally (or follow up, if the interaction was
    already acknowledged); never raises."""
    locale = str(interaction.locale)
    try:
        if isinstance(error, Refused):  # told with its reason
            text = refusal_text(locale, error, table_in(tables, channel_id))
        elif isinstance(error, ReviewRefused):
            text = t(locale, f"review.{error.code}", **error.params)
        else:  # logged, and apologised for
            log_failure(log, where, error)
            text = t(locale, "ui.error")
    except Exception as inner:  # a refusal that cannot be told: still say something
        log_failure(log, f"{where}: telling its failure", inner)
        text = t(locale, "ui.error")
    try:
        await answer(interaction, text)
    except discord.HTTPException as e:  # the interaction expired or Discord is down
        log.warning("%s: could not answer (%s %s)", where, e.status, e.code)


class TarotCommandTree(app_commands.CommandTree["TarotBot"]):
    """The slash commands' error boundary: a command raises, this answers."""

    async def on_error(
        self, interaction: discord.Interaction[TarotBot], error: app_commands.AppCommandError, /
    ) -> None:
        failure: BaseException = error
        if isinstance(error, app_commands.CommandInvokeError):
            failure = error.original
        command = interaction.command
        where = f"/{command.qualified_name}" if command is not None else "a slash command"
        await answer_failure(
            interaction,
            failure,
            where=where,
            tables=getattr(self.client, "tables", None),
            channel_id=interaction.channel_id,
        )


async def answer_dropped_click(interaction: discord.Interaction[Any], after: float) -> None:
    """Answer a click discord.py drops unanswered (a control no longer in its message,
    whose ``custom_id`` no item matches) as "no longer current", ``after`` seconds after
    Discord created it (its snowflake's time, not when it arrived here) if nothing else
    has answered it, before Discord's 3 s run out; not one a handler of this process has
    (``answering.handling``: a valid move still being handled, or a click being handed
    to another process, ``routing.py``, deferred before that)."""
    if interaction.type is not discord.InteractionType.component:
        return
    # At least a moment: a click arriving late must first reach its handler.
    await asyncio.sleep(max(HANDLER_START, after - answering.age(interaction)))
    if answering.done(interaction) or answering.being_handled(interaction):
        return
    # Answered meanwhile, or expired: nothing is left to do.
    with contextlib.suppress(discord.HTTPException):
        await answering.tell(interaction, t(str(interaction.locale), "ui.stale"))
