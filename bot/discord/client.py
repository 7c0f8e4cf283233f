"""The discord.py client: wires settings, storage, the table service and the cogs.

``python -m bot`` opens the storage first (``bot/__main__.py``); ``setup_hook`` then puts
the table service together with its Discord presenter, the controls' handler, the cogs,
and the error boundary every interaction falls back on (``errors.py``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from concurrent.futures import Executor
from functools import partial
from typing import Any

import discord
from discord.ext import commands

from bot.challenges import ChallengeService
from bot.coach import ReviewService
from bot.heap import freeze_startup_objects
from bot.settings import Settings
from bot.storage import DatabaseUnusable, Storage, open_storage
from bot.storage.locations import shown
from bot.tables import TableManager
from bot.tables.thinking import bot_pool

from .cogs.challenge import ChallengeCog, attempt_results
from .cogs.game import GameCog
from .cogs.help import HelpCog
from .cogs.stats import StatsCog
from .command_sync import sync_if_changed
from .daily_challenges import DailyChallenges
from .emojis import CardEmojis, remembered_faces, start_card_emojis
from .errors import TarotCommandTree, answer_dropped_click
from .freshness import RATE_LIMIT_WAIT
from .presenter import DiscordPresenter
from .rate_budget import budget_trace, process_budget
from .routing import ClickRouter
from .shard_check import check_gateway
from .translator import CatalogTranslator
from .ui.challenge_play import ChallengePlayButton
from .ui.challenge_review import ChallengeReviewSelect
from .ui.controls import ControlButton, ControlSelect
from .ui.deal_pictures import DealPictureSelect
from .ui.handler import ControlHandler
from .ui.review_controls import ReviewButton, ReviewSelect, ShareButton

log = logging.getLogger(__name__)

FALLBACK_AFTER = 2.0
"""Seconds after its creation (Discord's clock) before a component click no handler has
and nobody answered gets "no longer current"."""
CATALOG_VERSION = "8"
"""Bump with any change to command names, descriptions, their translations or where
the commands are offered, so that they are synced again."""


class TarotBot(commands.AutoShardedBot):
    """Slash commands and components only: no privileged intents, no message content.
    Sharded (discord.py's ``AutoShardedBot``): one process connects as many gateway shards
    as Discord recommends, which it requires from 2,500 servers; interactions from DMs
    arrive on shard 0 and reach the same tables."""

    storage: Storage
    tables: TableManager
    challenges: ChallengeService
    reviews: ReviewService
    daily: DailyChallenges

    def __init__(
        self, settings: Settings, *, storage: Storage | None = None, **options: Any
    ) -> None:
        """``storage``: the database already opened (and so checked) before connecting to
        Discord, as ``python -m bot`` does; without it, ``setup_hook`` opens
        ``settings.database``."""
        intents = discord.Intents.none()
        intents.guilds = True
        if settings.shard_count is not None:
            options.setdefault("shard_count", settings.shard_count)
        if settings.shards is not None:
            options.setdefault("shard_ids", list(settings.shards))
        self.rate_budget = process_budget(settings.shard_count, settings.shards)
        """This process's share of Discord's global limit (``rate_budget.py``)."""
        options.setdefault("http_trace", budget_trace(self.rate_budget))
        # The bot has no voice: discord.py's warnings at client creation that its voice
        # libraries (PyNaCl, davey) are missing say nothing useful.
        discord.VoiceClient.warn_nacl = False
        discord.VoiceClient.warn_dave = False
        # A rate limit longer than this raises at once instead of sleeping for minutes.
        options.setdefault("max_ratelimit_timeout", RATE_LIMIT_WAIT)
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),
            tree_cls=TarotCommandTree,
            **options,
        )
        self.settings = settings
        self.router = ClickRouter(self)
        """DM clicks for tables of servers on another process's shards (``routing.py``)."""
        self.pool: Executor | None = None
        self.failure: DatabaseUnusable | None = None
        """Why the bot stopped itself, if it did: its database became unusable."""
        self._closing: asyncio.Task[None] | None = None
        self.card_emojis = CardEmojis()
        """The card faces as emojis, once the background sync has them all."""
        self._card_emojis_sync: asyncio.Task[None] | None = None
        if storage is not None:
            self.storage = storage

    async def setup_hook(self) -> None:
        await check_gateway(self.http, self.settings.shard_count, self.settings.shards)
        if getattr(self, "storage", None) is None:
            self.storage = await open_storage(self.settings.database)
        self.storage.on_unusable = self.database_unusable
        self.pool = bot_pool(self.settings.bot_workers)
        self.presenter = DiscordPresenter(self, self.storage, pictures=self.settings.pictures)
        self.tables = TableManager(
            self.storage, self.presenter, self.settings.tables, executor=self.pool
        )
        self.challenges = ChallengeService(
            self.storage, self.tables, executor=self.pool, level=self.settings.challenge_level
        )
        self.presenter.attempt_results = partial(attempt_results, self)
        self.reviews = ReviewService(self.storage, self.pool, limit=self.settings.review_limit)
        self.daily = DailyChallenges(self)
        self.control_handler = ControlHandler(self).handle
        self.add_dynamic_items(
            ControlButton,
            ControlSelect,
            DealPictureSelect,
            ChallengePlayButton,
            ChallengeReviewSelect,
            ReviewButton,
            ReviewSelect,
            ShareButton,
        )
        await self.add_cog(GameCog(self))
        await self.add_cog(StatsCog(self))
        await self.add_cog(HelpCog(self))
        await self.add_cog(ChallengeCog(self))
        await self.tree.set_translator(CatalogTranslator())
        await sync_if_changed(
            self.tree,
            self.storage,
            guild_id=self.settings.dev_guild,
            catalog_version=CATALOG_VERSION,
        )
        self.router.install()
        # Before the tables are restored: their first redraw waits for the listing (the
        # presenter, bounded) to show the faces it showed before the restart.
        remembered = await remembered_faces(self.storage)
        # Only the process running shard 0 uploads faces; the others show what it stored.
        syncs = self.settings.shards is None or 0 in self.settings.shards
        self._card_emojis_sync = start_card_emojis(
            self, self.card_emojis, remembered, self.storage, syncs=syncs
        )
        restored = await self.tables.restore(self.router.owns if self.router.splits else None)
        log.info("%d tables restored from %s", restored, shown(self.settings.database))
        await self.router.start()
        self.daily.start()
        freeze_startup_objects()

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """Answer a click discord.py drops unanswered (a control no longer in its message,
        see ``errors.answer_dropped_click``) as "no longer current"; and mark a click taken
        from another process answered once it is (``routing.py``)."""
        await asyncio.gather(
            self.router.answered(interaction),
            answer_dropped_click(interaction, FALLBACK_AFTER),
        )

    def database_unusable(self, error: DatabaseUnusable) -> None:
        """Stop at once: a move accepted now could not be kept (``python -m bot`` then
        exits with its "database unusable" status)."""
        if self.failure is not None:
            return
        self.failure = error
        log.critical("%s; stopping the bot", error)
        self._shut_down()

    async def close(self) -> None:
        await asyncio.shield(self._shut_down())

    def _shut_down(self) -> asyncio.Task[None]:
        """One closing, however many ask for it (the bot itself, then ``async with``)."""
        if self._closing is None:
            self._closing = asyncio.get_running_loop().create_task(self._close())
        return self._closing

    async def _close(self) -> None:
        daily = getattr(self, "daily", None)
        if daily is not None:
            await daily.stop()
        if self._card_emojis_sync is not None:
            self._card_emojis_sync.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._card_emojis_sync
        tables = getattr(self, "tables", None)
        if tables is not None:
            await tables.close()
        presenter = getattr(self, "presenter", None)
        if presenter is not None:
            await presenter.drain()
        storage = getattr(self, "storage", None)
        if storage is not None:
            await storage.close()
        if self.pool is not None:
            self.pool.shutdown(wait=False, cancel_futures=True)
        await super().close()
