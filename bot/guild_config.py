"""Per-server settings: which keys a server may set, their type, the values allowed and the
process-wide default each overrides, in one place.

A server stores only the keys it set (``Storage.guild_settings``); its effective settings
(``GuildSettings``, typed) are those over the defaults of ``bot.settings.Settings``. A
stored value that no longer parses (a key renamed, a bound narrowed) is ignored rather than
trusted, so a table never opens with a value the command would refuse.

It sits beside ``settings.py`` (the process defaults it overrides, the value parsers of
``setting_values.py`` they share) rather than in ``bot/discord/``, where all its readers
are: it knows nothing of Discord, and a server's settings are the process settings' second
level.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any, Final, Literal

from tarot_core.rules import OPTIONS, PLAYER_COUNTS, POIGNEE_BONUSES, RuleOption, value_word

from .challenges.service import MAX_VARIANTS
from .i18n import LANGUAGES, has, t
from .setting_values import OFF_WORDS, ON_WORDS, int_between, one_of, yes_no
from .settings import LIMITS, Settings
from .tables.settings import MAX_DEALS, MIN_DEALS

PER_PLAYER: Final = "per_player"
"""``deals``: one deal per player (one round of dealers)."""
SERVER: Final = "server"
"""``language``: the server's own language (Discord's preferred locale)."""
LANGUAGE_NAMES: Final = {"en": "English", "fr": "Français", "es": "Español", "pl": "Polski"}
"""Each language in its own words: the same in every catalog."""
THREADS_DEFAULT: Final = True
"""``threads``: a server that never chose gets a thread per table."""
LADDER_DAYS: Final = 20
"""``ladder_days``: a month's ladder adds up each member's best 20 days."""
TIMER_MAX: Final = LIMITS["TAROT_REMINDER_AFTER"][0]
NO_CHANNEL: Final = 0
"""``challenge_channel``: no daily challenge is posted (the default: nothing is posted until
a member with Manage Server names a channel)."""
HERE: Final = "here"
"""``challenge_channel``: the channel the command is typed in (the command replaces it)."""
CHALLENGE_HOUR: Final = 9
"""``challenge_hour``: the hour (UTC) a server's challenge of the day is posted at."""
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
    read: Callable[[str], Any]
    """Text as ``parse`` cleaned it -> the value stored; raises ``ValueError`` for a value
    not allowed (``setting_values.py``)."""
    default: Callable[[Settings], Any]
    allowed: tuple[str, ...] | None = None
    """The values offered, as typed; None: a range (see ``allowed_text``)."""
    low: int = 0
    high: int = 0

    def parse(self, text: str) -> Any:
        """Text typed by a member (or a stored value, as text) -> the value stored, read
        whatever its case and the spaces around it.

        :raises ValueError: for a value not allowed.
        """
        return self.read(text.strip().casefold())


def _ranged(
    key: str, default: Callable[[Settings], Any], low: int, high: int, *words: str
) -> Setting:
    """A setting taking a whole number from ``low`` to ``high``, or one of ``words`` as it
    is, its bounds given once."""
    number = int_between(low, high)

    def read(text: str) -> int | str:
        return text if text in words else number(text)

    return Setting(key, read, default, None, low, high)


def _channel(text: str) -> int:
    """A channel as a member types it: its mention (``<#id>``) or id; off for none."""
    if text in OFF_WORDS or text == "none":
        return NO_CHANNEL
    digits = text.removeprefix("<#").removesuffix(">")
    if not digits.isdigit() or not 17 <= len(digits) <= 20:
        raise ValueError(text)
    return int(digits)


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
        words |= {w: True for w in ON_WORDS} | {w: False for w in OFF_WORDS}

    def read(text: str) -> Any:
        word = text.replace(" ", "").strip("[]")
        if word not in words:
            raise ValueError(text)
        return words[word]

    return Setting(option.name, read, lambda _: option.default, tuple(map(_word, option.allowed)))


