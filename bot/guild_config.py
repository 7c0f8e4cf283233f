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

from tarot_core.rules import Rules, RulesError

from .i18n import LANGUAGES, t
from .settings import LIMITS, PLAYER_COUNTS, Settings
from .tables.settings import MAX_DEALS

PER_PLAYER: Final = "per_player"
"""``deals``: one deal per player (one round of dealers)."""
SERVER: Final = "server"
"""``language``: the server's own language (Discord's preferred locale)."""
LANGUAGE_NAMES: Final = {"en": "English", "fr": "Français", "es": "Español", "pl": "Polski"}
"""Each language in its own words: the same in every catalog."""
TIMER_MAX: Final = LIMITS["TAROT_REMINDER_AFTER"][0]
POIGNEES: Final = {"fft": [20, 30, 40], "high": [20, 40, 60]}


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
    return _int(1, MAX_DEALS)(word)


def _rule(option: str, parse: Callable[[str], Any]) -> Callable[[str], Any]:
    """``parse``, then the engine's own check of the option (``Rules.from_options``)."""

    def check(text: str) -> Any:
        value = parse(text)
        try:
            Rules.from_options(4, {option: POIGNEES.get(value, value)})
        except (RulesError, TypeError) as e:
            raise ValueError(text) from e
        return value

    return check


_RULES = Rules()
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
            1,
            MAX_DEALS,
        ),
        Setting("misere", _rule("misere", _bool), lambda _: _RULES.misere, ("on", "off")),
        Setting(
            "prise_allowed",
            _rule("prise_allowed", _bool),
            lambda _: _RULES.prise_allowed,
            ("on", "off"),
        ),
        Setting(
            "garde_contre_multiplier",
            _rule("garde_contre_multiplier", _int(6, 8)),
            lambda _: _RULES.garde_contre_multiplier,
            ("6", "8"),
        ),
        Setting(
            "poignee_bonus",
            _rule("poignee_bonus", _one_of(*POIGNEES)),
            lambda _: "fft" if list(_RULES.poignee_bonus) == POIGNEES["fft"] else "high",
            tuple(POIGNEES),
        ),
        Setting(
            "shuffle",
            _rule("shuffle", _one_of("full", "cut")),
            lambda _: _RULES.shuffle,
            ("full", "cut"),
        ),
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
            text = ("on" if raw else "off") if isinstance(raw, bool) else str(raw)
            try:
                values[key] = s.parse(text)
            except ValueError:
                continue
    if values["reminder_after"] > values["stand_in_after"]:
        values["reminder_after"] = values["stand_in_after"]
    return values


def rule_options(values: Mapping[str, Any]) -> dict[str, Any]:
    """The rule options of ``tarot_core.rules`` from effective settings."""
    return {
        "misere": values["misere"],
        "prise_allowed": values["prise_allowed"],
        "garde_contre_multiplier": values["garde_contre_multiplier"],
        "poignee_bonus": list(POIGNEES[values["poignee_bonus"]]),
        "shuffle": values["shuffle"],
    }


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
    if key == "poignee_bonus":
        return "/".join(str(b) for b in POIGNEES[value])
    if key == "shuffle":
        return t(locale, f"choice.shuffle.{value}")
    return str(value)


def stored_language(stored: Mapping[str, Any]) -> str | None:
    """The table language a server stored (None: its preferred locale), without the
    process settings: the presenter reads only this key."""
    value = stored.get("language")
    return str(value) if value in LANGUAGES else None
