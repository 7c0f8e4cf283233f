"""Card faces as the application's own emojis, uploaded once and found again at every start.

Each face is an application emoji named ``{stem}_{digest}``: the digest (the first 8 hex
digits of the PNG's sha256) is what lets a restart see, from one listing, which faces are
already there (kept), which changed or went away (deleted: only names of that shape, never
another emoji of the application) and which are missing (created, one after the other, so
that discord.py's rate-limit handling paces them). Nothing is kept in the database.

The sync runs in the background (``start_card_emojis``): the bot serves with text cards until
it is done, and for good if Discord refuses (permissions, the 2,000 limit, an outage), which
the log says once. ``CardEmojis`` answers all or nothing: a hand never mixes pictures and
text because one upload failed.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import re
from collections.abc import Mapping

import aiohttp
import discord

from bot.pictures.faces import emoji_images

log = logging.getLogger(__name__)

STEM = re.compile(r"c\d+[A-Za-z]?")
"""A face's stem, as ``bot.pictures.faces`` names them (``c05``, ``c13R``)."""
OURS = re.compile(r"(c\d+[A-Za-z]?)_([0-9a-f]{8})")
"""The name of an emoji this module made: ``{stem}_{digest}``."""


def emoji_name(stem: str, png: bytes) -> str:
    """``{stem}_{digest}``: a changed picture gets a new name, so it is seen as changed."""
    if not STEM.fullmatch(stem):
        raise ValueError(f"card emoji stem {stem!r} is not of the form c<digits>[letter]")
    return f"{stem}_{hashlib.sha256(png).hexdigest()[:8]}"


class CardEmojis:
    """Which application emoji shows which face stem; empty (every lookup None) until a
    sync has made every face exist."""

    def __init__(self, emojis: Mapping[str, discord.PartialEmoji] | None = None) -> None:
        self._emojis: dict[str, discord.PartialEmoji] = dict(emojis or {})

    @property
    def ready(self) -> bool:
        return bool(self._emojis)

    def emoji(self, stem: str) -> discord.PartialEmoji | None:
        """The emoji for a button, or None: then show the card as text."""
        return self._emojis.get(stem)

    def markup(self, stem: str) -> str | None:
        """``<:name:id>`` for a message's text, or None: then write the card as text."""
        emoji = self._emojis.get(stem)
        return str(emoji) if emoji is not None else None

    def adopt(self, other: CardEmojis) -> None:
        """Take ``other``'s emojis in place, for whoever holds this registry already."""
        self._emojis = dict(other._emojis)

    def __len__(self) -> int:
        return len(self._emojis)


async def sync_card_emojis(client: discord.Client, images: Mapping[str, bytes]) -> CardEmojis:
    """Make every face of ``images`` (stem -> PNG) an application emoji, creating or
    replacing only what differs; the registry of all of them.

    Raises what Discord or the network raised (``discord.HTTPException``,
    ``aiohttp.ClientError``, ``TimeoutError``): emojis created before it stay, and the next
    start keeps them.
    """
    wanted = {emoji_name(stem, png): stem for stem, png in images.items()}
    existing = await client.fetch_application_emojis()
    found: dict[str, discord.PartialEmoji] = {}
    stale = 0
    for emoji in existing:
        if emoji.name in wanted:
            found[wanted[emoji.name]] = discord.PartialEmoji(name=emoji.name, id=emoji.id)
        elif OURS.fullmatch(emoji.name):
            await emoji.delete()
            stale += 1
    missing = [(name, stem) for name, stem in wanted.items() if stem not in found]
    for name, stem in missing:
        created = await client.create_application_emoji(name=name, image=images[stem])
        found[stem] = discord.PartialEmoji(name=created.name, id=created.id)
    log.info(
        "card emojis ready: %d faces (%d created, %d stale deleted)",
        len(found),
        len(missing),
        stale,
    )
    return CardEmojis(found)


def card_faces() -> Mapping[str, bytes]:
    """Every face drawn (CPU work: call it in an executor)."""
    return emoji_images()


async def load_card_emojis(client: discord.Client, registry: CardEmojis) -> None:
    """Draw the faces off the event loop, sync them, and fill ``registry``; if Discord
    refuses, one warning and text cards for the rest of the run (never retried)."""
    try:
        images = await asyncio.get_running_loop().run_in_executor(None, card_faces)
        registry.adopt(await sync_card_emojis(client, images))
    except discord.HTTPException as err:
        log.warning(
            "card emojis are off, cards are shown as text: Discord answered %d %s (code %d)",
            err.status,
            err.text or err.response.reason,
            err.code,
        )
    except (aiohttp.ClientError, TimeoutError, OSError) as err:
        log.warning(
            "card emojis are off, cards are shown as text: %s",
            f"{type(err).__name__}: {err}".rstrip(": "),
        )
    except Exception:
        # A bug, not Discord's refusal: its traceback is wanted, the bot keeps running.
        log.exception("card emojis are off, cards are shown as text")


def start_card_emojis(client: discord.Client, registry: CardEmojis) -> asyncio.Task[None]:
    """The background sync; the bot serves (with text cards) while it runs."""
    return asyncio.get_running_loop().create_task(
        load_card_emojis(client, registry), name="card-emojis"
    )
