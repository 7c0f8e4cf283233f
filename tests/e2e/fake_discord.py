"""A small fake Discord (gateway websocket + REST) on 127.0.0.1 for end-to-end tests.

The real discord.py client connects to it; tests then act as Discord users (slash
commands, button clicks, select menus) and read what the bot posted, edited or sent by
DM. Only the network boundary is faked.

Typical use::

    async with FakeDiscord() as fake:
        guild = fake.add_guild("Tarot Club")
        table = guild.add_text_channel("tarot")
        alice = fake.add_user("alice", guild=guild)
        async with run_client(fake, bot, token=fake.token):
            handle = await fake.slash(alice, table, "tarot", subcommand="new", locale="fr")
            msg = await handle.message()
            click = await fake.click(alice, msg, msg.custom_ids()[0])
            await click.response()
            fake.advance(15 * 60)  # every token so far expires, without sleeping

discord.py facts this fake relies on (2.7.1):

* A plain ``discord.Client`` never calls ``GET /gateway/bot``: it connects straight to
  ``DiscordWebSocket.DEFAULT_GATEWAY`` (and falls back to it after an invalid session),
  then to READY's ``resume_gateway_url`` for RESUME. :func:`point_discord_py_at`
  patches both ``Route.BASE`` and ``DEFAULT_GATEWAY``. Only ``AutoShardedClient``
  asks ``/gateway/bot``; both gateway routes are served anyway.
* The client asks for ``compress=zlib-stream`` (transport compression). The fake honours
  it (binary frames from one zlib stream, each flushed with Z_SYNC_FLUSH); it also
  accepts the absence of ``compress`` (text frames), which discord.py handles too.
* Every non-initial IDENTIFY sleeps 5 s in ``Client.before_identify_hook``; a RESUME
  does not. Tests override the hook (see ``run_client``) to keep reconnects fast.
* ``on_ready`` waits ``guild_ready_timeout`` (2 s by default) after the last
  GUILD_CREATE; construct test clients with ``guild_ready_timeout=0.05``.
* Interaction callbacks are posted with ``?with_response=1`` and discord.py reads the
  ``interaction``/``resource`` body; interactions need ``attachment_size_limit``.
* A 429 without a ``Via`` header (or with a non-JSON body) raises instead of retrying.
* A 500 is retried (after 1, 3, 5 s), message POSTs included. ``channel.send`` and
  ``user.send`` carry a random ``nonce`` with ``enforce_nonce``: like Discord, the fake
  answers a nonce it saw from the same author in the same channel within
  :data:`NONCE_WINDOW` with the message it already created, so a POST applied but whose
  answer was lost (``server_error(..., apply_first=True)``) shows once. Interaction
  followups (``POST /webhooks/{app}/{token}``) carry no nonce: they do show twice.
* A 401 is a plain ``discord.HTTPException`` (only 403 and 404 have subclasses). Discord
  refuses every webhook call of an interaction (followups; GET, PATCH and DELETE of
  ``@original`` or a followup) once its token is older than :data:`TOKEN_LIFETIME` (15
  minutes): 401, code 50027 "Invalid Webhook Token". The fake ages tokens on its own
  clock, which :meth:`FakeDiscord.advance` moves forward without sleeping.
* ``Message.create_thread`` / ``TextChannel.create_thread`` build the ``Thread`` from the
  REST answer (a channel of type 11 with ``parent_id``, ``owner_id``,
  ``thread_metadata``, ``message_count``, ``member_count``); the client learns of it for
  ``get_channel`` from THREAD_CREATE, which the fake dispatches (with
  ``newly_created``), and forgets it on a THREAD_UPDATE that archives it. A thread made
  from a message has that message's id; one made without a message in a text channel
  leaves a "started a thread" system message (type 18) in the parent. Creating needs
  the bot's Create Public/Private Threads permission (see
  :meth:`FakeGuild.allow_bot_threads`), else 403 code 50013; posting in an archived
  thread unarchives it unless it is locked (400, code 50083). Read a thread with
  ``fake.threads(channel)`` and ``fake.thread_messages(thread or starter message)``.
* Autocomplete (interaction type 4) carries the options typed so far, the one being
  typed with ``focused: true``; the bot answers with callback type 8 and ``choices``
  (at most 25). See :meth:`FakeDiscord.autocomplete`.
* Application emojis (discord.py 2.5+: ``Client.fetch_application_emojis``,
  ``create_application_emoji``, ``fetch_application_emoji``, ``Emoji.edit`` and
  ``Emoji.delete`` of an application-owned emoji) live under
  ``/applications/{application_id}/emojis``: the list answers ``{"items": [...]}``, a
  create takes JSON ``name`` and ``image`` (a ``data:image/png;base64,...`` URI, from
  ``utils._bytes_to_base64_data``) and answers the emoji (201), a delete answers 204.
  The fake checks an upload as Discord does: a name of 2 to 32 ``[A-Za-z0-9_]`` not
  already taken (else 400, code 50035), a PNG, JPEG or GIF of at most 256 KiB, and at
  most 2,000 emojis (400, code 30018). State: ``fake.application_emojis`` (``FakeEmoji``:
  id, name, the decoded image); ``fake.add_application_emoji`` seeds one without a REST
  call; ``fake.refuse_emoji_uploads(status=403, code=50013, message=...)`` refuses
  creates; ``fake.calls_to("POST", "/applications/*/emojis")`` counts them. A custom
  emoji on a button or select option (``{"id", "name"}``) must be one of the
  application's, else 400 code 50035 with ``BUTTON_COMPONENT_INVALID_EMOJI`` nested where
  Discord nests it (``components.0.components.0.emoji.name``, ``...options.3.emoji.name``
  for a select's option, under ``data`` in an interaction callback); the message keeps it
  (id as a string, as Discord answers it): read ``message.buttons()[i]["emoji"]``.
  Discord also refuses application emojis it knows now and then (discord-api-docs #7128,
  "about 1 in 25"): ``fake.refuse_component_emojis(rate, seed=)`` refuses a request whose
  components carry one with that probability (a seeded ``random.Random``: the same run
  twice refuses the same requests); ``fake.emoji_refusals`` counts every such refusal.
* A user's DMs: ``fake.refuse_dms(user, code=50007)`` makes every message to their DM
  channel answer 403 with that code (50007 "Cannot send messages to this user": their
  privacy settings or a block; 50278 "...having no mutual guilds"), ``fake.allow_dms(user)``
  takes it back (``user.dms_open = False`` still means 50007).
* ``fake.hold(method, pattern)`` leaves matching requests unanswered until the returned
  ``Hold`` is released (``hold.until_waiting()`` waits for one to arrive): a slow Discord
  without sleeping.
* Discord's global rate limit: at most ``global_limit`` (50) REST requests of the bot (its
  token) arrive in any second, all its clients together; past it, 429 with
  ``{"message": "You are being rate limited.", "retry_after": s, "global": true}`` and
  ``X-RateLimit-Global: true``, ``X-RateLimit-Scope: global`` (and ``Via``: discord.py
  waits, then retries). Interaction callbacks and followups are not counted, as Discord
  documents. ``fake.global_times`` (arrivals counted), ``fake.busiest_second()`` and
  ``fake.global_limited`` (the 429s, kept out of ``calls``) tell what happened.
* Gateway sharding, as Discord does it: an IDENTIFY may carry ``shard: [id, count]``
  (discord.py sends it for ``Client(shard_id=, shard_count=)`` and for every shard of an
  ``AutoShardedClient``); a guild belongs to shard ``(guild_id >> 22) % count``, DMs (and
  interactions from DMs) to shard 0. READY and GUILD_CREATE list only the session's
  guilds, and every event goes only to the live sessions whose shard owns it, so several
  clients (processes) may be connected at once, one per shard or range of shards. An
  IDENTIFY without ``shard`` is shard ``[0, 1]``: everything. A new IDENTIFY of a shard
  supersedes that shard's previous session; RESUME keeps the session's shard. An
  ``AutoShardedClient`` without ``shard_count`` asks ``GET /gateway/bot``, which answers
  ``FakeDiscord(recommended_shards=...)`` and ``max_concurrency``; discord.py 2.7.1 then
  identifies its shards one after another, sleeping 5 s before each but the first in
  ``before_identify_hook``, which ``run_client`` removes. ``fake.add_guild(name,
  shard=1, shard_count=2)`` picks an id on that shard; ``interaction.shards`` says which
  shard(s) an interaction was delivered to, ``fake.sessions`` lists the live sessions.
  An IDENTIFY with fewer shards than the fake's servers need at ``guilds_per_shard``
  (Discord: 2,500) a shard is closed 4011, "Sharding required."; each IDENTIFY with the
  right token spends one of ``session_starts_total`` (1,000), which ``session_start_limit``
  of ``/gateway/bot`` reports (a test may set ``fake.session_starts_used``).
* An interaction's 3 s (its first answer; after them 404, code 10062 "Unknown
  interaction") and its token's 15 minutes count from its creation, the time in its
  snowflake, as Discord counts them; ``slash``, ``click`` and ``select`` take ``late=``
  seconds to deliver one created that long ago. A second answer is 400, code 40060. A
  click deferred (type 6) is answered by editing ``@original`` (the clicked message)
  through the token, or by a followup.
* Permissions in a channel are Discord's: the server's, then the channel's overwrites
  (``fake.set_permissions(channel, role or user, allow=, deny=)``, which dispatches
  CHANNEL_UPDATE); without View Channel, none. They are sent with each interaction
  (``member.permissions``, ``app_permissions``) and checked on the bot's posts (no View
  Channel: 403, 50001 "Missing Access"; no Send Messages, or files without Attach Files:
  403, 50013 "Missing Permissions") and edits (View Channel; Attach Files for files).
  ``fake.delete_channel(channel)`` deletes one (CHANNEL_DELETE; later calls 404, code
  10003 "Unknown Channel"). ``fake.invalid_requests`` counts the bot's 401, 403 and 429
  answers, which Discord counts toward its invalid-request limit.
* Time, as Discord keeps it: every snowflake carries the fake's wall time
  (``fake.wall_time()``, moved by :meth:`FakeDiscord.advance`), so a message made before
  an advance is that much older by its id. An edit of a message over an hour old is
  counted, and once ``fake.old_message_edits`` of them were made Discord answers 400, code
  30046 "Maximum number of edits to messages older than 1 hour reached".
  ``fake.bot_clock()`` gives the bot a clock that reads the same time.
* Content over 2,000 characters is refused as Discord does: 400, code 50035, with
  ``errors.content._errors[0].code`` ``BASE_TYPE_MAX_LENGTH``. A guild holding
  ``FakeGuild.max_active_threads`` unarchived threads (1,000) refuses one more: 400, code
  160006. ``fake.rate_limit(..., retry_after=219)`` answers a 429 of minutes, which
  discord.py raises as ``RateLimited`` once it is over the client's
  ``max_ratelimit_timeout``.
"""

from __future__ import annotations

import asyncio
import base64
import binascii
import contextlib
import copy
import fnmatch
import itertools
import json
import logging
import math
import random
import re
import secrets
import time
import zlib
from collections.abc import AsyncIterator, Callable, Iterable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from types import EllipsisType
from typing import Any

from aiohttp import BodyPartReader, WSMsgType, web

log = logging.getLogger("fake_discord")

DISCORD_EPOCH_MS = 1420070400000
API_PREFIX = "/api/v10"
GATEWAY_PATH = "/gateway-ws"

# Permission bits (https://discord.com/developers/docs/topics/permissions)
P_ADMINISTRATOR = 1 << 3
P_MANAGE_CHANNELS = 1 << 4
P_ADD_REACTIONS = 1 << 6
P_VIEW_CHANNEL = 1 << 10
P_SEND_MESSAGES = 1 << 11
P_MANAGE_MESSAGES = 1 << 13
P_EMBED_LINKS = 1 << 14
P_ATTACH_FILES = 1 << 15
P_READ_MESSAGE_HISTORY = 1 << 16
P_USE_EXTERNAL_EMOJIS = 1 << 18
P_USE_APPLICATION_COMMANDS = 1 << 31
P_MANAGE_THREADS = 1 << 34
P_CREATE_PUBLIC_THREADS = 1 << 35
P_CREATE_PRIVATE_THREADS = 1 << 36
P_SEND_MESSAGES_IN_THREADS = 1 << 38
P_CREATE_THREADS = P_CREATE_PUBLIC_THREADS | P_CREATE_PRIVATE_THREADS
EVERYONE_PERMISSIONS = (
    P_VIEW_CHANNEL
    | P_SEND_MESSAGES
    | P_ADD_REACTIONS
    | P_EMBED_LINKS
    | P_ATTACH_FILES
    | P_READ_MESSAGE_HISTORY
    | P_USE_EXTERNAL_EMOJIS
    | P_USE_APPLICATION_COMMANDS
    | P_CREATE_THREADS
    | P_SEND_MESSAGES_IN_THREADS
)
ALL_PERMISSIONS = (1 << 51) - 1

# Channel types
CT_GUILD_TEXT = 0
CT_DM = 1
CT_PUBLIC_THREAD = 11
CT_PRIVATE_THREAD = 12
THREAD_TYPES = (CT_PUBLIC_THREAD, CT_PRIVATE_THREAD)
ARCHIVE_DURATIONS = (60, 1440, 4320, 10080)  # minutes

# Command option types
OT_STRING = 3
OT_INTEGER = 4
OT_BOOLEAN = 5
OT_NUMBER = 10

# Interaction types / callback types / message flags / message types
IT_APPLICATION_COMMAND = 2
IT_COMPONENT = 3
IT_AUTOCOMPLETE = 4
IT_MODAL_SUBMIT = 5
CB_MESSAGE = 4
CB_DEFERRED_MESSAGE = 5
CB_DEFERRED_UPDATE = 6
CB_UPDATE_MESSAGE = 7
CB_AUTOCOMPLETE = 8
CB_MODAL = 9
FLAG_HAS_THREAD = 1 << 5
FLAG_EPHEMERAL = 1 << 6
FLAG_LOADING = 1 << 7
FLAG_COMPONENTS_V2 = 1 << 15
MT_THREAD_CREATED = 18

TOKEN_LIFETIME = 15 * 60.0
"""Seconds an interaction token works for webhook calls (followups, edits)."""
GLOBAL_LIMIT = 50
"""Discord's global rate limit: a bot's REST requests in one second, all its processes
together (interaction callbacks and followups excepted)."""
SPED_UP_GLOBAL_LIMIT = 1000
"""The global limit of the end-to-end tests that run Discord sped up (table edits every
10 ms, bots that do not pause): raised with them, in the fake and in the bot's budget
(``conftest.py``; ``FAKE_GLOBAL_LIMIT`` for a bot in its own process)."""
GUILDS_PER_SHARD = 2500
"""Discord's most servers on one shard: past it, a connection is closed 4011."""
NONCE_WINDOW = 120.0
"""Seconds a message nonce is remembered. Discord says "the past few minutes" without a
figure; the fake takes the short end, so that nothing relies on a long window."""
OLD_MESSAGE_AGE = 3600.0
"""Past this age (by its snowflake) a message's edits are counted: Discord answers 400,
code 30046, once ``FakeDiscord.old_message_edits`` of them were made."""
OLD_MESSAGE_EDITS = 10
MAX_ACTIVE_THREADS = 1000
"""Active (unarchived) threads a guild may hold; one more is refused with 400, code
160006 (``FakeGuild.max_active_threads`` lowers it)."""
MAX_CONTENT = 2000

# Gateway intents used to filter MESSAGE_* dispatches
INTENT_GUILD_MESSAGES = 1 << 9
INTENT_DM_MESSAGES = 1 << 12

OPTION_TYPES = {str: 3, int: 4, bool: 5, float: 10}

MAX_APPLICATION_EMOJIS = 2000
EMOJI_MAX_BYTES = 256 * 1024
EMOJI_NAME = re.compile(r"[A-Za-z0-9_]{2,32}")
EMOJI_IMAGE_TYPES = {
    "image/png": (b"\x89PNG\r\n\x1a\n",),
    "image/jpeg": (b"\xff\xd8\xff",),
    "image/gif": (b"GIF87a", b"GIF89a"),
}

INVALID_EMOJI = "BUTTON_COMPONENT_INVALID_EMOJI"
"""What Discord calls a component's emoji it refuses (buttons and select options alike)."""
DM_REFUSALS = {
    50007: "Cannot send messages to this user",
    50278: "Cannot send messages to this user due to having no mutual guilds",
}

