"""A challenge's attempt in one ephemeral message, for a member whose DMs are closed: the
table (what its table message would show) above their hand and controls, drawn again by
each of their presses and by Refresh.

An attempt is private to its member: with their DMs closed, nothing of it is posted
anywhere (``LostChannels.private``), and this message, only for them, is the whole table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot.tables import TableSnapshot
from tarot_core import DealView

from ..errors import MESSAGE_LIMIT
from .controls import ephemeral_hand

if TYPE_CHECKING:
    from ..presenter import DiscordPresenter


def attempt_content(
    presenter: DiscordPresenter,
    table: TableSnapshot,
    view: DealView,
    locale: str | None,
    *,
    faces: bool = True,
) -> tuple[str, discord.ui.View]:
    """The table's text, then the member's hand and controls: whole lines of the table are
    left out from its end (its totals first) should both not fit in one message."""
    hand, controls = presenter.hand_content(table, view, locale, faces=faces)
    lines = presenter.table_content(table, locale).split("\n")
    while lines and len("\n".join(lines)) + 2 + len(hand) > MESSAGE_LIMIT:
        lines.pop()
    text = "\n".join(lines) + "\n\n" + hand if lines else hand
    return ephemeral_hand((text, controls), table, locale)
