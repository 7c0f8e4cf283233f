"""Message catalogs in English and French, chosen by the user's Discord locale."""

from .catalog import LANGUAGES, MissingParam, has, locale_of, t

__all__ = ["LANGUAGES", "MissingParam", "has", "locale_of", "t"]
