"""Controls whose card faces Discord refuses: the same content goes again without them.

Discord refuses, now and then, a message or an interaction answer whose buttons or select
options carry an application emoji it knows (400, code 50035, ``BUTTON_COMPONENT_INVALID_
EMOJI``: discord-api-docs #7128 reports about one request in 25), and always one whose emoji
was deleted meanwhile. Without an answer the player would see no controls, "This
interaction failed", and the stand-in play for them. A card's label reads without its face,
so the content is sent again without faces; ``emojis.CardEmojis.refused`` counts the
refusals and turns faces off for the process after several.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable
from typing import TypeVar

import discord

from .emojis import CardEmojis

log = logging.getLogger(__name__)

INVALID_FORM = 50035
INVALID_EMOJI = "INVALID_EMOJI"
"""Part of Discord's error code for a component's emoji (``BUTTON_COMPONENT_INVALID_EMOJI``,
which it gives a select's option too)."""

C = TypeVar("C")
R = TypeVar("R")


def faces_refused(error: BaseException) -> bool:
    """Whether Discord refused a request for its components' emojis."""
    if not isinstance(error, discord.HTTPException):
        return False
    if error.status != 400 or error.code != INVALID_FORM:
        return False
    errors = getattr(error, "_errors", None)  # discord.py keeps the body's ``errors`` there
    if errors:
        return INVALID_EMOJI in json.dumps(errors)
    return "Invalid emoji" in error.text


async def sent_with_faces_or_without(
    emojis: CardEmojis | None,
    draw: Callable[[bool], C],
    send: Callable[[C], Awaitable[R]],
) -> tuple[C, R]:
    """``send(draw(True))``; if Discord refuses its faces, ``send(draw(False))``: what was
    sent and what sending it gave. Any other failure rises as it came."""
    content = draw(True)
    try:
        return content, await send(content)
    except discord.HTTPException as error:
        if not faces_refused(error):
            raise
    if emojis is not None:
        emojis.refused()
    log.info("Discord refused a message for its card emojis: sent again without them")
    content = draw(False)
    return content, await send(content)
