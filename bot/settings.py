"""The bot's configuration: environment variables, then a ``.env`` file, then defaults.

Every key is documented in ``.env.example``. A bad value is refused at start with one line
naming the key and what it expects, rather than failing later in the middle of a game:
``python -m bot --check`` must catch everything that would fail once the bot runs.
"""

from __future__ import annotations

import difflib
import os
import stat
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import TypeVar
from urllib.parse import urlsplit

from tarot_core.bots import LEVELS, MAX_THINK_MS
from tarot_core.rules import PLAYER_COUNTS, PLAYERS_TEXT

from .challenges.service import LEVEL as CHALLENGE_LEVEL
from .setting_values import one_of, switch
from .storage import is_sqlite_file, sqlite_path
from .storage.locations import is_postgres_url, shown
from .tables import TableSettings
from .tables.settings import AWAY_POLICIES, MAX_DEALS

T = TypeVar("T")

WEEK = 7 * 24 * 3600
MAX_SHARDS = 4096
"""More shards than a bot in 10 million servers needs (Discord: 2,500 servers a shard)."""
LIMITS: Mapping[str, tuple[int, str]] = {
    "TAROT_BOT_PAUSE": (60, " seconds"),
    "TAROT_REMINDER_AFTER": (WEEK, " seconds (a week)"),
    "TAROT_STAND_IN_AFTER": (WEEK, " seconds (a week)"),
    "TAROT_LOBBY_EXPIRY": (WEEK, " seconds (a week)"),
    "TAROT_IDLE_EXPIRY": (WEEK, " seconds (a week)"),
    "TAROT_THINK_MS": (MAX_THINK_MS, " milliseconds (a minute)"),
    "TAROT_BOT_WORKERS": (61, " processes"),
    "TAROT_REVIEW_LIMIT": (61, " reviews"),
    "TAROT_DEFAULT_DEALS": (MAX_DEALS, " deals (a table's limit)"),
    "TAROT_MIN_GAMES": (10_000, " games"),
    "TAROT_DEV_GUILD": (2**63 - 1, " (a Discord id fits in 63 bits)"),
    "TAROT_SHARD_COUNT": (MAX_SHARDS, " shards"),
}
"""The largest value each numeric key takes, with its unit, all in one place (and each in
``.env.example``). Larger values parse but fail or stall later: a pause or a think budget
that freezes a table, turn timers and expiries nobody waits for (a week is already far
past any game), more processes than a process pool takes (61 on Windows) and far more than
the bot moves under way at once, more deals than a table allows, a count or an id beyond
the 64-bit integers of SQLite (and of Discord ids)."""


KEYS = (
    "DISCORD_TOKEN",
    "TAROT_DB",
    "TAROT_DEV_GUILD",
    "TAROT_BOT_PAUSE",
    "TAROT_REMINDER_AFTER",
    "TAROT_STAND_IN_AFTER",
    "TAROT_AWAY_POLICY",
    "TAROT_STAND_IN_LEVEL",
    "TAROT_CHALLENGE_LEVEL",
    "TAROT_LOBBY_EXPIRY",
    "TAROT_IDLE_EXPIRY",
    "TAROT_THINK_MS",
    "TAROT_BOT_WORKERS",
    "TAROT_REVIEW_LIMIT",
    "TAROT_DEFAULT_PLAYERS",
    "TAROT_DEFAULT_DEALS",
    "TAROT_MIN_GAMES",
    "TAROT_SHARD_COUNT",
    "TAROT_SHARDS",
    "TAROT_PICTURES",
    "TAROT_LOG_LEVEL",
)
"""Every key the bot reads, in the order of ``.env.example``."""
NOT_SETTINGS = ("TAROT_I18N_STRICT", "TAROT_PG_BIN", "TAROT_MEASURE_DEALS", "TAROT_PURE")
"""``TAROT_`` variables that are no setting of the bot but are read elsewhere (the catalogs'
strict mode, the test suite, the engine's pure Python switch), so that a developer's
environment draws no warning."""
TOKEN_CHARACTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
"""A Discord bot token is three parts separated by dots, each in base64url."""


class SettingsError(ValueError):
    """A key with a value the bot cannot use; the message names the key."""


