"""Numbers as each reader writes them, through Babel (CLDR data) rather than by hand.

Card points read 45.5 in English and 45,5 in French, Spanish and Polish; large totals are
grouped (1,234 / 1 234 / 1.234); a sign is the locale's own. The Babel locale is the
reader's Discord locale itself when its language has a catalog, so ``es-419`` (45.5) and
``es-ES`` (45,5) each read their own way; any other locale reads its numbers like the text
it is shown, in English. Plural categories (``one``, ``few``, ``many``, ``other``) come from
the same data, for the catalogs' plural forms.
"""

from __future__ import annotations

from functools import lru_cache

from babel import Locale, UnknownLocaleError
from babel.numbers import format_decimal, format_percent, get_plus_sign_symbol

from .locales import locale_of


@lru_cache(maxsize=128)
def _babel_locale(text: str) -> Locale:
    lang = locale_of(text)
    region = text.replace("-", "_")
    if region.lower().startswith(lang + "_"):
        try:
            return Locale.parse(region)
        except (ValueError, UnknownLocaleError):
            pass
    return Locale.parse(lang)


def babel_locale(locale: object) -> Locale:
    """The Babel locale that formats numbers for a Discord locale (or a language code)."""
    return _babel_locale("" if locale is None else str(locale))


@lru_cache(maxsize=4096)
def _decimal(value: float, locale: Locale, places: int | None, sign: bool) -> str:
    if places is None:
        if float(value).is_integer():
            value = int(value)
        pattern = None
        rounded = round(value, 3)
    else:
        pattern = "#,##0." + "0" * places if places else "#,##0"
        rounded = round(value, places)
    if rounded == 0:
        value = 0  # never "-0" nor "+0"
    text = format_decimal(value, format=pattern, locale=locale)
    return get_plus_sign_symbol(locale) + text if sign and rounded > 0 else text


def decimal(value: float, locale: object, *, places: int | None = None, sign: bool = False) -> str:
    """``value`` in the reader's notation: as many decimals as it has (up to 3, so card
    points keep their half: 45,5) or exactly ``places``; ``sign``: ``+`` before a positive
    value (a score), never before zero."""
    return _decimal(value, babel_locale(locale), places, sign)


def signed(value: float, locale: object) -> str:
    """A score with its sign (``+1 234``, ``-20``), zero without one."""
    return _decimal(value, babel_locale(locale), None, True)


def percent(rate: float, locale: object) -> str:
    """A rate (0.67) as a whole percentage in the reader's notation (``67%``, ``67 %``)."""
    return format_percent(rate, locale=babel_locale(locale))


@lru_cache(maxsize=64)
def _plural_locale(lang: str) -> Locale:
    return Locale.parse(lang)


def plural_category(count: float, locale: object) -> str:
    """The CLDR plural category of ``count`` in the reader's language: ``one`` or ``other``
    in English; ``one``, ``few`` or ``many`` for whole numbers in Polish (1 karta, 2 karty,
    5 kart, 22 karty)."""
    return _plural_locale(locale_of(locale)).plural_form(count)


__all__ = ["babel_locale", "decimal", "percent", "plural_category", "signed"]