Answer = tuple[int, Any]
"""What a REST handler returns: the HTTP status and the JSON body (None for 204)."""


def now_iso() -> str:
    return datetime.now(UTC).isoformat()


class Snowflakes:
    """Realistic snowflakes: timestamp since the Discord epoch, worker bits, increment.
    The timestamp is read from ``clock`` (wall seconds): the fake's own clock, so a
    message made before :meth:`FakeDiscord.advance` is that much older by its id."""

    def __init__(self, clock: Callable[[], float] = time.time) -> None:
        self._counter = itertools.count()
        self._last = 0
        self._clock = clock

    def next(self) -> str:
        ms = int(self._clock() * 1000) - DISCORD_EPOCH_MS
        value = (ms << 22) | (1 << 17) | (next(self._counter) & 0xFFF)
        value = max(value, self._last + 1)
        self._last = value
        return str(value)

    def back_dated(self, seconds: float) -> str:
        """A new snowflake whose time is ``seconds`` ago (an interaction that took that
        long to reach the bot); unique by its increment."""
        ms = int((self._clock() - seconds) * 1000) - DISCORD_EPOCH_MS
        return str((ms << 22) | (1 << 17) | (next(self._counter) & 0xFFF))

    def next_on_shard(self, shard_id: int, shard_count: int) -> str:
        """A new snowflake whose guild shard ``(id >> 22) % shard_count`` is ``shard_id``
        (its timestamp moved at most ``shard_count - 1`` ms ahead)."""
        check_shard(shard_id, shard_count)
        value = int(self.next())
        ms = value >> 22
        ms += (shard_id - ms) % shard_count
        value = (ms << 22) | (value & ((1 << 22) - 1))
        self._last = max(self._last, value)
        return str(value)


def snowflake_time(snowflake: str | int) -> float:
    """The wall time (seconds) a snowflake was made at, as Discord reads it."""
    return ((int(snowflake) >> 22) + DISCORD_EPOCH_MS) / 1000


def check_shard(shard_id: int, shard_count: int) -> None:
    """Refuse a shard that Discord would refuse (close code 4010, Invalid shard)."""
    if not 0 <= shard_id < shard_count:
        raise ValueError(f"shard {shard_id} is not in 0..{shard_count - 1}")


def guild_shard(guild_id: str | int, shard_count: int) -> int:
    """The shard that holds a guild, by Discord's rule."""
    return (int(guild_id) >> 22) % shard_count


class ApiError(Exception):
    """An error answer from the fake REST API."""

    def __init__(
        self, status: int, code: int, message: str, errors: dict[str, Any] | None = None
    ) -> None:
        super().__init__(f"{status} {code} {message}")
        self.status = status
        self.body: dict[str, Any] = {"code": code, "message": message}
        if errors:
            self.body["errors"] = errors


def invalid_emojis(paths: list[tuple[str, ...]]) -> ApiError:
    """Discord's answer to components with emojis it refuses: each at its path, nested."""
    errors: dict[str, Any] = {}
    for path in paths:
        node = errors
        for key in path:
            node = node.setdefault(key, {})
        node["_errors"] = [{"code": INVALID_EMOJI, "message": "Invalid emoji"}]
    return ApiError(400, 50035, "Invalid Form Body", errors)


@contextlib.contextmanager
def _under_data() -> Iterator[None]:
    """An interaction callback's refused emojis, as Discord names them: under ``data``."""
    try:
        yield
    except ApiError as err:
        errors = err.body.get("errors")
        if isinstance(errors, dict) and INVALID_EMOJI in json.dumps(errors):
            err.body["errors"] = {"data": errors}
        raise


def invalid_form(problems: list[str]) -> ApiError:
    errors = {
        f"problem{i}": {"_errors": [{"code": "BASE_TYPE_INVALID", "message": p}]}
        for i, p in enumerate(problems)
    }
    return ApiError(400, 50035, "Invalid Form Body: " + "; ".join(problems), errors)


# --------------------------------------------------------------------------- model


@dataclass(eq=False)
class FakeUser:
    id: str
    username: str
    global_name: str | None = None
    bot: bool = False
    dms_open: bool = True
    dm_refusal: int = 50007
    """The code a message to their DMs is refused with while ``dms_open`` is False."""
    locale: str = "en-US"

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def payload(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "username": self.username,
            "global_name": self.global_name or self.username,
            "discriminator": "0",
            "avatar": None,
            "bot": self.bot,
            "system": False,
            "public_flags": 0,
            "flags": 0,
            "banner": None,
            "accent_color": None,
            "avatar_decoration_data": None,
        }


@dataclass(eq=False)
class FakeRole:
    id: str
    name: str
    permissions: int
    position: int = 0

    def payload(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "permissions": str(self.permissions),
            "position": self.position,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "managed": False,
            "mentionable": False,
            "icon": None,
            "unicode_emoji": None,
            "flags": 0,
            "description": None,
        }


@dataclass(eq=False)
class FakeMember:
    user: FakeUser
    roles: list[FakeRole]
    joined_at: str
    nick: str | None = None

    def payload(self) -> dict[str, Any]:
        return {
            "user": self.user.payload(),
            "nick": self.nick,
            "avatar": None,
            "banner": None,
            "roles": [r.id for r in self.roles],
            "joined_at": self.joined_at,
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "communication_disabled_until": None,
        }


@dataclass(eq=False)
class FakeAttachment:
    id: str
    filename: str
    data: bytes
    content_type: str | None
    url: str
    description: str | None = None

    def payload(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": self.id,
            "filename": self.filename,
            "size": len(self.data),
            "url": self.url,
            "proxy_url": self.url,
        }
        if self.content_type:
            out["content_type"] = self.content_type
        if self.description:
            out["description"] = self.description
        return out


@dataclass(eq=False)
class FakeEmoji:
    """An emoji the application owns (``/applications/{application_id}/emojis``)."""

    id: str
    name: str
    image: bytes
    content_type: str
    user: FakeUser

    def payload(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "roles": [],
            "user": self.user.payload(),
            "require_colons": True,
            "managed": False,
            "animated": self.content_type == "image/gif",
            "available": True,
        }


@dataclass(eq=False)
class FakeMessage:
    id: str
    channel: FakeChannel
    author: FakeUser
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[FakeAttachment] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    timestamp: str = field(default_factory=now_iso)
    edited_timestamp: str | None = None
    ephemeral_for: FakeUser | None = None
    interaction: FakeInteraction | None = None
    webhook_id: str | None = None
    message_reference: dict[str, Any] | None = None
    nonce: str | None = None
    thread: FakeChannel | None = None
    """The thread started from this message, if any."""
    deleted: bool = False
    old_edits: int = 0
    """Edits made once the message was over an hour old (see ``OLD_MESSAGE_AGE``)."""
    history: list[dict[str, Any]] = field(default_factory=list)
    """Snapshots (payloads) of every previous version, oldest first."""

    @property
    def ephemeral(self) -> bool:
        return self.ephemeral_for is not None

    @property
    def loading(self) -> bool:
        return bool(self.flags & FLAG_LOADING)

    def iter_components(self) -> Iterable[dict[str, Any]]:
        """Every component (rows, buttons, selects, containers...) depth first."""
        stack = list(reversed(self.components))
        while stack:
            comp = stack.pop()
            yield comp
            children = list(comp.get("components") or [])
            if comp.get("accessory"):
                children.append(comp["accessory"])
            stack.extend(reversed(children))

    def component(self, custom_id: str) -> dict[str, Any] | None:
        for comp in self.iter_components():
            if comp.get("custom_id") == custom_id:
                return comp
        return None

    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in self.iter_components() if "custom_id" in c]

    def buttons(self) -> list[dict[str, Any]]:
        return [c for c in self.iter_components() if c.get("type") == 2]

    def selects(self) -> list[dict[str, Any]]:
        return [c for c in self.iter_components() if c.get("type") in (3, 5, 6, 7, 8)]

    def all_text(self) -> str:
        """Everything a person could read in this message (for leak checks)."""
        return json.dumps(
            {
                "content": self.content,
                "embeds": self.embeds,
                "components": self.components,
                "attachments": [  # a picture's bytes are no text anyone reads
                    {"filename": a.filename, "data": a.data.decode("utf-8", "replace")}
                    if not a.data.startswith(b"\x89PNG")
                    else {"filename": a.filename}
                    for a in self.attachments
                ],
            },
            ensure_ascii=False,
        )

    def versions(self) -> list[dict[str, Any]]:
        """Every version of this message (payloads), oldest first, current last."""
        return [*self.history, self.payload()]

    def payload(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": self.id,
            "channel_id": self.channel.id,
            "author": self.author.payload(),
            "content": self.content,
            "timestamp": self.timestamp,
            "edited_timestamp": self.edited_timestamp,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [a.payload() for a in self.attachments],
            "embeds": copy.deepcopy(self.embeds),
            "components": copy.deepcopy(self.components),
            "pinned": False,
            "type": self.type,
            "flags": self.flags,
        }
        if self.channel.guild is not None:
            out["guild_id"] = self.channel.guild.id
        if self.webhook_id:
            out["webhook_id"] = self.webhook_id
            out["application_id"] = self.webhook_id
        if self.interaction is not None:
            out["interaction_metadata"] = {
                "id": self.interaction.id,
                "type": self.interaction.type,
                "user": self.interaction.user.payload(),
                "authorizing_integration_owners": {},
            }
        if self.message_reference:
            out["message_reference"] = self.message_reference
        if self.nonce is not None:
            out["nonce"] = self.nonce
        if self.thread is not None:
            out["thread"] = self.thread.payload()
        return out


@dataclass(eq=False)
class FakeChannel:
    id: str
    name: str | None
    type: int  # CT_GUILD_TEXT, CT_DM, CT_PUBLIC_THREAD or CT_PRIVATE_THREAD
    guild: FakeGuild | None = None
    recipient: FakeUser | None = None
    bot_can_send: bool = True
    messages: list[FakeMessage] = field(default_factory=list)
    overwrites: list[dict[str, Any]] = field(default_factory=list)
    """Discord's ``permission_overwrites`` (a role's, type 0, or a member's, type 1):
    set with :meth:`FakeDiscord.set_permissions`; a thread follows its parent's."""
    # threads only
    parent: FakeChannel | None = None
    owner: FakeUser | None = None
    archived: bool = False
    locked: bool = False
    auto_archive_duration: int = 1440
    archive_timestamp: str = field(default_factory=now_iso)
    created_timestamp: str = field(default_factory=now_iso)
    members: list[FakeUser] = field(default_factory=list)
    sent_count: int = 0

    @property
    def is_dm(self) -> bool:
        return self.type == CT_DM

    @property
    def is_thread(self) -> bool:
        return self.type in THREAD_TYPES

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    def payload(self) -> dict[str, Any]:
        last = self.messages[-1].id if self.messages else None
        if self.is_thread:
            return self._thread_payload(last)
        if self.is_dm:
            assert self.recipient is not None
            return {
                "id": self.id,
                "type": 1,
                "last_message_id": last,
                "recipients": [self.recipient.payload()],
                "flags": 0,
            }
        assert self.guild is not None
        return {
            "id": self.id,
            "type": self.type,
            "guild_id": self.guild.id,
            "name": self.name,
            "position": self.guild.channels.index(self),
            "permission_overwrites": copy.deepcopy(self.overwrites),
            "nsfw": False,
            "parent_id": None,
            "topic": None,
            "last_message_id": last,
            "rate_limit_per_user": 0,
            "flags": 0,
        }

    def _thread_payload(self, last: str | None) -> dict[str, Any]:
        assert self.guild is not None and self.parent is not None and self.owner is not None
        metadata: dict[str, Any] = {
            "archived": self.archived,
            "auto_archive_duration": self.auto_archive_duration,
            "archive_timestamp": self.archive_timestamp,
            "locked": self.locked,
            "create_timestamp": self.created_timestamp,
        }
        if self.type == CT_PRIVATE_THREAD:
            metadata["invitable"] = True
        return {
            "id": self.id,
            "type": self.type,
            "guild_id": self.guild.id,
            "parent_id": self.parent.id,
            "owner_id": self.owner.id,
            "name": self.name,
            "last_message_id": last,
            "message_count": len([m for m in self.messages if not m.deleted]),
            "member_count": len(self.members),
            "total_message_sent": self.sent_count,
            "rate_limit_per_user": 0,
            "flags": 0,
            "thread_metadata": metadata,
        }


@dataclass(eq=False)
class FakeGuild:
    fake: FakeDiscord
    id: str
    name: str
    owner: FakeUser | None = None
    preferred_locale: str = "en-US"
    roles: list[FakeRole] = field(default_factory=list)
    channels: list[FakeChannel] = field(default_factory=list)
    threads: list[FakeChannel] = field(default_factory=list)
    members: dict[str, FakeMember] = field(default_factory=dict)
    max_active_threads: int = MAX_ACTIVE_THREADS

    @property
    def everyone(self) -> FakeRole:
        return self.roles[0]

    def allow_bot_threads(self, allowed: bool) -> list[FakeRole]:
        """Give or take the bot's Create Public/Private Threads permission (a server that
        lets nobody start threads); returns the roles changed. Call it before the bot
        connects, or follow it with :meth:`FakeDiscord.update_roles`."""
        member = self.members[self.fake.bot_user.id]
        changed = []
        for role in member.roles:
            before = role.permissions
            if allowed:
                role.permissions |= P_CREATE_THREADS
            else:
                role.permissions &= ~P_CREATE_THREADS
            if role.permissions != before:
                changed.append(role)
        return changed

    def add_role(self, name: str, permissions: int) -> FakeRole:
        role = FakeRole(self.fake.snowflakes.next(), name, permissions, position=len(self.roles))
        self.roles.append(role)
        return role

    def add_text_channel(self, name: str) -> FakeChannel:
        channel = FakeChannel(self.fake.snowflakes.next(), name, 0, guild=self)
        self.channels.append(channel)
        self.fake.channels[channel.id] = channel
        return channel

    def add_member(self, user: FakeUser, roles: Iterable[FakeRole] = ()) -> FakeMember:
        member = FakeMember(user, [self.everyone, *roles], now_iso())
        self.members[user.id] = member
        return member

    def permissions_of(self, user: FakeUser) -> int:
        if self.owner is user:
            return ALL_PERMISSIONS
        member = self.members.get(user.id)
        perms = 0
        for role in member.roles if member else [self.everyone]:
            perms |= role.permissions
        return ALL_PERMISSIONS if perms & P_ADMINISTRATOR else perms

    def permissions_in(self, channel: FakeChannel, user: FakeUser) -> int:
        """``user``'s permissions in ``channel`` as Discord computes them: the server's,
        then the channel's overwrites (@everyone's, the member's roles', the member's
        own); without View Channel, none (a thread: its parent's)."""
        perms = self.permissions_of(user)
        if perms & P_ADMINISTRATOR or perms == ALL_PERMISSIONS:
            return perms
        where = channel.parent if channel.parent is not None else channel
        member = self.members.get(user.id)
        role_ids = {r.id for r in member.roles} if member else set()
        by_id = {o["id"]: o for o in where.overwrites}

        def apply(perms: int, allow: int, deny: int) -> int:
            return (perms & ~deny) | allow

        everyone = by_id.get(self.everyone.id)
        if everyone is not None:
            perms = apply(perms, int(everyone["allow"]), int(everyone["deny"]))
        allow = deny = 0
        for o in where.overwrites:
            if o["type"] == 0 and o["id"] != self.everyone.id and o["id"] in role_ids:
                allow, deny = allow | int(o["allow"]), deny | int(o["deny"])
        perms = apply(perms, allow, deny)
        own = next((o for o in where.overwrites if o["type"] == 1 and o["id"] == user.id), None)
        if own is not None:
            perms = apply(perms, int(own["allow"]), int(own["deny"]))
        return perms if perms & P_VIEW_CHANNEL else 0

    def payload(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "owner_id": (self.owner or self.fake.bot_user).id,
            "region": None,
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "nsfw_level": 0,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "premium_progress_bar_enabled": False,
            "preferred_locale": self.preferred_locale,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "safety_alerts_channel_id": None,
            "vanity_url_code": None,
            "application_id": None,
            "max_members": 500000,
            "max_video_channel_users": 25,
            "features": [],
            "roles": [r.payload() for r in self.roles],
            "emojis": [],
            "stickers": [],
            "joined_at": now_iso(),
            "large": False,
            "unavailable": False,
            "member_count": len(self.members),
            "members": [m.payload() for m in self.members.values()],
            "channels": [c.payload() for c in self.channels],
            "threads": [t.payload() for t in self.threads if not t.archived],
            "presences": [],
            "voice_states": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }


@dataclass
class RestCall:
    """One REST request as the fake saw it."""

    method: str
    path: str
    route: str  # e.g. "POST /channels/{channel_id}/messages", or "UNKNOWN"
    status: int
    time: float  # time.monotonic() when answered
    body: Any = None  # JSON body (payload_json for multipart)
    injected: bool = False
    files: list[tuple[str, bytes]] = field(default_factory=list)  # multipart uploads


@dataclass
class Injection:
    """A fault injected on requests matching ``method`` and ``pattern``."""

    method: str
    pattern: str
    status: int
    times: int | None  # None: forever
    body: dict[str, Any]
    headers: dict[str, str]
    apply_first: bool
    hits: int = 0

    def matches(self, method: str, path: str, route: str) -> bool:
        if self.method not in ("*", method):
            return False
        template = route.split(" ", 1)[-1]
        return fnmatch.fnmatchcase(path, self.pattern) or fnmatch.fnmatchcase(
            template, self.pattern
        )

    @property
    def exhausted(self) -> bool:
        return self.times is not None and self.hits >= self.times


@dataclass(eq=False)
class Hold:
    """Requests matching ``method`` and ``pattern`` wait, unanswered, until :meth:`release`
    (see :meth:`FakeDiscord.hold`): a slow Discord without sleeping."""

    fake: FakeDiscord
    method: str
    pattern: str
    waiting: int = 0
    """Requests held right now."""
    released: asyncio.Event = field(default_factory=asyncio.Event)

    def matches(self, method: str, path: str, route: str) -> bool:
        return Injection(self.method, self.pattern, 0, None, {}, {}, False).matches(
            method, path, route
        )

    def release(self) -> None:
        """Answer the held requests, and every later one at once."""
        self.released.set()
        if self in self.fake.holds:
            self.fake.holds.remove(self)

    async def until_waiting(self, n: int = 1, timeout: float = 5.0) -> None:
        """Wait until ``n`` requests are held."""
        await self.fake.wait_for(
            lambda: self.waiting >= n, timeout, f"no {self.method} {self.pattern} came"
        )


@dataclass(eq=False)
class FakeInteraction:
    """An interaction sent by a test, and everything the bot answered to it."""

    fake: FakeDiscord
    id: str
    token: str
    type: int
    user: FakeUser
    channel: FakeChannel
    payload: dict[str, Any]
    source_message: FakeMessage | None = None  # the message a component belongs to
    created: float = field(default_factory=time.monotonic)  # on the fake's clock
    delivered_to: list[GatewaySession] = field(default_factory=list)
    callbacks: list[dict[str, Any]] = field(default_factory=list)
    original: FakeMessage | None = None
    followups: list[FakeMessage] = field(default_factory=list)
    modal: dict[str, Any] | None = None
    choices: list[dict[str, Any]] | None = None  # the answer to an autocomplete
    errors: list[dict[str, Any]] = field(default_factory=list)

    @property
    def responded(self) -> bool:
        return bool(self.callbacks)

    @property
    def shards(self) -> list[int]:
        """The shard ids of the sessions the interaction was dispatched to."""
        return [session.shard_id for session in self.delivered_to]

    @property
    def callback_type(self) -> int | None:
        return self.callbacks[0]["type"] if self.callbacks else None

    @property
    def response_delay(self) -> float | None:
        return self.callbacks[0]["delay"] if self.callbacks else None

    async def response(self, timeout: float = 5.0) -> dict[str, Any]:
        """Wait for the interaction callback; returns ``{"type", "data", "delay"}``."""
        await self.fake.wait_for(lambda: self.responded, timeout, f"no response to {self}")
        return self.callbacks[0]

    async def message(self, timeout: float = 5.0) -> FakeMessage:
        """Wait until @original is a real (not loading) message and return it."""
        await self.fake.wait_for(
            lambda: self.original is not None and not self.original.loading,
            timeout,
            f"no original message for {self}",
        )
        assert self.original is not None
        return self.original

    async def followup(self, n: int = 1, timeout: float = 5.0) -> FakeMessage:
        """Wait for the n-th followup message (1-based) and return it."""
        await self.fake.wait_for(
            lambda: len(self.followups) >= n, timeout, f"no followup #{n} for {self}"
        )
        return self.followups[n - 1]

    def __repr__(self) -> str:
        return f"<FakeInteraction {self.id} type={self.type} user={self.user.username}>"


class _GatewayConnection:
    def __init__(self, ws: web.WebSocketResponse, compress: bool) -> None:
        self.ws = ws
        self.zlib = zlib.compressobj() if compress else None
        self.lock = asyncio.Lock()
        self.session: GatewaySession | None = None

    async def send(self, payload: dict[str, Any]) -> None:
        text = json.dumps(payload, separators=(",", ":"))
        async with self.lock:
            if self.ws.closed:
                return
            if self.zlib is not None:
                data = self.zlib.compress(text.encode()) + self.zlib.flush(zlib.Z_SYNC_FLUSH)
                await self.ws.send_bytes(data)
            else:
                await self.ws.send_str(text)


@dataclass(eq=False)
class GatewaySession:
    """One gateway session: its shard, its events (kept for RESUME), its connection."""

    id: str
    intents: int
    shard_id: int = 0
    shard_count: int = 1
    sharded: bool = False  # the IDENTIFY carried ``shard``
    seq: int = 0
    events: list[dict[str, Any]] = field(default_factory=list)
    conn: _GatewayConnection | None = None

    @property
    def shard(self) -> tuple[int, int]:
        return self.shard_id, self.shard_count

    @property
    def connected(self) -> bool:
        return self.conn is not None

    def owns(self, guild_id: str | None) -> bool:
        """Whether this session gets a guild's events (``None``: a DM, shard 0's)."""
        if guild_id is None:
            return self.shard_id == 0
        return guild_shard(guild_id, self.shard_count) == self.shard_id


# --------------------------------------------------------------------------- server


OPTION_KINDS: dict[int, tuple[type, ...]] = {
    OT_STRING: (str,),
    OT_INTEGER: (int,),
    OT_BOOLEAN: (bool,),
    OT_NUMBER: (int, float),
}
"""What a value of a string, integer, boolean or number option is."""
SAFE_INTEGER = 2**53
"""Discord's integers and numbers lie within ±2^53."""


def check_option_value(command: str, spec: dict[str, Any], value: Any) -> None:
    """Refuse ``value`` for option ``spec`` as the Discord client does, which never sends
    it: a value of the wrong kind, not one of the choices, outside ``min_value`` and
    ``max_value`` (integers, numbers) or ``min_length`` and ``max_length`` (strings)."""
    name, kind = spec["name"], spec["type"]
    kinds = OPTION_KINDS.get(kind)
    if kinds is not None and (
        not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds)
    ):
        raise ValueError(f"/{command}: {value!r} is not a value of {name!r} (type {kind})")
    choices = spec.get("choices")
    if choices and value not in [c["value"] for c in choices]:
        raise ValueError(f"/{command}: {value!r} is not a choice of {name!r}")
    if kind in (OT_INTEGER, OT_NUMBER):
        low = spec.get("min_value", -SAFE_INTEGER)
        high = spec.get("max_value", SAFE_INTEGER)
        if not low <= value <= high:
            raise ValueError(f"/{command}: {name!r} takes {low} to {high}, not {value!r}")
    if kind == OT_STRING:
        shortest, longest = spec.get("min_length", 0), spec.get("max_length", 6000)
        if not shortest <= len(value) <= longest:
            raise ValueError(
                f"/{command}: {name!r} takes {shortest} to {longest} characters, not {len(value)}"
            )


class DiscordClock:
    """The fake's wall time as a ``bot.tables.Clock``: what the bot waits for (a rate
    limit's end) is over once the fake's clock has moved past it, advanced or not."""

    STEP = 0.01

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake

    def now(self) -> float:
        return self.fake.wall_time()

    def call_later(self, delay: float, callback: Callable[[], None]) -> asyncio.Task[None]:
        async def later() -> None:
            await self.sleep(delay)
            callback()

        return asyncio.get_running_loop().create_task(later())

    async def sleep(self, delay: float) -> None:
        end = self.now() + delay
        while (left := end - self.now()) > 0:
            await asyncio.sleep(min(left, self.STEP))