@dataclass(frozen=True)
class Settings:
    token: str | None
    database: Path | str
    """A SQLite file, or a PostgreSQL URL (``TAROT_DB``)."""
    dev_guild: int | None
    """Register slash commands in this guild only (instant, for development)."""
    tables: TableSettings
    default_players: int = 4
    default_deals: int | None = None
    """None: one deal per player (one round of dealers)."""
    min_games: int = 5
    """Finished games before a player is ranked on a leaderboard."""
    bot_workers: int | None = None
    """Processes for bot thinking (and drawing pictures); None: one per core but one."""
    review_limit: int = 2
    """The coach's reviews computed at once in those processes; one more is refused as
    busy, so that the tables keep their workers (``TAROT_REVIEW_LIMIT``)."""
    pictures: bool = True
    """A picture of each finished deal and a chart of each game (``on``/``off``)."""
    challenge_level: str = CHALLENGE_LEVEL
    """The computer players of a challenge, and its par (``TAROT_CHALLENGE_LEVEL``)."""
    shard_count: int | None = None
    """Gateway shards in all (``TAROT_SHARD_COUNT``); None: as many as Discord recommends."""
    shards: tuple[int, ...] | None = None
    """The shards this process runs (``TAROT_SHARDS``); None: all of them."""
    log_level: str = "INFO"
    sources: dict[str, str] = field(default_factory=dict, compare=False)
    """Where each key's value came from (``env`` or ``.env``), for the start-up log."""
    warnings: tuple[str, ...] = field(default=(), compare=False)
    """What the bot ignored but should say at start: an unknown ``TAROT_`` key."""


def read_dotenv(path: Path) -> dict[str, str]:
    """``KEY=VALUE`` lines; ``#`` comments, blank lines, ``export`` and quotes allowed.

    A missing file is no settings; a file that cannot be read as UTF-8 text, or a line that
    is not ``KEY=VALUE``, is refused naming the file and the line (a leading byte-order
    mark, as some Windows editors write, is not part of the first key).
    """
    if not path.is_file():
        return {}
    try:
        data = path.read_bytes()
    except OSError as e:
        raise SettingsError(f"{path}: cannot be read ({e.strerror})") from None
    try:
        text = data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as e:
        at = data[: e.start].count(b"\n") + 1
        raise SettingsError(
            f"{path}: not UTF-8 text (invalid byte 0x{data[e.start]:02x} at line {at})"
        ) from None
    values: dict[str, str] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("export "):
            line = line[len("export ") :].lstrip()
        key, sep, value = line.partition("=")
        key = key.strip()
        if not sep or not key.replace("_", "").isalnum():
            raise SettingsError(f"{path}, line {number}: expected KEY=VALUE, not {raw.strip()!r}")
        try:
            values[key] = _unquote(value.strip())
        except ValueError as e:
            raise SettingsError(f"{path}, line {number}: {key}: {e}") from None
    return values


def _unquote(value: str) -> str:
    """A value in quotes is taken as it is between them (no escapes: the first matching
    quote closes it), and only a comment may follow; a value without quotes ends at
    `` #``."""
    if not value or value[0] not in "\"'":
        return value.split(" #", 1)[0].rstrip()
    quote = value[0]
    end = value.find(quote, 1)
    if end < 0:
        raise ValueError(f"unterminated quote (no closing {quote})")
    rest = value[end + 1 :].strip()
    if rest and not rest.startswith("#"):
        raise ValueError(f"text after the closing {quote} (put a # before a comment)")
    return value[1:end]


class _Unusable(ValueError):
    """A parsed value the bot cannot use, with the reason to show after the key."""


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

    @staticmethod
    def usable(key: str, parse: Callable[[str], T], value: str) -> T:
        """``parse(value)``, its reason for refusing a value it read (``_Unusable``) told
        after the key."""
        try:
            return parse(value)
        except _Unusable as e:
            raise SettingsError(f"{key}: {e}") from None

    def get(self, key: str, parse: Callable[[str], T], default: T, expects: str) -> T:
        """The parsed value, or ``default`` when unset; refused beyond its ``LIMITS``."""
        value = self.raw(key)
        if value is None:
            return default
        try:
            parsed = parse(value)
        except _Unusable as e:
            raise SettingsError(f"{key}: {e}") from None
        except ValueError:
            raise SettingsError(f"{key}: expected {expects}, not {value!r}") from None
        if key in LIMITS and isinstance(parsed, int | float):
            most, unit = LIMITS[key]
            if parsed > most:
                raise SettingsError(f"{key}: expected at most {most}{unit}, not {value!r}")
        return parsed


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


