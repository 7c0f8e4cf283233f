"""Where the storage is: ``open_storage`` takes a SQLite file as a path or a ``sqlite:``
URL, and says in one line what it cannot open."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.storage import DatabaseUnusable, open_storage, sqlite_path
from bot.storage.postgres.opening import cause_of
from bot.storage.sqlite import SqliteStorage


@pytest.mark.parametrize(
    ("location", "path"),
    [
        ("tarot.sqlite3", Path("tarot.sqlite3")),
        ("/var/lib/tarot/tarot.sqlite3", Path("/var/lib/tarot/tarot.sqlite3")),
        ("sqlite:///var/lib/tarot.sqlite3", Path("/var/lib/tarot.sqlite3")),
        ("sqlite://data/tarot.sqlite3", Path("data/tarot.sqlite3")),
        ("sqlite:tarot.sqlite3", Path("tarot.sqlite3")),
        (Path("x/y.sqlite3"), Path("x/y.sqlite3")),
        ("postgresql://tarot@127.0.0.1/tarot", None),
        ("postgres://tarot@db/tarot", None),
        ("mysql://tarot@db/tarot", None),
    ],
)
def test_a_location_names_a_sqlite_file_or_another_backend(
    location: str | Path, path: Path | None
) -> None:
    assert sqlite_path(location) == path


async def test_a_sqlite_url_opens_the_file(tmp_path: Path) -> None:
    db = await open_storage(f"sqlite://{tmp_path}/tarot.sqlite3")
    try:
        assert isinstance(db, SqliteStorage) and db.path == tmp_path / "tarot.sqlite3"
        assert await db.player("user", "1", "ann") == 1
    finally:
        await db.close()
    assert (tmp_path / "tarot.sqlite3").is_file()


async def test_an_unknown_backend_is_refused_in_one_line() -> None:
    with pytest.raises(DatabaseUnusable) as refused:
        await open_storage("mysql://tarot@db/tarot")
    assert "\n" not in str(refused.value) and "mysql://" in str(refused.value)


def test_nothing_outside_the_storage_package_imports_a_backend() -> None:
    """The rest of the bot knows ``bot.storage``'s protocols only (issue 13)."""
    root = Path(__file__).resolve().parents[3] / "bot"
    backend = ("storage.sqlite", "storage.postgres", "aiosqlite", "asyncpg")
    bulk_loader = root / "benchmarks" / "pg_fill.py"  # fills a million deals around Storage,
    # as the storage benchmark's SQLite fill does with sqlite3
    offenders = []
    for path in root.rglob("*.py"):
        if path.is_relative_to(root / "storage") or path == bulk_loader:
            continue
        for number, line in enumerate(path.read_text().splitlines(), start=1):
            words = line.split()
            if words[:1] in (["import"], ["from"]) and any(b in words[1] for b in backend):
                offenders.append(f"{path.relative_to(root.parent)}:{number}: {line.strip()}")
    assert offenders == []


def test_what_a_driver_says_loses_every_password_of_the_url() -> None:
    url = "postgresql://tarot:pw1@db/tarot?sslpassword=pw2"
    said = OSError("login with pw1 (key pw2)\nrefused")
    assert cause_of(url, said) == "login with *** (key ***) refused"
