"""``/help`` names every command: the real command tree (every slash command and every
subcommand, as a sync sends it with its localized names) is walked, and each name must
be in ``/help``'s text in every language, so that a new command cannot be left out."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from typing import Any

import discord
import pytest
from discord.ext import commands

from bot.discord.errors import MESSAGE_LIMIT
from bot.discord.translator import CatalogTranslator
from bot.i18n import LANGUAGES
from bot.i18n.locales import DISCORD_LOCALES
from bot.render.help import help_text

SUBCOMMAND, GROUP = 1, 2


@pytest.fixture
async def tree() -> AsyncIterator[list[dict[str, Any]]]:
    """Every command of the bot's cogs, translated as a sync sends them."""
    from bot.discord.cogs.game import GameCog
    from bot.discord.cogs.help import HelpCog
    from bot.discord.cogs.stats import StatsCog

    bot = commands.Bot(command_prefix="!", intents=discord.Intents.none())
    for cog in (GameCog, StatsCog, HelpCog):
        await bot.add_cog(cog(bot))  # type: ignore[arg-type]
    translator = CatalogTranslator()
    yield [await c.get_translated_payload(bot.tree, translator) for c in bot.tree.get_commands()]
    await bot.close()


def name_in(item: dict[str, Any], lang: str) -> str:
    """The name a reader of ``lang`` sees (the default name when none is localized)."""
    codes = [code for code, of in DISCORD_LOCALES.items() if of == lang]
    names = item.get("name_localizations") or {}
    return next((names[c] for c in codes if c in names), item["name"])


def invocations(command: dict[str, Any], lang: str) -> list[tuple[str, str | None]]:
    """(the command's name, a subcommand's name or None) for everything it runs."""
    top = name_in(command, lang)
    found: list[tuple[str, str | None]] = []
    for option in command.get("options", []):
        if option["type"] == SUBCOMMAND:
            found.append((top, name_in(option, lang)))
        elif option["type"] == GROUP:
            found += [
                (top, f"{name_in(option, lang)} {name_in(s, lang)}") for s in option["options"]
            ]
    return found or [(top, None)]


async def test_the_tree_has_what_help_is_checked_against(tree: list[dict[str, Any]]) -> None:
    every = {i for c in tree for i in invocations(c, "en")}
    assert {("help", None), ("tarot", "settings"), ("tarot", "threads"), ("stats", None)} <= every
    assert len(every) >= 17


@pytest.mark.parametrize("lang", LANGUAGES)
async def test_help_names_every_command_and_subcommand(
    tree: list[dict[str, Any]], lang: str
) -> None:
    text = help_text(lang)
    assert len(text) <= MESSAGE_LIMIT
    missing = []
    for command in tree:
        for top, sub in invocations(command, lang):
            if sub is None:
                shown = f"`/{top}`" in text
            else:
                shown = re.search(rf"`(/{re.escape(top)} )?{re.escape(sub)}`", text) is not None
            if not shown:
                missing.append(f"/{top} {sub or ''}".strip())
    assert missing == [], f"/help ({lang}) does not name {missing}"