def _challenge_level(value: str) -> str:
    """``expert:N`` (N samples a decision), ``heuristic`` or ``random``: a level whose
    decisions follow from their seed alone, never from the time they take, so a challenge's
    opponents reply alike on any machine (plain ``expert`` thinks for a time)."""
    if value in ("heuristic", "random"):
        return value
    base, colon, samples = value.partition(":")
    if base != "expert" or not colon or not samples.isdigit() or int(samples) < 1:
        raise ValueError
    return value


def _shard_list(value: str) -> tuple[int, ...]:
    """``0-3``, ``0,2,5`` or ``0-1,4``: shard numbers, each once, in order."""
    found: set[int] = set()
    for part in value.replace(" ", "").split(","):
        first, dash, last = part.partition("-")
        low, high = int(first), int(last) if dash else int(first)
        if low < 0 or high < low or high >= MAX_SHARDS:  # not a range to build first
            raise ValueError
        found.update(range(low, high + 1))
    return tuple(sorted(found))


def _token(value: str) -> str:
    """A Discord bot token: three non-empty parts of letters, digits, ``-`` and ``_``,
    separated by dots; anything else is a paste gone wrong (the reason never repeats the
    token: it is a secret)."""
    for position, char in enumerate(value, start=1):
        if char.isspace():
            raise _Unusable(
                f"has a space or line break inside (character {position}); set the token"
                " alone, without 'Bot ' before it"
            )
        if char != "." and char not in TOKEN_CHARACTERS:
            raise _Unusable(f"character {position} is not one a Discord token has")
    parts = value.split(".")
    if len(parts) != 3 or not all(parts):
        raise _Unusable(
            "not a Discord bot token, which has three non-empty parts separated by dots;"
            " copy it again from the Developer Portal (your application > Bot > Reset Token)"
        )
    return value


def _database(value: str) -> Path | str:
    """A PostgreSQL URL (``postgresql://user:password@host:port/database``, checked when
    the bot connects), or a SQLite file (a path or a ``sqlite:`` URL) the bot can open
    read-write, or create in an existing folder it can write to (SQLite also writes its
    journal next to the file)."""
    if is_postgres_url(value):
        try:
            host = urlsplit(value).hostname
        except ValueError as e:
            raise _Unusable(f"{shown(value)!r} is not a URL the bot can read ({e})") from None
        if not host and "host=" not in value:
            raise _Unusable(f"{shown(value)!r} names no server (postgresql://user@host/db)")
        return value
    found_path = sqlite_path(value)
    if found_path is None:
        scheme = value.split("://", 1)[0]
        raise _Unusable(
            f"{scheme}:// is not a database the bot can use: a SQLite file or a postgresql:// URL"
        )
    path = found_path
    try:
        found = path.stat()
    except FileNotFoundError:
        found = None
    except (OSError, ValueError) as e:
        raise _Unusable(f"cannot use {value!r} ({getattr(e, 'strerror', None) or e})") from None
    folder = path.parent
    if found is None:
        if not folder.is_dir():
            raise _Unusable(f"the folder {str(folder)!r} does not exist")
    elif stat.S_ISDIR(found.st_mode):
        raise _Unusable(f"{value!r} is a folder, not a database file")
    elif not stat.S_ISREG(found.st_mode):
        raise _Unusable(f"{value!r} is not a regular file")
    elif not os.access(path, os.R_OK | os.W_OK):
        raise _Unusable(f"{value!r} cannot be read and written")
    else:
        try:
            database = is_sqlite_file(path)
        except OSError as e:
            raise _Unusable(f"cannot read {value!r} ({e.strerror})") from None
        if not database:
            raise _Unusable(f"{value!r} is not a SQLite database")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise _Unusable(f"cannot write in the folder {str(folder)!r}")
    return path


def unknown_keys(env: Mapping[str, str], dotenv: Mapping[str, str]) -> list[str]:
    """A warning for each ``TAROT_`` key (in any case) that the bot does not read, naming
    where it is and the closest key the bot reads: a misspelt key would otherwise be
    ignored silently, and its default taken."""
    warnings = []
    for where, values in (("the environment", env), (".env", dotenv)):
        for key in values:
            if key.upper().startswith("TAROT_") and key not in KEYS + NOT_SETTINGS:
                closest = max(KEYS, key=partial(_likeness, key.upper().removeprefix("TAROT_")))
                warnings.append(
                    f"{key} (in {where}) is not a setting of the bot and is ignored;"
                    f" did you mean {closest}?"
                )
    return warnings


