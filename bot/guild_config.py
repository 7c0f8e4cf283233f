"""Per-server settings: which keys a server may set, their type, the values allowed and the
process-wide default each overrides, in one place.

A server stores only the keys it set (``Storage.guild_settings``); its effective settings
are those over the defaults of ``bot.settings.Settings``. A stored value that no longer
parses (a key renamed, a bound narrowed) is ignored rather than trusted, so a table never
opens with a value the command would refuse.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Final

from tarot_core.rules import OPTIONS, PLAYER_COUNTS, POIGNEE_BONUSES, RuleOption, value_word

from .i18n import LANGUAGES, has, t
from .settings import LIMITS, Settings
from .tables.settings import MAX_DEALS, MIN_DEALS

PER_PLAYER: Final = "per_player"
"""``deals``: one deal per player (one round of dealers)."""
SERVER: Final = "server"
"""``language``: the server's own language (Discord's preferred locale)."""
LANGUAGE_NAMES: Final = {"en": "English", "fr": "Français", "es": "Español", "pl": "Polski"}
"""Each language in its own words: the same in every catalog."""
TIMER_MAX: Final = LIMITS["TAROT_REMINDER_AFTER"][0]
POIGNEES: Final = dict(zip(("fft", "high"), POIGNEE_BONUSES, strict=True))
"""The engine's poignée scales by the names ``/tarot new`` offers them under."""


class BadValue(ValueError):
    """A value a setting does not take; ``allowed`` lists what it takes, in words."""

    def __init__(self, key: str, allowed: str) -> None:
        super().__init__(f"{key}: expected {allowed}")
        self.key = key
        self.allowed = allowed


@dataclass(frozen=True)
class Setting:
    key: str
    parse: Callable[[str], Any]
    """Text typed by a member (or a stored value, as text) -> the value stored; raises
    ``ValueError`` for a value not allowed."""
    default: Callable[[Settings], Any]
    allowed: tuple[str, ...] | None = None
    """The values offered, as typed; None: a range (see ``allowed_text``)."""
    low: int = 0
    high: int = 0


_TRUE = ("on", "true", "yes", "1")
_FALSE = ("off", "false", "no", "0")


def _bool(text: str) -> bool:
    word = text.strip().casefold()
    if word in _TRUE:
        return True
    if word in _FALSE:
        return False
    raise ValueError(text)


def _int(low: int, high: int) -> Callable[[str], int]:
    def parse(text: str) -> int:
        value = int(text.strip())
        if not low <= value <= high:
            raise ValueError(text)
        return value

    return parse


def _one_of(*words: str) -> Callable[[str], str]:
    def parse(text: str) -> str:
        word = text.strip().casefold()
        if word not in words:
            raise ValueError(text)
        return word

    return parse


def _deals(text: str) -> int | str:
    word = text.strip().casefold()
    if word == PER_PLAYER:
        return PER_PLAYER
    return _int(MIN_DEALS, MAX_DEALS)(word)


def _word(value: object) -> str:
    """A rule option's value as a member types it: on/off, a poignée scale's name, 6..."""
    if isinstance(value, bool):
        return "on" if value else "off"
    named = (k for k, v in POIGNEES.items() if v == value)
    return next(named, value_word(value))


def _rule_setting(option: RuleOption) -> Setting:
    """A server setting for a rule option of the registry: the words it takes are its
    allowed values' (``_word``), the value kept is the engine's."""
    words = {_word(v): v for v in option.allowed}
    words |= {",".join(map(str, v)): v for v in option.allowed if isinstance(v, tuple)}
    if isinstance(option.default, bool):
        words |= {w: True for w in _TRUE} | {w: False for w in _FALSE}

    def parse(text: str) -> Any:
        word = text.strip().casefold().replace(" ", "").strip("[]")
        if word not in words:
            raise ValueError(text)
        return words[word]

    return Setting(option.name, parse, lambda _: option.default, tuple(map(_word, option.allowed)))


SETTINGS: Final[Mapping[str, Setting]] = {
    s.key: s
    for s in (
        Setting("threads", _bool, lambda _: True, ("on", "off")),
        Setting("language", _one_of(SERVER, *LANGUAGES), lambda _: SERVER, (SERVER, *LANGUAGES)),
        Setting(
            "players",
            _int(min(PLAYER_COUNTS), max(PLAYER_COUNTS)),
            lambda s: s.default_players,
            tuple(map(str, PLAYER_COUNTS)),
        ),
        Setting(
            "deals",
            _deals,
            lambda s: s.default_deals if s.default_deals is not None else PER_PLAYER,
            None,
            MIN_DEALS,
            MAX_DEALS,
        ),
        *(_rule_setting(option) for option in OPTIONS),
        Setting(
            "reminder_after",
            _int(0, TIMER_MAX),
            lambda s: s.tables.reminder_after,
            None,
            0,
            TIMER_MAX,
        ),
        Setting(
            "stand_in_after",
            _int(0, TIMER_MAX),
            lambda s: s.tables.stand_in_after,
            None,
            0,
            TIMER_MAX,
        ),
    )
}
"""Every key a server may set, in the order they are shown."""
OFFERED: Final = tuple(SETTINGS)
"""The keys ``/tarot settings`` offers (a choice each: at most 25)."""


