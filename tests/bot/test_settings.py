"""Settings from the environment and .env: every documented key read, bad values named."""

import re
import tomllib
from pathlib import Path

import pytest

from bot.settings import KEYS, NOT_SETTINGS, Settings, SettingsError, load_settings, read_dotenv
from bot.tables import TableSettings
from tarot_core.rules import PLAYER_COUNTS, PLAYERS_TEXT

ROOT = Path(__file__).resolve().parents[2]


def test_defaults_without_any_configuration(tmp_path: Path) -> None:
    s = load_settings({}, tmp_path / "missing.env")
    assert s.token is None and s.dev_guild is None
    assert s.database == Path("tarot.sqlite3")
    assert s.tables == TableSettings()
    assert (s.default_players, s.default_deals, s.min_games, s.log_level) == (4, None, 5, "INFO")
    assert s.review_limit == 2


def test_the_example_file_documents_every_key_the_bot_reads() -> None:
    source = (ROOT / "bot" / "settings.py").read_text()
    read = set(re.findall(r'"((?:TAROT|DISCORD)_[A-Z0-9_]+)"', source))
    example = read_dotenv(ROOT / ".env.example")
    assert read == set(KEYS) | set(NOT_SETTINGS)
    assert list(example) == list(KEYS)
    # The example as shipped is a valid configuration (no token: the terminal game).
    s = load_settings({}, ROOT / ".env.example")
    assert s.token is None and s.tables == TableSettings()


def test_environment_wins_over_the_file_and_values_are_parsed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # TAROT_DB is relative: its folder must exist
    (tmp_path / "games").mkdir()
    dotenv = tmp_path / ".env"
    dotenv.write_text(
        "# comment\n"
        "export DISCORD_TOKEN='from.the.file'\n"
        'TAROT_DB="games/t.sqlite3"\n'
        "TAROT_BOT_PAUSE=0.5  # quick\n"
        "TAROT_AWAY_POLICY=turn\n"
        "TAROT_DEV_GUILD=123456789012345678\n"
        "\n"
        "TAROT_DEFAULT_PLAYERS=5\n"
        "TAROT_REVIEW_LIMIT=3\n"
    )
    s = load_settings({"DISCORD_TOKEN": "from.the.env", "TAROT_THINK_MS": "250"}, dotenv)
    assert s.token == "from.the.env" and s.sources["DISCORD_TOKEN"] == "env"
    assert s.database == Path("games/t.sqlite3") and s.sources["TAROT_DB"] == ".env"
    assert s.tables.bot_pause == 0.5 and s.tables.away_policy == "turn"
    assert s.tables.think_ms == 250 and s.dev_guild == 123456789012345678
    assert s.default_players == 5 and s.review_limit == 3
    assert isinstance(s, Settings)


def test_an_empty_value_means_the_default(tmp_path: Path) -> None:
    s = load_settings({"DISCORD_TOKEN": "  ", "TAROT_BOT_WORKERS": ""}, None)
    assert s.token is None and s.bot_workers is None


@pytest.mark.parametrize(
    ("key", "value", "says"),
    [
        ("TAROT_BOT_PAUSE", "soon", "TAROT_BOT_PAUSE: expected a number of seconds"),
        ("TAROT_BOT_PAUSE", "-1", "TAROT_BOT_PAUSE: expected a number of seconds"),
        ("TAROT_LOBBY_EXPIRY", "nan", "TAROT_LOBBY_EXPIRY: expected a number of seconds"),
        ("TAROT_AWAY_POLICY", "game", "TAROT_AWAY_POLICY: expected seat or turn, not 'game'"),
        ("TAROT_STAND_IN_LEVEL", "godlike", "expected random, heuristic, expert"),
        ("TAROT_THINK_MS", "0", "TAROT_THINK_MS: expected milliseconds"),
        ("TAROT_DEFAULT_PLAYERS", "7", "TAROT_DEFAULT_PLAYERS: expected 3, 4, 5 or 6, not 7"),
        ("TAROT_DEV_GUILD", "my-server", "TAROT_DEV_GUILD: expected a Discord server id"),
        ("TAROT_LOG_LEVEL", "LOUD", "TAROT_LOG_LEVEL: expected DEBUG, INFO"),
        ("TAROT_STAND_IN_AFTER", "30", "must not come before TAROT_REMINDER_AFTER"),
    ],
)
def test_a_bad_value_is_refused_naming_the_key(key: str, value: str, says: str) -> None:
    with pytest.raises(SettingsError, match=re.escape(says)):
        load_settings({key: value}, None)


def test_a_malformed_dotenv_line_is_named(tmp_path: Path) -> None:
    dotenv = tmp_path / ".env"
    dotenv.write_text("DISCORD_TOKEN=x\nthis is not a setting\n")
    with pytest.raises(SettingsError, match=r"\.env, line 2: expected KEY=VALUE"):
        load_settings({}, dotenv)


def test_the_player_counts_stated_outside_the_docs_are_the_engines() -> None:
    """The package's description and the settings' example say how many play, as the
    engine decides it (they said 3 to 5 once 6 was playable)."""
    example = (ROOT / ".env.example").read_text()
    assert f"# Players at a new table ({PLAYERS_TEXT}).\n" in example
    description = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["description"]
    assert f"{PLAYER_COUNTS[0]} to {PLAYER_COUNTS[-1]} players" in description
    assert tuple(range(PLAYER_COUNTS[0], PLAYER_COUNTS[-1] + 1)) == PLAYER_COUNTS
