"""``--check`` catches every setting that would fail later: a ``.env`` that is not UTF-8 or
has a broken quote, values beyond what the bot can use, a database path it cannot open, a
token pasted with spaces; each refused in one line naming the file or the key."""

import os
import re
import sqlite3
from pathlib import Path

import pytest
from cli_support import ROOT, run

from bot.settings import KEYS, NOT_SETTINGS, SettingsError, load_settings, read_dotenv
from bot.tables.settings import MAX_DEALS


def refusal(env: dict[str, str], dotenv: Path | None = None) -> str:
    with pytest.raises(SettingsError) as refused:
        load_settings(env, dotenv)
    message = str(refused.value)
    assert "\n" not in message
    return message


# ----- the .env file --------------------------------------------------------------------


def test_a_dotenv_that_is_not_utf8_is_named_with_the_byte_and_line(tmp_path: Path) -> None:
    dotenv = tmp_path / ".env"
    dotenv.write_bytes(b"DISCORD_TOKEN=a.fake.token\n# caf\xc3\xa9\nTAROT_DB=caf\xff.sqlite3\n")
    with pytest.raises(SettingsError) as refused:
        read_dotenv(dotenv)
    assert str(refused.value) == f"{dotenv}: not UTF-8 text (invalid byte 0xff at line 3)"


@pytest.mark.parametrize(
    ("content", "says"),
    [
        (
            b"DISCORD_TOKEN=a.fake.token\nTAROT_DB=\xff\n",
            ".env: not UTF-8 text (invalid byte 0xff at line 2)",
        ),
        (b'DISCORD_TOKEN="abc\n', ".env, line 1: DISCORD_TOKEN: unterminated quote"),
        (
            b"DISCORD_TOKEN=a.fake.token\nTAROT_DB=/dev/null\n",
            "TAROT_DB: '/dev/null' is not a regular file",
        ),
        (
            b"DISCORD_TOKEN=a.fake.token\nTAROT_DEFAULT_DEALS=101\n",
            "TAROT_DEFAULT_DEALS: expected at most",
        ),
    ],
)
def test_check_refuses_in_one_line_without_a_traceback(
    tmp_path: Path, content: bytes, says: str
) -> None:
    (tmp_path / ".env").write_bytes(content)
    done = run(["--check"], {}, tmp_path)
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("Settings: ")
    assert says in done.stderr


def test_a_byte_order_mark_before_the_first_key_is_accepted(tmp_path: Path) -> None:
    dotenv = tmp_path / ".env"
    dotenv.write_bytes("\ufeffDISCORD_TOKEN=a.fake.token\nTAROT_MIN_GAMES=3\n".encode())
    assert read_dotenv(dotenv) == {"DISCORD_TOKEN": "a.fake.token", "TAROT_MIN_GAMES": "3"}
    assert load_settings({}, dotenv).token == "a.fake.token"


@pytest.mark.parametrize("line", ['DISCORD_TOKEN="abc', "DISCORD_TOKEN='abc", 'DISCORD_TOKEN="'])
def test_an_unterminated_quote_is_named_with_the_line_and_key(tmp_path: Path, line: str) -> None:
    dotenv = tmp_path / ".env"
    dotenv.write_text(f"# the bot\nTAROT_MIN_GAMES=3\n{line}\n")
    with pytest.raises(SettingsError) as refused:
        read_dotenv(dotenv)
    assert str(refused.value).startswith(f"{dotenv}, line 3: DISCORD_TOKEN: unterminated quote")


@pytest.mark.parametrize(
    ("value", "read"),
    [
        ('"a b" # a comment', "a b"),
        ("'a b'   #comment", "a b"),
        ('"a # b"', "a # b"),
        ("'say \"hi\"'", 'say "hi"'),
        ("\"it's\" # 'quoted'", "it's"),
        ("plain # comment", "plain"),
    ],
)
def test_a_quoted_value_may_be_followed_by_a_comment(tmp_path: Path, value: str, read: str) -> None:
    dotenv = tmp_path / ".env"
    dotenv.write_text(f"KEY={value}\n")
    assert read_dotenv(dotenv) == {"KEY": read}


