"""What a pressed control does: find the table and the seat, ask the table service, answer.

Every interaction is answered. A move by an update of the very message it came from (the
DM or the ephemeral hand) to the seat's new state, drawn as its DM is drawn
(``DiscordPresenter.hand_content``): the player sees it at once, through the click's own
fresh interaction (never an older one's token, which Discord refuses after 15 minutes),
and the DM is not edited again for it. Whatever the table service refuses (not your turn,
no longer current, the rule an illegal move breaks) and what this layer refuses itself (a
control of another channel, or of another seat's hand) rises as ``Refused`` to the error
boundary (``bot/discord/errors.py``), which says it ephemerally in the user's language.
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot.tables import RefusalCode, Refused, TableSnapshot
from tarot_core import DealView, Discard, Ecart

from .. import answering
from ..errors import answer_failure
from ..face_refusals import sent_with_faces_or_without
from . import lobby_controls
from .challenge_view import attempt_content
from .control_ids import ControlId, ControlKind
from .controls import ephemeral_hand, requested_action, show_privately

if TYPE_CHECKING:
    from ..client import TarotBot

DEFAULT_BOT_LEVEL = "heuristic"
"""The level of a bot whose level nobody chose: the lobby's Add a bot, and the default of
``/tarot addbot`` and ``/tarot replace``."""


def nothing_drawn() -> tuple[str, discord.ui.View]:
    """What a DM is said to show when a click's answer failed: nothing the presenter would
    draw, so that its next edit is sent whatever it shows."""
    return "", discord.ui.View(timeout=None)


GONE = (RefusalCode.NO_TABLE, RefusalCode.NOT_PLAYING)
"""What the table service says of a control whose game ended while it was pressed (the
second press of a double click on the game's last card): no longer current."""


async def hand_message(
    bot: TarotBot, interaction: discord.Interaction[Any], channel_id: int, *, edit: bool
) -> None:
    """The user's hand and controls, only for them (the fallback for closed DMs): sent,
    or (``edit``) drawn again in the ephemeral hand whose Refresh was pressed."""
    snapshot, _, view = bot.tables.private_view(channel_id, interaction.user.id)
    locale = str(interaction.locale)

    def drawn(faces: bool) -> tuple[str, discord.ui.View]:
        if snapshot.challenge_id is not None:  # the whole attempt: its table is nowhere else
            return attempt_content(bot.presenter, snapshot, view, locale, faces=faces)
        content = bot.presenter.hand_content(snapshot, view, locale, faces=faces)
        return ephemeral_hand(content, snapshot, locale)

    await sent_with_faces_or_without(
        bot.presenter.face_switch(),
        drawn,
        lambda content: show_privately(interaction, *content, new=not edit),
    )


def same_channel(interaction: discord.Interaction[Any], control: ControlId) -> None:
    """A control pressed in a server belongs to the table of that channel (or of the
    channel a thread is in); in a DM, to any table."""
    if interaction.guild_id is None or interaction.channel_id == control.channel_id:
        return
    if getattr(interaction.channel, "parent_id", None) == control.channel_id:
        return
    raise Refused(
        RefusalCode.OTHER_CHANNEL,
        f"this control belongs to the table in channel {control.channel_id}",
        channel_id=control.channel_id,
    )


class ControlHandler:
    def __init__(self, bot: TarotBot) -> None:
        self.bot = bot

    async def handle(
        self, interaction: discord.Interaction[Any], control: ControlId, values: Sequence[str]
    ) -> None:
        """Do what the control says; a refusal or a failure goes to the error boundary.
        A click not answered shortly before Discord's 3 s is deferred, and answered
        through its token (``answering.py``)."""
        async with answering.handling(interaction):
            await self._handle_or_tell(interaction, control, values)

    async def _handle_or_tell(
        self, interaction: discord.Interaction[Any], control: ControlId, values: Sequence[str]
    ) -> None:
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
        if self.bot.tables.table(control.channel_id) is None and await self.bot.router.elsewhere(
            interaction, control.game_id
        ):
            return  # another process runs this table: it answers
        table = self.bot.tables.table(control.channel_id)
        if table is None or table.challenge_id is None:  # an attempt's view is anywhere
            same_channel(interaction, control)
        if await lobby_controls.handle(self.bot, interaction, control, values):
            return  # Remove, Play again, Watch, the rules menu (asked first: Play again's
            # table is gone)
        if not self._in_play(control):
            raise Refused(RefusalCode.STALE, "this control's game is no longer on its table")
        if control.kind == ControlKind.LOBBY:
            await self._lobby(interaction, control)
        elif control.kind == ControlKind.HAND:  # My hand (a new ephemeral hand), or its Refresh
            refresh = interaction.message is not None and interaction.message.flags.ephemeral
            await hand_message(self.bot, interaction, control.channel_id, edit=refresh)
        elif control.kind == ControlKind.BACK:
            await self.bot.tables.back(control.channel_id, interaction.user.id)
            await answering.acknowledge(interaction)
        else:
            await self._move(interaction, control, values)

    def _in_play(self, control: ControlId) -> bool:
        """The control's game is the one on its channel's table."""
        table = self.bot.tables.table(control.channel_id)
        return table is not None and table.game_id == control.game_id

    async def _lobby(self, interaction: discord.Interaction[Any], control: ControlId) -> None:
        tables, user = self.bot.tables, interaction.user
        channel = control.channel_id
        if control.arg == "join":
            await tables.join(channel, user.id, user.display_name)
        elif control.arg == "leave":
            await tables.leave(channel, user.id)
        elif control.arg == "addbot":
            await tables.add_bot(channel, user.id, DEFAULT_BOT_LEVEL)
        elif control.arg == "start":
            await tables.start(channel, user.id)
        await answering.acknowledge(interaction)

    async def _move(
        self, interaction: discord.Interaction[Any], control: ControlId, values: Sequence[str]
    ) -> None:
        """The move the control asks for, for the user's own seat: the table service
        checks the seat, the turn, the control's age and the rules, in that order."""
        tables, user = self.bot.tables, interaction.user
        _, seat, view = tables.private_view(control.channel_id, user.id)
        await self._own_hand(interaction, control, seat)
        action = requested_action(view, control, values)
        if action is None:
            raise Refused(RefusalCode.STALE, "this control names no move this version knows")
        turn = control.turn
        try:
            if isinstance(action, Ecart) and len(action.cards) < view.rules.chien_size - len(
                view.ecart or ()
            ):
                for card in action.cards:  # part of the écart: one card at a time
                    await tables.act(control.channel_id, user.id, turn, Discard(seat, card))
                    turn += 1
            else:
                await tables.act(control.channel_id, user.id, turn, action)
        except Refused as refused:
            if refused.code in GONE:
                raise Refused(RefusalCode.STALE, "the game ended meanwhile") from None
            raise
        await self._show_move(interaction, control, seat)

    async def _own_hand(
        self, interaction: discord.Interaction[Any], control: ControlId, seat: int
    ) -> None:
        """A hand message belongs to its seat: an ephemeral hand to the user it was shown
        to, a DM to the seat it was sent for. Discord shows neither to anyone else; a
        control taken from another's (a modified client) is refused as another seat's."""
        message = interaction.message
        if message is None:
            return
        if message.flags.ephemeral:
            shown_to = message.interaction_metadata
            if shown_to is None or shown_to.user.id == interaction.user.id:
                return
        elif interaction.guild_id is None:
            mine = await self.bot.presenter.dm_ref(control.game_id, seat)
            if mine is None or mine[0] == interaction.channel_id:
                return
        else:
            return
        raise Refused(RefusalCode.NOT_YOUR_SEAT, "that control belongs to another seat")

    async def _show_move(
        self, interaction: discord.Interaction[Any], control: ControlId, seat: int
    ) -> None:
        """Update the clicked message to the seat's state after its move: read from the
        table while its game goes on, else (this move ended the game, and the table left
        its channel) the end the table service told the seat. The move is stored: a lost
        answer is not reported as a failure."""
        presenter = self.bot.presenter
        state = self._state_after(control, interaction.user.id, seat)
        if state is None:  # nothing to draw: acknowledge only
            with contextlib.suppress(discord.HTTPException):
                await answering.acknowledge(interaction)
            return
        snapshot, view = state
        locale = str(interaction.locale)
        message = interaction.message
        dm = message.id if message is not None and not message.flags.ephemeral else None

        def drawn(faces: bool) -> tuple[str, discord.ui.View]:
            if dm is None and snapshot.challenge_id is not None:  # an attempt's whole view
                return attempt_content(presenter, snapshot, view, locale, faces=faces)
            content = presenter.hand_content(snapshot, view, locale, faces=faces)
            if dm is None:
                content = ephemeral_hand(content, snapshot, locale)
            elif faces:  # told before the paced edit of the same state can run
                presenter.shown_through_interaction(control.game_id, seat, dm, content)
            return content

        async def answer(content: tuple[str, discord.ui.View]) -> None:
            await answering.update(interaction, content[0], content[1])

        shown: tuple[str, discord.ui.View] | None = None
        try:
            sent, _ = await sent_with_faces_or_without(presenter.face_switch(), drawn, answer)
            shown = sent
        except discord.HTTPException:
            pass
        if dm is not None:
            await self._settle_dm(interaction.user.id, control.game_id, seat, dm, shown, state)

    async def _settle_dm(
        self,
        user_id: int,
        game_id: int,
        seat: int,
        message_id: int,
        shown: tuple[str, discord.ui.View] | None,
        drawn: tuple[TableSnapshot, DealView],
    ) -> None:
        """After a click's answer to a DM: if the answer failed (the DM may show anything)
        or came after a newer state was drawn (its retries outlasted the pacing), the DM is
        drawn again with the latest state, so that it never stays behind the table."""
        presenter = self.bot.presenter
        presenter.shown_through_interaction(game_id, seat, message_id, shown or nothing_drawn())
        latest = presenter.last_told(game_id, seat) or drawn
        if shown is None or latest[0].turn != drawn[0].turn:
            await presenter.tell_seat(latest[0], seat, user_id, latest[1])

    def _state_after(
        self, control: ControlId, user_id: int, seat: int
    ) -> tuple[TableSnapshot, DealView] | None:
        if self._in_play(control):
            snapshot, _, view = self.bot.tables.private_view(control.channel_id, user_id)
            return snapshot, view
        return self.bot.presenter.last_told(control.game_id, seat)
