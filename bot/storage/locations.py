"""A storage location as people may see it: a PostgreSQL URL's password never reaches a log
line or a message."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

POSTGRES_SCHEMES = ("postgresql", "postgres")


def is_postgres_url(location: str | Path) -> bool:
    return isinstance(location, str) and location.split("://", 1)[0] in POSTGRES_SCHEMES


def shown(location: str | Path) -> str:
    """``location`` for a log or a message: a URL's password replaced by ``***``."""
    text = str(location)
    if "://" not in text:
        return text
    try:
        parts = urlsplit(text)
        password = parts.password
    except ValueError:
        return text.split("://", 1)[0] + "://..."
    if password is None:
        return text
    user = parts.username or ""
    host = parts.netloc.rsplit("@", 1)[1]
    return urlunsplit(parts._replace(netloc=f"{user}:***@{host}"))
