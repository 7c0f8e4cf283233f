"""The coach's review on Discord: asked for by ``/tarot review``, the score sheet's *Review
my play* button or ``/history``'s review menu, and answered only to the player who asked.

The answer is one ephemeral message: "thinking" at once, then the progress of the
decisions weighed, edited in place at most every ``PROGRESS_EVERY`` seconds, then the
review with its *Share* button. Whose review it may be, the one kept, the work in the
worker processes and the queue limit are the review service's (``bot/coach``); its
refusals are the error boundary's answers (``errors.py``). *Share* posts the summary, no
option of the player's (no card, no écart), in the game's thread, else its channel.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import discord

from bot.coach import ReviewRefused
from bot.i18n import t
from bot.render.review import progress_text, review_text, share_text

from . import answering
from .errors import answer_failure
from .threads import LOCKED

if TYPE_CHECKING:
    from bot.storage import StoredGame

    from .client import TarotBot

log = logging.getLogger(__name__)

ShareView = Callable[[int, int, int, str | None], discord.ui.View]
"""The controls under a review (game, deal, seat, locale): its *Share* button."""

PROGRESS_EVERY = 2.0
"""Seconds at least between two edits of the progress message (one edit a decision would
spend the interaction's rate limit on nothing a reader follows)."""


class _Progress:
    """Edits the ephemeral answer with the decisions weighed so far: at the first, then at
    most every ``PROGRESS_EVERY`` seconds; never at the last (the review replaces it)."""

    def __init__(self, interaction: discord.Interaction[Any], locale: str) -> None:
        self.interaction = interaction
        self.locale = locale
        self.shown_at: float | None = None

    async def __call__(self, done: int, total: int) -> None:
        now = time.monotonic()
        if done >= total or (self.shown_at is not None and now - self.shown_at < PROGRESS_EVERY):
            return
        self.shown_at = now
        try:
            await self.interaction.edit_original_response(
                content=progress_text(self.locale, done, total)
            )
        except discord.HTTPException as e:  # the review goes on; its answer may still work
            log.warning("a review's progress could not be shown (%s %s)", e.status, e.code)


async def answer_review(
    bot: TarotBot,
    interaction: discord.Interaction[Any],
    game_id: int | None,
    number: int | None,
    share_view: ShareView,
) -> None:
    """The user's review of their own decisions in deal ``number`` of game ``game_id``
    (None: their latest deal that may be reviewed, or the game's last deal), privately,
    with ``share_view``'s controls."""
    locale = str(interaction.locale)
    async with answering.handling(interaction):
        try:
            await answering.think(interaction)
            if game_id is None:
                game_id, number = await bot.reviews.latest(interaction.user.id)
            elif number is None:
                number = await bot.storage.recorded_deals(game_id)
            review = await bot.reviews.review(
                game_id, number, interaction.user.id, _Progress(interaction, locale)
            )
            names = await bot.storage.seat_names(game_id)
            name = names[review.seat] if review.seat < len(names) else None
            text = review_text(locale, review, game_id=game_id, number=number, seat_name=name)
            view = share_view(game_id, number, review.seat, locale)
            await interaction.edit_original_response(content=text, view=view)
        except Exception as error:
            await answer_failure(
                interaction,
                error,
                where=f"reviewing deal {number} of game {game_id}",
                tables=bot.tables,
                channel_id=None,
            )


async def share_review(
    bot: TarotBot, interaction: discord.Interaction[Any], game_id: int, number: int, seat: int
) -> None:
    """Post the summary of seat ``seat``'s review for everyone, if the one pressing is that
    seat's player (the button is on their ephemeral message; a crafted one meets the same
    check), and tell them it is posted."""
    locale = str(interaction.locale)
    async with answering.handling(interaction):
        try:
            review = await bot.reviews.review(game_id, number, interaction.user.id)
            game = await bot.storage.game(game_id)
            if review.seat != seat or game is None:
                raise ReviewRefused("not_seated", "only the reviewed player shares a review")
            public = bot.presenter.channel_locale(game.channel_id)
            text = share_text(
                public,
                review,
                player=interaction.user.display_name,
                game_id=game_id,
                number=number,
            )
            await _post(bot, game, text)
            await answering.tell(interaction, t(locale, "review.shared"))
        except Exception as error:
            await answer_failure(
                interaction,
                error,
                where=f"sharing the review of deal {number} of game {game_id}",
                tables=bot.tables,
                channel_id=None,
            )


async def _post(bot: TarotBot, game: StoredGame, text: str) -> None:
    """``text`` in the game's thread, else (no thread, or one deleted, closed to the bot
    or locked since) in the table's channel."""
    thread = await bot.storage.table_thread(game.id)
    none = discord.AllowedMentions.none()
    if thread is not None:
        try:
            await bot.get_partial_messageable(thread).send(text, allowed_mentions=none)
            return
        except discord.HTTPException as e:
            closed = isinstance(e, (discord.NotFound, discord.Forbidden)) or e.code == LOCKED
            if not closed:
                raise
    await bot.get_partial_messageable(game.channel_id).send(text, allowed_mentions=none)