SETTINGS: Final[Mapping[str, Setting]] = {
    s.key: s
    for s in (
        Setting("threads", yes_no, lambda _: THREADS_DEFAULT, ("on", "off")),
        Setting("language", one_of(SERVER, *LANGUAGES), lambda _: SERVER, (SERVER, *LANGUAGES)),
        Setting(
            "players",
            int_between(min(PLAYER_COUNTS), max(PLAYER_COUNTS)),
            lambda s: s.default_players,
            tuple(map(str, PLAYER_COUNTS)),
        ),
        _ranged(
            "deals",
            lambda s: s.default_deals if s.default_deals is not None else PER_PLAYER,
            MIN_DEALS,
            MAX_DEALS,
            PER_PLAYER,
        ),
        *(_rule_setting(option) for option in OPTIONS),
        _ranged("reminder_after", lambda s: s.tables.reminder_after, 0, TIMER_MAX),
        _ranged("stand_in_after", lambda s: s.tables.stand_in_after, 0, TIMER_MAX),
        Setting("challenge_channel", _channel, lambda _: NO_CHANNEL, (HERE, "#channel", "off")),
        _ranged("challenge_hour", lambda _: CHALLENGE_HOUR, 0, 23),
        _ranged("challenge_variants", lambda _: 1, 1, MAX_VARIANTS),
        _ranged("ladder_days", lambda _: LADDER_DAYS, 1, 31),
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


@dataclass(frozen=True)
class GuildSettings:
    """A server's effective settings: what it stored (if still valid) over the process's
    defaults, one typed field per setting of ``SETTINGS`` but the rule options, kept by
    name in ``options`` as the engine's registry (``tarot_core.rules.OPTIONS``) names them.
    Built by ``effective``; ``value`` reads a setting by its key where the key is data (a
    command's option, the list ``/tarot settings`` shows)."""

    threads: bool
    """Each table's event lines in a thread of its own (else in the channel)."""
    language: str
    """A language of ``bot.i18n.LANGUAGES``, or ``SERVER``."""
    players: int
    deals: int | Literal["per_player"]
    """Deals per game, or ``PER_PLAYER``."""
    reminder_after: float
    stand_in_after: float
    challenge_channel: int
    """Where the challenge of the day is posted; ``NO_CHANNEL``: it is not."""
    challenge_hour: int
    """The hour (UTC, 0–23) it is posted at."""
    challenge_variants: int
    """Each deal of the day dealt in that many variants (deal instances), members compared
    within theirs."""
    ladder_days: int
    """How many of a member's best days the server's monthly challenge ladder adds up."""
    options: Mapping[str, Any]
    """Each rule option's value in the engine's form (a poignée scale as a tuple)."""

    def value(self, key: str) -> Any:
        """The value of setting ``key`` (a key of ``SETTINGS``).

        :raises KeyError: for a key that is not a setting.
        """
        if key in self.options:
            return self.options[key]
        if key not in SETTINGS:
            raise KeyError(key)
        return getattr(self, key)

    def with_value(self, key: str, value: Any) -> GuildSettings:
        """These settings with ``key`` set to ``value`` (already parsed).

        :raises KeyError: for a key that is not a setting.
        """
        if key in self.options:
            return replace(self, options=MappingProxyType({**self.options, key: value}))
        if key not in SETTINGS:
            raise KeyError(key)
        return replace(self, **{key: value})


def parse(key: str, text: str, current: GuildSettings) -> Any:
    """The value to store for ``key`` typed as ``text``, given the server's effective
    settings ``current`` (a reminder cannot come after the stand-in).

    :raises BadValue: naming the key and what it takes, for a key or value not allowed.
    """
    setting = SETTINGS.get(key)
    if setting is None:
        raise BadValue(key, ", ".join(SETTINGS))
    try:
        value = setting.parse(str(text))
    except ValueError:
        raise BadValue(key, allowed_text(key)) from None
    reminder, stand_in = _num(current.reminder_after), _num(current.stand_in_after)
    if key == "reminder_after" and value > current.stand_in_after:
        raise BadValue(key, f"0–{stand_in} (stand_in_after)")
    if key == "stand_in_after" and value < current.reminder_after:
        raise BadValue(key, f"{reminder}–{TIMER_MAX} (reminder_after)")
    return value


def _num(value: float) -> float | int:
    """60.0 as 60: seconds as a member would type them."""
    return int(value) if float(value).is_integer() else value


def effective(stored: Mapping[str, Any], settings: Settings) -> GuildSettings:
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
    return GuildSettings(
        threads=values["threads"],
        language=values["language"],
        players=values["players"],
        deals=values["deals"],
        reminder_after=values["reminder_after"],
        stand_in_after=values["stand_in_after"],
        challenge_channel=values["challenge_channel"],
        challenge_hour=values["challenge_hour"],
        challenge_variants=values["challenge_variants"],
        ladder_days=values["ladder_days"],
        options=MappingProxyType({o.name: values[o.name] for o in OPTIONS}),
    )


def with_chosen(values: GuildSettings, chosen: Mapping[str, Any]) -> GuildSettings:
    """``values`` with what a command chose (None: not chosen), each read as the setting
    reads it (``/tarot new``'s ``poignee_bonus: high`` is (20, 40, 60)).

    :raises ValueError: for a value the setting does not take.
    """
    out = values
    for key, value in chosen.items():
        if value is not None:
            text = _word(value) if isinstance(value, bool) else str(value)
            out = out.with_value(key, SETTINGS[key].parse(text))
    return out


def typed_rules(text: str) -> dict[str, Any]:
    """Rule options as a member types them in one line (``contracts=pousse round_to_ten=on``,
    spaces or commas between them), each read as its setting reads it, in the engine's form
    of a record's ``rules`` object.

    :raises BadValue: naming the option and what it takes, for an unknown option or value.
    """
    names = {o.name: o for o in OPTIONS}
    out: dict[str, Any] = {}
    for item in text.replace(",", " ").split():
        name, sep, value = item.partition("=")
        option = names.get(name.strip().casefold())
        if option is None or not sep:
            raise BadValue(name.strip() or item, ", ".join(f"{o}=..." for o in names))
        try:
            out[option.name] = option.to_json(SETTINGS[option.name].parse(value))
        except ValueError:
            raise BadValue(option.name, allowed_text(option.name)) from None
    return out


def rule_options(values: GuildSettings) -> dict[str, Any]:
    """The rule options of ``tarot_core.rules`` (a record's ``rules`` object) from
    effective settings."""
    return {o.name: o.to_json(values.options[o.name]) for o in OPTIONS}


def deals_of(values: GuildSettings) -> int | None:
    """``deals`` for ``TableManager.create``: None for one per player."""
    return None if values.deals == PER_PLAYER else int(values.deals)


def turn_timers(values: GuildSettings, settings: Settings) -> tuple[float, float] | None:
    """(reminder, stand-in) for ``TableManager.create``; None where they are the process's."""
    timers = (float(values.reminder_after), float(values.stand_in_after))
    process = (settings.tables.reminder_after, settings.tables.stand_in_after)
    return None if timers == process else timers


def language_of(values: GuildSettings) -> str | None:
    """The table's language, or None for the server's preferred locale."""
    return None if values.language == SERVER else values.language


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
    if key == "challenge_channel":
        return t(locale, "settings.off") if value == NO_CHANNEL else f"<#{value}>"
    if key == "challenge_hour":
        return f"{value:02d}:00 UTC"
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


def stored_threads(stored: Mapping[str, Any]) -> bool:
    """The ``threads`` setting a server stored (``THREADS_DEFAULT`` where it stored none),
    without the process settings: the Discord layer reads only this key to start a thread."""
    value = stored.get("threads", THREADS_DEFAULT)
    return value if isinstance(value, bool) else THREADS_DEFAULT
