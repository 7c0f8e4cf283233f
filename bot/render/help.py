"""``/help`` and ``/tarot rules`` in words: what the game is and how to start, and what
each option of a table means (with the table's own values when there is one)."""

from __future__ import annotations

from bot.i18n import t
from tarot_core import OPTIONS, Rules

from .table import rules_text


def help_text(locale: str | None) -> str:
    return t(locale, "help.text")


def rules_explained(locale: str | None, rules: Rules | None) -> str:
    """The table's rules (if a table is open) then each option in plain words (at a
    table, those that apply to its player count)."""
    lines: list[str] = []
    if rules is not None:
        lines += [f"**{t(locale, 'rules.title_table')}**", rules_text(locale, rules), ""]
    lines.append(f"**{t(locale, 'rules.title_options')}**")
    lines += [
        f"- {t(locale, f'rules.explain.{option.name}')}"
        for option in OPTIONS
        if rules is None or option.applies_to(rules.players)
    ]
    return "\n".join(lines)


def pages(text: str, limit: int = 2000) -> list[str]:
    """``text`` cut at line ends into messages of at most ``limit`` characters (Discord's
    limit): every option explained no longer fits in one."""
    out: list[str] = []
    page = ""
    for line in text.split("\n"):
        while len(line) > limit:  # a line longer than a message: cut where it must
            if page:
                out.append(page)
                page = ""
            out.append(line[:limit])
            line = line[limit:]
        candidate = f"{page}\n{line}" if page else line
        if len(candidate) > limit:
            out.append(page)
            page = line
        else:
            page = candidate
    if page:
        out.append(page)
    return out
