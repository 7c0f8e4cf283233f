"""Which of our languages a reader gets, from their Discord locale.

Kept apart from the catalogs so that number formatting (``numbers.py``) and the command
translator can map locales without loading every text.
"""

from __future__ import annotations

LANGUAGES = ("en", "fr", "es", "pl")
"""The languages with a catalog; English is the default and the source of every key."""

DEFAULT = "en"

DISCORD_LOCALES: dict[str, str] = {"fr": "fr", "es-ES": "es", "es-419": "es", "pl": "pl"}
"""Discord locales whose users read a catalog other than the default one (``en-US`` and
``en-GB`` read English, as does every locale without a catalog). The command translator
sends these localizations to Discord."""

_CACHE: dict[str, str] = {}


def locale_of(discord_locale: object) -> str:
    """Our language for a Discord locale (``es-419`` → ``es``) or one of our language codes;
    English for any other locale or for none. Only the language subtag counts, so a
    regional variant Discord adds later still reads its language."""
    if discord_locale is None:
        return DEFAULT
    text = str(discord_locale)
    lang = _CACHE.get(text)
    if lang is None:
        primary = text.strip().lower().replace("_", "-").split("-")[0]
        lang = primary if primary in LANGUAGES else DEFAULT
        if len(_CACHE) < 256:  # Discord has about 30 locales; anything else is not kept
            _CACHE[text] = lang
    return lang
