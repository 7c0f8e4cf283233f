"""``/help`` and ``/tarot rules`` in words: what the game is and how to start, and what
each option of a table means (with the table's own values when there is one)."""

from __future__ import annotations

from bot.i18n import t
from tarot_core import Rules
from tarot_core.rules import OPTIONS

from .table import rules_text


def help_text(locale: str | None) -> str:
    return t(locale, "help.text")


def rules_explained(locale: str | None, rules: Rules | None) -> str:
    """The table's rules (if a table is open) then each option in plain words."""
    lines: list[str] = []
    if rules is not None:
        lines += [f"**{t(locale, 'rules.title_table')}**", rules_text(locale, rules), ""]
    lines.append(f"**{t(locale, 'rules.title_options')}**")
    lines += [f"- {t(locale, f'rules.explain.{option.name}')}" for option in OPTIONS]
    return "\n".join(lines)
