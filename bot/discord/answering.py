"""Answering a click within Discord's 3 seconds, counted from the click's creation.

Discord refuses an interaction's first answer 3 s after it created the interaction (its
snowflake's time, ``interaction.created_at``), not after this process received it, and
refuses a second answer. A click still being handled ``DEFER_AT`` seconds after its
creation is deferred (callback type 6: the player's client stops waiting, their message
unchanged) and its answer then goes through the interaction's token, which works for 15
minutes: the message the control is on is edited (``edit_original_response``) and any
text is a followup. A DM click handed to another process (``routing.py``) is deferred by
its receiver before it is handed over, so the owner answers through the token too, with
no 3-second bound on the database path.

Every answer of a click handled here goes through these functions, one at a time per
click (a lock): the deferral and the answer cannot both be the first, and nothing is
answered twice (no ``InteractionResponded``, no 40060).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import weakref
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

import discord

log = logging.getLogger(__name__)

DEFER_AT = 2.0
"""Seconds after a click's creation when, not answered yet, it is deferred (Discord
allows 3: the rest is for the deferral to reach it)."""


@dataclass
class Click:
    """What is known of one click's answer while it is handled."""

    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    deferred: bool = False
    """Acknowledged already: here, or by the process that handed it over."""
    answered: asyncio.Event = field(default_factory=asyncio.Event)
    """Its answer was sent (a deferral alone is not one)."""
    handlers: int = 0


_clicks: weakref.WeakKeyDictionary[Any, dict[int, Click]] = weakref.WeakKeyDictionary()
"""Each client's clicks being handled (or handed over to it), by interaction id: per
client, as two processes are two clients in one process in the tests."""


def _of(client: Any) -> dict[int, Click]:
    found = _clicks.get(client)
    if found is None:
        found = _clicks[client] = {}
    return found


def age(interaction: discord.Interaction[Any]) -> float:
    """Seconds since Discord created the interaction."""
    return (discord.utils.utcnow() - interaction.created_at).total_seconds()


def handed_over(client: Any, interaction_id: int) -> Click:
    """A click another process deferred and handed over to ``client``: its answer goes
    through the token. Returned so the router can wait for its answer."""
    click = _of(client).setdefault(interaction_id, Click())
    click.deferred = True
    return click


def being_handled(interaction: discord.Interaction[Any]) -> bool:
    """A handler of this process has the click (the dropped-click fallback leaves it)."""
    click = _of(interaction.client).get(interaction.id)
    return click is not None and click.handlers > 0


def _done(interaction: discord.Interaction[Any], click: Click | None) -> bool:
    return interaction.response.is_done() or (click is not None and click.deferred)


@contextlib.asynccontextmanager
async def handling(interaction: discord.Interaction[Any]) -> AsyncIterator[Click]:
    """While a click is handled: deferred at ``DEFER_AT`` after its creation if it has
    no answer by then."""
    clicks = _of(interaction.client)
    click = clicks.setdefault(interaction.id, Click())
    click.handlers += 1
    timer = asyncio.get_running_loop().create_task(_defer_in_time(interaction, click))
    try:
        yield click
    finally:
        timer.cancel()
        click.handlers -= 1
        if click.handlers == 0:
            clicks.pop(interaction.id, None)


async def _defer_in_time(interaction: discord.Interaction[Any], click: Click) -> None:
    wait = DEFER_AT - age(interaction)
    if wait > 0:
        await asyncio.sleep(wait)
    await defer(interaction)


async def defer(interaction: discord.Interaction[Any]) -> bool:
    """Acknowledge the click without answering yet (type 6), unless it was; False if
    Discord refused (it expired)."""
    click = _of(interaction.client).get(interaction.id)
    async with _lock(click):
        if _done(interaction, click):
            return True
        try:
            await interaction.response.defer()
        except discord.HTTPException as e:
            log.warning("a click could not be deferred (%s %s)", e.status, e.code)
            return False
        if click is not None:
            click.deferred = True
        log.info("click %s deferred %.1f s after its creation", interaction.id, age(interaction))
        return True


def _lock(click: Click | None) -> contextlib.AbstractAsyncContextManager[Any]:
    return click.lock if click is not None else contextlib.nullcontext()


def _answered(interaction: discord.Interaction[Any]) -> None:
    click = _of(interaction.client).get(interaction.id)
    if click is not None:
        click.answered.set()


async def acknowledge(interaction: discord.Interaction[Any]) -> None:
    """The click's whole answer is that it was done (the table message shows the rest)."""
    await defer(interaction)
    _answered(interaction)


async def think(interaction: discord.Interaction[Any]) -> None:
    """Show "thinking" for an answer that takes long (a picture to draw), to follow up
    with, unless the click was acknowledged already (a followup works then too)."""
    click = _of(interaction.client).get(interaction.id)
    async with _lock(click):
        if not _done(interaction, click):
            await interaction.response.defer(ephemeral=True, thinking=True)
    _answered(interaction)


async def update(
    interaction: discord.Interaction[Any],
    content: str,
    view: discord.ui.View,
    *,
    allowed_mentions: discord.AllowedMentions | None = None,
) -> None:
    """Draw the clicked message again: in the answer (type 7), or through the token once
    the click was deferred."""
    click = _of(interaction.client).get(interaction.id)
    async with _lock(click):
        if _done(interaction, click):
            await interaction.edit_original_response(
                content=content, view=view, allowed_mentions=allowed_mentions
            )
        else:
            await interaction.response.edit_message(
                content=content, view=view, allowed_mentions=allowed_mentions
            )
    _answered(interaction)


async def tell(
    interaction: discord.Interaction[Any],
    text: str,
    *,
    view: discord.ui.View | None = None,
    allowed_mentions: discord.AllowedMentions | None = None,
) -> None:
    """A message only for the user: the answer, or a followup once the click was
    acknowledged."""
    click = _of(interaction.client).get(interaction.id)
    extra: dict[str, Any] = {} if view is None else {"view": view}
    if allowed_mentions is not None:
        extra["allowed_mentions"] = allowed_mentions
    async with _lock(click):
        if _done(interaction, click):
            await interaction.followup.send(text, ephemeral=True, **extra)
        else:
            await interaction.response.send_message(text, ephemeral=True, **extra)
    _answered(interaction)


def forget(client: Any, interaction_id: int) -> None:
    """Let go of a handed-over click no handler took (a control no longer current)."""
    clicks = _of(client)
    click = clicks.get(interaction_id)
    if click is not None and click.handlers == 0:
        del clicks[interaction_id]


def done(interaction: discord.Interaction[Any]) -> bool:
    """Whether the click was acknowledged, here or by the process that handed it over."""
    return _done(interaction, _of(interaction.client).get(interaction.id))
