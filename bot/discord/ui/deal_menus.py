"""A menu of deals, one option a deal: ``/history``'s pictures and reviews, a challenge's
review. Discord takes at most ``MAX_OPTIONS`` options and none empty; a menu rebuilt from
its ``custom_id`` after a restart has no options of its own (the chosen value still
arrives with the click)."""

from __future__ import annotations

from collections.abc import Iterable
from itertools import islice
from typing import Any

import discord

from .controls import MAX_OPTIONS


def deal_menu(
    custom_id: str, options: Iterable[tuple[str, int]], placeholder: str
) -> discord.ui.Select[Any]:
    """A menu of ``(label, value)`` options, the first ``MAX_OPTIONS`` of them (a
    placeholder option when there are none)."""
    choices = [
        discord.SelectOption(label=label, value=str(value))
        for label, value in islice(options, MAX_OPTIONS)
    ] or [discord.SelectOption(label="·", value="0")]
    return discord.ui.Select(custom_id=custom_id, options=choices, placeholder=placeholder)


def chosen(menu: discord.ui.Select[Any], missing: int) -> int:
    """The value chosen in ``menu``; ``missing`` when the click carries none that is one."""
    values = menu.values
    return int(values[0]) if values and values[0].isdigit() else missing