class FakeDiscord:
    """The fake Discord server. Use as ``async with FakeDiscord() as fake:``."""

    default_global_limit: int | None = GLOBAL_LIMIT
    """``global_limit`` when none is given (the end-to-end tests' conftest raises it)."""

    def __init__(
        self,
        *,
        token: str | None = None,
        bot_name: str = "TarotBot",
        heartbeat_interval_ms: int = 41250,
        compress: bool = True,
        resume_supported: bool = True,
        interaction_timeout: float = 3.0,
        validate: bool = True,
        dispatch_message_events: bool = True,
        recommended_shards: int = 1,
        max_concurrency: int = 1,
        global_limit: int | None | EllipsisType = ...,
        guilds_per_shard: int = GUILDS_PER_SHARD,
    ) -> None:
        self._clock_offset = 0.0
        self.snowflakes = Snowflakes(self.wall_time)
        self.application_id = self.snowflakes.next()
        self.bot_user = FakeUser(self.application_id, bot_name, bot=True)
        self.owner_user = FakeUser(self.snowflakes.next(), "owner")
        self.token = token or f"fake.token.{secrets.token_hex(12)}"
        self.heartbeat_interval_ms = heartbeat_interval_ms
        self.compress = compress
        self.resume_supported = resume_supported
        self.interaction_timeout = interaction_timeout
        self.validate = validate
        self.dispatch_message_events = dispatch_message_events
        self.recommended_shards = recommended_shards
        """``shards`` of ``GET /gateway/bot``: what an ``AutoShardedClient`` without
        ``shard_count`` runs."""
        self.max_concurrency = max_concurrency
        self.global_limit = self.default_global_limit if global_limit is ... else global_limit
        """The bot's REST requests allowed in any second, all its clients together
        (Discord: 50, the default); more are answered 429 ``global``. None: no limit."""
        self.global_times: list[float] = []
        """When each request counted against the global limit arrived (monotonic)."""
        self.global_limited: list[RestCall] = []
        """The requests answered 429 ``global`` (not in ``calls``)."""
        self.guilds_per_shard = guilds_per_shard
        """The most servers a shard may hold: an IDENTIFY with fewer shards than the
        servers need at that many a shard is closed 4011 (Discord: 2,500)."""
        self.session_starts_total = 1000
        self.session_starts_used = 0
        """Session starts spent (each IDENTIFY with the right token), for
        ``session_start_limit`` of ``GET /gateway/bot``; a test may set it."""

        self.users: dict[str, FakeUser] = {self.bot_user.id: self.bot_user}
        self.guilds: dict[str, FakeGuild] = {}
        self.channels: dict[str, FakeChannel] = {}
        self.messages: dict[str, FakeMessage] = {}
        self.dm_channels: dict[str, FakeChannel] = {}  # user id -> DM channel
        self.interactions: dict[str, FakeInteraction] = {}
        self.global_commands: list[dict[str, Any]] = []
        self.guild_commands: dict[str, list[dict[str, Any]]] = {}
        self.sync_counts: dict[str, int] = {}  # "global" or guild id -> PUT count

        self.application_emojis: list[FakeEmoji] = []
        """The application's own emojis, oldest first (``add_application_emoji``, REST)."""
        self.emoji_refusal_rate = 0.0
        self._emoji_luck = random.Random(0)
        self.emoji_refusals = 0
        """Requests refused for their components' emojis (unknown ones or by chance)."""

        self.calls: list[RestCall] = []
        self.unknown_calls: list[RestCall] = []
        self.injections: list[Injection] = []
        self.holds: list[Hold] = []
        self.old_message_edits = OLD_MESSAGE_EDITS
        """How many edits of a message older than an hour Discord accepts before it
        answers 30046 (the real number is undocumented; tests make it small)."""
        # (author id, channel id, nonce) -> the message it created, when
        self._nonces: dict[tuple[str, str, str], tuple[FakeMessage, float]] = {}

        self.identify_count = 0
        self.resume_count = 0
        self.invalid_session_count = 0
        self.heartbeat_count = 0
        self.gateway_ops: list[dict[str, Any]] = []  # every non-heartbeat op received
        self.gateway_queries: list[dict[str, str]] = []  # query of every websocket opened
        self._sessions: dict[str, GatewaySession] = {}  # every session, for RESUME
        self._live: dict[tuple[int, int], GatewaySession] = {}  # the newest of each shard
        self._connections: set[_GatewayConnection] = set()
        self._changed = asyncio.Event()
        self._runner: web.AppRunner | None = None
        self.port = 0

    # ----------------------------------------------------------- lifecycle

    async def __aenter__(self) -> FakeDiscord:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    async def start(self) -> None:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_route("*", "/{tail:.*}", self._handle)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        server = site._server
        assert isinstance(server, asyncio.Server)
        self.port = server.sockets[0].getsockname()[1]

    async def stop(self) -> None:
        for conn in list(self._connections):
            with contextlib.suppress(Exception):
                await conn.ws.close(code=1001)
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def rest_base(self) -> str:
        """Value for ``discord.http.Route.BASE``."""
        return self.base_url + API_PREFIX

    @property
    def gateway_url(self) -> str:
        """Value for ``DiscordWebSocket.DEFAULT_GATEWAY`` (also served by /gateway/bot)."""
        return f"ws://127.0.0.1:{self.port}{GATEWAY_PATH}"

    # ----------------------------------------------------------- the fake's clock

    def now(self) -> float:
        """The fake's clock (``time.monotonic()`` plus every :meth:`advance`): it ages
        interaction tokens and message nonces."""
        return time.monotonic() + self._clock_offset

    def wall_time(self) -> float:
        """Discord's wall clock (``time.time()`` plus every :meth:`advance`): new
        snowflakes carry it, so what was made before an advance is that much older."""
        return time.time() + self._clock_offset

    def bot_clock(self) -> DiscordClock:
        """A clock for the bot under test (``bot.tables.Clock``) that reads Discord's wall
        time: the bot then ages messages by their snowflakes as it would against Discord,
        and its waits end as soon as :meth:`advance` moves past them."""
        return DiscordClock(self)

    def advance(self, seconds: float) -> None:
        """Move the fake's clock forward without sleeping: interactions and nonces get
        ``seconds`` older. Advance between interactions, not while one awaits its answer
        (that answer would be late for the 3-second limit)."""
        if seconds < 0:
            raise ValueError(f"the clock only moves forward, not by {seconds}")
        self._clock_offset += seconds

    # ----------------------------------------------------------- model setup

    def add_user(
        self,
        username: str,
        *,
        dms_open: bool = True,
        locale: str = "en-US",
        guild: FakeGuild | None = None,
        roles: Iterable[FakeRole] = (),
    ) -> FakeUser:
        user = FakeUser(self.snowflakes.next(), username, dms_open=dms_open, locale=locale)
        self.users[user.id] = user
        if guild is not None:
            guild.add_member(user, roles)
        return user

    def add_guild(
        self,
        name: str,
        *,
        preferred_locale: str = "en-US",
        shard: int | None = None,
        shard_count: int | None = None,
    ) -> FakeGuild:
        """A server with the bot in it; with ``shard`` and ``shard_count``, its id puts it
        on that shard (``(id >> 22) % shard_count == shard``)."""
        if (shard is None) != (shard_count is None):
            raise ValueError("add_guild takes shard and shard_count together")
        if shard is not None and shard_count is not None:
            guild_id = self.snowflakes.next_on_shard(shard, shard_count)
        else:
            guild_id = self.snowflakes.next()
        guild = FakeGuild(self, guild_id, name, preferred_locale=preferred_locale)
        guild.roles.append(FakeRole(guild.id, "@everyone", EVERYONE_PERMISSIONS))
        guild.owner = self.owner_user
        guild.add_member(self.owner_user)
        bot_role = guild.add_role(self.bot_user.username, EVERYONE_PERMISSIONS | P_MANAGE_MESSAGES)
        guild.add_member(self.bot_user, [bot_role])
        self.guilds[guild.id] = guild
        return guild

    def dm_channel(self, user: FakeUser) -> FakeChannel:
        """The bot's DM channel with ``user`` (created if needed, as Discord does)."""
        channel = self.dm_channels.get(user.id)
        if channel is None:
            channel = FakeChannel(self.snowflakes.next(), None, 1, recipient=user)
            self.dm_channels[user.id] = channel
            self.channels[channel.id] = channel
        return channel

    def add_application_emoji(self, name: str, image: bytes | None = None) -> FakeEmoji:
        """An emoji the application already owns (as if uploaded from the developer
        portal): checked as an upload would be, without a REST call."""
        png = image if image is not None else b"\x89PNG\r\n\x1a\n" + name.encode()
        return self._new_application_emoji(name, self._data_uri("image/png", png))

    def application_emoji(self, emoji_id: str | int | None) -> FakeEmoji | None:
        """The application emoji with this id, if it exists."""
        return next((e for e in self.application_emojis if e.id == str(emoji_id)), None)

    # ----------------------------------------------------------- reading state

    def channel_messages(self, channel: FakeChannel) -> list[FakeMessage]:
        """Messages everybody sees in ``channel`` (no ephemerals, no deleted), oldest first."""
        return [m for m in channel.messages if not m.deleted and m.ephemeral_for is None]

    def ephemeral_messages(
        self, user: FakeUser, channel: FakeChannel | None = None
    ) -> list[FakeMessage]:
        """Ephemeral messages only ``user`` sees (in ``channel`` if given), oldest first."""
        chans = [channel] if channel else list(self.channels.values())
        found = [m for c in chans for m in c.messages if m.ephemeral_for is user and not m.deleted]
        return sorted(found, key=lambda m: int(m.id))

    def visible_messages(self, user: FakeUser, channel: FakeChannel) -> list[FakeMessage]:
        """What ``user`` sees in ``channel``: public messages plus their ephemerals."""
        return [
            m
            for m in channel.messages
            if not m.deleted and (m.ephemeral_for is None or m.ephemeral_for is user)
        ]

    def dm_messages(self, user: FakeUser) -> list[FakeMessage]:
        """Messages the bot sent (and kept) in its DM with ``user``, oldest first."""
        channel = self.dm_channels.get(user.id)
        return [m for m in channel.messages if not m.deleted] if channel else []

    def threads(self, parent: FakeChannel) -> list[FakeChannel]:
        """Every thread started in ``parent`` (archived ones too), oldest first."""
        assert parent.guild is not None, "DMs have no threads"
        return [t for t in parent.guild.threads if t.parent is parent]

    def thread_messages(self, where: FakeChannel | FakeMessage) -> list[FakeMessage]:
        """Messages everybody sees in a thread, given the thread or the message it was
        started from (an empty list if that message has no thread)."""
        thread = where.thread if isinstance(where, FakeMessage) else where
        if thread is None:
            return []
        assert thread.is_thread, f"channel {thread.id} is not a thread"
        return self.channel_messages(thread)

    def public_messages(self) -> list[FakeMessage]:
        """Every non-ephemeral guild message, all channels (for leak checks)."""
        return [
            m
            for c in self.channels.values()
            if not c.is_dm
            for m in c.messages
            if m.ephemeral_for is None
        ]

    @property
    def invalid_requests(self) -> int:
        """The bot's requests Discord counts toward its invalid-request limit (401, 403
        and 429 answers: 10,000 in 10 minutes get the bot's IP banned for a while)."""
        return sum(c.status in (401, 403, 429) for c in self.calls)

    async def set_permissions(
        self,
        channel: FakeChannel,
        target: FakeUser | FakeRole,
        *,
        allow: int = 0,
        deny: int = 0,
    ) -> None:
        """Set ``target``'s permission overwrite on ``channel`` (a role's or a member's),
        as a moderator would; a connected bot is told (CHANNEL_UPDATE)."""
        kind = 0 if isinstance(target, FakeRole) else 1
        channel.overwrites = [o for o in channel.overwrites if o["id"] != target.id]
        channel.overwrites.append(
            {"id": target.id, "type": kind, "allow": str(allow), "deny": str(deny)}
        )
        if self._live:
            await self.dispatch("CHANNEL_UPDATE", channel.payload())

    async def delete_channel(self, channel: FakeChannel) -> None:
        """Delete a server's channel (and its threads): every later call on it answers
        404 Unknown Channel; a connected bot is told (CHANNEL_DELETE)."""
        assert channel.guild is not None
        guild = channel.guild
        for thread in [t for t in guild.threads if t.parent is channel]:
            guild.threads.remove(thread)
            self.channels.pop(thread.id, None)
        payload = channel.payload()
        guild.channels.remove(channel)
        self.channels.pop(channel.id, None)
        if self._live:
            await self.dispatch("CHANNEL_DELETE", payload)

    def calls_to(self, method: str, pattern: str) -> list[RestCall]:
        """REST calls whose method and path (or route template) match ``pattern``."""
        probe = Injection(method, pattern, 0, None, {}, {}, False)
        return [c for c in self.calls if probe.matches(c.method, c.path, c.route)]

    async def wait_for(
        self, predicate: Callable[[], Any], timeout: float = 5.0, message: str = ""
    ) -> Any:
        """Wait until ``predicate()`` is truthy (re-checked on every fake event)."""
        deadline = asyncio.get_running_loop().time() + timeout
        while True:
            value = predicate()
            if value:
                return value
            remaining = deadline - asyncio.get_running_loop().time()
            if remaining <= 0:
                raise TimeoutError(message or f"condition not met within {timeout}s")
            self._changed.clear()
            with contextlib.suppress(TimeoutError):
                # Also poll: the predicate may depend on the bot's own state.
                await asyncio.wait_for(self._changed.wait(), min(remaining, 0.05))

    def _notify(self) -> None:
        self._changed.set()

    # ----------------------------------------------------------- fault injection

    def inject(
        self,
        method: str,
        pattern: str,
        *,
        status: int,
        times: int | None = 1,
        body: dict[str, Any] | None = None,
        headers: dict[str, str] | None = None,
        apply_first: bool = False,
    ) -> Injection:
        """Answer the next ``times`` requests matching with ``status`` and ``body``.

        ``pattern`` is an fnmatch pattern on the path without ``/api/v10`` (e.g.
        ``/channels/*/messages``) or on the route template
        (``/channels/{channel_id}/messages``). ``apply_first`` performs the request
        before answering the error (an answer lost on the way back).
        """
        inj = Injection(
            method.upper(),
            pattern,
            status,
            times,
            body if body is not None else {"code": 0, "message": f"{status}: injected"},
            headers or {},
            apply_first,
        )
        self.injections.append(inj)
        return inj

    def refuse_emoji_uploads(
        self,
        *,
        status: int = 403,
        code: int = 50013,
        message: str = "Missing Permissions",
        times: int | None = None,
    ) -> Injection:
        """Refuse every ``POST /applications/{id}/emojis`` (the next ``times`` if given)."""
        return self.inject(
            "POST",
            "/applications/{application_id}/emojis",
            status=status,
            times=times,
            body={"code": code, "message": message},
        )

    def refuse_component_emojis(self, rate: float, *, seed: int = 0) -> None:
        """Refuse a request whose buttons or select options carry an application emoji
        with probability ``rate``, as Discord does now and then (seeded: deterministic)."""
        self.emoji_refusal_rate = rate
        self._emoji_luck = random.Random(seed)

    def refuse_dms(self, user: FakeUser, code: int = 50007) -> None:
        """Every message to ``user``'s DMs answers 403 ``code`` (50007 or 50278)."""
        if code not in DM_REFUSALS:
            raise ValueError(f"Discord refuses a DM with 50007 or 50278, not {code}")
        user.dms_open, user.dm_refusal = False, code

    def allow_dms(self, user: FakeUser) -> None:
        user.dms_open, user.dm_refusal = True, 50007

    def hold(self, method: str, pattern: str) -> Hold:
        """Leave requests matching (as for :meth:`inject`) waiting until the returned
        :class:`Hold` is released; then they are served normally."""
        held = Hold(self, method.upper(), pattern)
        self.holds.append(held)
        return held

    def rate_limit(
        self, method: str, pattern: str, *, times: int = 1, retry_after: float = 0.05
    ) -> Injection:
        """Answer 429 like Discord's per-route limit (with ``Via``, so it is retried)."""
        bucket = secrets.token_hex(16)
        return self.inject(
            method,
            pattern,
            status=429,
            times=times,
            body={
                "message": "You are being rate limited.",
                "retry_after": retry_after,
                "global": False,
            },
            headers={
                "Via": "1.1 google",
                "Retry-After": str(max(1, round(retry_after))),
                "X-RateLimit-Limit": "5",
                "X-RateLimit-Remaining": "0",
                "X-RateLimit-Reset": f"{time.time() + retry_after:.3f}",
                "X-RateLimit-Reset-After": f"{retry_after:.3f}",
                "X-RateLimit-Bucket": bucket,
                "X-RateLimit-Scope": "user",
            },
        )

    def server_error(
        self,
        method: str,
        pattern: str,
        *,
        times: int = 1,
        status: int = 500,
        apply_first: bool = False,
    ) -> Injection:
        return self.inject(
            method,
            pattern,
            status=status,
            times=times,
            body={"message": "500: Internal Server Error", "code": 0},
            apply_first=apply_first,
        )

    # ----------------------------------------------------------- gateway control

    @property
    def sessions(self) -> list[GatewaySession]:
        """The live sessions (the newest of each shard), by shard."""
        return [self._live[key] for key in sorted(self._live)]

    @property
    def connected(self) -> bool:
        """Whether any live session has its websocket open."""
        return any(session.connected for session in self._live.values())

    @property
    def connected_shards(self) -> list[int]:
        """The shard ids of the live sessions whose websocket is open."""
        return [session.shard_id for session in self.sessions if session.connected]

    def session(self, shard: int | None = None) -> GatewaySession:
        """The live session of ``shard``; without ``shard``, the only live session."""
        found = [s for s in self.sessions if shard is None or s.shard_id == shard]
        if len(found) != 1:
            which = "any shard" if shard is None else f"shard {shard}"
            raise RuntimeError(f"{len(found)} live sessions for {which}, expected exactly one")
        return found[0]

    async def drop_connection(self, code: int = 4000, *, shard: int | None = None) -> None:
        """Close a session's gateway websocket (the session stays resumable); without
        ``shard``, the only live session's."""
        session = self.session(shard)
        if session.conn is None:
            raise RuntimeError(f"no gateway connection to drop on shard {session.shard_id}")
        conn = session.conn
        session.conn = None
        await conn.ws.close(code=code, message=b"dropped by test")

    async def send_reconnect(self, *, shard: int | None = None) -> None:
        """Send op 7 RECONNECT: the client closes and resumes."""
        conn = self._require_conn(shard)
        await conn.send({"op": 7, "d": None, "s": None, "t": None})

    async def dispatch(
        self, event: str, data: dict[str, Any], *, guild_id: str | None = None
    ) -> list[GatewaySession]:
        """Dispatch an event to the live sessions of its guild's shard (buffered while
        disconnected): ``guild_id``, else ``data["guild_id"]``; neither is a DM event, for
        shard 0. Returns the sessions it went to."""
        if not self._live:
            raise RuntimeError("the bot has not identified")
        guild = guild_id if guild_id is not None else data.get("guild_id")
        targets = [s for s in self.sessions if s.owns(None if guild is None else str(guild))]
        for session in targets:
            await self._send_event(session, event, data)
        return targets

    async def _send_event(self, session: GatewaySession, event: str, data: dict[str, Any]) -> None:
        session.seq += 1
        frame = {"op": 0, "s": session.seq, "t": event, "d": data}
        session.events.append(frame)
        if session.conn is not None:
            await session.conn.send(frame)

    async def update_roles(self, guild: FakeGuild, roles: Iterable[FakeRole] = ()) -> None:
        """Tell the bot of changed roles (GUILD_ROLE_UPDATE), by default all of ``guild``'s."""
        for role in list(roles) or guild.roles:
            await self.dispatch("GUILD_ROLE_UPDATE", {"guild_id": guild.id, "role": role.payload()})

    def _require_conn(self, shard: int | None = None) -> _GatewayConnection:
        conn = self.session(shard).conn
        if conn is None:
            raise RuntimeError("the bot is not connected")
        return conn

    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0, autoping=True)
        await ws.prepare(request)
        self.gateway_queries.append(dict(request.query))
        compress = self.compress and request.query.get("compress") == "zlib-stream"
        conn = _GatewayConnection(ws, compress)
        self._connections.add(conn)
        try:
            await conn.send(
                {
                    "op": 10,
                    "d": {"heartbeat_interval": self.heartbeat_interval_ms},
                    "s": None,
                    "t": None,
                }
            )
            async for msg in ws:
                if msg.type in (WSMsgType.TEXT, WSMsgType.BINARY):
                    await self._on_gateway_payload(conn, json.loads(msg.data))
        finally:
            self._connections.discard(conn)
            if conn.session is not None and conn.session.conn is conn:
                conn.session.conn = None
            self._notify()
        return ws

    async def _on_gateway_payload(self, conn: _GatewayConnection, payload: dict[str, Any]) -> None:
        op = payload.get("op")
        d = payload.get("d") or {}
        if op == 1:
            self.heartbeat_count += 1
            await conn.send({"op": 11, "d": None, "s": None, "t": None})
            return
        self.gateway_ops.append(payload)
        if op == 2:
            await self._identify(conn, d)
        elif op == 6:
            await self._resume(conn, d)
        elif op == 8:
            await self._request_members(conn, d)
        else:
            log.debug("gateway op %s ignored", op)
        self._notify()

    async def _identify(self, conn: _GatewayConnection, d: dict[str, Any]) -> None:
        if d.get("token") != self.token:
            await conn.ws.close(code=4004, message=b"Authentication failed.")
            return
        shard = d.get("shard")
        try:
            shard_id, shard_count = (int(shard[0]), int(shard[1])) if shard else (0, 1)
            check_shard(shard_id, shard_count)
        except (TypeError, ValueError, IndexError):
            await conn.ws.close(code=4010, message=b"Invalid shard.")
            return
        self.session_starts_used += 1
        if len(self.guilds) > shard_count * self.guilds_per_shard:
            await conn.ws.close(code=4011, message=b"Sharding required.")
            return
        self.identify_count += 1
        session = GatewaySession(
            secrets.token_hex(16),
            int(d.get("intents", 0)),
            shard_id=shard_id,
            shard_count=shard_count,
            sharded=shard is not None,
        )
        superseded = self._live.get(session.shard)
        if superseded is not None and superseded.conn is not None:
            old = superseded.conn
            superseded.conn = None
            await old.ws.close(code=4000)
        self._sessions[session.id] = session
        self._live[session.shard] = session
        session.conn = conn
        conn.session = session
        guilds = [g for g in self.guilds.values() if session.owns(g.id)]
        ready: dict[str, Any] = {
            "v": 10,
            "user": {**self.bot_user.payload(), "verified": True, "mfa_enabled": False},
            "guilds": [{"id": g.id, "unavailable": True} for g in guilds],
            "session_id": session.id,
            "session_type": "normal",
            "resume_gateway_url": self.gateway_url,
            "application": {"id": self.application_id, "flags": 0},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "user_settings": {},
            "guild_join_requests": [],
            "geo_ordered_rtc_regions": [],
            "_trace": ["fake-discord"],
        }
        if session.sharded:
            ready["shard"] = [shard_id, shard_count]
        await self._send_event(session, "READY", ready)
        for guild in guilds:
            await self._send_event(session, "GUILD_CREATE", guild.payload())

    async def _resume(self, conn: _GatewayConnection, d: dict[str, Any]) -> None:
        session = self._sessions.get(d.get("session_id", ""))
        if (
            not self.resume_supported
            or session is None
            or session is not self._live.get(session.shard)
            or d.get("token") != self.token
        ):
            self.invalid_session_count += 1
            await conn.send({"op": 9, "d": False, "s": None, "t": None})
            return
        self.resume_count += 1
        if session.conn is not None and session.conn is not conn:
            await session.conn.ws.close(code=4000)
        session.conn = conn
        conn.session = session
        last = d.get("seq") or 0
        for frame in session.events:
            if frame["s"] > last:
                await conn.send(frame)
        await self._send_event(session, "RESUMED", {"_trace": ["fake-discord"]})

    async def _request_members(self, conn: _GatewayConnection, d: dict[str, Any]) -> None:
        session = conn.session
        if session is None:
            await conn.ws.close(code=4003, message=b"Not authenticated.")
            return
        guild = self.guilds.get(str(d.get("guild_id")))
        members = [m.payload() for m in guild.members.values()] if guild else []
        user_ids = d.get("user_ids")
        if user_ids:
            wanted = {str(u) for u in user_ids}
            members = [m for m in members if m["user"]["id"] in wanted]
        data: dict[str, Any] = {
            "guild_id": str(d.get("guild_id")),
            "members": members,
            "chunk_index": 0,
            "chunk_count": 1,
        }
        if d.get("nonce") is not None:
            data["nonce"] = d["nonce"]
        await self._send_event(session, "GUILD_MEMBERS_CHUNK", data)

    # ----------------------------------------------------------- acting as users

    def _find_command(self, channel: FakeChannel, name: str) -> dict[str, Any]:
        candidates: list[dict[str, Any]] = []
        if channel.guild is not None:
            candidates += self.guild_commands.get(channel.guild.id, [])
        candidates += self.global_commands
        for cmd in candidates:
            if cmd["name"] == name and cmd.get("type", 1) == 1:
                return cmd
        raise LookupError(f"/{name} is not registered (was the command tree synced?)")

    def _base_interaction(
        self,
        type_: int,
        user: FakeUser,
        channel: FakeChannel,
        locale: str | None,
        late: float = 0.0,
    ) -> dict[str, Any]:
        iid = self.snowflakes.back_dated(late) if late else self.snowflakes.next()
        token = "aW50ZXJhY3Rpb246" + secrets.token_urlsafe(48)
        payload: dict[str, Any] = {
            "id": iid,
            "application_id": self.application_id,
            "type": type_,
            "token": token,
            "version": 1,
            "locale": locale or user.locale,
            "channel_id": channel.id,
            "entitlements": [],
            "attachment_size_limit": 10 * 1024 * 1024,
            "authorizing_integration_owners": {"0": channel.guild.id if channel.guild else "0"},
        }
        if channel.guild is not None:
            guild = channel.guild
            member = guild.members.get(user.id) or guild.add_member(user)
            payload["guild_id"] = guild.id
            payload["guild_locale"] = guild.preferred_locale
            payload["guild"] = {
                "id": guild.id,
                "locale": guild.preferred_locale,
                "features": [],
            }
            # Discord: the member's and the bot's permissions in this channel.
            perms = guild.permissions_in(channel, user)
            payload["member"] = {**member.payload(), "permissions": str(perms)}
            payload["channel"] = channel.payload()
            payload["app_permissions"] = str(guild.permissions_in(channel, self.bot_user))
            payload["context"] = 0
        else:
            payload["user"] = user.payload()
            payload["channel"] = channel.payload()
            payload["app_permissions"] = str(EVERYONE_PERMISSIONS)
            payload["context"] = 1
            payload["authorizing_integration_owners"] = {"0": "0"}
        return payload

    async def _send_interaction(
        self,
        payload: dict[str, Any],
        user: FakeUser,
        channel: FakeChannel,
        message: FakeMessage | None = None,
    ) -> FakeInteraction:
        inter = FakeInteraction(
            self,
            payload["id"],
            payload["token"],
            payload["type"],
            user,
            channel,
            payload,
            source_message=message,
            # Discord counts an interaction's 3 s (and its token's 15 minutes) from its
            # creation, the time in its snowflake, not from its delivery.
            created=self.now() - (self.wall_time() - snowflake_time(payload["id"])),
        )
        self.interactions[inter.id] = inter
        inter.delivered_to = await self.dispatch("INTERACTION_CREATE", payload)
        return inter

    async def slash(
        self,
        user: FakeUser,
        channel: FakeChannel,
        command: str,
        *,
        group: str | None = None,
        subcommand: str | None = None,
        options: dict[str, Any] | None = None,
        locale: str | None = None,
        late: float = 0.0,
    ) -> FakeInteraction:
        """Invoke ``/command [group] [subcommand] options...`` as ``user`` in ``channel``
        (``late``: created that many seconds before it is delivered)."""
        data = self._command_data(channel, command, group, subcommand, options or {})
        payload = self._base_interaction(IT_APPLICATION_COMMAND, user, channel, locale, late)
        payload["data"] = data
        return await self._send_interaction(payload, user, channel)

    async def autocomplete(
        self,
        user: FakeUser,
        channel: FakeChannel,
        command: str,
        *,
        option: str,
        value: str,
        group: str | None = None,
        subcommand: str | None = None,
        options: dict[str, Any] | None = None,
        locale: str | None = None,
        timeout: float = 5.0,
    ) -> list[dict[str, Any]]:
        """``user`` types ``value`` in ``option`` of ``/command [group] [subcommand]`` (the
        other ``options`` already filled in): returns the choices the bot offered
        (``[{"name", "value"}, ...]``). The interaction is in :attr:`interactions`."""
        data = self._command_data(
            channel, command, group, subcommand, options or {}, focused=(option, value)
        )
        payload = self._base_interaction(IT_AUTOCOMPLETE, user, channel, locale)
        payload["data"] = data
        inter = await self._send_interaction(payload, user, channel)
        await self.wait_for(
            lambda: inter.responded or inter.errors,
            timeout,
            f"no autocomplete answer for /{command} {option}={value!r}",
        )
        if inter.choices is None:
            got = inter.callbacks or inter.errors
            raise AssertionError(f"autocomplete for {option!r} got no choices: {got}")
        return inter.choices

    def _command_data(
        self,
        channel: FakeChannel,
        command: str,
        group: str | None,
        subcommand: str | None,
        options: dict[str, Any],
        focused: tuple[str, str] | None = None,
    ) -> dict[str, Any]:
        """The ``data`` of a command interaction, checked against the registered schema as
        the Discord client would. With ``focused`` (an autocomplete), the option being
        typed is added last with ``focused: true``; required options may still be missing
        and typed values need not be choices yet."""
        cmd = self._find_command(channel, command)
        schema_opts: list[dict[str, Any]] = cmd.get("options", [])
        path: list[tuple[str, int]] = []
        if group:
            path.append((group, 2))
        if subcommand:
            path.append((subcommand, 1))
        for name, kind in path:
            found = next((o for o in schema_opts if o["name"] == name and o["type"] == kind), None)
            if found is None:
                raise LookupError(f"/{command}: no {'group' if kind == 2 else 'subcommand'} {name}")
            schema_opts = found.get("options", [])
        resolved: dict[str, dict[str, Any]] = {}
        leaf: list[dict[str, Any]] = []
        for name, value in options.items():
            spec = next((o for o in schema_opts if o["name"] == name), None)
            if spec is None:
                raise LookupError(f"/{command}: no option {name!r}")
            kind = spec["type"]
            if kind in (6, 9) and isinstance(value, FakeUser):
                resolved.setdefault("users", {})[value.id] = value.payload()
                guild = channel.guild
                if guild and value.id in guild.members:
                    member = guild.members[value.id].payload()
                    member.pop("user")
                    member["permissions"] = str(guild.permissions_of(value))
                    resolved.setdefault("members", {})[value.id] = member
                value = value.id
            elif kind == 7 and isinstance(value, FakeChannel):
                resolved.setdefault("channels", {})[value.id] = {
                    **value.payload(),
                    "permissions": str(ALL_PERMISSIONS),
                }
                value = value.id
            if focused is None:
                check_option_value(command, spec, value)
            leaf.append({"name": name, "type": kind, "value": value})
        if focused is not None:
            name, typed = focused
            spec = next((o for o in schema_opts if o["name"] == name), None)
            if spec is None:
                raise LookupError(f"/{command}: no option {name!r}")
            if not spec.get("autocomplete"):
                raise ValueError(f"/{command}: option {name!r} has no autocomplete")
            leaf.append({"name": name, "type": spec["type"], "value": typed, "focused": True})
        else:
            missing = [
                o["name"] for o in schema_opts if o.get("required") and o["name"] not in options
            ]
            if missing:
                raise ValueError(f"/{command}: missing required options {missing}")
        opts = leaf
        for name, kind in reversed(path):
            opts = [{"name": name, "type": kind, "options": opts}]
        data: dict[str, Any] = {"id": cmd["id"], "name": command, "type": 1}
        if opts:
            data["options"] = opts
        if resolved:
            data["resolved"] = resolved
        if cmd.get("guild_id"):
            data["guild_id"] = cmd["guild_id"]
        return data

    def _check_clickable(
        self, user: FakeUser, message: FakeMessage, custom_id: str, kinds: tuple[int, ...]
    ) -> dict[str, Any]:
        if message.deleted:
            raise ValueError(f"message {message.id} was deleted")
        if message.ephemeral_for is not None and message.ephemeral_for is not user:
            raise ValueError(f"{user.username} cannot see ephemeral message {message.id}")
        comp = message.component(custom_id)
        if comp is None:
            raise ValueError(f"no component {custom_id!r} on message {message.id}")
        if comp.get("type") not in kinds:
            raise ValueError(f"component {custom_id!r} is of type {comp.get('type')}")
        if comp.get("disabled"):
            raise ValueError(f"component {custom_id!r} is disabled")
        return comp

    async def click(
        self,
        user: FakeUser,
        message: FakeMessage,
        custom_id: str,
        *,
        locale: str | None = None,
        force: bool = False,
        late: float = 0.0,
    ) -> FakeInteraction:
        """Press the button ``custom_id`` on ``message`` as ``user``.

        Refuses (ValueError) what a Discord client could not do — a missing or disabled
        button, another user's ephemeral — unless ``force``. ``late``: the click was
        created that many seconds before it is delivered (a slow gateway): its 3 s run
        from its creation.
        """
        if not force:
            self._check_clickable(user, message, custom_id, (2,))
        payload = self._base_interaction(IT_COMPONENT, user, message.channel, locale, late)
        payload["message"] = message.payload()
        payload["data"] = {"custom_id": custom_id, "component_type": 2}
        return await self._send_interaction(payload, user, message.channel, message)

    async def select(
        self,
        user: FakeUser,
        message: FakeMessage,
        custom_id: str,
        values: list[str],
        *,
        locale: str | None = None,
        force: bool = False,
        late: float = 0.0,
    ) -> FakeInteraction:
        """Choose ``values`` in the string select ``custom_id`` on ``message`` (``late``:
        as :meth:`click`)."""
        component_type = 3
        if not force:
            comp = self._check_clickable(user, message, custom_id, (3,))
            allowed = {o["value"] for o in comp.get("options", [])}
            bad = [v for v in values if v not in allowed]
            if bad:
                raise ValueError(f"{bad} are not options of {custom_id!r}")
            lo, hi = comp.get("min_values", 1), comp.get("max_values", 1)
            if not lo <= len(values) <= hi:
                raise ValueError(f"{custom_id!r} takes {lo}..{hi} values, got {len(values)}")
        payload = self._base_interaction(IT_COMPONENT, user, message.channel, locale, late)
        payload["message"] = message.payload()
        payload["data"] = {
            "custom_id": custom_id,
            "component_type": component_type,
            "values": list(values),
        }
        return await self._send_interaction(payload, user, message.channel, message)

    async def submit_modal(
        self,
        user: FakeUser,
        opened_by: FakeInteraction,
        values: dict[str, str],
        *,
        locale: str | None = None,
    ) -> FakeInteraction:
        """Submit the modal that the bot opened in answer to ``opened_by``."""
        modal = opened_by.modal
        if modal is None:
            raise ValueError(f"{opened_by} did not open a modal")
        rows = [
            {"type": 1, "components": [{"type": 4, "custom_id": k, "value": v}]}
            for k, v in values.items()
        ]
        payload = self._base_interaction(IT_MODAL_SUBMIT, user, opened_by.channel, locale)
        payload["data"] = {"custom_id": modal["custom_id"], "components": rows}
        if opened_by.source_message is not None:
            payload["message"] = opened_by.source_message.payload()
        return await self._send_interaction(
            payload, user, opened_by.channel, opened_by.source_message
        )

    # ----------------------------------------------------------- HTTP plumbing

    _ROUTES: list[tuple[str, str, str]] = [
        # (method, template, handler name)
        ("GET", "/gateway", "_r_gateway"),
        ("GET", "/gateway/bot", "_r_gateway_bot"),
        ("GET", "/users/@me", "_r_me"),
        ("GET", "/users/{user_id}", "_r_user"),
        ("POST", "/users/@me/channels", "_r_create_dm"),
        ("GET", "/oauth2/applications/@me", "_r_app_info"),
        ("GET", "/applications/@me", "_r_app_info"),
        ("GET", "/applications/{application_id}/commands", "_r_get_commands"),
        ("PUT", "/applications/{application_id}/commands", "_r_put_commands"),
        ("GET", "/applications/{application_id}/guilds/{guild_id}/commands", "_r_get_commands"),
        ("PUT", "/applications/{application_id}/guilds/{guild_id}/commands", "_r_put_commands"),
        ("GET", "/guilds/{guild_id}", "_r_guild"),
        ("GET", "/guilds/{guild_id}/channels", "_r_guild_channels"),
        ("GET", "/guilds/{guild_id}/members/{user_id}", "_r_guild_member"),
        ("GET", "/channels/{channel_id}", "_r_channel"),
        ("PATCH", "/channels/{channel_id}", "_r_edit_channel"),
        ("POST", "/channels/{channel_id}/threads", "_r_thread_without_message"),
        ("POST", "/channels/{channel_id}/messages/{message_id}/threads", "_r_thread_from_message"),
        ("POST", "/channels/{channel_id}/typing", "_r_typing"),
        ("GET", "/channels/{channel_id}/messages", "_r_get_messages"),
        ("POST", "/channels/{channel_id}/messages", "_r_create_message"),
        ("GET", "/channels/{channel_id}/messages/{message_id}", "_r_get_message"),
        ("PATCH", "/channels/{channel_id}/messages/{message_id}", "_r_edit_message"),
        ("DELETE", "/channels/{channel_id}/messages/{message_id}", "_r_delete_message"),
        ("POST", "/interactions/{interaction_id}/{token}/callback", "_r_callback"),
        ("GET", "/applications/{application_id}/emojis", "_r_list_emojis"),
        ("POST", "/applications/{application_id}/emojis", "_r_create_emoji"),
        ("GET", "/applications/{application_id}/emojis/{emoji_id}", "_r_get_emoji"),
        ("PATCH", "/applications/{application_id}/emojis/{emoji_id}", "_r_edit_emoji"),
        ("DELETE", "/applications/{application_id}/emojis/{emoji_id}", "_r_delete_emoji"),
        ("POST", "/webhooks/{application_id}/{token}", "_r_followup"),
        ("GET", "/webhooks/{application_id}/{token}/messages/{message_id}", "_r_wh_get"),
        ("PATCH", "/webhooks/{application_id}/{token}/messages/{message_id}", "_r_wh_edit"),
        ("DELETE", "/webhooks/{application_id}/{token}/messages/{message_id}", "_r_wh_delete"),
    ]
    _COMPILED = [
        (m, t, h, re.compile("^" + re.sub(r"\{(\w+)\}", r"(?P<\1>[^/]+)", t) + "$"))
        for m, t, h in _ROUTES
    ]
    _NO_AUTH = ("_r_callback", "_r_followup", "_r_wh_get", "_r_wh_edit", "_r_wh_delete")

    async def _handle(self, request: web.Request) -> web.StreamResponse:
        if request.path == GATEWAY_PATH:
            return await self._gateway(request)
        if request.path.startswith("/attachments/"):
            return self._serve_attachment(request)
        path = request.path.removeprefix(API_PREFIX)
        method = request.method
        route, handler_name, params = "UNKNOWN", None, {}
        for m, template, handler, rx in self._COMPILED:
            match = rx.match(path)
            if m == method and match:
                # "/users/@me" must not be taken for "/users/{user_id}": first match wins.
                route, handler_name, params = f"{m} {template}", handler, match.groupdict()
                break
        limited = self._over_global_limit(request, method, path, route)
        if limited is not None:
            return limited
        body, files = await self._read_body(request)
        for held in [h for h in self.holds if h.matches(method, path, route)]:
            held.waiting += 1
            self._notify()
            try:
                await held.released.wait()
            finally:
                held.waiting -= 1
        call = RestCall(method, path, route, 0, 0.0, body)
        call.files = [(f.filename, f.data) for f in files]

        injection = next(
            (i for i in self.injections if not i.exhausted and i.matches(method, path, route)),
            None,
        )
        status, answer, headers = 404, {"message": "404: Not Found", "code": 0}, {}
        try:
            if handler_name is None:
                log.warning("fake discord: unknown route %s %s", method, path)
            elif handler_name not in self._NO_AUTH and not self._authorized(request):
                status, answer = 401, {"message": "401: Unauthorized", "code": 0}
            elif injection is not None and not injection.apply_first:
                pass
            else:
                handler = getattr(self, handler_name)
                status, answer = await handler(request, params, body, files)
        except ApiError as err:
            status, answer = err.status, err.body
        if injection is not None and route != "UNKNOWN":
            injection.hits += 1
            call.injected = True
            status, answer, headers = injection.status, injection.body, injection.headers
        call.status = status
        call.time = time.monotonic()
        self.calls.append(call)
        if route == "UNKNOWN":
            self.unknown_calls.append(call)
        self._notify()
        if status == 204 or answer is None:
            return web.Response(status=204, headers=headers)
        return web.Response(
            status=status,
            body=json.dumps(answer).encode(),
            headers={**headers, "Content-Type": "application/json"},
        )

    def _over_global_limit(
        self, request: web.Request, method: str, path: str, route: str
    ) -> web.Response | None:
        """Discord's global limit: a 429 ``global`` for a request of the bot (its token)
        past ``global_limit`` in the last second; interaction callbacks and followups are
        not bound to it."""
        if not self._authorized(request) or path.startswith(("/interactions/", "/webhooks/")):
            return None
        now = time.monotonic()
        if self.global_limit is not None:
            recent = [t for t in self.global_times[-self.global_limit :] if t > now - 1.0]
            if len(recent) >= self.global_limit:
                retry_after = round(recent[0] + 1.0 - now, 3)
                call = RestCall(method, path, route, 429, now)
                self.global_limited.append(call)
                self._notify()
                return web.Response(
                    status=429,
                    body=json.dumps(
                        {
                            "message": "You are being rate limited.",
                            "retry_after": retry_after,
                            "global": True,
                        }
                    ).encode(),
                    headers={
                        "Content-Type": "application/json",
                        "Via": "1.1 google",
                        "Retry-After": str(max(1, math.ceil(retry_after))),
                        "X-RateLimit-Global": "true",
                        "X-RateLimit-Scope": "global",
                    },
                )
        self.global_times.append(now)
        return None

    def busiest_second(self) -> int:
        """The most requests counted against the global limit in any one second."""
        times, most, first = self.global_times, 0, 0
        for last, t in enumerate(times):
            while times[first] <= t - 1.0:
                first += 1
            most = max(most, last - first + 1)
        return most

    def _authorized(self, request: web.Request) -> bool:
        return request.headers.get("Authorization") == f"Bot {self.token}"

    async def _read_body(self, request: web.Request) -> tuple[Any, list[FakeAttachment]]:
        files: list[FakeAttachment] = []
        if not request.can_read_body:
            return None, files
        ctype = request.content_type
        if ctype == "multipart/form-data":
            body: Any = {}
            reader = await request.multipart()
            indexed: dict[int, FakeAttachment] = {}
            while True:
                part = await reader.next()
                if part is None:
                    break
                assert isinstance(part, BodyPartReader), "nested multipart"
                name = part.name or ""
                if name == "payload_json":
                    body = json.loads(await part.text())
                elif name.startswith("files["):
                    idx = int(name[6:-1])
                    data = bytes(await part.read())
                    ctype_part = part.headers.get("Content-Type")
                    indexed[idx] = FakeAttachment(
                        "", part.filename or f"file{idx}", data, ctype_part, ""
                    )
            files = [indexed[i] for i in sorted(indexed)]
            return body, files
        raw = await request.read()
        if not raw:
            return None, files
        try:
            return json.loads(raw), files
        except ValueError:
            return raw.decode("utf-8", "replace"), files

    def _serve_attachment(self, request: web.Request) -> web.Response:
        parts = request.path.split("/")
        for msg in self.messages.values():
            for att in msg.attachments:
                if att.id == parts[3]:
                    return web.Response(body=att.data, content_type=att.content_type or None)
        return web.Response(status=404)

    # ----------------------------------------------------------- validation

    def _validate_message(self, data: dict[str, Any], files: list[FakeAttachment]) -> None:
        if not self.validate:
            return
        problems: list[str] = []
        content = data.get("content") or ""
        if len(content) > MAX_CONTENT:  # Discord's own answer, field by field
            error = {"code": "BASE_TYPE_MAX_LENGTH", "message": "Must be 2000 or fewer in length."}
            raise ApiError(400, 50035, "Invalid Form Body", {"content": {"_errors": [error]}})
        embeds = data.get("embeds") or []
        if len(embeds) > 10:
            problems.append(f"embeds: {len(embeds)} > 10")
        total = 0
        for i, e in enumerate(embeds):
            for key, limit in (("title", 256), ("description", 4096)):
                text = e.get(key) or ""
                total += len(text)
                if len(text) > limit:
                    problems.append(f"embeds[{i}].{key}: {len(text)} > {limit}")
            fields = e.get("fields") or []
            if len(fields) > 25:
                problems.append(f"embeds[{i}].fields: {len(fields)} > 25")
            for j, f in enumerate(fields):
                total += len(f.get("name", "")) + len(f.get("value", ""))
                if not f.get("name") or len(f["name"]) > 256:
                    problems.append(f"embeds[{i}].fields[{j}].name: empty or > 256")
                if not f.get("value") or len(f["value"]) > 1024:
                    problems.append(f"embeds[{i}].fields[{j}].value: empty or > 1024")
            footer = (e.get("footer") or {}).get("text") or ""
            author = (e.get("author") or {}).get("name") or ""
            total += len(footer) + len(author)
            if len(footer) > 2048:
                problems.append(f"embeds[{i}].footer.text > 2048")
            if len(author) > 256:
                problems.append(f"embeds[{i}].author.name > 256")
        if total > 6000:
            problems.append(f"embeds: {total} > 6000 characters in total")
        components = data.get("components") or []
        v2 = bool((data.get("flags") or 0) & FLAG_COMPONENTS_V2)
        if not v2:
            if len(components) > 5:
                problems.append(f"components: {len(components)} action rows > 5")
            for i, row in enumerate(components):
                if row.get("type") != 1:
                    problems.append(f"components[{i}]: top level must be an action row")
                    continue
                items = row.get("components") or []
                selects = [c for c in items if c.get("type") in (3, 5, 6, 7, 8)]
                if not items:
                    problems.append(f"components[{i}]: empty action row")
                if selects and len(items) > 1:
                    problems.append(f"components[{i}]: a select must be alone in its row")
                if len(items) > 5:
                    problems.append(f"components[{i}]: {len(items)} buttons > 5")
        seen: set[str] = set()
        probe = FakeMessage("0", FakeChannel("0", None, 0), self.bot_user, components=components)
        for comp in probe.iter_components():
            cid = comp.get("custom_id")
            if cid is not None:
                if len(cid) > 100:
                    problems.append(f"custom_id {cid!r} > 100 characters")
                if cid in seen:
                    problems.append(f"custom_id {cid!r} is duplicated")
                seen.add(cid)
            if comp.get("type") == 2:
                if len(comp.get("label") or "") > 80:
                    problems.append(f"button label {comp.get('label')!r} > 80")
                if comp.get("style") != 5 and comp.get("style") != 6 and cid is None:
                    problems.append("button without custom_id")
            if comp.get("type") == 3:
                options = comp.get("options") or []
                if not 1 <= len(options) <= 25:
                    problems.append(f"select {cid!r}: {len(options)} options (1..25)")
                values = [o.get("value") for o in options]
                if len(set(values)) != len(values):
                    problems.append(f"select {cid!r}: duplicated option values")
                for o in options:
                    if len(o.get("label") or "") > 100 or len(o.get("value") or "") > 100:
                        problems.append(f"select {cid!r}: option label/value > 100")
                lo, hi = comp.get("min_values", 1), comp.get("max_values", 1)
                if not 0 <= lo <= hi <= 25 or hi > len(options):
                    problems.append(f"select {cid!r}: min/max values {lo}/{hi} invalid")
                if len(comp.get("placeholder") or "") > 150:
                    problems.append(f"select {cid!r}: placeholder > 150")
        if problems:
            raise invalid_form(problems)

    @staticmethod
    def _component_emojis(components: list[dict[str, Any]] | None) -> list[dict[str, Any]]:
        """The ``emoji`` of every button and select option in ``components``."""
        return [emoji for _, emoji in FakeDiscord._emojis_at(components)]

    @staticmethod
    def _emojis_at(
        components: list[dict[str, Any]] | None, at: tuple[str, ...] = ("components",)
    ) -> list[tuple[tuple[str, ...], dict[str, Any]]]:
        """Each button's and select option's ``emoji`` with its path in the request, as
        Discord names it in an error (``components.0.components.1.emoji``)."""
        found = []
        for i, comp in enumerate(components or []):
            if not isinstance(comp, dict):
                continue
            here = (*at, str(i))
            if isinstance(comp.get("emoji"), dict):
                found.append(((*here, "emoji"), comp["emoji"]))
            for j, option in enumerate(comp.get("options") or []):
                if isinstance(option, dict) and isinstance(option.get("emoji"), dict):
                    found.append(((*here, "options", str(j), "emoji"), option["emoji"]))
            children = list(comp.get("components") or [])
            found.extend(FakeDiscord._emojis_at(children, (*here, "components")))
            if isinstance(comp.get("accessory"), dict):
                found.extend(FakeDiscord._emojis_at([comp["accessory"]], (*here, "accessory")))
        return found

    def _validate_emojis(self, components: list[dict[str, Any]] | None) -> None:
        """Discord refuses a custom emoji it does not know on a button or an option (400,
        ``BUTTON_COMPONENT_INVALID_EMOJI``), and now and then one it knows
        (``refuse_component_emojis``); the fake knows the application's emojis only."""
        if not self.validate:
            return
        custom = [(path, e) for path, e in self._emojis_at(components) if e.get("id") is not None]
        refused = [path for path, e in custom if self.application_emoji(e["id"]) is None]
        by_chance = not refused and custom and self.emoji_refusal_rate > 0
        if by_chance and self._emoji_luck.random() < self.emoji_refusal_rate:
            refused = [custom[0][0]]
        if refused:
            self.emoji_refusals += 1
            raise invalid_emojis([(*path, "name") for path in refused])

    def _components(self, components: list[dict[str, Any]] | None) -> list[dict[str, Any]]:
        """The components as Discord keeps them: a copy, emoji ids as strings."""
        out = copy.deepcopy(components or [])
        for emoji in self._component_emojis(out):
            if emoji.get("id") is not None:
                emoji["id"] = str(emoji["id"])
        return out

    def _check_not_empty(self, data: dict[str, Any], files: list[FakeAttachment]) -> None:
        if not (
            data.get("content")
            or data.get("embeds")
            or data.get("components")
            or files
            or data.get("sticker_ids")
            or data.get("poll")
        ):
            raise ApiError(400, 50006, "Cannot send an empty message")

    # ----------------------------------------------------------- message helpers

    def _attach(self, channel: FakeChannel, att: FakeAttachment) -> FakeAttachment:
        att.id = self.snowflakes.next()
        att.url = f"{self.base_url}/attachments/{channel.id}/{att.id}/{att.filename}"
        return att

    def _new_message(
        self,
        channel: FakeChannel,
        data: dict[str, Any],
        files: list[FakeAttachment],
        *,
        interaction: FakeInteraction | None = None,
        ephemeral_for: FakeUser | None = None,
        type_: int = 0,
        check_empty: bool = True,
    ) -> FakeMessage:
        data = data or {}
        self._validate_message(data, files)
        self._validate_emojis(data.get("components"))
        if check_empty:
            self._check_not_empty(data, files)
        flags = int(data.get("flags") or 0)
        if ephemeral_for is not None:
            flags |= FLAG_EPHEMERAL
        by_index = dict(enumerate(files))
        attachments: list[FakeAttachment] = []
        for spec in data.get("attachments") or [{"id": i} for i in by_index]:
            att = by_index.get(int(spec["id"])) if str(spec["id"]).isdigit() else None
            if att is not None:
                att.description = spec.get("description")
                attachments.append(self._attach(channel, att))
        msg = FakeMessage(
            self.snowflakes.next(),
            channel,
            self.bot_user,
            content=data.get("content") or "",
            embeds=[{"type": "rich", **e} for e in data.get("embeds") or []],
            components=self._components(data.get("components")),
            attachments=attachments,
            flags=flags,
            type=type_,
            ephemeral_for=ephemeral_for,
            interaction=interaction,
            webhook_id=self.application_id if interaction else None,
            message_reference=data.get("message_reference"),
        )
        channel.messages.append(msg)
        self.messages[msg.id] = msg
        return msg

    def _edit(self, msg: FakeMessage, data: dict[str, Any], files: list[FakeAttachment]) -> None:
        data = data or {}
        merged = {
            "content": data.get("content", msg.content),
            "embeds": data.get("embeds", msg.embeds),
            "components": data.get("components", msg.components),
            "flags": data.get("flags", msg.flags),
        }
        self._validate_message(merged, files)
        self._validate_emojis(data.get("components"))
        msg.history.append(msg.payload())
        if "content" in data:
            msg.content = data["content"] or ""
        if "embeds" in data:
            msg.embeds = [{"type": "rich", **e} for e in data["embeds"] or []]
        if "components" in data:
            msg.components = self._components(data["components"])
        if "flags" in data and data["flags"] is not None:
            keep = msg.flags & (FLAG_EPHEMERAL | FLAG_LOADING)
            msg.flags = int(data["flags"]) | keep
        if "attachments" in data or files:
            by_index = dict(enumerate(files))
            old = {a.id: a for a in msg.attachments}
            specs = data.get("attachments")
            if specs is None:
                specs = [{"id": a.id} for a in msg.attachments] + [{"id": i} for i in by_index]
            new: list[FakeAttachment] = []
            for spec in specs:
                sid = str(spec["id"])
                if sid in old:
                    new.append(old[sid])
                elif sid.isdigit() and int(sid) in by_index:
                    new.append(self._attach(msg.channel, by_index[int(sid)]))
            msg.attachments = new
        msg.flags &= ~FLAG_LOADING
        msg.edited_timestamp = now_iso()

    async def _message_event(self, event: str, msg: FakeMessage) -> None:
        if not self.dispatch_message_events or msg.ephemeral:
            return
        intent = INTENT_DM_MESSAGES if msg.channel.is_dm else INTENT_GUILD_MESSAGES
        guild_id = msg.channel.guild.id if msg.channel.guild else None
        if event == "MESSAGE_DELETE":
            data: dict[str, Any] = {"id": msg.id, "channel_id": msg.channel.id}
            if guild_id:
                data["guild_id"] = guild_id
        else:
            data = msg.payload()
        for session in self.sessions:
            if session.owns(guild_id) and session.intents & intent:
                await self._send_event(session, event, data)

    def _channel(self, channel_id: str) -> FakeChannel:
        channel = self.channels.get(channel_id)
        if channel is None:
            raise ApiError(404, 10003, "Unknown Channel")
        return channel

    def _message(self, channel: FakeChannel, message_id: str) -> FakeMessage:
        msg = self.messages.get(message_id)
        if msg is None or msg.channel is not channel or msg.deleted or msg.ephemeral:
            raise ApiError(404, 10008, "Unknown Message")
        return msg

    # ----------------------------------------------------------- REST handlers

    async def _r_gateway(
        self, request: web.Request, params: dict[str, str], body: Any, files: list[FakeAttachment]
    ) -> Answer:
        return 200, {"url": self.gateway_url}

    async def _r_gateway_bot(
        self, request: web.Request, params: dict[str, str], body: Any, files: list[FakeAttachment]
    ) -> Answer:
        total = self.session_starts_total
        return 200, {
            "url": self.gateway_url,
            "shards": self.recommended_shards,
            "session_start_limit": {
                "total": total,
                "remaining": max(0, total - self.session_starts_used),
                "reset_after": 14400000,
                "max_concurrency": self.max_concurrency,
            },
        }

    async def _r_me(
        self, request: web.Request, params: dict[str, str], body: Any, files: list[FakeAttachment]
    ) -> Answer:
        return 200, {
            **self.bot_user.payload(),
            "verified": True,
            "mfa_enabled": False,
            "locale": "en-US",
            "email": None,
            "premium_type": 0,
        }

    async def _r_user(
        self, request: web.Request, params: dict[str, str], body: Any, files: list[FakeAttachment]
    ) -> Answer:
        user = self.users.get(params["user_id"])
        if user is None:
            raise ApiError(404, 10013, "Unknown User")
        return 200, user.payload()

    async def _r_app_info(
        self, request: web.Request, params: dict[str, str], body: Any, files: list[FakeAttachment]
    ) -> Answer:
        return 200, {
            "id": self.application_id,
            "name": self.bot_user.username,
            "icon": None,
            "description": "",
            "summary": "",
            "type": None,
            "hook": True,
            "bot_public": True,
            "bot_require_code_grant": False,
            "verify_key": secrets.token_hex(32),
            "owner": self.owner_user.payload(),
            "team": None,
            "flags": 0,
            "bot": self.bot_user.payload(),
            "rpc_origins": [],
            "redirect_uris": [],
            "interactions_endpoint_url": None,
            "role_connections_verification_url": None,
            "tags": [],
            "install_params": None,
            "integration_types_config": {},
            "approximate_guild_count": len(self.guilds),
        }

    async def _r_create_dm(
        self, request: web.Request, params: dict[str, str], body: Any, files: list[FakeAttachment]
    ) -> Answer:
        user = self.users.get(str((body or {}).get("recipient_id")))
        if user is None:
            raise invalid_form(["recipient_id: unknown user"])
        return 200, self.dm_channel(user).payload()

    def _check_app(self, application_id: str) -> None:
        if application_id != self.application_id:
            raise ApiError(403, 50001, "Missing Access")

    async def _r_get_commands(
        self, request: web.Request, params: dict[str, str], body: Any, files: list[FakeAttachment]
    ) -> Answer:
        self._check_app(params["application_id"])
        gid = params.get("guild_id")
        cmds = self.guild_commands.get(gid, []) if gid else self.global_commands
        return 200, copy.deepcopy(cmds)

    async def _r_put_commands(
        self, request: web.Request, params: dict[str, str], body: Any, files: list[FakeAttachment]
    ) -> Answer:
        self._check_app(params["application_id"])
        gid = params.get("guild_id")
        if gid is not None and gid not in self.guilds:
            raise ApiError(403, 50001, "Missing Access")
        old = {
            c["name"]: c
            for c in (self.guild_commands.get(gid, []) if gid else self.global_commands)
        }
        if not isinstance(body, list) or len(body) > 100:
            raise invalid_form(["body must be a list of at most 100 commands"])
        out: list[dict[str, Any]] = []
        for spec in body:
            prev = old.get(spec["name"])
            cmd = {
                "type": 1,
                "description": "",
                "options": [],
                "default_member_permissions": None,
                "dm_permission": True,
                "nsfw": False,
                "contexts": None,
                "integration_types": [0],
                **copy.deepcopy(spec),
                "id": prev["id"] if prev else self.snowflakes.next(),
                "application_id": self.application_id,
                "version": self.snowflakes.next(),
            }
            if gid:
                cmd["guild_id"] = gid
            out.append(cmd)
        if gid:
            self.guild_commands[gid] = out
        else:
            self.global_commands = out
        key = gid or "global"
        self.sync_counts[key] = self.sync_counts.get(key, 0) + 1
        return 200, copy.deepcopy(out)

    async def _r_guild(
        self, request: web.Request, params: dict[str, str], body: Any, files: list[FakeAttachment]
    ) -> Answer:
        guild = self.guilds.get(params["guild_id"])
        if guild is None:
            raise ApiError(404, 10004, "Unknown Guild")
        data = guild.payload()
        for key in ("members", "channels", "threads", "presences", "voice_states"):
            data.pop(key)
        return 200, data

    async def _r_guild_channels(
        self, request: web.Request, params: dict[str, str], body: Any, files: list[FakeAttachment]
    ) -> Answer:
        guild = self.guilds.get(params["guild_id"])
        if guild is None:
            raise ApiError(404, 10004, "Unknown Guild")
        return 200, [c.payload() for c in guild.channels]

    async def _r_guild_member(
        self, request: web.Request, params: dict[str, str], body: Any, files: list[FakeAttachment]
    ) -> Answer:
        guild = self.guilds.get(params["guild_id"])
        if guild is None:
            raise ApiError(404, 10004, "Unknown Guild")
        member = guild.members.get(params["user_id"])
        if member is None:
            raise ApiError(404, 10007, "Unknown Member")
        return 200, member.payload()

    async def _r_channel(
        self, request: web.Request, params: dict[str, str], body: Any, files: list[FakeAttachment]
    ) -> Answer:
        return 200, self._channel(params["channel_id"]).payload()

    async def _r_typing(
        self, request: web.Request, params: dict[str, str], body: Any, files: list[FakeAttachment]
    ) -> Answer:
        self._channel(params["channel_id"])
        return 204, None

    async def _r_get_messages(
        self, request: web.Request, params: dict[str, str], body: Any, files: list[FakeAttachment]
    ) -> Answer:
        channel = self._channel(params["channel_id"])
        limit = min(int(request.query.get("limit", 50)), 100)
        msgs = [m for m in channel.messages if not m.deleted and not m.ephemeral]
        if "before" in request.query:
            msgs = [m for m in msgs if int(m.id) < int(request.query["before"])]
        if "after" in request.query:
            msgs = [m for m in msgs if int(m.id) > int(request.query["after"])]
            return 200, [m.payload() for m in reversed(msgs[:limit])]
        return 200, [m.payload() for m in reversed(msgs[-limit:])]

    async def _r_create_message(
        self, request: web.Request, params: dict[str, str], body: Any, files: list[FakeAttachment]
    ) -> Answer:
        channel = self._channel(params["channel_id"])
        body = body or {}
        if channel.is_dm and channel.recipient is not None and not channel.recipient.dms_open:
            code = channel.recipient.dm_refusal
            raise ApiError(403, code, DM_REFUSALS.get(code, DM_REFUSALS[50007]))
        if channel.guild is not None:
            self._check_bot_may_post(channel, files)
        if channel.is_thread:
            await self._check_thread_postable(channel)
        elif not channel.bot_can_send:
            raise ApiError(403, 50013, "Missing Permissions")
        nonce = body.get("nonce")
        key = None
        if nonce is not None:
            if not isinstance(nonce, str | int) or len(str(nonce)) > 25:
                raise invalid_form([f"nonce: {str(nonce)[:30]!r} is not a string of 25 or less"])
            key = (self.bot_user.id, channel.id, str(nonce))
            seen = self._nonces.get(key)
            if (
                body.get("enforce_nonce")
                and seen is not None
                and self.now() - seen[1] <= NONCE_WINDOW
                and not seen[0].deleted
            ):
                return 200, seen[0].payload()  # Discord: the message this nonce created
        msg = self._new_message(channel, body, files)
        if key is not None:
            msg.nonce = key[2]
            self._nonces[key] = (msg, self.now())
        if channel.is_thread:
            channel.sent_count += 1
        await self._message_event("MESSAGE_CREATE", msg)
        return 200, msg.payload()

    async def _r_get_message(
        self, request: web.Request, params: dict[str, str], body: Any, files: list[FakeAttachment]
    ) -> Answer:
        channel = self._channel(params["channel_id"])
        return 200, self._message(channel, params["message_id"]).payload()

    async def _r_edit_message(
        self, request: web.Request, params: dict[str, str], body: Any, files: list[FakeAttachment]
    ) -> Answer:
        channel = self._channel(params["channel_id"])
        msg = self._message(channel, params["message_id"])
        if msg.author is not self.bot_user:
            raise ApiError(403, 50005, "Cannot edit a message authored by another user")
        self._check_bot_may_edit(channel, files)
        if self.wall_time() - snowflake_time(msg.id) > OLD_MESSAGE_AGE:
            if msg.old_edits >= self.old_message_edits:
                raise ApiError(
                    400, 30046, "Maximum number of edits to messages older than 1 hour reached"
                )
            msg.old_edits += 1
        self._edit(msg, body or {}, files)
        await self._message_event("MESSAGE_UPDATE", msg)
        return 200, msg.payload()

    # threads

    def _bot_permissions(self, channel: FakeChannel) -> int:
        assert channel.guild is not None
        return channel.guild.permissions_in(channel, self.bot_user)

    def _check_bot_may_post(self, channel: FakeChannel, files: list[FakeAttachment]) -> None:
        """Discord's refusals of a post in a server's channel: 403 Missing Access without
        View Channel, Missing Permissions without Send Messages (Send Messages in Threads
        in a thread) or, with files, Attach Files."""
        perms = self._bot_permissions(channel)
        send = P_SEND_MESSAGES_IN_THREADS if channel.is_thread else P_SEND_MESSAGES
        if not perms & P_VIEW_CHANNEL:
            raise ApiError(403, 50001, "Missing Access")
        if not perms & send or (files and not perms & P_ATTACH_FILES):
            raise ApiError(403, 50013, "Missing Permissions")

    def _check_bot_may_edit(self, channel: FakeChannel, files: list[FakeAttachment]) -> None:
        """An edit of the bot's own message needs View Channel (and Attach Files for new
        files), not Send Messages."""
        if channel.guild is None:
            return
        perms = self._bot_permissions(channel)
        if not perms & P_VIEW_CHANNEL:
            raise ApiError(403, 50001, "Missing Access")
        if files and not perms & P_ATTACH_FILES:
            raise ApiError(403, 50013, "Missing Permissions")

    def _thread_parent(self, channel: FakeChannel, thread_type: int) -> FakeGuild:
        """Refuse to start a thread where Discord would: not a text channel, or without
        the permission to create that kind of thread; returns the channel's guild."""
        if channel.type != CT_GUILD_TEXT or channel.guild is None:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        public = thread_type == CT_PUBLIC_THREAD
        needed = P_CREATE_PUBLIC_THREADS if public else P_CREATE_PRIVATE_THREADS
        perms = self._bot_permissions(channel)
        if not perms & P_VIEW_CHANNEL or not perms & needed:
            raise ApiError(403, 50013, "Missing Permissions")
        return channel.guild

    def _thread_options(self, body: dict[str, Any]) -> tuple[str, int]:
        name = body.get("name")
        duration = body.get("auto_archive_duration") or 4320
        problems = []
        if not isinstance(name, str) or not 1 <= len(name) <= 100:
            problems.append(f"name: {str(name)[:30]!r} must be 1 to 100 characters")
        if duration not in ARCHIVE_DURATIONS:
            problems.append(f"auto_archive_duration: {duration!r} not in {ARCHIVE_DURATIONS}")
        if problems:
            raise invalid_form(problems)
        assert isinstance(name, str)
        return name, int(duration)

    async def _new_thread(
        self,
        parent: FakeChannel,
        thread_id: str,
        name: str,
        thread_type: int,
        duration: int,
    ) -> FakeChannel:
        guild = parent.guild
        assert guild is not None
        if sum(not t.archived for t in guild.threads) >= guild.max_active_threads:
            raise ApiError(400, 160006, "Maximum number of active threads reached")
        thread = FakeChannel(
            thread_id,
            name,
            thread_type,
            guild=guild,
            parent=parent,
            owner=self.bot_user,
            auto_archive_duration=duration,
            members=[self.bot_user],
        )
        guild.threads.append(thread)
        self.channels[thread.id] = thread
        if self._live:
            await self.dispatch(
                "THREAD_CREATE",
                {**thread.payload(), "newly_created": True, "member": self._thread_member(thread)},
            )
        return thread

    def _thread_member(self, thread: FakeChannel) -> dict[str, Any]:
        return {
            "id": thread.id,
            "user_id": self.bot_user.id,
            "join_timestamp": thread.created_timestamp,
            "flags": 0,
        }

    async def _r_thread_from_message(
        self, request: web.Request, params: dict[str, str], body: Any, files: list[FakeAttachment]
    ) -> Answer:
        channel = self._channel(params["channel_id"])
        self._thread_parent(channel, CT_PUBLIC_THREAD)
        msg = self._message(channel, params["message_id"])
        if msg.thread is not None:
            raise ApiError(400, 160004, "A thread has already been created for this message")
        name, duration = self._thread_options(body or {})
        # Discord: a thread started from a message has the message's id.
        thread = await self._new_thread(channel, msg.id, name, CT_PUBLIC_THREAD, duration)
        msg.thread = thread
        msg.flags |= FLAG_HAS_THREAD
        return 201, {**thread.payload(), "member": self._thread_member(thread)}

    async def _r_thread_without_message(
        self, request: web.Request, params: dict[str, str], body: Any, files: list[FakeAttachment]
    ) -> Answer:
        channel = self._channel(params["channel_id"])
        body = body or {}
        thread_type = body.get("type")  # required in API v10
        if thread_type not in THREAD_TYPES:
            raise invalid_form([f"type: {thread_type!r} is not a thread type (11 or 12)"])
        guild = self._thread_parent(channel, thread_type)
        name, duration = self._thread_options(body)
        thread = await self._new_thread(
            channel, self.snowflakes.next(), name, thread_type, duration
        )
        if thread_type == CT_PUBLIC_THREAD:
            # Discord: "<user> started a thread: <name>" in the parent channel.
            notice = self._new_message(
                channel, {"content": name}, [], type_=MT_THREAD_CREATED, check_empty=False
            )
            notice.message_reference = {"channel_id": thread.id, "guild_id": guild.id}
            await self._message_event("MESSAGE_CREATE", notice)
        return 201, {**thread.payload(), "member": self._thread_member(thread)}

    async def _check_thread_postable(self, thread: FakeChannel) -> None:
        """Posting in a thread needs Send Messages in Threads; an archived thread is
        unarchived by the post unless it is locked."""
        if not self._bot_permissions(thread) & P_SEND_MESSAGES_IN_THREADS:
            raise ApiError(403, 50013, "Missing Permissions")
        if thread.archived:
            if thread.locked:
                raise ApiError(400, 50083, "Operation cannot be performed on an archived thread")
            thread.archived = False
            thread.archive_timestamp = now_iso()
            await self._thread_update(thread)

    async def _thread_update(self, thread: FakeChannel) -> None:
        if self._live:
            await self.dispatch("THREAD_UPDATE", thread.payload())

    async def _r_edit_channel(
        self, request: web.Request, params: dict[str, str], body: Any, files: list[FakeAttachment]
    ) -> Answer:
        channel = self._channel(params["channel_id"])
        if not channel.is_thread:
            raise invalid_form(["the fake edits threads only (archived, locked, name)"])
        body = body or {}
        perms = self._bot_permissions(channel)
        moderator = bool(perms & P_MANAGE_THREADS)
        unknown = set(body) - {"name", "archived", "locked", "auto_archive_duration"}
        if unknown:
            raise invalid_form([f"{sorted(unknown)}: not editable on a thread in the fake"])
        if channel.owner is not self.bot_user and not moderator:
            raise ApiError(403, 50013, "Missing Permissions")
        if ("locked" in body or channel.locked) and not moderator:
            # Discord: only Manage Threads locks a thread or touches a locked one.
            raise ApiError(403, 50013, "Missing Permissions")
        if "name" in body or "auto_archive_duration" in body:
            channel.name, channel.auto_archive_duration = self._thread_options(
                {
                    "name": body.get("name", channel.name),
                    "auto_archive_duration": body.get(
                        "auto_archive_duration", channel.auto_archive_duration
                    ),
                }
            )
        if "locked" in body:
            channel.locked = bool(body["locked"])
        if "archived" in body and bool(body["archived"]) != channel.archived:
            channel.archived = bool(body["archived"])
            channel.archive_timestamp = now_iso()
        await self._thread_update(channel)
        return 200, channel.payload()

    async def _r_delete_message(
        self, request: web.Request, params: dict[str, str], body: Any, files: list[FakeAttachment]
    ) -> Answer:
        channel = self._channel(params["channel_id"])
        msg = self._message(channel, params["message_id"])
        msg.deleted = True
        await self._message_event("MESSAGE_DELETE", msg)
        return 204, None

    # application emojis

    @staticmethod
    def _data_uri(content_type: str, data: bytes) -> str:
        return f"data:{content_type};base64,{base64.b64encode(data).decode()}"

    def _new_application_emoji(self, name: Any, image: Any) -> FakeEmoji:
        """Check an upload as Discord does, then keep it."""
        problems = []
        if not isinstance(name, str) or not EMOJI_NAME.fullmatch(name):
            problems.append(f"name: {str(name)[:40]!r} must be 2 to 32 of [A-Za-z0-9_]")
        content_type, data = "", b""
        match = (
            re.fullmatch(r"data:(image/[a-z]+);base64,(.*)", image, re.DOTALL)
            if isinstance(image, str)
            else None
        )
        if match is None:
            problems.append("image: not a data URI (data:image/...;base64,...)")
        else:
            content_type = match.group(1)
            try:
                data = base64.b64decode(match.group(2), validate=True)
            except binascii.Error:
                problems.append("image: invalid base64")
            magic = EMOJI_IMAGE_TYPES.get(content_type)
            if magic is None:
                problems.append(f"image: {content_type} is not PNG, JPEG or GIF")
            elif data and not data.startswith(magic):
                problems.append(f"image: the data is not {content_type}")
            if len(data) > EMOJI_MAX_BYTES:
                problems.append(f"image: {len(data)} bytes > {EMOJI_MAX_BYTES}")
        if problems:
            raise invalid_form(problems)
        assert isinstance(name, str)
        if any(e.name == name for e in self.application_emojis):
            raise invalid_form([f"name: {name!r} APPLICATION_EMOJI_NAME_ALREADY_TAKEN"])
        if len(self.application_emojis) >= MAX_APPLICATION_EMOJIS:
            raise ApiError(
                400, 30018, f"Maximum number of emojis reached ({MAX_APPLICATION_EMOJIS})"
            )
        emoji = FakeEmoji(self.snowflakes.next(), name, data, content_type, self.bot_user)
        self.application_emojis.append(emoji)
        return emoji

    def _application_emoji(self, params: dict[str, str]) -> FakeEmoji:
        self._check_app(params["application_id"])
        emoji = self.application_emoji(params["emoji_id"])
        if emoji is None:
            raise ApiError(404, 10014, "Unknown Emoji")
        return emoji

    async def _r_list_emojis(
        self, request: web.Request, params: dict[str, str], body: Any, files: list[FakeAttachment]
    ) -> Answer:
        self._check_app(params["application_id"])
        return 200, {"items": [e.payload() for e in self.application_emojis]}

    async def _r_create_emoji(
        self, request: web.Request, params: dict[str, str], body: Any, files: list[FakeAttachment]
    ) -> Answer:
        self._check_app(params["application_id"])
        body = body if isinstance(body, dict) else {}
        return 201, self._new_application_emoji(body.get("name"), body.get("image")).payload()

    async def _r_get_emoji(
        self, request: web.Request, params: dict[str, str], body: Any, files: list[FakeAttachment]
    ) -> Answer:
        return 200, self._application_emoji(params).payload()

    async def _r_edit_emoji(
        self, request: web.Request, params: dict[str, str], body: Any, files: list[FakeAttachment]
    ) -> Answer:
        emoji = self._application_emoji(params)
        name = (body or {}).get("name")
        if not isinstance(name, str) or not EMOJI_NAME.fullmatch(name):
            raise invalid_form([f"name: {str(name)[:40]!r} must be 2 to 32 of [A-Za-z0-9_]"])
        if any(e.name == name and e is not emoji for e in self.application_emojis):
            raise invalid_form([f"name: {name!r} APPLICATION_EMOJI_NAME_ALREADY_TAKEN"])
        emoji.name = name
        return 200, emoji.payload()

    async def _r_delete_emoji(
        self, request: web.Request, params: dict[str, str], body: Any, files: list[FakeAttachment]
    ) -> Answer:
        self.application_emojis.remove(self._application_emoji(params))
        return 204, None

    # interactions

    def _interaction(self, token: str, interaction_id: str | None = None) -> FakeInteraction:
        for inter in self.interactions.values():
            if inter.token == token and (interaction_id is None or inter.id == interaction_id):
                return inter
        raise ApiError(404, 10062 if interaction_id else 10015, "Unknown interaction")

    async def _r_callback(
        self, request: web.Request, params: dict[str, str], body: Any, files: list[FakeAttachment]
    ) -> Answer:
        inter = self._interaction(params["token"], params["interaction_id"])
        delay = self.now() - inter.created
        if inter.responded:
            raise ApiError(400, 40060, "Interaction has already been acknowledged.")
        if delay > self.interaction_timeout:
            inter.errors.append({"late": delay})
            raise ApiError(404, 10062, "Unknown interaction")
        body = body or {}
        cb_type = body.get("type")
        data = body.get("data") or {}
        ephemeral = bool((data.get("flags") or 0) & FLAG_EPHEMERAL)
        owner = inter.user if ephemeral else None
        msg: FakeMessage | None = None
        is_component = (
            inter.type in (IT_COMPONENT, IT_MODAL_SUBMIT) and inter.source_message is not None
        )
        if inter.type == IT_AUTOCOMPLETE and cb_type != CB_AUTOCOMPLETE:
            inter.errors.append({"callback type": cb_type})
            raise ApiError(400, 40043, "Interaction response type not allowed")
        msg_type = 20 if inter.type == IT_APPLICATION_COMMAND else 0
        with _under_data():
            if cb_type == CB_MESSAGE:
                msg = self._new_message(
                    inter.channel,
                    data,
                    files,
                    interaction=inter,
                    ephemeral_for=owner,
                    type_=msg_type,
                )
                inter.original = msg
            elif cb_type == CB_DEFERRED_MESSAGE:
                msg = self._new_message(
                    inter.channel,
                    {"flags": FLAG_LOADING | (data.get("flags") or 0)},
                    [],
                    interaction=inter,
                    ephemeral_for=owner,
                    type_=msg_type,
                    check_empty=False,
                )
                inter.original = msg
            elif cb_type in (CB_DEFERRED_UPDATE, CB_UPDATE_MESSAGE):
                if not is_component:
                    raise ApiError(400, 40043, "Interaction response type not allowed")
                msg = inter.source_message
                assert msg is not None
                if cb_type == CB_UPDATE_MESSAGE:
                    self._edit(msg, data, files)
                inter.original = msg
            elif cb_type == CB_MODAL:
                inter.modal = data
            elif cb_type == CB_AUTOCOMPLETE:
                if inter.type != IT_AUTOCOMPLETE:
                    raise ApiError(400, 40043, "Interaction response type not allowed")
                inter.choices = self._checked_choices(inter, data)
            else:
                raise invalid_form([f"type: unsupported callback type {cb_type}"])
        inter.callbacks.append({"type": cb_type, "data": data, "delay": delay})
        if msg is not None and cb_type == CB_MESSAGE:
            await self._message_event("MESSAGE_CREATE", msg)
        elif msg is not None and cb_type == CB_UPDATE_MESSAGE:
            await self._message_event("MESSAGE_UPDATE", msg)
        if request.query.get("with_response") not in ("1", "true", "True"):
            return 204, None
        answer: dict[str, Any] = {
            "interaction": {
                "id": inter.id,
                "type": inter.type,
                "response_message_loading": cb_type == CB_DEFERRED_MESSAGE,
                "response_message_ephemeral": bool(msg and msg.ephemeral),
            }
        }
        if msg is not None:
            answer["interaction"]["response_message_id"] = msg.id
            answer["resource"] = {"type": cb_type, "message": msg.payload()}
        elif cb_type == CB_MODAL:
            answer["resource"] = {"type": cb_type}
        return 200, answer

    def _checked_choices(
        self, inter: FakeInteraction, data: dict[str, Any]
    ) -> list[dict[str, Any]]:
        """Discord's limits on an autocomplete answer: at most 25 choices, names of 1 to
        100 characters, string values of at most 100."""
        choices = data.get("choices")
        problems = []
        if not isinstance(choices, list):
            problems.append("choices: missing")
            choices = []
        if len(choices) > 25:
            problems.append(f"choices: {len(choices)} > 25")
        for i, choice in enumerate(choices):
            name, value = choice.get("name"), choice.get("value")
            if not isinstance(name, str) or not 1 <= len(name) <= 100:
                problems.append(f"choices[{i}].name: {str(name)[:30]!r} must be 1 to 100 chars")
            if isinstance(value, str) and len(value) > 100:
                problems.append(f"choices[{i}].value: {len(value)} > 100 characters")
            elif not isinstance(value, str | int | float):
                problems.append(f"choices[{i}].value: {value!r} is not a string or number")
        if problems:
            inter.errors.append({"invalid choices": problems})
            raise invalid_form(problems)
        return copy.deepcopy(choices)

    def _webhook_interaction(self, params: dict[str, str]) -> FakeInteraction:
        """The interaction a webhook route's token belongs to, if the token still works:
        Discord refuses it 15 minutes after the interaction was created."""
        self._check_app(params["application_id"])
        inter = self._interaction(params["token"])
        age = self.now() - inter.created
        if age > TOKEN_LIFETIME:
            inter.errors.append({"expired token": age})
            raise ApiError(401, 50027, "Invalid Webhook Token")
        return inter

    def _wh_message(self, inter: FakeInteraction, message_id: str) -> FakeMessage:
        if message_id == "@original":
            if inter.original is None or inter.original.deleted:
                raise ApiError(404, 10008, "Unknown Message")
            return inter.original
        msg = self.messages.get(message_id)
        if msg is None or msg.deleted or (msg is not inter.original and msg not in inter.followups):
            raise ApiError(404, 10008, "Unknown Message")
        return msg

    async def _r_followup(
        self, request: web.Request, params: dict[str, str], body: Any, files: list[FakeAttachment]
    ) -> Answer:
        inter = self._webhook_interaction(params)
        if not inter.responded:
            raise ApiError(404, 10015, "Unknown Webhook")
        body = body or {}
        original = inter.original
        if original is not None and original.loading and not original.deleted:
            # Discord: the first followup after a deferred response replaces the
            # loading message (keeping the defer's ephemerality).
            self._check_not_empty(body, files)
            self._edit(original, body, files)
            inter.followups.append(original)
            await self._message_event("MESSAGE_UPDATE", original)
            msg = original
        else:
            ephemeral = bool((body.get("flags") or 0) & FLAG_EPHEMERAL)
            msg = self._new_message(
                inter.channel,
                body,
                files,
                interaction=inter,
                ephemeral_for=inter.user if ephemeral else None,
            )
            inter.followups.append(msg)
            await self._message_event("MESSAGE_CREATE", msg)
        if request.query.get("wait") in ("true", "True", "1"):
            return 200, msg.payload()
        return 204, None

    async def _r_wh_get(
        self, request: web.Request, params: dict[str, str], body: Any, files: list[FakeAttachment]
    ) -> Answer:
        inter = self._webhook_interaction(params)
        return 200, self._wh_message(inter, params["message_id"]).payload()

    async def _r_wh_edit(
        self, request: web.Request, params: dict[str, str], body: Any, files: list[FakeAttachment]
    ) -> Answer:
        inter = self._webhook_interaction(params)
        msg = self._wh_message(inter, params["message_id"])
        self._edit(msg, body or {}, files)
        await self._message_event("MESSAGE_UPDATE", msg)
        return 200, msg.payload()

    async def _r_wh_delete(
        self, request: web.Request, params: dict[str, str], body: Any, files: list[FakeAttachment]
    ) -> Answer:
        inter = self._webhook_interaction(params)
        msg = self._wh_message(inter, params["message_id"])
        msg.deleted = True
        await self._message_event("MESSAGE_DELETE", msg)
        return 204, None


