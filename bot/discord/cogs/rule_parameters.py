"""The rule options a command offers by name (``/tarot new``, ``/challenge create``): their
descriptions, localized names and choices, written once for both."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from discord import app_commands
from discord.app_commands import locale_str as _

from bot.discord.translator import catalog_str
from tarot_core.rules import OPTION

F = TypeVar("F", bound=Callable[..., Any])

MULTIPLIER_CHOICES = [
    app_commands.Choice(name=catalog_str(f"choice.garde_contre.{value}"), value=value)
    for value in OPTION["garde_contre_multiplier"].allowed
]
"""The engine's multipliers of a Garde contre, each named by the catalogs."""

POIGNEE_CHOICES = [
    app_commands.Choice(name=_("20 / 30 / 40 (FFT)", key="choice.poignee.fft"), value="fft"),
    app_commands.Choice(name=_("20 / 40 / 60", key="choice.poignee.high"), value="high"),
]


def rule_parameters(command: F) -> F:
    """``misere``, ``prise_allowed``, ``garde_contre_multiplier`` and ``poignee_bonus``
    described, named in every language and given their choices (the command's callback
    takes them as parameters of those names)."""
    command = app_commands.describe(
        misere=_("Allow the misère (not an FFT rule)", key="cmd.tarot.new.misere"),
        prise_allowed=_(
            "Allow the prise (off: garde is the lowest bid)", key="cmd.tarot.new.prise_allowed"
        ),
        garde_contre_multiplier=_(
            "Multiplier of a garde contre: 6 (FFT) or 8",
            key="cmd.tarot.new.garde_contre_multiplier",
        ),
        poignee_bonus=_(
            "Poignée bonuses: 20/30/40 (FFT) or 20/40/60", key="cmd.tarot.new.poignee_bonus"
        ),
    )(command)
    command = app_commands.rename(
        misere=_("misere", key="name.option.misere"),
        prise_allowed=_("prise_allowed", key="name.option.prise_allowed"),
        garde_contre_multiplier=_(
            "garde_contre_multiplier", key="name.option.garde_contre_multiplier"
        ),
        poignee_bonus=_("poignee_bonus", key="name.option.poignee_bonus"),
    )(command)
    return app_commands.choices(
        garde_contre_multiplier=MULTIPLIER_CHOICES, poignee_bonus=POIGNEE_CHOICES
    )(command)
