"""Message catalogs in English, French, Spanish and Polish, chosen by the user's Discord
locale, and numbers and dates written the reader's way (Babel)."""

from .catalog import LANGUAGES, MissingParam, PluralError, has, locale_of, t
from .dates import day_of_month, month_of_year
from .locales import DISCORD_LOCALES
from .numbers import decimal, percent, signed

__all__ = [
    "DISCORD_LOCALES",
    "LANGUAGES",
    "MissingParam",
    "PluralError",
    "day_of_month",
    "decimal",
    "has",
    "locale_of",
    "month_of_year",
    "percent",
    "signed",
    "t",
]
