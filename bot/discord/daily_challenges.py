"""The challenge of the day: each server that named a channel (``/tarot settings
challenge_channel``) gets, at its hour (UTC), the day's challenge posted there with a Play
button, the instance's challenge of the day named beside it, and the final table of each of
its challenges that closed since.

A look every ``LOOK_EVERY`` seconds (one read of every server's settings) finds whose post is
due. Making a day's challenge twice is harmless (storage keeps one per server and day) and
only the process that runs a server's shard posts for it; a post is not made again once its
message is stored. Nothing is posted for a server that named no channel.
"""

from __future__ import annotations

import asyncio
import logging
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from bot import guild_config
from bot.challenges import ChallengeResults
from bot.failures import log_failure
from bot.i18n import t
from bot.render.challenges import final_text, post_text
from bot.storage import StoredChallenge
from bot.tables import Clock, LoopClock

from .errors import MESSAGE_LIMIT
from .ui.challenge_play import play_view, server_locale

if TYPE_CHECKING:
    from .client import TarotBot

log = logging.getLogger(__name__)

LOOK_EVERY = 60.0
"""Seconds between two looks at whose challenge of the day is due."""


def day_and_hour(now: float) -> tuple[str, int]:
    """The UTC day (``YYYY-MM-DD``) and hour of ``now``."""
    moment = datetime.fromtimestamp(now, UTC)
    return moment.date().isoformat(), moment.hour


def due(hour_now: int, hour_set: int) -> bool:
    """Whether a server whose challenge is posted at ``hour_set`` gets today's by now (a
    process started after that hour posts it late rather than never)."""
    return hour_now >= hour_set


class DailyChallenges:
    def __init__(self, bot: TarotBot, clock: Clock | None = None) -> None:
        self.bot = bot
        self.clock: Clock = clock or LoopClock()
        self._task: asyncio.Task[None] | None = None
        self._looking = asyncio.Lock()
        """One look at a time: two would post the same challenge twice."""

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._run())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
            self._task = None

    async def _run(self) -> None:
        while True:
            try:
                await self.look()
            except Exception as e:  # the next look tries again
                log_failure(log, "posting the challenges of the day", e)
            await self.clock.sleep(LOOK_EVERY)

    async def look(self) -> int:
        """Post every due challenge of the day of the servers this process runs; how many."""
        async with self._looking:
            return await self._look()

    async def _look(self) -> int:
        day, hour = day_and_hour(self.clock.now())
        posted = 0
        router = self.bot.router
        for guild_id, stored in await self.bot.storage.all_guild_settings():
            if router.splits and not router.owns(guild_id):
                continue
            config = guild_config.effective(stored, self.bot.settings)
            if config.challenge_channel == guild_config.NO_CHANNEL:
                continue
            if not due(hour, config.challenge_hour):
                continue
            try:
                posted += await self._post(guild_id, config, day)
            except Exception as e:  # this server's post; the others go on
                log_failure(log, f"the challenge of the day of guild {guild_id}", e)
        return posted

    async def _post(self, guild_id: int, config: guild_config.GuildSettings, day: str) -> int:
        service = self.bot.challenges
        made = await self.bot.storage.daily_challenge("guild", guild_id, day)
        if made is not None and made.message_id is not None:
            return 0  # posted: one read a look for the rest of the day, nothing made again
        challenge = await service.create(
            guild_id=guild_id, day=day, variants=config.challenge_variants
        )
        if challenge.message_id is not None:
            return 0
        everyone = await service.create(guild_id=None, day=day)
        locale = server_locale(self.bot, guild_id, config) or "en-US"
        closed = [  # closing a day's challenge writes its ladder, once
            await service.close(c.id)
            for c in await self.bot.storage.closed_unposted(guild_id, service.clock.now())
        ]
        channel = self.bot.get_partial_messageable(config.challenge_channel)
        text = _post_text(locale, challenge, everyone, closed)
        message = await channel.send(text[:MESSAGE_LIMIT], view=play_view(challenge.id, locale))
        await self.bot.storage.set_challenge_message(challenge.id, channel.id, message.id)
        for result in closed:
            await self.bot.storage.set_closed_posted(result.challenge.id)
        return 1


def _post_text(
    locale: str,
    challenge: StoredChallenge,
    everyone: StoredChallenge,
    closed: list[ChallengeResults],
) -> str:
    lines: list[Any] = [t(locale, "challenge.daily"), post_text(locale, challenge)]
    lines.append(t(locale, "challenge.daily.everyone", id=everyone.id))
    for result in closed:
        lines.append("")
        lines.append(final_text(locale, result))
    return "\n".join(lines)
