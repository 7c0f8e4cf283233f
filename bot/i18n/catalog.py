"""Looking up user-facing texts by key in the catalog of the user's language.

Catalogs are plain dicts (``en.py``, ``fr.py``, ``es.py``, ``pl.py``) so that adding a
language needs no tool and a test can check that every language has every key with the
same placeholders.

A count that changes the words around it takes a plural form inline, chosen by the
language's CLDR rule (Babel): ``{count:plural:one=# karta|few=# karty|many=# kart|other=#
kart}``, where ``#`` is the number in the reader's notation. A language writes the forms it
needs (English ``one`` and ``other``; Polish ``one``, ``few`` and ``many``); ``other`` is
the fallback for any category not written. A text without this syntax formats as before.
"""

from __future__ import annotations

import logging
import os
import string
from collections.abc import Mapping
from functools import lru_cache

from .en import MESSAGES as EN
from .es import MESSAGES as ES
from .fr import MESSAGES as FR
from .locales import DEFAULT, DISCORD_LOCALES, LANGUAGES, locale_of
from .numbers import decimal, plural_category
from .pl import MESSAGES as PL

log = logging.getLogger(__name__)

CATALOGS: dict[str, Mapping[str, str]] = {"en": EN, "fr": FR, "es": ES, "pl": PL}

PLURAL = "plural:"
"""The format spec that introduces a placeholder's plural forms."""

PLURAL_CATEGORIES = frozenset({"zero", "one", "two", "few", "many", "other"})
"""CLDR's plural categories, the only names a plural form may have."""

STRICT: bool | None = None
"""Whether a missing parameter raises (``MissingParam``) rather than staying as
``{name}`` in the text. None: strict under pytest (``PYTEST_CURRENT_TEST`` is set) or
when ``TAROT_I18N_STRICT`` is set, lenient otherwise, so a slip in production costs a
visible placeholder, not a lost message."""


class MissingParam(KeyError):
    """A text needs a parameter the caller did not pass."""


class PluralError(ValueError):
    """A plural placeholder got no number, or has no form for the number's category."""


def _strict() -> bool:
    if STRICT is not None:
        return STRICT
    return "PYTEST_CURRENT_TEST" in os.environ or bool(os.environ.get("TAROT_I18N_STRICT"))


class _Lenient(dict[str, object]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


@lru_cache(maxsize=1024)
def plural_forms(spec: str) -> dict[str, str]:
    """``plural:one=# card|other=# cards`` as ``{"one": "# card", "other": "# cards"}``."""
    forms: dict[str, str] = {}
    for part in spec[len(PLURAL) :].split("|"):
        category, _, text = part.partition("=")
        forms[category.strip()] = text
    return forms


@lru_cache(maxsize=1024)
def plural_fields(template: str) -> dict[str, tuple[dict[str, str], ...]]:
    """The placeholders of a template that have plural forms, each with its forms (one
    entry per use of the placeholder)."""
    found: dict[str, tuple[dict[str, str], ...]] = {}
    for _, field, spec, _ in string.Formatter().parse(template):
        if field is not None and spec and spec.startswith(PLURAL):
            found[field] = (*found.get(field, ()), plural_forms(spec))
    return found


def _number(value: object) -> int | float | None:
    """A count as a number: ints and floats, and the digits callers that fill texts with
    strings pass (the refusals do); None for anything else."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return value
    if isinstance(value, str):
        try:
            return int(value)
        except ValueError:
            return None
    return None


class _Count:
    """A parameter used with plural forms: formats as its value, or as the form of its
    plural category with ``#`` standing for the number in the reader's notation."""

    __slots__ = ("key", "locale", "name", "value")

    def __init__(self, value: object, locale: str | None, key: str, name: str) -> None:
        self.value, self.locale, self.key, self.name = value, locale, key, name

    def __format__(self, spec: str) -> str:
        if not spec.startswith(PLURAL):
            return format(self.value, spec)
        forms = plural_forms(spec)
        value = _number(self.value)
        if value is not None:
            form = forms.get(plural_category(value, self.locale), forms.get("other"))
            if form is not None:
                return form.replace("#", decimal(value, self.locale))
            problem = f"has no form for {value} (and no 'other')"
        else:
            problem = f"needs a number, got {self.value!r}"
        if _strict():
            raise PluralError(f"{self.key!r}: the plural {{{self.name}}} {problem}")
        log.error("i18n: %r: the plural {%s} %s", self.key, self.name, problem)
        fallback = forms.get("other", next(iter(forms.values()), ""))
        return fallback.replace("#", str(self.value))

    def __str__(self) -> str:
        return str(self.value)

    def __repr__(self) -> str:
        return repr(self.value)


def _with_counts(
    template: str, locale: str | None, key: str, params: dict[str, object]
) -> dict[str, object]:
    plural = plural_fields(template)
    if not plural:
        return params
    return {
        name: _Count(value, locale, key, name) if name in plural else value
        for name, value in params.items()
    }


def text_of(locale: str | None, key: str) -> str | None:
    """The text ``key`` unfilled, in the language of ``locale``, else in English; None if
    no catalog has it."""
    template = CATALOGS[locale_of(locale)].get(key)
    return CATALOGS[DEFAULT].get(key) if template is None else template


def t(locale: str | None, key: str, **params: object) -> str:
    """The text ``key`` in the language of ``locale`` (a Discord locale or one of our
    language codes), falling back to English, then to the key itself, so a missing text is
    visible."""
    template = text_of(locale, key)
    if template is None:
        log.warning("i18n: no text for %r", key)
        return key
    values = _with_counts(template, locale, key, params)
    try:
        return template.format_map(values)
    except KeyError as e:
        if _strict():
            raise MissingParam(f"{key!r} needs the parameter {e.args[0]!r}") from None
        log.error("i18n: %r is missing the parameter %r", key, e.args[0])
        return template.format_map(_Lenient(values))


def has(key: str) -> bool:
    return key in CATALOGS[DEFAULT]


def placeholders(template: str) -> set[str]:
    """The parameter names a template uses (for the catalog consistency tests)."""
    return {
        field.split(".")[0].split("[")[0]
        for _, field, _, _ in string.Formatter().parse(template)
        if field is not None
    }


__all__ = [
    "CATALOGS",
    "DEFAULT",
    "DISCORD_LOCALES",
    "LANGUAGES",
    "PLURAL_CATEGORIES",
    "MissingParam",
    "PluralError",
    "has",
    "locale_of",
    "placeholders",
    "plural_fields",
    "t",
    "text_of",
]
