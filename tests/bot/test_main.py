"""``python -m bot`` as a real subprocess: what it says without a token, with a bad
setting or a database it cannot use, and the fallback of ./run.sh to the terminal game."""

import socket
import sqlite3
import subprocess
import sys
from collections.abc import Sequence
from contextlib import closing
from pathlib import Path
from types import SimpleNamespace

import pytest
from cli_support import ROOT, clean_env, run

import bot.__main__ as bot_main
from bot.startup import STATUSES
from bot.storage.sqlite.schema import MIGRATIONS


def test_without_a_token_it_says_what_to_do_in_one_line(tmp_path: Path) -> None:
    done = run([], {}, tmp_path)
    assert done.returncode == 3
    assert done.stderr.count("\n") == 1 and "DISCORD_TOKEN" in done.stderr
    assert ".env.example" in done.stderr and done.stdout == ""


def test_a_token_in_dotenv_passes_the_check(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text("DISCORD_TOKEN=a.fake.token\n")
    done = run(["--check"], {}, tmp_path)
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")


def test_the_token_abc_fails_the_check(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text("DISCORD_TOKEN=abc\n")
    done = run(["--check"], {}, tmp_path)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.startswith("Settings: DISCORD_TOKEN: not a Discord bot token")


def test_a_bad_setting_is_named_in_one_line(tmp_path: Path) -> None:
    done = run(["--check"], {"DISCORD_TOKEN": "a.fake.token", "TAROT_BOT_PAUSE": "soon"}, tmp_path)
    assert done.returncode == 2
    assert done.stderr.strip() == (
        "Settings: TAROT_BOT_PAUSE: expected a number of seconds (0 or more), not 'soon'"
    )


def test_a_file_that_is_not_a_database_stops_the_bot_in_one_line(tmp_path: Path) -> None:
    db = tmp_path / "garbage.sqlite3"
    db.write_bytes(b"SQLite format 3\0" + bytes(range(256)) * 64)  # garbage after the header
    done = run(
        [], {"DISCORD_TOKEN": "a.fake.token", "TAROT_DB": str(db)}, tmp_path
    )  # killed after 60 s
    assert (done.returncode, done.stdout) == (4, ""), done.stderr
    assert done.stderr == f"Database: {db}: not a SQLite database (file is not a database)\n"


def test_a_database_of_a_newer_version_is_refused_before_connecting(tmp_path: Path) -> None:
    db = tmp_path / "tarot.sqlite3"
    with closing(sqlite3.connect(db)) as conn:
        conn.executescript("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);")
        conn.execute("PRAGMA user_version = 99")
    before = db.read_bytes()
    done = run([], {"DISCORD_TOKEN": "a.fake.token", "TAROT_DB": str(db)}, tmp_path)
    assert (done.returncode, done.stdout) == (4, "")  # 4: the database cannot be used
    assert done.stderr == (
        f"Database: {db}: this database was written by a newer version (schema 99,"
        f" this version knows {len(MIGRATIONS)}); run that version, or restore a backup\n"
    )
    assert db.read_bytes() == before


def test_a_postgresql_server_it_cannot_reach_stops_the_bot_without_its_password(
    tmp_path: Path,
) -> None:
    with closing(socket.socket()) as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    url = f"postgresql://tarot:s3cret@127.0.0.1:{port}/tarot"
    done = run([], {"DISCORD_TOKEN": "a.fake.token", "TAROT_DB": url}, tmp_path)
    assert (done.returncode, done.stdout) == (4, ""), done.stderr
    assert done.stderr.startswith(f"Database: postgresql://tarot@127.0.0.1:{port}/tarot: ")
    assert done.stderr.count("\n") == 1 and "s3cret" not in done.stderr


def run_sh(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """``./run.sh ARGS`` with only ``env`` set of the bot's settings (it reads the
    project's own .env, which a checkout does not have)."""
    return subprocess.run(
        ["bash", str(ROOT / "run.sh"), *args],
        input="",
        capture_output=True,
        text=True,
        timeout=300,
        env=clean_env() | env,
    )


def test_run_sh_falls_back_to_the_terminal_game_without_a_token() -> None:
    done = run_sh("--players", "3", "--bots", "random")
    assert "No Discord token" in done.stderr
    assert "terminal game instead" in done.stderr
    assert "Your bid" in done.stdout  # the terminal game started and asked for a bid


def test_run_sh_with_a_token_shows_the_bots_help() -> None:
    done = run_sh("--help", DISCORD_TOKEN="a.fake.token")
    assert (done.returncode, done.stderr) == (0, ""), done.stderr
    assert done.stdout.startswith("usage: python -m bot ") and "exit status:" in done.stdout


def test_run_sh_with_a_token_refuses_an_option_of_the_terminal_game_in_one_line() -> None:
    done = run_sh("--players", "5", DISCORD_TOKEN="a.fake.token")
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (
        "python -m bot: --players is not an option of the Discord bot, which starts when"
        " DISCORD_TOKEN is set; for the terminal game, run .venv/bin/python -m bot play"
        " --players 5\n"
    )


def test_run_sh_with_a_token_names_the_bot_option_a_typo_meant() -> None:
    done = run_sh("--chek", DISCORD_TOKEN="a.fake.token")
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == "python -m bot: no option --chek; did you mean --check?\n"


def test_play_hands_every_argument_after_it_to_the_terminal_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``python -m bot play ARGS`` is ``bot.terminal.main(ARGS)``, options of the bot's
    names included (the game's own module stands in here for the one it loads)."""
    given: list[list[str]] = []

    def game(argv: Sequence[str]) -> int:
        given.append(list(argv))
        return 7

    monkeypatch.setitem(sys.modules, "bot.terminal", SimpleNamespace(main=game))
    assert bot_main.main(["play", "--players", "5", "--check", "--help"]) == 7
    assert given == [["--players", "5", "--check", "--help"]]


def test_play_after_an_option_of_the_bot_is_refused_in_one_line(tmp_path: Path) -> None:
    done = run(["--check", "play"], {"DISCORD_TOKEN": "a.fake.token"}, tmp_path)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == "python -m bot: play comes first: python -m bot play [its options]\n"


def test_every_exit_status_is_in_the_help_and_the_module_docstring() -> None:
    shown = bot_main.parser().format_help()
    assert bot_main.__doc__ is not None
    for code, meaning in STATUSES.items():
        assert f"\n  {code}  {meaning}\n" in shown + "\n"
        assert f"\n{code}   " in bot_main.__doc__
    assert len(set(STATUSES)) == len(STATUSES) == 9
