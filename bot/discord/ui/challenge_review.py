"""The "Review a deal" menu of a member's challenge results: choosing a deal answers,
privately, with what the member did on it against the par and the field, the picture of
their own deal and the par's.

What may be shown is the challenges' service's to decide (``ChallengeService.review``:
only once the member has finished, or the challenge is closed); a refusal is the error
boundary's answer. The ``custom_id`` carries the challenge (a ``DynamicItem``), so the menu
works after a restart with nothing kept in memory, and a crafted one meets the same check.
"""

from __future__ import annotations

import asyncio
import io
from typing import TYPE_CHECKING, Any

import discord

from bot.challenges import DealReview
from bot.i18n import locale_of, t
from bot.pictures import jobs
from bot.render.challenges import par_names, review_text

from .. import answering
from ..drawing import draw
from ..errors import MESSAGE_LIMIT, answer_failure
from .deal_menus import chosen, deal_menu

if TYPE_CHECKING:
    from ..client import TarotBot

REVIEW_PATTERN = r"tarot:creview:(?P<challenge>[0-9]{1,12})"


class ChallengeReviewSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]], template=REVIEW_PATTERN
):
    def __init__(self, challenge_id: int, deals: int = 0, locale: str | None = "en") -> None:
        super().__init__(
            deal_menu(
                f"tarot:creview:{challenge_id}",
                ((t(locale, "challenge.review.option", n=n + 1), n) for n in range(deals)),
                t(locale, "challenge.review.placeholder"),
            )
        )
        self.challenge_id = challenge_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: Any, /
    ) -> ChallengeReviewSelect:
        return cls(int(match["challenge"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        bot: TarotBot = interaction.client
        number = chosen(self.item, -1)
        async with answering.handling(interaction):  # storage may be slow: see answering.py
            try:
                review = await bot.challenges.review(self.challenge_id, interaction.user.id, number)
                await answering.think(interaction)
                await send_review(bot, interaction, review)
            except Exception as error:
                await answer_failure(
                    interaction,
                    error,
                    where=f"reviewing a deal of challenge {self.challenge_id}",
                    tables=bot.tables,
                    channel_id=None,
                )


def review_view(challenge_id: int, deals: int, locale: str | None) -> discord.ui.View:
    """The menu under a member's results, one option per deal."""
    view = discord.ui.View(timeout=None)
    view.add_item(ChallengeReviewSelect(challenge_id, deals, locale))
    return view


async def send_review(
    bot: TarotBot, interaction: discord.Interaction[Any], review: DealReview
) -> None:
    """The review, only for the member: its words, the picture of their deal (if they
    played it) and the par's, drawn in the worker processes (one that fails is left out)."""
    locale = str(interaction.locale)
    lang = locale_of(locale)
    jobs_to_draw: list[tuple[str, dict[str, Any], list[str]]] = []
    if bot.settings.pictures:
        c, n = review.challenge.id, review.number + 1
        if review.record is not None:
            jobs_to_draw.append((f"challenge-{c}-deal-{n}.png", review.record, list(review.names)))
        par = (f"challenge-{c}-deal-{n}-par.png", review.par.record, par_names(locale, review))
        jobs_to_draw.append(par)
    drawn = await asyncio.gather(
        *(draw(bot, jobs.deal_picture, record, lang, names) for _, record, names in jobs_to_draw)
    )
    files = [
        discord.File(io.BytesIO(data), filename=name)
        for (name, _, _), data in zip(jobs_to_draw, drawn, strict=True)
        if data is not None
    ]
    text = review_text(locale, review)[:MESSAGE_LIMIT]
    await interaction.followup.send(text, files=files, ephemeral=True)
