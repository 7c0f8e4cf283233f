"""Card faces as the application's own emojis, uploaded once and found again at every start.

Each face is an application emoji named ``{stem}_{digest}``: the digest (the first 8 hex
digits of the PNG's sha256) is what lets a restart see, from one listing, which faces are
already there (kept), which changed (left in place: another process may still show
them; deleted only to make room under Discord's limit, oldest first, and only names of
that shape, never another emoji of the application) and which are missing (created, one
after the other, so that discord.py's rate-limit handling paces them).

Only the process running shard 0 syncs, under a database lock (``SYNC_LOCK``); the
others show the faces it stored (``follow_card_emojis``). A message whose faces Discord
refuses goes again without them (``face_refusals.py``), and after ``REFUSALS_TO_STOP``
such refusals this process shows none (``CardEmojis.refused``).

The sync runs in the background (``start_card_emojis``): the bot serves with text cards until
it is done, and for good if Discord refuses (permissions, the 2,000 limit, an outage), which
the log says once. ``CardEmojis`` answers all or nothing: a hand never mixes pictures and
text because one upload failed.

A restart shows the faces it showed before: the last sync's faces are kept in the database
(meta ``REMEMBERED``); the next start lists the application's emojis first (drawing the
faces takes longer) and uses the remembered ones at once if every one of them is still
there, before the sync confirms or replaces them. ``CardEmojis.settled`` says that listing
was answered: the tables restored at start wait for it (the presenter, within a bound)
rather than show text cards for their first redraw. A remembered face that went away is
never shown: the listing decides.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import re
import time
from collections import deque
from collections.abc import Mapping, Sequence

import aiohttp
import discord

from bot.failures import log_failure
from bot.i18n import LANGUAGES
from bot.pictures.faces import emoji_images, emoji_stem
from bot.storage import Meta
from tarot_core import DECK_SIZE

log = logging.getLogger(__name__)

STEM = re.compile(r"c\d+[A-Za-z]?")
"""A face's stem, as ``bot.pictures.faces`` names them (``c05``, ``c13R``)."""
OURS = re.compile(r"(c\d+[A-Za-z]?)_([0-9a-f]{8})")
"""The name of an emoji this module made: ``{stem}_{digest}``."""
REMEMBERED = "card_emojis"
"""The meta key of the faces the last sync ended with: ``{stem: [name, id]}`` in JSON."""
APPLICATION_EMOJIS = 2000
"""Discord's limit of emojis an application owns."""
SYNC_LOCK = "card-emojis"
"""The database lock the syncing process holds (``Storage.exclusively``)."""
FOLLOW_EVERY = 30.0
"""Seconds between two looks, by a process that does not sync, for the faces the syncing
one stored."""
RATE_LIMITED_TRIES = 4
"""Syncs tried when Discord holds the uploads back for longer than the client waits by
itself (``max_ratelimit_timeout``): each waits the time Discord asks, then goes on where
the last left off (the faces already made are listed)."""
pause = asyncio.sleep
"""How a sync waits out a long rate limit (a test shortens it)."""
REFUSALS_TO_STOP = 5
"""Messages refused for their faces (``face_refusals.py``) within ``REFUSAL_WINDOW`` after
which this process shows no face until it restarts."""
REFUSAL_WINDOW = 600.0
"""Seconds over which ``REFUSALS_TO_STOP`` refusals are counted."""


def emoji_name(stem: str, png: bytes) -> str:
    """``{stem}_{digest}``: a changed picture gets a new name, so it is seen as changed."""
    if not STEM.fullmatch(stem):
        raise ValueError(f"card emoji stem {stem!r} is not of the form c<digits>[letter]")
    return f"{stem}_{hashlib.sha256(png).hexdigest()[:8]}"


def face_stems() -> frozenset[str]:
    """The stem of every face a reader of any language sees (no drawing: cheap)."""
    return frozenset(emoji_stem(card, lang) for lang in LANGUAGES for card in range(DECK_SIZE))