# --------------------------------------------------------------------------- test helpers


@dataclass
class World:
    """A server with one table channel and a few users (see :func:`build_world`)."""

    guild: FakeGuild
    table: FakeChannel
    alice: FakeUser  # locale fr
    bob: FakeUser
    carol: FakeUser  # DMs closed
    outsider: FakeUser  # in the server, never seated


def build_world(
    fake: FakeDiscord, *, shard: int | None = None, shard_count: int | None = None
) -> World:
    """The usual server, table and users; with ``shard`` and ``shard_count``, the server is
    on that gateway shard."""
    guild = fake.add_guild(
        "Tarot Club", preferred_locale="fr", shard=shard, shard_count=shard_count
    )
    table = guild.add_text_channel("tarot")
    return World(
        guild=guild,
        table=table,
        alice=fake.add_user("alice", guild=guild, locale="fr"),
        bob=fake.add_user("bob", guild=guild),
        carol=fake.add_user("carol", guild=guild, dms_open=False),
        outsider=fake.add_user("dave", guild=guild),
    )


# --------------------------------------------------------------------------- discord.py glue


def point_discord_py_at(
    fake: FakeDiscord | str, gateway_url: str | None = None
) -> Callable[[], None]:
    """Point discord.py's REST base and default gateway at the fake; returns an undo.

    Takes the fake itself, or (in another process) its ``rest_base`` and ``gateway_url``.
    """
    import discord.gateway
    import discord.http
    import yarl

    if isinstance(fake, FakeDiscord):
        rest_base, gateway_url = fake.rest_base, fake.gateway_url
    else:
        rest_base = fake
    assert gateway_url is not None
    old_base = discord.http.Route.BASE
    old_gateway = discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    discord.http.Route.BASE = rest_base
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)

    def undo() -> None:
        discord.http.Route.BASE = old_base
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = old_gateway

    return undo


