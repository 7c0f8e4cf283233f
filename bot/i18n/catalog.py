"""Looking up user-facing texts by key in the catalog of the user's language.

Catalogs are plain dicts (``en.py``, ``fr.py``) so that adding a language needs no tool
and a test can check that every language has every key with the same placeholders.
"""

from __future__ import annotations

import logging
import os
import string
from collections.abc import Mapping

from .en import MESSAGES as EN
from .fr import MESSAGES as FR

log = logging.getLogger(__name__)

LANGUAGES = ("en", "fr")
DEFAULT = "en"
CATALOGS: dict[str, Mapping[str, str]] = {"en": EN, "fr": FR}

STRICT: bool | None = None
"""Whether a missing parameter raises (``MissingParam``) rather than staying as
``{name}`` in the text. None: strict under pytest (``PYTEST_CURRENT_TEST`` is set) or
when ``TAROT_I18N_STRICT`` is set, lenient otherwise, so a slip in production costs a
visible placeholder, not a lost message."""


class MissingParam(KeyError):
    """A text needs a parameter the caller did not pass."""


def locale_of(discord_locale: str | None) -> str:
    """Our language for a Discord locale: French for ``fr`` and ``fr-*``, else English."""
    if discord_locale is not None and str(discord_locale).lower().startswith("fr"):
        return "fr"
    return DEFAULT


def _strict() -> bool:
    if STRICT is not None:
        return STRICT
    return "PYTEST_CURRENT_TEST" in os.environ or bool(os.environ.get("TAROT_I18N_STRICT"))


class _Lenient(dict[str, object]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def t(locale: str | None, key: str, **params: object) -> str:
    """The text ``key`` in the language of ``locale`` (a Discord locale or ``en``/``fr``),
    falling back to English, then to the key itself, so a missing text is visible."""
    template = CATALOGS[locale_of(locale)].get(key)
    if template is None:
        template = CATALOGS[DEFAULT].get(key)
        if template is None:
            log.warning("i18n: no text for %r", key)
            return key
    try:
        return template.format_map(params)
    except KeyError as e:
        if _strict():
            raise MissingParam(f"{key!r} needs the parameter {e.args[0]!r}") from None
        log.error("i18n: %r is missing the parameter %r", key, e.args[0])
        return template.format_map(_Lenient(params))


def has(key: str) -> bool:
    return key in CATALOGS[DEFAULT]


def placeholders(template: str) -> set[str]:
    """The parameter names a template uses (for the catalog consistency tests)."""
    return {
        field.split(".")[0].split("[")[0]
        for _, field, _, _ in string.Formatter().parse(template)
        if field is not None
    }
