"""Several bot processes, each running some of the gateway shards: a table belongs to the
process whose shards hold its server, but Discord delivers every click made in a DM on
shard 0. Such a click for a table of another process is carried there through the
database (``storage.ClickRoutes``: PostgreSQL's LISTEN/NOTIFY), where the owner answers it
through the click's own interaction, exactly as if Discord had sent it there: the same
handler, the same answer, no second code path. The receiver defers the click before
handing it over, so the owner answers through its token (``answering.py``): the
database path is not bound by Discord's 3 seconds.

The hand-over itself (exactly once, never unanswered) is ``bot/handover.py``; here, what
Discord adds. A click nobody took in time is refused (try again); one whose owner stopped
after taking it is answered by its receiver (look at the table: the move may have been
made, never twice). Discord itself accepts one answer per interaction, so an owner
answering at that very moment and the receiver cannot both be heard.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import discord

from bot import handover
from bot.failures import log_failure
from bot.storage import ClickRoutes
from bot.tables import RefusalCode, Refused

from . import answering

if TYPE_CHECKING:
    from .client import TarotBot

log = logging.getLogger(__name__)

KEPT = 1000
"""Raw click payloads kept for routing: only the clicks under way."""


def shard_of(guild_id: int, shard_count: int) -> int:
    """Discord's rule: the shard that receives a server's events."""
    return (guild_id >> 22) % shard_count


class ClickRouter:
    def __init__(self, bot: TarotBot) -> None:
        self.bot = bot
        self.shards = bot.settings.shards
        self.count = bot.settings.shard_count or 1
        self._raw: OrderedDict[int, dict[str, Any]] = OrderedDict()
        self._parse: Callable[[dict[str, Any]], None] | None = None
        self._claims: set[asyncio.Task[None]] = set()
        self._taken: dict[int, answering.Click] = {}
        """Clicks this process claimed and has not yet seen answered."""
        self.routes: ClickRoutes | None = None
        """The database clicks cross, once ``start`` found it (a process running every
        shard has none)."""

    @property
    def splits(self) -> bool:
        """This process runs only some of the shards."""
        return self.shards is not None

    def owns(self, guild_id: int) -> bool:
        return self.shards is None or shard_of(guild_id, self.count) in self.shards

    def install(self) -> None:
        """Keep each DM click's raw interaction (discord.py keeps only the parsed one), to
        hand it over whole; a process that runs every shard keeps nothing."""
        if not self.splits:
            return
        parsers: dict[str, Callable[[dict[str, Any]], None]] | None = getattr(
            self.bot._connection, "parsers", None
        )
        parse = None if parsers is None else parsers.get("INTERACTION_CREATE")
        if parsers is None or parse is None:  # discord.py's internals, which could change
            raise RuntimeError(
                f"discord.py {discord.__version__} gives no way to keep a DM click's"
                " interaction for the process that owns its table: run one process"
                " (without TAROT_SHARDS), or the discord.py version in pyproject.toml"
            )
        self._parse = parse

        def keeping(data: dict[str, Any]) -> None:
            if data.get("type") == 3 and data.get("guild_id") is None:
                self._raw[int(data["id"])] = data
                while len(self._raw) > KEPT:
                    self._raw.popitem(last=False)
            parse(data)

        parsers["INTERACTION_CREATE"] = keeping

    async def start(self) -> None:
        """Listen for the clicks routed to this process's shards."""
        if self.shards is None:
            return
        storage = self.bot.storage
        if not isinstance(storage, ClickRoutes):  # the settings refuse this already
            raise RuntimeError("a process running some of the shards needs PostgreSQL")
        self.routes = storage
        await storage.listen_clicks(self.shards, self._heard, handover.CLAIM_WAIT)

    def _heard(self, interaction_id: int) -> None:
        task = asyncio.get_running_loop().create_task(self._take(interaction_id))
        self._claims.add(task)
        task.add_done_callback(self._claims.discard)

    async def _take(self, interaction_id: int) -> None:
        assert self.routes is not None and self._parse is not None
        try:
            payload = await handover.claim(self.routes, interaction_id)
            if payload is not None:
                # Its receiver deferred it: the answer goes through its token.
                self._taken[interaction_id] = answering.handed_over(self.bot, interaction_id)
                self._parse(payload)  # as if Discord had sent it here
        except Exception as e:
            log_failure(log, f"taking routed click {interaction_id}", e)

    async def answered(self, interaction: discord.Interaction[Any]) -> None:
        """For a click this process took from another: mark it answered once its answer
        is sent, so that its receiver does not answer it too."""
        click = self._taken.pop(interaction.id, None)
        if click is None:
            return
        assert self.routes is not None
        try:
            await asyncio.wait_for(click.answered.wait(), handover.ANSWER_WAIT)
        except TimeoutError:
            return  # the receiver answers it
        finally:
            answering.forget(self.bot, interaction.id)
        try:
            await self.routes.answer_click(interaction.id)
        except Exception as e:
            log_failure(log, f"marking routed click {interaction.id} answered", e)

    async def elsewhere(self, interaction: discord.Interaction[Any], game_id: int) -> bool:
        """Hand a DM click for a table another process owns to that process: True once it
        took it (it answers); a refusal if nobody did in time; False for a click to
        handle here. The dropped-click fallback leaves such a click alone as any other a
        handler has (``answering.handling``), and it is deferred before it is handed over."""
        routes = self.routes
        if routes is None or interaction.guild_id is not None:
            return False
        stored = await self.bot.storage.game(game_id)
        if stored is None or stored.guild_id is None or self.owns(stored.guild_id):
            return False
        payload = self._raw.pop(interaction.id, None)
        if payload is None:
            return False
        # Deferred first: the owner answers through the token, however long the database
        # takes; a click Discord no longer takes is not handed over (its move unanswered).
        if not await answering.defer(interaction):
            return True
        shard = shard_of(stored.guild_id, self.count)
        handed = await handover.hand_over(routes, interaction.id, shard, payload)
        if handed == "taken":
            return True  # the owner answers
        if handed == "refused":
            raise Refused(RefusalCode.ELSEWHERE, "the process that runs this table did not answer")
        raise Refused(RefusalCode.UNANSWERED, "the process that took this click did not answer it")
