"""The lobby's rules menu: a slash command takes at most 25 options, so a table's rules are
chosen here, by its host, once the lobby is open.

Rules on the table message answers anyone with the table's rules in words, only for them;
the host, while the table is a lobby, also gets a select of every option of the engine's
registry (``tarot_core.rules.OPTIONS``, never a list of its own). Picking an option edits
that same ephemeral message (an update, callback type 7, through the pick's own fresh
interaction) to say what the option does with a select of its values and a Back; picking a
value asks the table service (``TableManager.set_rule``: the host, a lobby, a value the
engine takes) and draws the list again with the new rules, while the presenter edits the
lobby message as for any lobby change. Select values name the option (and the index of the
value in ``RuleOption.allowed``), so the ids stay short and the same for every option.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import t
from bot.render.table import rule_line, rules_text
from bot.tables import RefusalCode, Refused, TableSnapshot
from bot.tables.status import TableStatus
from tarot_core import OPTIONS, RuleOption
from tarot_core.rules import OPTION

from .control_ids import ControlId, ControlKind
from .controls import (
    MAX_OPTIONS,
    ROWS,
    ControlButton,
    ControlSelect,
    chunks,
    show_privately,
    table_control,
)

if TYPE_CHECKING:
    from ..client import TarotBot

RULES = "rules"
"""The table message's button: the rules, only for whoever pressed it."""
BACK = "rules_back"
"""The option view's button: back to the list of options."""
PICK_OPTION = "sel_rules_"
"""The list's selects (``sel_rules_<n>``): their values are option names."""
PICK_VALUE = "sel_value_"
"""An option's selects (``sel_value_<n>``): their values are ``<option>:<index>``."""
LABEL = 100
"""Discord's limit on a select option's label and description."""


def rules_button(table: TableSnapshot, locale: str | None, *, row: int) -> ControlButton:
    return ControlButton(
        table_control(ControlKind.LOBBY, table, RULES), label=t(locale, "button.rules"), row=row
    )


def is_menu(arg: str) -> bool:
    return arg in (RULES, BACK) or arg.startswith((PICK_OPTION, PICK_VALUE))


async def handle(
    bot: TarotBot,
    interaction: discord.Interaction[Any],
    control: ControlId,
    values: Sequence[str],
) -> bool:
    """Answer a control of the rules menu; False for any other control, and for one whose
    game is no longer on its table (the handler answers "no longer current")."""
    if control.kind != ControlKind.LOBBY or not is_menu(control.arg):
        return False
    table = bot.tables.table(control.channel_id)
    if table is None or table.game_id != control.game_id:
        return False
    locale, user_id = str(interaction.locale), interaction.user.id
    arg = control.arg
    if arg.startswith(PICK_OPTION):
        option = _picked_option(values)
        bot.tables.may_set_rules(table.channel_id, user_id)  # a stale or a guest's pick
        text, view = option_view(table, option, locale)
    elif arg.startswith(PICK_VALUE):
        option, value = _picked_value(values)
        try:
            table = await bot.tables.set_rule(table.channel_id, user_id, option.name, value)
        except Refused as refused:
            if refused.code != RefusalCode.RULE_CONFLICT:
                raise
            # Said with the option and the value as the menu shows them.
            raise Refused(
                RefusalCode.RULE_CONFLICT,
                refused.message,
                option=option_label(locale, option),
                value=rule_line(locale, option.name, value),
            ) from None
        text, view = list_view(table, _editable(bot, table, user_id), locale)
    else:
        text, view = list_view(table, _editable(bot, table, user_id), locale)
    await show_privately(interaction, text, view, new=arg == RULES)
    return True


def _editable(bot: TarotBot, table: TableSnapshot, user_id: int) -> bool:
    """Whether the table service would take ``user_id``'s rule changes now."""
    try:
        bot.tables.may_set_rules(table.channel_id, user_id)
    except Refused:
        return False
    return True


def _picked_option(values: Sequence[str]) -> RuleOption:
    option = OPTION.get(values[0]) if len(values) == 1 else None
    if option is None:
        raise Refused(RefusalCode.STALE, "this menu names a rule option this version lacks")
    return option


def _picked_value(values: Sequence[str]) -> tuple[RuleOption, Any]:
    name, _, index = values[0].partition(":") if len(values) == 1 else ("", "", "")
    option = OPTION.get(name)
    if option is None or not index.isdigit() or int(index) >= len(option.allowed):
        raise Refused(RefusalCode.STALE, "this menu names a rule value this version lacks")
    return option, option.allowed[int(index)]


def option_label(locale: str | None, option: RuleOption) -> str:
    return t(locale, f"setting.{option.name}")


def list_view(
    table: TableSnapshot, editable: bool, locale: str | None
) -> tuple[str, discord.ui.View]:
    """The table's rules in words; for the host of a lobby (``editable``), a select of
    every option that applies to its player count, with its current value."""
    lines = [f"**{t(locale, 'rules.title_table')}**", rules_text(locale, table.rules)]
    view = discord.ui.View(timeout=None)
    if editable and table.status == TableStatus.LOBBY:
        lines += ["", t(locale, "rules_menu.hint")]
        choices = [
            discord.SelectOption(
                label=option_label(locale, option)[:LABEL],
                value=option.name,
                description=rule_line(locale, option.name, getattr(table.rules, option.name))[
                    :LABEL
                ],
            )
            for option in OPTIONS
            if option.applies_to(table.players)
        ]
        placeholder = t(locale, "rules_menu.pick_option")
        for n, part in enumerate(chunks(choices, MAX_OPTIONS)[:ROWS]):
            control = table_control(ControlKind.LOBBY, table, f"{PICK_OPTION}{n}")
            view.add_item(ControlSelect(control, options=part, placeholder=placeholder, row=n))
    return "\n".join(lines), view


def option_view(
    table: TableSnapshot, option: RuleOption, locale: str | None
) -> tuple[str, discord.ui.View]:
    """What ``option`` does and its value at this table, a select of the values it takes
    (the current one chosen) and Back to the list."""
    current = getattr(table.rules, option.name)
    lines = [
        f"**{option_label(locale, option)}**",
        t(locale, f"rules.explain.{option.name}"),
        "",
        t(locale, "rules_menu.current", value=rule_line(locale, option.name, current)),
    ]
    view = discord.ui.View(timeout=None)
    choices = [
        discord.SelectOption(
            label=rule_line(locale, option.name, value)[:LABEL],
            value=f"{option.name}:{i}",
            default=type(value) is type(current) and value == current,
        )
        for i, value in enumerate(option.allowed)
    ]
    placeholder = t(locale, "rules_menu.pick_value")
    rows = chunks(choices, MAX_OPTIONS)[: ROWS - 1]
    for n, part in enumerate(rows):
        control = table_control(ControlKind.LOBBY, table, f"{PICK_VALUE}{n}")
        view.add_item(ControlSelect(control, options=part, placeholder=placeholder, row=n))
    back = ControlButton(
        table_control(ControlKind.LOBBY, table, BACK),
        label=t(locale, "button.rules_back"),
        row=len(rows),
    )
    view.add_item(back)
    return "\n".join(lines), view
