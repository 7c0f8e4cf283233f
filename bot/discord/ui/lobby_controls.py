"""The table message's own buttons: the lobby's (join, leave, add a bot, start, Rules
(``rules_menu.py``), and one Remove per seat the host may free), Watch in the lobby and
during play (``watch.py``), and, once a game is over, Play again.

They are ``lobby`` controls like the others (a ``ControlId`` at turn 0), so they work after
a restart; what pressing Remove, Play again, Watch or the rules menu does is ``handle``
here, which the control handler asks first.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot.guild_config import stored_threads
from bot.i18n import t
from bot.render.table import seat_name
from bot.tables import TableSnapshot

from .. import answering, channel_access
from . import rules_menu, watch
from .control_ids import ControlId, ControlKind
from .controls import PER_ROW, ControlButton, table_control

if TYPE_CHECKING:
    from ..client import TarotBot

LOBBY_BUTTONS = (
    ("join", "button.join"),
    ("leave", "button.leave"),
    ("addbot", "button.add_bot"),
    ("start", "button.start"),
)
AGAIN = "again"
_REMOVE = re.compile(r"remove_([0-9])_([0-9]{1,19})\Z")
"""``remove_<seat>_<player>``: the seat, and who the host saw there (so a player seated
there since is not removed by an old button)."""


def removable(table: TableSnapshot) -> list[int]:
    """The seats the host may free: every occupied seat but the host's own."""
    return [i.seat for i in table.seats if i is not None and i.user_id != table.host_id]


def plain_name(locale: str | None, table: TableSnapshot, seat: int) -> str:
    """A seat's name for a label or a choice, which Discord shows as typed (no markdown
    escapes): a human's own name, a bot's in the reader's language."""
    info = table.seats[seat]
    if info is not None and info.level is None:
        return info.name
    return seat_name(locale, table, seat)


def table_buttons(table: TableSnapshot, locale: str | None) -> list[discord.ui.Item[Any]]:
    """The buttons of the table message for ``table``'s status (while playing, Watch
    beside the presenter's own)."""

    def control(arg: str) -> ControlId:
        return table_control(ControlKind.LOBBY, table, arg)

    items: list[discord.ui.Item[Any]] = []
    if table.status == "lobby":
        for arg, key in LOBBY_BUTTONS:
            style = discord.ButtonStyle.primary if arg == "start" else discord.ButtonStyle.secondary
            items.append(ControlButton(control(arg), label=t(locale, key), style=style, row=0))
        items.append(watch.watch_button(table, locale))
        items.append(rules_menu.rules_button(table, locale, row=1))
        for n, seat in enumerate(removable(table)[:PER_ROW]):
            info = table.seats[seat]
            assert info is not None
            label = t(locale, "button.remove_seat", name=plain_name(locale, table, seat))
            items.append(
                ControlButton(
                    control(f"remove_{seat}_{info.player_id}"),
                    label=label,
                    style=discord.ButtonStyle.danger,
                    row=1 + (n + 1) // PER_ROW,
                )
            )
    elif table.status == "playing":
        items.append(watch.watch_button(table, locale))
    elif table.status == "finished":
        label = t(locale, "button.play_again")
        items.append(ControlButton(control(AGAIN), label=label, style=discord.ButtonStyle.primary))
    return items


async def handle(
    bot: TarotBot,
    interaction: discord.Interaction[Any],
    control: ControlId,
    values: Sequence[str] = (),
) -> bool:
    """Do what a Remove, Play again, Watch or rules menu control says (``values``: a
    select's); False for any other control."""
    if control.kind != ControlKind.LOBBY:
        return False
    if await watch.handle(bot, interaction, control):
        return True
    if await rules_menu.handle(bot, interaction, control, values):
        return True
    user = interaction.user
    remove = _REMOVE.match(control.arg)
    if remove is not None:
        table = bot.tables.table(control.channel_id)
        if table is None or table.game_id != control.game_id:
            return False  # the handler answers "no longer current"
        seat, player = int(remove[1]), int(remove[2])
        await bot.tables.remove_seat(control.channel_id, user.id, seat, player_id=player)
    elif control.arg == AGAIN:
        if not await _may_open_here(bot, interaction):
            return True
        await bot.tables.play_again(control.channel_id, control.game_id, user.id, user.display_name)
    else:
        return False
    await answering.acknowledge(interaction)
    return True


async def _may_open_here(bot: TarotBot, interaction: discord.Interaction[Any]) -> bool:
    """Play again opens a table as ``/tarot new`` does: refused, naming what the bot
    lacks, where it could not show it (``channel_access.py``)."""
    threads = True
    if interaction.guild_id is not None:
        threads = stored_threads(await bot.storage.guild_settings(interaction.guild_id))
    lacking = channel_access.lacking_here(interaction, threads=threads)
    if lacking:
        await answering.tell(interaction, channel_access.refusal(str(interaction.locale), lacking))
    return not lacking
