"""What a test needs from the machine (PostgreSQL, Node.js): a developer's machine without
it skips the test, but CI fails it, where a skipped suite would pass green without having
tested anything (``.ci/run`` installs what is missing first)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import NoReturn

import pytest


def in_ci(environ: Mapping[str, str]) -> bool:
    """CI sets ``CI`` (to ``true``); an empty, ``0`` or ``false`` value means not in CI."""
    return environ.get("CI", "").strip().lower() not in ("", "0", "false")


def missing(what: str, reason: str, hint: str, environ: Mapping[str, str]) -> NoReturn:
    """Skips the test for lack of ``what`` (``hint`` says how to get it), or fails it in CI."""
    if in_ci(environ):
        pytest.fail(f"{what} is required in CI but {reason}", pytrace=False)
    pytest.skip(f"{what} tests skipped: {reason} ({hint})")