@pytest.mark.parametrize("value", ['"a" b', "'a'b", '"a" "b"', '"say "hi""'])
def test_text_after_a_closing_quote_is_refused(tmp_path: Path, value: str) -> None:
    dotenv = tmp_path / ".env"
    dotenv.write_text(f"TAROT_DB=x\nKEY={value}\n")
    with pytest.raises(SettingsError, match=re.escape(f"{dotenv}, line 2: KEY: text after")):
        read_dotenv(dotenv)


# ----- values beyond what the bot can use ---------------------------------------------------


def test_default_deals_stop_at_the_tables_limit() -> None:
    assert load_settings({"TAROT_DEFAULT_DEALS": str(MAX_DEALS)}, None).default_deals == MAX_DEALS
    says = refusal({"TAROT_DEFAULT_DEALS": str(MAX_DEALS + 1)})
    limit = f"at most {MAX_DEALS} deals (a table's limit)"
    assert says == f"TAROT_DEFAULT_DEALS: expected {limit}, not '{MAX_DEALS + 1}'"


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("TAROT_DEV_GUILD", str(2**64)),
        ("TAROT_DEV_GUILD", str(2**63)),
        ("TAROT_THINK_MS", "86400000"),
        ("TAROT_BOT_WORKERS", "100000"),
        ("TAROT_MIN_GAMES", str(10**20)),
        ("TAROT_BOT_PAUSE", "3600"),
        ("TAROT_LOBBY_EXPIRY", "1e300"),
        ("TAROT_IDLE_EXPIRY", "1e18"),
        ("TAROT_STAND_IN_AFTER", "1e12"),
    ],
)
def test_a_value_past_its_limit_is_refused_naming_the_key(key: str, value: str) -> None:
    assert refusal({key: value}).startswith(f"{key}: expected at most ")


@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "1e400", "Infinity"])
def test_seconds_must_be_a_finite_number(value: str) -> None:
    says = refusal({"TAROT_IDLE_EXPIRY": value})
    assert says == f"TAROT_IDLE_EXPIRY: expected a number of seconds (0 or more), not {value!r}"


def test_every_limit_is_accepted_at_its_edge_refused_past_it_and_documented() -> None:
    from bot.settings import LIMITS

    example = (ROOT / ".env.example").read_text().splitlines()
    for key, (most, _) in LIMITS.items():
        edge = {key: str(most)}
        if key == "TAROT_REMINDER_AFTER":
            edge["TAROT_STAND_IN_AFTER"] = str(most)
        load_settings(edge, None)
        assert refusal({key: str(most + 1)}).startswith(f"{key}: expected at most {most}")
        # The comment just above the key in .env.example gives the limit.
        at = next(i for i, line in enumerate(example) if line.startswith(f"{key}="))
        comment: list[str] = []
        while example[at - 1 - len(comment)].startswith("#"):
            comment.append(example[at - 1 - len(comment)])
        assert re.search(rf"\b{most}\b", " ".join(comment)), (key, comment)


# ----- the database file ---------------------------------------------------------------


def test_a_database_in_a_missing_folder_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "missing" / "tarot.sqlite3"
    says = refusal({"TAROT_DB": str(path)})
    assert says == f"TAROT_DB: the folder {str(path.parent)!r} does not exist"


