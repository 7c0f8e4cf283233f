"""Naming a PostgreSQL server in a refusal, and turning what connecting raised into one.

A refusal is printed as it is by ``python -m bot`` and lands in logs, so it names the
server by user, host, port and database only: never the password, which a URL may carry
and which is scrubbed from the cause too, should a driver ever quote it.
"""

from __future__ import annotations

from urllib.parse import parse_qs, unquote, urlsplit

import asyncpg

from ..errors import DatabaseUnusable
from ..locations import secrets_of

DEFAULT_PORT = 5432


def server_name(url: str) -> str:
    """``postgresql://user@host:port/database`` for ``url``, without its password, query
    or anything else; what is not in the URL is shown as libpq's default would be."""
    try:
        parts = urlsplit(url)
        query = parse_qs(parts.query)
        host = parts.hostname or query.get("host", ["localhost"])[0]
        port = parts.port or int(query.get("port", [DEFAULT_PORT])[0])
    except ValueError:
        return "postgresql://(a URL that cannot be read)"
    user = unquote(parts.username) + "@" if parts.username else ""
    database = unquote(parts.path.lstrip("/")) or unquote(parts.username or "")
    return f"postgresql://{user}{host}:{port}/{database}"


def one_line(error: BaseException) -> str:
    """What ``error`` says, on one line."""
    return " ".join((str(error) or type(error).__name__).split())


def without_detail(error: BaseException) -> str:
    """What ``error`` says, on one line, without the DETAIL a PostgreSQL error adds to its
    text: that quotes the row or the key at fault ("Failing row contains (...)"), and a
    deal's row holds its record, every hand and the écart."""
    if isinstance(error, asyncpg.PostgresError) and error.args:
        return " ".join(str(error.args[0]).split())
    return one_line(error)


def cause_of(url: str, error: BaseException) -> str:
    """What ``error`` says about ``url``, on one line, any password of the URL scrubbed."""
    cause = one_line(error)
    for secret in secrets_of(url):
        cause = cause.replace(secret, "***")
    return cause


def unusable(url: str, doing: str, error: BaseException) -> DatabaseUnusable:
    """``error``, met while ``doing`` (connecting, migrating), as a one-line refusal."""
    return DatabaseUnusable(f"{server_name(url)}: {doing} failed ({cause_of(url, error)})")
