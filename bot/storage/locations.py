"""A storage location as people may see it: a PostgreSQL URL's password never reaches a log
line or a message."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import parse_qsl, unquote, urlsplit, urlunsplit

POSTGRES_SCHEMES = ("postgresql", "postgres")
SECRET_PARAMETERS = ("password", "sslpassword")
"""Query parameters libpq and asyncpg read a secret from (``?password=...``)."""
_SECRET_IN_QUERY = re.compile(rf"((?:^|&)(?:{'|'.join(SECRET_PARAMETERS)})=)[^&]*")


def is_postgres_url(location: str | Path) -> bool:
    return isinstance(location, str) and location.split("://", 1)[0] in POSTGRES_SCHEMES


def shown(location: str | Path) -> str:
    """``location`` for a log or a message: a URL's password, in its user part or its
    query, replaced by ``***``."""
    text = str(location)
    if "://" not in text:
        return text
    try:
        parts = urlsplit(text)
        password = parts.password
    except ValueError:
        return text.split("://", 1)[0] + "://..."
    query = _SECRET_IN_QUERY.sub(r"\1***", parts.query)
    if password is None and query == parts.query:
        return text  # as given: rebuilding would turn sqlite:///path into sqlite:/path
    parts = parts._replace(query=query)
    if password is not None:
        user = parts.username or ""
        host = parts.netloc.rsplit("@", 1)[1]
        parts = parts._replace(netloc=f"{user}:***@{host}")
    return urlunsplit(parts)


def secrets_of(url: str) -> list[str]:
    """The passwords ``url`` carries, to scrub from what a driver says about it."""
    try:
        parts = urlsplit(url)
        found = [unquote(parts.password)] if parts.password else []
    except ValueError:
        return []
    found += [v for k, v in parse_qsl(parts.query) if k in SECRET_PARAMETERS and v]
    return found
