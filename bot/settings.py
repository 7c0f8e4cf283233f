"""The bot's configuration: environment variables, then a ``.env`` file, then defaults.

Every key is documented in ``.env.example``. A bad value is refused at start with one line
naming the key and what it expects, rather than failing later in the middle of a game.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

from tarot_core.bots import LEVELS

from .tables import TableSettings
from .tables.settings import AWAY_POLICIES

T = TypeVar("T")


class SettingsError(ValueError):
    """A key with a value the bot cannot use; the message names the key."""


@dataclass(frozen=True)
class Settings:
    token: str | None
    database: Path
    dev_guild: int | None
    """Register slash commands in this guild only (instant, for development)."""
    tables: TableSettings
    default_players: int = 4
    default_deals: int | None = None
    """None: one deal per player (one round of dealers)."""
    min_games: int = 5
    """Finished games before a player is ranked on a leaderboard."""
    bot_workers: int | None = None
    """Processes for bot thinking; None: one per core but one."""
    log_level: str = "INFO"
    sources: dict[str, str] = field(default_factory=dict, compare=False)
    """Where each key's value came from (``env`` or ``.env``), for the start-up log."""


def read_dotenv(path: Path) -> dict[str, str]:
    """``KEY=VALUE`` lines; ``#`` comments, blank lines, ``export`` and quotes allowed."""
    values: dict[str, str] = {}
    if not path.is_file():
        return values
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("export "):
            line = line[len("export ") :].lstrip()
        key, sep, value = line.partition("=")
        key = key.strip()
        if not sep or not key.replace("_", "").isalnum():
            raise SettingsError(f"{path}, line {number}: expected KEY=VALUE, not {raw.strip()!r}")
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
            value = value[1:-1]
        elif " #" in value:
            value = value.split(" #", 1)[0].rstrip()
        values[key] = value
    return values


class _Reader:
    def __init__(self, env: Mapping[str, str], dotenv: Mapping[str, str]) -> None:
        self.env = env
        self.dotenv = dotenv
        self.sources: dict[str, str] = {}

    def raw(self, key: str) -> str | None:
        for source, values in (("env", self.env), (".env", self.dotenv)):
            value = values.get(key)
            if value is not None and value.strip() != "":
                self.sources[key] = source
                return value.strip()
        return None

    def get(self, key: str, parse: Callable[[str], T], default: T, expects: str) -> T:
        value = self.raw(key)
        if value is None:
            return default
        try:
            return parse(value)
        except ValueError:
            raise SettingsError(f"{key}: expected {expects}, not {value!r}") from None


def _seconds(value: str) -> float:
    seconds = float(value)
    if not seconds >= 0 or seconds == float("inf"):
        raise ValueError
    return seconds


def _positive(value: str) -> int:
    number = int(value)
    if number < 1:
        raise ValueError
    return number


def _one_of(choices: tuple[str, ...]) -> Callable[[str], str]:
    def parse(value: str) -> str:
        if value not in choices:
            raise ValueError
        return value

    return parse


def load_settings(
    env: Mapping[str, str] | None = None, dotenv: Path | None = Path(".env")
) -> Settings:
    """Settings from ``env`` (default: the process environment) over the ``dotenv`` file."""
    r = _Reader(os.environ if env is None else env, read_dotenv(dotenv) if dotenv else {})
    defaults = TableSettings()
    seconds = "a number of seconds (0 or more)"
    reminder = r.get("TAROT_REMINDER_AFTER", _seconds, defaults.reminder_after, seconds)
    stand_in = r.get("TAROT_STAND_IN_AFTER", _seconds, defaults.stand_in_after, seconds)
    if stand_in < reminder:
        raise SettingsError("TAROT_STAND_IN_AFTER: must not come before TAROT_REMINDER_AFTER")
    tables = TableSettings(
        bot_pause=r.get("TAROT_BOT_PAUSE", _seconds, defaults.bot_pause, seconds),
        reminder_after=reminder,
        stand_in_after=stand_in,
        away_policy=r.get(
            "TAROT_AWAY_POLICY",
            _one_of(AWAY_POLICIES),
            defaults.away_policy,
            " or ".join(AWAY_POLICIES),
        ),
        stand_in_level=r.get(
            "TAROT_STAND_IN_LEVEL", _one_of(LEVELS), defaults.stand_in_level, ", ".join(LEVELS)
        ),
        lobby_expiry=r.get("TAROT_LOBBY_EXPIRY", _seconds, defaults.lobby_expiry, seconds),
        idle_expiry=r.get("TAROT_IDLE_EXPIRY", _seconds, defaults.idle_expiry, seconds),
        think_ms=r.get("TAROT_THINK_MS", _positive, defaults.think_ms, "milliseconds (1 or more)"),
    )
    players = r.get("TAROT_DEFAULT_PLAYERS", int, 4, "3, 4 or 5")
    if players not in (3, 4, 5):
        raise SettingsError(f"TAROT_DEFAULT_PLAYERS: expected 3, 4 or 5, not {players}")
    return Settings(
        token=r.raw("DISCORD_TOKEN"),
        database=Path(r.get("TAROT_DB", str, "tarot.sqlite3", "a file path")),
        dev_guild=r.get("TAROT_DEV_GUILD", _positive, None, "a Discord server id"),
        tables=tables,
        default_players=players,
        default_deals=r.get("TAROT_DEFAULT_DEALS", _positive, None, "a number of deals"),
        min_games=r.get("TAROT_MIN_GAMES", _positive, 5, "a number of games (1 or more)"),
        bot_workers=r.get("TAROT_BOT_WORKERS", _positive, None, "a number of processes"),
        log_level=r.get(
            "TAROT_LOG_LEVEL",
            _one_of(("DEBUG", "INFO", "WARNING", "ERROR")),
            "INFO",
            "DEBUG, INFO, WARNING or ERROR",
        ),
        sources=r.sources,
    )
