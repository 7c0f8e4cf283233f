"""What a pressed control does: find the table and the seat, ask the table service, answer.

Every interaction is answered: a move by an update of the message it came from (the DM
or the ephemeral hand), within Discord's 3 seconds; a stale control as no longer current;
a refusal (not your seat, not your turn, an illegal card) or a failure by the error
boundary (``bot/discord/errors.py``), ephemerally, in the user's language.
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import t
from bot.render.table import private_text
from tarot_core import Discard, Ecart

from ..errors import answer, answer_failure
from .control_ids import ControlId
from .controls import action_for, controls_for

if TYPE_CHECKING:
    from ..client import TarotBot

LOBBY_BOT_LEVEL = "heuristic"


async def hand_message(
    bot: TarotBot, interaction: discord.Interaction[Any], channel_id: int, *, edit: bool
) -> None:
    """The user's hand and controls, only for them (the fallback for closed DMs)."""
    snapshot, seat, view = bot.tables.private_view(channel_id, interaction.user.id)
    locale = str(interaction.locale)
    controls = discord.ui.View(timeout=None)
    for item in controls_for(view, channel_id, snapshot.game_id, snapshot.turn, locale):
        controls.add_item(item)
    text = private_text(locale, snapshot, view)[:2000]
    if edit:
        await interaction.response.edit_message(content=text, view=controls)
    else:
        await interaction.response.send_message(text, view=controls, ephemeral=True)


class ControlHandler:
    def __init__(self, bot: TarotBot) -> None:
        self.bot = bot

    async def handle(
        self, interaction: discord.Interaction[Any], control: ControlId, values: Sequence[str]
    ) -> None:
        """Do what the control says; a refusal or a failure goes to the error boundary."""
        try:
            await self._handle(interaction, control, values)
        except Exception as error:
            await answer_failure(
                interaction,
                error,
                # The kind and turn only: the argument can name a card of the user's hand.
                where=f"{control.kind} control of game {control.game_id}, turn {control.turn},",
                tables=self.bot.tables,
                channel_id=control.channel_id,
            )

    async def _handle(
        self, interaction: discord.Interaction[Any], control: ControlId, values: Sequence[str]
    ) -> None:
        self.bot.presenter.remember_locale(interaction.user.id, interaction.locale)
        table = self.bot.tables.table(control.channel_id)
        if table is None or table.game_id != control.game_id:
            await answer(interaction, t(str(interaction.locale), "ui.stale"))
        elif control.kind == "lobby":
            await self._lobby(interaction, control)
        elif control.kind == "hand":
            await hand_message(self.bot, interaction, control.channel_id, edit=False)
        elif control.kind == "back":
            await self.bot.tables.back(control.channel_id, interaction.user.id)
            await interaction.response.defer()
        else:
            await self._move(interaction, control, values)

    async def _lobby(self, interaction: discord.Interaction[Any], control: ControlId) -> None:
        tables, user = self.bot.tables, interaction.user
        channel = control.channel_id
        if control.arg == "join":
            await tables.join(channel, user.id, user.display_name)
        elif control.arg == "leave":
            await tables.leave(channel, user.id)
        elif control.arg == "addbot":
            await tables.add_bot(channel, user.id, LOBBY_BOT_LEVEL)
        elif control.arg == "start":
            await tables.start(channel, user.id)
        await interaction.response.defer()

    async def _move(
        self, interaction: discord.Interaction[Any], control: ControlId, values: Sequence[str]
    ) -> None:
        locale = str(interaction.locale)
        tables = self.bot.tables
        snapshot, seat, view = tables.private_view(control.channel_id, interaction.user.id)
        if control.turn != snapshot.turn:
            await answer(interaction, t(locale, "ui.stale"))
            return
        action = action_for(view, control, values)
        if action is None:
            await answer(interaction, t(locale, "ui.stale"))
            return
        turn = control.turn
        if isinstance(action, Ecart) and len(action.cards) < view.rules.chien_size - len(
            view.ecart or ()
        ):
            for card in action.cards:  # part of the écart: one card at a time
                await tables.act(control.channel_id, interaction.user.id, turn, Discard(seat, card))
                turn += 1
        else:
            await tables.act(control.channel_id, interaction.user.id, turn, action)
        # The move is stored: a lost acknowledgement must not be reported as a failure.
        with contextlib.suppress(discord.HTTPException):
            message = interaction.message
            if message is not None and message.flags.ephemeral:
                await hand_message(self.bot, interaction, control.channel_id, edit=True)
            else:
                await interaction.response.defer()