def allowed_text(key: str) -> str:
    """What ``key`` takes, as a member types it: "on, off" or "1–100, per_player"."""
    setting = SETTINGS[key]
    if setting.allowed is not None:
        return ", ".join(setting.allowed)
    text = f"{setting.low}–{setting.high}"
    return f"{text}, {PER_PLAYER}" if key == "deals" else text


def parse(key: str, text: str, current: Mapping[str, Any]) -> Any:
    """The value to store for ``key`` typed as ``text``, given the server's effective
    settings ``current`` (a reminder cannot come after the stand-in); ``BadValue`` names
    the key and what it takes."""
    setting = SETTINGS.get(key)
    if setting is None:
        raise BadValue(key, ", ".join(SETTINGS))
    try:
        value = setting.parse(str(text))
    except ValueError:
        raise BadValue(key, allowed_text(key)) from None
    reminder, stand_in = _num(current["reminder_after"]), _num(current["stand_in_after"])
    if key == "reminder_after" and value > current["stand_in_after"]:
        raise BadValue(key, f"0–{stand_in} (stand_in_after)")
    if key == "stand_in_after" and value < current["reminder_after"]:
        raise BadValue(key, f"{reminder}–{TIMER_MAX} (reminder_after)")
    return value


def _num(value: float) -> float | int:
    """60.0 as 60: seconds as a member would type them."""
    return int(value) if float(value).is_integer() else value


def effective(stored: Mapping[str, Any], settings: Settings) -> dict[str, Any]:
    """Every key's value for a server: what it stored (if still valid) over the defaults."""
    values = {key: s.default(settings) for key, s in SETTINGS.items()}
    for key, s in SETTINGS.items():
        if key in stored:
            raw = stored[key]
            if isinstance(raw, list):  # a rule option's list, stored as JSON
                raw = tuple(raw)
            text = _word(raw) if isinstance(raw, bool | tuple) else str(raw)
            try:
                values[key] = s.parse(text)
            except ValueError:
                continue
    if values["reminder_after"] > values["stand_in_after"]:
        values["reminder_after"] = values["stand_in_after"]
    return values


def with_chosen(values: Mapping[str, Any], chosen: Mapping[str, Any]) -> dict[str, Any]:
    """``values`` with what a command chose (None: not chosen), each read as the setting
    reads it (``/tarot new``'s ``poignee_bonus: high`` is (20, 40, 60))."""
    out = dict(values)
    for key, value in chosen.items():
        if value is not None:
            text = _word(value) if isinstance(value, bool) else str(value)
            out[key] = SETTINGS[key].parse(text)
    return out


def rule_options(values: Mapping[str, Any]) -> dict[str, Any]:
    """The rule options of ``tarot_core.rules`` (a record's ``rules`` object) from
    effective settings."""
    return {o.name: o.to_json(values[o.name]) for o in OPTIONS}


def deals_of(values: Mapping[str, Any]) -> int | None:
    """``deals`` for ``TableManager.create``: None for one per player."""
    deals = values["deals"]
    return None if deals == PER_PLAYER else int(deals)


def turn_timers(values: Mapping[str, Any], settings: Settings) -> tuple[float, float] | None:
    """(reminder, stand-in) for ``TableManager.create``; None where they are the process's."""
    timers = (float(values["reminder_after"]), float(values["stand_in_after"]))
    process = (settings.tables.reminder_after, settings.tables.stand_in_after)
    return None if timers == process else timers


def language_of(values: Mapping[str, Any]) -> str | None:
    """The table's language, or None for the server's preferred locale."""
    language = values["language"]
    return None if language == SERVER else str(language)


def shown(locale: str | None, key: str, value: Any) -> str:
    """``value`` of ``key`` in words."""
    if isinstance(value, bool):
        return t(locale, "settings.on" if value else "settings.off")
    if key == "deals" and value == PER_PLAYER:
        return t(locale, "settings.per_player")
    if key == "language":
        return t(locale, "settings.server_language") if value == SERVER else LANGUAGE_NAMES[value]
    if key in ("reminder_after", "stand_in_after"):
        return t(locale, "settings.seconds", count=_num(value))
    if isinstance(value, tuple):
        return "/".join(map(str, value))
    if has(f"choice.{key}.{value}"):  # an option whose values have names (shuffle)
        return t(locale, f"choice.{key}.{value}")
    return str(value)


def stored_language(stored: Mapping[str, Any]) -> str | None:
    """The table language a server stored (None: its preferred locale), without the
    process settings: the presenter reads only this key."""
    value = stored.get("language")
    return str(value) if value in LANGUAGES else None