class CardEmojis:
    """Which application emoji shows which face stem; empty (every lookup None) until a
    sync has made every face exist, or a start's listing found the faces of the last."""

    def __init__(self, emojis: Mapping[str, discord.PartialEmoji] | None = None) -> None:
        self._emojis: dict[str, discord.PartialEmoji] = dict(emojis or {})
        self.settled = asyncio.Event()
        """Set once this start's listing was answered (the remembered faces adopted if
        they are all there) or failed: what a table restored at start waits for."""
        self.off = False
        """Discord refused too many messages for their faces: none shown until a restart."""
        self._refusals: deque[float] = deque()

    @property
    def ready(self) -> bool:
        return bool(self._emojis) and not self.off

    def emoji(self, stem: str) -> discord.PartialEmoji | None:
        """The emoji for a button, or None: then show the card as text."""
        return None if self.off else self._emojis.get(stem)

    def markup(self, stem: str) -> str | None:
        """``<:name:id>`` for a message's text, or None: then write the card as text."""
        emoji = self.emoji(stem)
        return str(emoji) if emoji is not None else None

    def refused(self, now: float | None = None) -> None:
        """Discord refused a message for its faces (it went again without): the
        ``REFUSALS_TO_STOP``-th within ``REFUSAL_WINDOW`` turns faces off, said once."""
        now = time.monotonic() if now is None else now
        self._refusals.append(now)
        while self._refusals and self._refusals[0] < now - REFUSAL_WINDOW:
            self._refusals.popleft()
        if len(self._refusals) >= REFUSALS_TO_STOP and not self.off:
            self.off = True
            log.warning(
                "card emojis are off for this process, cards are shown as text: Discord"
                " refused %d messages for their emojis within %.0f s",
                len(self._refusals),
                REFUSAL_WINDOW,
            )

    def adopt(self, other: CardEmojis) -> None:
        """Take ``other``'s emojis in place, for whoever holds this registry already."""
        self._emojis = dict(other._emojis)

    def __len__(self) -> int:
        return len(self._emojis)

    def to_json(self) -> str:
        """What ``REMEMBERED`` keeps of these faces."""
        kept = {stem: [e.name, e.id] for stem, e in self._emojis.items()}
        return json.dumps(kept, sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str | None) -> CardEmojis:
        """The faces ``to_json`` kept; none if there are none or they do not read so."""
        try:
            kept = json.loads(text) if text else {}
            faces = {
                stem: discord.PartialEmoji(name=name, id=emoji_id)
                for stem, (name, emoji_id) in kept.items()
                if isinstance(name, str) and OURS.fullmatch(name) and isinstance(emoji_id, int)
            }
        except (ValueError, TypeError, AttributeError):
            log.warning("the card emojis remembered in the database do not read: ignored")
            return cls()
        return cls(faces if len(faces) == len(kept) else {})

    def all_in(self, listing: Sequence[discord.Emoji], stems: frozenset[str]) -> bool:
        """Whether these faces are every one of ``stems`` and all still in ``listing``."""
        there = {(e.name, e.id) for e in listing}
        return set(self._emojis) == stems and all(
            (e.name, e.id) in there for e in self._emojis.values()
        )

    def holds_any(self, ids: set[int]) -> bool:
        return any(e.id in ids for e in self._emojis.values())


async def sync_card_emojis(
    client: discord.Client,
    images: Mapping[str, bytes],
    existing: Sequence[discord.Emoji] | None = None,
    shown: CardEmojis | None = None,
) -> CardEmojis:
    """Make every face of ``images`` (stem -> PNG) an application emoji, creating only
    what is missing; the registry of all of them. ``existing``: the application's emojis
    if they were just listed.

    A face no longer wanted (its picture changed) is left in place: another process (the
    previous version, during a rolling restart) may still show it, and Discord refuses a
    message carrying a deleted one. Only when the faces to create would not fit under
    Discord's limit are stale faces deleted, the oldest first, as few as make room;
    ``shown``, the registry in use, is emptied first if it holds one of them.

    Raises what Discord or the network raised (``discord.HTTPException``,
    ``aiohttp.ClientError``, ``TimeoutError``): emojis created before it stay, and the next
    start keeps them.
    """
    wanted = {emoji_name(stem, png): stem for stem, png in images.items()}
    if existing is None:
        existing = await client.fetch_application_emojis()
    found: dict[str, discord.PartialEmoji] = {}
    for emoji in existing:
        if emoji.name in wanted:
            found[wanted[emoji.name]] = discord.PartialEmoji(name=emoji.name, id=emoji.id)
    missing = [(name, stem) for name, stem in wanted.items() if stem not in found]
    stale = sorted(
        (e for e in existing if e.name not in wanted and OURS.fullmatch(e.name)),
        key=lambda e: e.id,
    )
    doomed = stale[: max(0, len(existing) + len(missing) - APPLICATION_EMOJIS)]
    if shown is not None and shown.holds_any({e.id for e in doomed}):
        shown.adopt(CardEmojis())
    for emoji in doomed:
        await emoji.delete()
    for name, stem in missing:
        created = await client.create_application_emoji(name=name, image=images[stem])
        found[stem] = discord.PartialEmoji(name=created.name, id=created.id)
    log.info(
        "card emojis ready: %d faces (%d created, %d stale kept, %d deleted to make room)",
        len(found),
        len(missing),
        len(stale) - len(doomed),
        len(doomed),
    )
    return CardEmojis(found)


def card_faces() -> Mapping[str, bytes]:
    """Every face drawn (CPU work: call it in an executor)."""
    return emoji_images()


async def remembered_faces(storage: Meta) -> CardEmojis:
    """The faces the last sync ended with (none if it never ended)."""
    return CardEmojis.from_json(await storage.meta(REMEMBERED))


