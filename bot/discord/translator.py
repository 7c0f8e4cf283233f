"""Command names, descriptions and choices in every catalog's language, through discord.py's
Translator.

Discord shows each user the command texts of their client's language, from the
localizations sent when the commands are synced. discord.py asks the tree's translator for
every ``locale_str`` of a command in every Discord locale; this one answers from the
message catalogs, so command texts live with every other text.

The convention: declare every translatable text as
``app_commands.locale_str("English text", key="cmd.xxx")`` (or ``catalog_str("cmd.xxx")``),
where the key names the text in the catalogs (``en.py``, ``fr.py``...) and the English text
is the default Discord shows to every other locale. Keys: ``cmd.<command>`` for a command,
``cmd.<command>.<sub>`` for a subcommand, ``cmd.<command>[.<sub>].<option>`` for an
option's description, ``choice.<set>.<value>`` for a choice's name, ``name.<command>``
and ``name.option.<option>`` for names (``/tarot nouvelle`` for a French client). A plain
``str`` (or a ``locale_str`` without a key) is never translated.
"""

from __future__ import annotations

from collections.abc import Mapping

import discord
from discord import app_commands

from bot.i18n.catalog import CATALOGS
from bot.i18n.en import MESSAGES as EN
from bot.i18n.locales import DISCORD_LOCALES

TRANSLATIONS: dict[discord.Locale, Mapping[str, str]] = {
    discord.Locale(code): CATALOGS[lang] for code, lang in DISCORD_LOCALES.items()
}
"""Discord locales with a catalog of their own; English is the default text itself."""


def catalog_str(key: str) -> app_commands.locale_str:
    """A ``locale_str`` whose default is the English catalog's text, so the two cannot drift."""
    return app_commands.locale_str(EN[key], key=key)


class CatalogTranslator(app_commands.Translator):
    """Looks up ``string.extras["key"]`` in the catalog of the Discord locale."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        key = string.extras.get("key")
        catalog = TRANSLATIONS.get(locale)
        if key is None or catalog is None:
            return None
        return catalog.get(key)
