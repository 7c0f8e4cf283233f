"""``TAROT_DB``: a SQLite file (a path or a ``sqlite:`` URL) or a PostgreSQL URL, and a
password that never shows in a refusal or a log line."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.settings import SettingsError, load_settings
from bot.storage.locations import shown


def database(value: str) -> Path | str:
    return load_settings({"TAROT_DB": value}, None).database


def test_a_postgresql_url_is_kept_as_it_is() -> None:
    url = "postgresql://tarot:s3cret@db.example:5432/tarot"
    assert database(url) == url
    assert database("postgres://tarot@10.0.0.5/tarot") == "postgres://tarot@10.0.0.5/tarot"
    assert database("postgresql:///tarot?host=/run/postgresql") == (
        "postgresql:///tarot?host=/run/postgresql"
    )


def test_a_sqlite_url_is_its_file(tmp_path: Path) -> None:
    assert database(f"sqlite://{tmp_path}/t.sqlite3") == tmp_path / "t.sqlite3"


def test_a_postgresql_url_without_a_server_is_refused_without_its_password() -> None:
    with pytest.raises(SettingsError) as refused:
        database("postgresql://tarot:s3cret@/tarot")
    assert "TAROT_DB" in str(refused.value) and "names no server" in str(refused.value)
    assert "s3cret" not in str(refused.value)


def test_another_scheme_is_refused_in_one_line() -> None:
    with pytest.raises(SettingsError) as refused:
        database("mysql://tarot@db/tarot")
    assert str(refused.value) == (
        "TAROT_DB: mysql:// is not a database the bot can use: a SQLite file or a postgresql:// URL"
    )


@pytest.mark.parametrize(
    ("location", "seen"),
    [
        ("postgresql://tarot:s3cret@db:5432/tarot", "postgresql://tarot:***@db:5432/tarot"),
        ("postgresql://tarot@db/tarot", "postgresql://tarot@db/tarot"),
        ("postgresql://:pw@db/tarot", "postgresql://:***@db/tarot"),
        ("postgresql://tarot@db/tarot?password=s3cret", "postgresql://tarot@db/tarot?password=***"),
        (
            "postgresql://u:a@db/t?sslmode=require&sslpassword=k",
            "postgresql://u:***@db/t?sslmode=require&sslpassword=***",
        ),
        ("/var/lib/tarot.sqlite3", "/var/lib/tarot.sqlite3"),
        (Path("t.sqlite3"), "t.sqlite3"),
    ],
)
def test_a_location_is_shown_without_its_password(location: str | Path, seen: str) -> None:
    assert shown(location) == seen
