"""``/history``'s menu of a finished game's deals: choosing one answers, privately, with the
picture of that deal drawn from its stored record.

The ``custom_id`` carries the game (a ``DynamicItem``), so the menu works after a restart
and needs nothing kept in memory. Only recorded deals of table games that are over are
drawn, whatever the ``custom_id`` says: a deal in play can never be drawn, nor a challenge's
(its cards stay unseen by the members still to play it; a member reviews their own through
``challenge_review.py``).
"""

from __future__ import annotations

import asyncio
import io
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import locale_of, t
from bot.pictures import jobs
from bot.tables.status import ENDED

from .. import answering
from .deal_menus import chosen, deal_menu

if TYPE_CHECKING:
    from ..client import TarotBot

PICTURE_PATTERN = r"tarot:pic:(?P<game>[0-9]{1,12})"


class DealPictureSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=PICTURE_PATTERN):
    def __init__(self, game_id: int, numbers: list[int] | None = None, locale: str = "en") -> None:
        super().__init__(
            deal_menu(
                f"tarot:pic:{game_id}",
                ((t(locale, "history.picture_option", n=n), n) for n in numbers or []),
                t(locale, "history.picture_placeholder", id=game_id),
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: Any, /
    ) -> DealPictureSelect:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        bot: TarotBot = interaction.client
        locale = str(interaction.locale)
        number = chosen(self.item, 0)
        record = None
        async with answering.handling(interaction):  # storage may be slow: see answering.py
            game = await bot.storage.game(self.game_id)
            if (
                game is not None
                and game.challenge_id is None  # a challenge's deals: never drawn here
                and game.status in ENDED
                and number > 0
            ):
                record = await bot.storage.deal_record(self.game_id, number)
            if record is None:
                text = t(locale, "history.picture_missing", id=self.game_id, n=number)
                await answering.tell(interaction, text)
                return
            await answering.think(interaction)
        names = await bot.storage.seat_names(self.game_id)
        loop = asyncio.get_running_loop()
        data = await loop.run_in_executor(
            bot.pool, jobs.deal_picture, record, locale_of(locale), names
        )
        picture = discord.File(io.BytesIO(data), filename=f"deal-{self.game_id}-{number}.png")
        text = t(locale, "history.picture", id=self.game_id, n=number)
        await interaction.followup.send(text, file=picture, ephemeral=True)