def test_a_database_under_a_file_is_refused(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("x")
    says = refusal({"TAROT_DB": str(tmp_path / "notes.txt" / "tarot.sqlite3")})
    assert says.startswith("TAROT_DB: ")


@pytest.mark.parametrize(
    ("value", "says"),
    [
        ("/", "TAROT_DB: '/' is a folder, not a database file"),
        ("/dev/null", "TAROT_DB: '/dev/null' is not a regular file"),
    ],
)
def test_a_database_that_is_not_a_regular_file_is_refused(value: str, says: str) -> None:
    assert refusal({"TAROT_DB": value}) == says


def test_a_file_that_is_not_a_sqlite_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("my notes\n")
    assert refusal({"TAROT_DB": str(path)}) == f"TAROT_DB: {str(path)!r} is not a SQLite database"


def test_a_new_an_empty_or_a_real_database_is_accepted(tmp_path: Path) -> None:
    new = tmp_path / "new.sqlite3"
    assert load_settings({"TAROT_DB": str(new)}, None).database == new
    assert not new.exists()  # checking creates nothing: the bot does, when it starts
    empty = tmp_path / "empty.sqlite3"
    empty.touch()
    assert load_settings({"TAROT_DB": str(empty)}, None).database == empty
    real = tmp_path / "real.sqlite3"
    with sqlite3.connect(real) as conn:
        conn.execute("CREATE TABLE t (x)")
    conn.close()
    assert load_settings({"TAROT_DB": str(real)}, None).database == real


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root writes anywhere")
def test_a_database_in_a_folder_the_bot_cannot_write_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        says = refusal({"TAROT_DB": str(folder / "tarot.sqlite3")})
    finally:
        folder.chmod(0o700)
    assert says == f"TAROT_DB: cannot write in the folder {str(folder)!r}"


# ----- the token -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "token",
    [
        "SECRETabc def",
        "SECRETabc\ndef",
        "SECRETabc\tdef",
        "Bot SECRETabc",
        "SECRETabc\x00",
        "SECRETé",
    ],
)
def test_a_token_with_spaces_or_odd_characters_is_refused_without_showing_it(token: str) -> None:
    says = refusal({"DISCORD_TOKEN": token})
    assert says.startswith("DISCORD_TOKEN: ")
    assert "SECRET" not in says


def test_a_token_of_visible_ascii_is_accepted() -> None:
    token = "MTA5ODc2NTQzMjE.Gx-_9a.abcDEF123_-xyz"
    assert load_settings({"DISCORD_TOKEN": f"  {token}\n"}, None).token == token


@pytest.mark.parametrize(
    "token",
    ["SECRETabc", "SECRET.abc", "SECRET..abc", ".SECRET.abc", "SECRET.a.b.c", "SECRET+/=.a.b"],
)
def test_a_token_that_is_not_three_parts_of_base64url_is_refused_without_showing_it(
    token: str,
) -> None:
    says = refusal({"DISCORD_TOKEN": token})
    assert says.startswith("DISCORD_TOKEN: ") and "SECRET" not in says


def test_check_refuses_a_token_of_one_part_in_one_line(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text("DISCORD_TOKEN=SECRETabc\n")
    done = run(["--check"], {}, tmp_path)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("Settings: DISCORD_TOKEN: ")
    assert "SECRET" not in done.stderr


# ----- keys the bot does not read ------------------------------------------------------


def test_an_unknown_key_is_named_with_the_closest_known_key(tmp_path: Path) -> None:
    dotenv = tmp_path / ".env"
    dotenv.write_text("TAROT_THINKMS=300\nTAROT_DB=x.sqlite3\n")
    settings = load_settings({"TAROT_PLAYERS": "5", "tarot_db": "y", "PATH": "/bin"}, dotenv)
    assert settings.warnings == (
        "TAROT_PLAYERS (in the environment) is not a setting of the bot and is ignored;"
        " did you mean TAROT_DEFAULT_PLAYERS?",
        "tarot_db (in the environment) is not a setting of the bot and is ignored;"
        " did you mean TAROT_DB?",
        "TAROT_THINKMS (in .env) is not a setting of the bot and is ignored;"
        " did you mean TAROT_THINK_MS?",
    )


def test_known_keys_and_variables_read_elsewhere_draw_no_warning() -> None:
    env = {key: "" for key in KEYS} | {key: "1" for key in NOT_SETTINGS}
    assert load_settings(env, None).warnings == ()


def test_check_warns_of_an_unknown_key_in_one_line_and_still_passes(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text("DISCORD_TOKEN=a.fake.token\nTAROT_PLAYERS=5\n")
    done = run(["--check"], {}, tmp_path)
    assert (done.returncode, done.stdout) == (0, ""), done.stderr
    assert done.stderr == (
        "Settings: warning: TAROT_PLAYERS (in .env) is not a setting of the bot and is"
        " ignored; did you mean TAROT_DEFAULT_PLAYERS?\n"
    )


def test_the_engines_pure_python_switch_draws_no_warning() -> None:
    # TAROT_PURE=1 makes tarot_core run its pure Python modules rather than the compiled core.
    assert load_settings({"TAROT_PURE": "1"}, None).warnings == ()