@contextlib.asynccontextmanager
async def run_client(
    fake: FakeDiscord,
    client: Any,
    *,
    token: str | None = None,
    wait_ready: bool = True,
    fast_reidentify: bool = True,
    timeout: float = 10.0,
) -> AsyncIterator[Any]:
    """Run ``client.start(token)`` against ``fake`` as a task; close it on exit.

    ``fast_reidentify`` removes discord.py's 5 s sleep before every non-initial
    IDENTIFY (after an invalid session). With ``wait_ready`` the context is entered
    once ``client.wait_until_ready()`` returns (pass ``guild_ready_timeout=0.05`` to
    the client to avoid its 2 s wait after the last GUILD_CREATE).
    """
    undo = point_discord_py_at(fake)
    if fast_reidentify:

        async def before_identify_hook(shard_id: int | None, *, initial: bool = False) -> None:
            return None

        client.before_identify_hook = before_identify_hook
    task = asyncio.create_task(client.start(token or fake.token), name="discord-client")
    try:
        if wait_ready:
            ready = asyncio.create_task(client.wait_until_ready())
            done, _ = await asyncio.wait(
                {ready, task}, timeout=timeout, return_when="FIRST_COMPLETED"
            )
            if ready not in done:
                ready.cancel()
                if task in done:
                    task.result()  # raises the client's error
                raise TimeoutError("the client did not become ready")
        yield client
    finally:
        await client.close()
        try:
            await asyncio.wait_for(task, timeout=5)
        except (TimeoutError, asyncio.CancelledError):
            task.cancel()
        finally:
            undo()


def main(argv: list[str] | None = None) -> None:
    """Run a module (e.g. ``bot``) in this process with discord.py pointed at a fake.

    ``python tests/e2e/fake_discord.py REST_BASE GATEWAY_URL MODULE [ARGS...]`` — for
    tests that run the bot as a separate process (to SIGKILL and restart it).
    """
    import runpy
    import sys

    import discord

    args = sys.argv[1:] if argv is None else argv
    rest_base, gateway_url, module, *rest = args
    point_discord_py_at(rest_base, gateway_url)

    async def before_identify_hook(
        self: Any, shard_id: int | None, *, initial: bool = False
    ) -> None:
        return None

    discord.Client.before_identify_hook = before_identify_hook  # type: ignore[method-assign]
    # The test modules it runs import the tests' shared helpers (``builders``) from the
    # folder above this one, as under pytest, where the project's root comes first (its
    # ``bot`` package, not the ``tests/bot`` folder).
    here = Path(__file__).resolve().parent
    sys.path[1:1] = [str(here.parent.parent), str(here.parent)]
    sys.argv = [module, *rest]
    runpy.run_module(module, run_name="__main__", alter_sys=True)


if __name__ == "__main__":
    main()
