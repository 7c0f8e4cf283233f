"""``/help``: what the game is, how to start a table, the commands and where the rules
are; in the user's language, only for them, in a server or in a DM with the bot."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot.render.help import help_text

from ..errors import answer

if TYPE_CHECKING:
    from ..client import TarotBot


class HelpCog(commands.Cog):
    def __init__(self, bot: TarotBot) -> None:
        self.bot = bot

    @app_commands.command(
        name=_("help", key="name.help"),
        description=_("What this bot does, how to start a table, the commands", key="cmd.help"),
    )
    async def help(self, interaction: discord.Interaction[Any]) -> None:
        await answer(interaction, help_text(str(interaction.locale)))
