"""The coach's controls: *Review my play* on every score sheet, the review menu of
``/history``, and *Share* under a review. Each ``custom_id`` carries what it is about (a
``DynamicItem``: the game and deal, and for *Share* the seat reviewed), so they work after
a restart with nothing kept in memory; whatever the ``custom_id`` says, the review service
decides who may have which review (``reviews.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import t

from ..reviews import answer_review, share_review
from .deal_menus import chosen, deal_menu

if TYPE_CHECKING:
    from ..client import TarotBot

REVIEW_PATTERN = r"tarot:review:(?P<game>[0-9]{1,12}):(?P<deal>[0-9]{1,4})"
MENU_PATTERN = r"tarot:reviews:(?P<game>[0-9]{1,12})"
SHARE_PATTERN = r"tarot:share:(?P<game>[0-9]{1,12}):(?P<deal>[0-9]{1,4}):(?P<seat>[0-9])"


class ReviewButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=REVIEW_PATTERN):
    """*Review my play* under a deal's score sheet: its seated players' reviews."""

    def __init__(self, game_id: int, number: int, label: str = "Review my play") -> None:
        super().__init__(
            discord.ui.Button(
                style=discord.ButtonStyle.secondary,
                label=label,
                custom_id=f"tarot:review:{game_id}:{number}",
            )
        )
        self.game_id = game_id
        self.number = number

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: Any, /
    ) -> ReviewButton:
        return cls(int(match["game"]), int(match["deal"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        bot: TarotBot = interaction.client
        await answer_review(bot, interaction, self.game_id, self.number, share_view)


class ReviewSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=MENU_PATTERN):
    """``/history``'s menu of a game's deals to review one's own play in."""

    def __init__(self, game_id: int, numbers: list[int] | None = None, locale: str = "en") -> None:
        super().__init__(
            deal_menu(
                f"tarot:reviews:{game_id}",
                ((t(locale, "review.menu_option", n=n), n) for n in numbers or []),
                t(locale, "review.menu_placeholder", id=game_id),
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: Any, /
    ) -> ReviewSelect:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        bot: TarotBot = interaction.client
        await answer_review(bot, interaction, self.game_id, chosen(self.item, 0), share_view)


class ShareButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=SHARE_PATTERN):
    """*Share* under a review: its summary, for the table."""

    def __init__(self, game_id: int, number: int, seat: int, label: str = "Share") -> None:
        super().__init__(
            discord.ui.Button(
                style=discord.ButtonStyle.primary,
                label=label,
                custom_id=f"tarot:share:{game_id}:{number}:{seat}",
            )
        )
        self.game_id = game_id
        self.number = number
        self.seat = seat

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: Any, /
    ) -> ShareButton:
        return cls(int(match["game"]), int(match["deal"]), int(match["seat"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        bot: TarotBot = interaction.client
        await share_review(bot, interaction, self.game_id, self.number, self.seat)


async def review_privately(
    bot: TarotBot, interaction: discord.Interaction[Any], game_id: int | None, number: int | None
) -> None:
    """``/tarot review``'s answer: as the button's, for the deal it names or the latest."""
    await answer_review(bot, interaction, game_id, number, share_view)


def review_button_view(game_id: int, number: int, locale: str | None) -> discord.ui.View:
    """A score sheet's controls: its *Review my play* button."""
    view = discord.ui.View(timeout=None)
    view.add_item(ReviewButton(game_id, number, t(locale, "review.button")))
    return view


def share_view(game_id: int, number: int, seat: int, locale: str | None) -> discord.ui.View:
    """A review's controls: its *Share* button."""
    view = discord.ui.View(timeout=None)
    view.add_item(ShareButton(game_id, number, seat, t(locale, "review.share_button")))
    return view