async def _listed(
    client: discord.Client, registry: CardEmojis, remembered: CardEmojis
) -> list[discord.Emoji]:
    """The application's emojis; ``registry`` takes the ``remembered`` faces if they are
    all there (the syncing process at start, a follower at each look). ``registry.settled``
    is set however it ends."""
    try:
        listing = await client.fetch_application_emojis()
        if remembered.all_in(listing, face_stems()):
            registry.adopt(remembered)
        return listing
    finally:
        registry.settled.set()


async def _remember(storage: Meta, faces: CardEmojis, remembered: CardEmojis) -> None:
    """Keep ``faces`` for the next start, unless that is what it holds already."""
    kept = faces.to_json()
    if kept == remembered.to_json():
        return
    try:
        await storage.set_meta(REMEMBERED, kept)
    except Exception as e:  # the faces are in use all the same; the next start lists them
        log_failure(log, "remembering the card emojis", e)


async def _sync_once(
    client: discord.Client,
    registry: CardEmojis,
    remembered: CardEmojis,
    storage: Meta | None,
) -> None:
    """One sync under the database's lock: list, draw off the loop, upload what is
    missing, fill ``registry`` and keep the faces in ``storage``."""
    async with storage.exclusively(SYNC_LOCK) if storage is not None else contextlib.nullcontext():
        listing = await _listed(client, registry, remembered)
        images = await asyncio.get_running_loop().run_in_executor(None, card_faces)
        synced = await sync_card_emojis(client, images, listing, registry)
        registry.adopt(synced)
        if storage is not None:
            await _remember(storage, synced, remembered)


async def load_card_emojis(
    client: discord.Client,
    registry: CardEmojis,
    remembered: CardEmojis | None = None,
    storage: Meta | None = None,
) -> None:
    """Under the database's lock (one syncing process at a time: two starting at once
    would both create), list the application's emojis (``registry`` shows the
    ``remembered`` faces at once if they are all there), draw the faces off the event
    loop, sync them, fill ``registry`` and keep them in ``storage`` for the next start and
    the other processes; if Discord refuses, one warning and text cards for the rest of
    the run (never retried); if it holds the uploads back for long (``RateLimited``),
    the wait it asks, up to ``RATE_LIMITED_TRIES`` syncs."""
    remembered = remembered if remembered is not None else CardEmojis()
    try:
        for attempt in range(1, RATE_LIMITED_TRIES + 1):
            try:
                await _sync_once(client, registry, remembered, storage)
                break
            except discord.RateLimited as err:
                if attempt == RATE_LIMITED_TRIES:
                    raise
                log.info(
                    "card emojis: Discord holds the uploads back for %.0f s; text cards meanwhile",
                    err.retry_after,
                )
                await pause(err.retry_after)
    except discord.RateLimited as err:
        log.warning(
            "card emojis are off, cards are shown as text: Discord still holds the uploads"
            " back (%.0f s) after %d tries",
            err.retry_after,
            RATE_LIMITED_TRIES,
        )
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
    finally:
        registry.settled.set()  # also when the lock or the storage failed first


async def follow_card_emojis(client: discord.Client, registry: CardEmojis, storage: Meta) -> None:
    """For a process that does not sync (it runs no shard 0): never upload or delete, but
    show the faces the syncing process stored (meta ``REMEMBERED``) once Discord's listing
    has every one of them; until then text cards, looked for again every
    ``FOLLOW_EVERY`` seconds."""
    said = False
    while True:
        try:
            stored = await remembered_faces(storage)
            if len(stored):
                await _listed(client, registry, stored)  # adopted if all listed
                if len(registry):
                    log.info("card emojis ready: %d faces, synced by another process", len(stored))
                    return
        except (
            discord.HTTPException,
            discord.RateLimited,
            aiohttp.ClientError,
            TimeoutError,
            OSError,
        ) as err:
            if not said:
                log.warning("card emojis not listed yet (%s): text cards meanwhile", err)
                said = True
        except Exception as e:  # the storage: tried again later
            log_failure(log, "reading the card emojis stored by another process", e)
        finally:
            registry.settled.set()
        await asyncio.sleep(FOLLOW_EVERY)


def start_card_emojis(
    client: discord.Client,
    registry: CardEmojis,
    remembered: CardEmojis | None = None,
    storage: Meta | None = None,
    *,
    syncs: bool = True,
) -> asyncio.Task[None]:
    """The background sync (``syncs``: the process running shard 0, see
    ``client.TarotBot``), or the following of it (``follow_card_emojis``); the bot serves
    (with the remembered faces once the listing has them, else text cards) while it runs."""
    if syncs or storage is None:
        job = load_card_emojis(client, registry, remembered, storage)
    else:
        job = follow_card_emojis(client, registry, storage)
    return asyncio.get_running_loop().create_task(job, name="card-emojis")
