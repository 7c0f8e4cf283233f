"""Several bot processes, each running some of the gateway shards: a table belongs to the
process whose shards hold its server, but Discord delivers every click made in a DM on
shard 0. Such a click for a table of another process is carried there through the
database (``storage.ClickRoutes``: PostgreSQL's LISTEN/NOTIFY), where the owner answers it
through the click's own interaction, exactly as if Discord had sent it there: the same
handler, the same answer, no second code path.

Exactly once: the receiver stores the click and waits ``CLAIM_WAIT``; the owner claims it
(one UPDATE from 'pending'); if nobody has when the wait ends, the receiver refuses it
(the same UPDATE, so only one of them wins) and tells the player to try again. A click is
thus applied once or refused once, and answered within Discord's 3 seconds either way.

Never unanswered: once its answer is sent the owner marks the click 'answered'. A click
still only 'taken' at ``ANSWER_WAIT`` had an owner that stopped between claiming and
answering; the receiver then tells the player to look at the table, since the move may
have been made (it is never made twice: the click was claimed once). Discord itself
accepts one answer per interaction, so an owner answering at that very moment and the
receiver cannot both be heard.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import discord

from bot.failures import log_failure
from bot.storage import ClickRoutes
from bot.tables import RefusalCode, Refused

if TYPE_CHECKING:
    from .client import TarotBot

log = logging.getLogger(__name__)

CLAIM_WAIT = 1.5
"""Seconds a routed click waits for its owner before it is refused (Discord allows 3)."""
ANSWER_WAIT = 2.5
"""Seconds after which a click taken but not answered is answered by its receiver."""
POLL = 0.05
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
        self.routed: set[int] = set()
        """Clicks this process handed over: the dropped-click fallback leaves them alone."""
        self._parse: Callable[[dict[str, Any]], None] | None = None
        self._claims: set[asyncio.Task[None]] = set()
        self._taken: set[int] = set()
        """Clicks this process claimed and has not yet seen answered."""

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

    def handed_over(self, interaction_id: int) -> bool:
        """Whether this process handed the click to another (which answers it); asked
        once per click, by the dropped-click fallback, so the click is then let go."""
        if interaction_id not in self.routed:
            return False
        self.routed.discard(interaction_id)
        return True

    async def start(self) -> None:
        """Listen for the clicks routed to this process's shards."""
        storage = self.bot.storage
        if not self.splits or not isinstance(storage, ClickRoutes):
            return
        assert self.shards is not None
        await storage.listen_clicks(self.shards, self._heard)

    def _heard(self, interaction_id: int) -> None:
        task = asyncio.get_running_loop().create_task(self._take(interaction_id))
        self._claims.add(task)
        task.add_done_callback(self._claims.discard)

    async def _take(self, interaction_id: int) -> None:
        storage = self.bot.storage
        assert isinstance(storage, ClickRoutes) and self._parse is not None
        try:
            payload = await storage.claim_click(interaction_id, CLAIM_WAIT)
            if payload is not None:
                self._taken.add(interaction_id)
                self._parse(payload)  # as if Discord had sent it here
        except Exception as e:
            log_failure(log, f"taking routed click {interaction_id}", e)

    async def answered(self, interaction: discord.Interaction[Any]) -> None:
        """For a click this process took from another: mark it answered once its answer
        is sent, so that its receiver does not answer it too."""
        if interaction.id not in self._taken:
            return
        self._taken.discard(interaction.id)
        storage = self.bot.storage
        assert isinstance(storage, ClickRoutes)
        deadline = asyncio.get_running_loop().time() + ANSWER_WAIT
        while not interaction.response.is_done():
            if asyncio.get_running_loop().time() > deadline:
                return  # the receiver answers it
            await asyncio.sleep(POLL / 5)
        try:
            await storage.answer_click(interaction.id)
        except Exception as e:
            log_failure(log, f"marking routed click {interaction.id} answered", e)

    async def elsewhere(self, interaction: discord.Interaction[Any], game_id: int) -> bool:
        """Hand a DM click for a table another process owns to that process: True once it
        took it (it answers); a refusal if nobody did in time; False for a click to
        handle here."""
        storage = self.bot.storage
        if not self.splits or interaction.guild_id is not None:
            return False
        if not isinstance(storage, ClickRoutes):
            return False
        stored = await storage.game(game_id)
        if stored is None or stored.guild_id is None or self.owns(stored.guild_id):
            return False
        payload = self._raw.pop(interaction.id, None)
        if payload is None:
            return False
        self.routed.add(interaction.id)
        clock = asyncio.get_running_loop().time
        started = clock()
        await storage.route_click(interaction.id, shard_of(stored.guild_id, self.count), payload)
        state = await self._state_after(interaction.id, started + CLAIM_WAIT, "pending")
        if state == "pending" and await storage.refuse_click(interaction.id):
            self.routed.discard(interaction.id)
            raise Refused(RefusalCode.ELSEWHERE, "the process that runs this table did not answer")
        # Taken (perhaps at the last moment): the owner answers, unless it stops first.
        if await self._state_after(interaction.id, started + ANSWER_WAIT, "taken") == "taken":
            self.routed.discard(interaction.id)
            raise Refused(
                RefusalCode.UNANSWERED, "the process that took this click did not answer it"
            )
        return True

    async def _state_after(self, interaction_id: int, deadline: float, state: str) -> str | None:
        """The click's state once it is no longer ``state``, or at ``deadline``."""
        storage = self.bot.storage
        assert isinstance(storage, ClickRoutes)
        clock = asyncio.get_running_loop().time
        while True:
            found = await storage.click_state(interaction_id)
            if found != state or clock() >= deadline:
                return found
            await asyncio.sleep(POLL)
