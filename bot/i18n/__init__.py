"""Message catalogs in English, French, Spanish and Polish, chosen by the user's Discord
locale, and numbers written the reader's way (Babel)."""

from .catalog import LANGUAGES, MissingParam, PluralError, has, locale_of, t
from .locales import DISCORD_LOCALES
from .numbers import decimal, percent, signed

__all__ = [
    "DISCORD_LOCALES",
    "LANGUAGES",
    "MissingParam",
    "PluralError",
    "decimal",
    "has",
    "locale_of",
    "percent",
    "signed",
    "t",
]
