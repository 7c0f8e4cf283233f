"""Spectators: the Watch button of the table message shows anyone, seated or not, the
table as everyone sees it, in a message only for them, with a Refresh that draws it again.

Drawn only from the public ``TableSnapshot`` with the public renderers (which refuse a
seat's view), so a spectator never sees a hidden card, not even a seated player their own
hand. Refresh edits that very ephemeral message through its own fresh interaction (an
update, callback type 7): the Watch press's token cannot edit it after 15 minutes, and a
game lasts longer. Once the game has left its table, Refresh says so, with the final
standings read back from storage (they outlive the presenter's memory and a restart).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import t
from bot.render.table import lobby_text, standings_text, table_text
from bot.storage import Storage
from bot.tables import TableSnapshot
from bot.tables.events import GameFinished
from bot.tables.snapshot import SeatInfo
from bot.tables.status import ENDED, LIVE, TableStatus
from tarot_core import Rules, ranks

from .control_ids import ControlId, ControlKind
from .controls import ControlButton, show_privately, table_control

if TYPE_CHECKING:
    from ..client import TarotBot

WATCH = "watch"
"""The table message's button: a new spectator view."""
REFRESH = "watch_refresh"
"""The spectator view's own button: that view drawn again."""


def watch_button(table: TableSnapshot, locale: str | None) -> ControlButton:
    control = table_control(ControlKind.LOBBY, table, WATCH)
    return ControlButton(control, label=t(locale, "button.watch"))


async def handle(bot: TarotBot, interaction: discord.Interaction[Any], control: ControlId) -> bool:
    """Answer Watch with a new spectator view, Refresh by redrawing the view pressed;
    False for any other control."""
    if control.kind != ControlKind.LOBBY or control.arg not in (WATCH, REFRESH):
        return False
    text, view = await spectator_view(bot, control, str(interaction.locale))
    await show_privately(interaction, text, view, new=control.arg == WATCH)
    return True


async def spectator_view(
    bot: TarotBot, control: ControlId, locale: str | None
) -> tuple[str, discord.ui.View]:
    """The public table of the control's game with a Refresh while it is open; once the
    game has left its channel, its end (and no control)."""
    table = bot.tables.table(control.channel_id)
    view = discord.ui.View(timeout=None)
    if table is None or table.game_id != control.game_id:
        return await ended_text(bot.storage, control.game_id, locale), view
    body = (
        lobby_text(locale, table)
        if table.status == TableStatus.LOBBY
        else table_text(locale, table)
    )
    if table.status in LIVE:
        refresh = table_control(ControlKind.LOBBY, table, REFRESH)
        view.add_item(ControlButton(refresh, label=t(locale, "button.refresh_watch")))
    return f"{t(locale, 'watch.header')}\n\n{body}", view


async def ended_text(storage: Storage, game_id: int, locale: str | None) -> str:
    """What became of a game no longer on its table: its final standings if it was played
    to the end, else how it ended."""
    stored = await storage.game(game_id)
    if stored is None or stored.status not in ENDED:
        return t(locale, "watch.gone")
    said = t(locale, "watch.ended", status=t(locale, f"status.{stored.status}"))
    if stored.status != TableStatus.FINISHED:
        return said
    seated = await storage.seated(game_id)
    deals = await storage.game_deals(game_id)
    if sorted(s.seat for s in seated) != list(range(stored.players)):
        return said
    totals = tuple(sum(d.scores[seat] for d in deals) for seat in range(stored.players))
    seats = tuple(
        SeatInfo(
            seat=s.seat,
            player_id=s.player_id,
            name=s.name,
            user_id=int(s.external_id) if s.kind == "user" else None,
            level=s.external_id if s.kind != "user" else None,
        )
        for s in sorted(seated, key=lambda s: s.seat)
    )
    table = TableSnapshot(
        channel_id=stored.channel_id,
        guild_id=stored.guild_id,
        game_id=game_id,
        status=TableStatus.FINISHED,
        host_id=0,
        rules=Rules.from_options(stored.players, stored.rules),
        deals_target=stored.deals_target,
        seats=seats,
        turn=0,
        deal_number=len(deals),
        deals_played=len(deals),
        totals=totals,
        view=None,
    )
    return f"{said}\n\n{standings_text(locale, table, GameFinished(totals, ranks(totals)))}"