def _likeness(name: str, key: str) -> float:
    """How much ``name`` looks like ``key`` or its last words (``PLAYERS`` is most like
    ``TAROT_DEFAULT_PLAYERS``), from 0 to 1."""
    words = key.removeprefix("TAROT_").split("_")
    return max(
        difflib.SequenceMatcher(None, name, "_".join(words[i:])).ratio() for i in range(len(words))
    )


def load_settings(
    env: Mapping[str, str] | None = None, dotenv: Path | None = Path(".env")
) -> Settings:
    """Settings from ``env`` (default: the process environment) over the ``dotenv`` file."""
    r = _Reader(os.environ if env is None else env, read_dotenv(dotenv) if dotenv else {})
    warnings = tuple(unknown_keys(r.env, r.dotenv))
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
            one_of(*AWAY_POLICIES),
            defaults.away_policy,
            " or ".join(AWAY_POLICIES),
        ),
        stand_in_level=r.get(
            "TAROT_STAND_IN_LEVEL", one_of(*LEVELS), defaults.stand_in_level, ", ".join(LEVELS)
        ),
        lobby_expiry=r.get("TAROT_LOBBY_EXPIRY", _seconds, defaults.lobby_expiry, seconds),
        idle_expiry=r.get("TAROT_IDLE_EXPIRY", _seconds, defaults.idle_expiry, seconds),
        think_ms=r.get("TAROT_THINK_MS", _positive, defaults.think_ms, "milliseconds (1 or more)"),
    )
    database = r.usable("TAROT_DB", _database, r.raw("TAROT_DB") or "tarot.sqlite3")
    shard_count = r.get("TAROT_SHARD_COUNT", _positive, None, "a number of shards (1 or more)")
    shards = r.get("TAROT_SHARDS", _shard_list, None, "shard numbers such as 0-3 or 0,2")
    if shards is not None:
        if shard_count is None:
            raise SettingsError("TAROT_SHARDS: needs TAROT_SHARD_COUNT, the shards in all")
        if shards[-1] >= shard_count:
            raise SettingsError(
                f"TAROT_SHARDS: shard {shards[-1]} does not exist: TAROT_SHARD_COUNT is"
                f" {shard_count} (shards 0 to {shard_count - 1})"
            )
        if len(shards) == shard_count:
            shards = None  # all of them: one process, as without the setting
        elif not is_postgres_url(database):
            raise SettingsError(
                "TAROT_SHARDS: a SQLite file serves one process; to share the shards among"
                " processes, set TAROT_DB to a PostgreSQL database (postgresql://...)"
            )
    players = r.get("TAROT_DEFAULT_PLAYERS", int, 4, PLAYERS_TEXT)
    if players not in PLAYER_COUNTS:
        raise SettingsError(f"TAROT_DEFAULT_PLAYERS: expected {PLAYERS_TEXT}, not {players}")
    return Settings(
        token=r.get("DISCORD_TOKEN", _token, None, "a Discord token"),
        database=database,
        dev_guild=r.get("TAROT_DEV_GUILD", _positive, None, "a Discord server id"),
        tables=tables,
        default_players=players,
        default_deals=r.get("TAROT_DEFAULT_DEALS", _positive, None, "a number of deals"),
        min_games=r.get("TAROT_MIN_GAMES", _positive, 5, "a number of games (1 or more)"),
        bot_workers=r.get("TAROT_BOT_WORKERS", _positive, None, "a number of processes"),
        review_limit=r.get("TAROT_REVIEW_LIMIT", _positive, 2, "a number of reviews (1 or more)"),
        pictures=r.get("TAROT_PICTURES", switch, True, "on or off"),
        challenge_level=r.get(
            "TAROT_CHALLENGE_LEVEL",
            _challenge_level,
            CHALLENGE_LEVEL,
            "expert:N (N samples a decision), heuristic or random",
        ),
        shard_count=shard_count,
        shards=shards,
        log_level=r.get(
            "TAROT_LOG_LEVEL",
            one_of("DEBUG", "INFO", "WARNING", "ERROR"),
            "INFO",
            "DEBUG, INFO, WARNING or ERROR",
        ),
        sources=r.sources,
        warnings=warnings,
    )
