"""The registry of per-server settings: parsing, bounds, effective values over the
process-wide defaults (``bot/guild_config.py``)."""

from __future__ import annotations

from typing import Any

import pytest

from bot import guild_config as gc
from bot.i18n import t
from bot.settings import load_settings
from tarot_core.rules import Rules


def settings(**env: str) -> Any:
    return load_settings(
        {"DISCORD_TOKEN": "a.fake.token", "TAROT_DB": "/tmp/unused.sqlite3"} | env, None
    )


def test_nothing_stored_is_every_process_default() -> None:
    config = gc.effective({}, settings(TAROT_DEFAULT_PLAYERS="5", TAROT_REMINDER_AFTER="30"))
    assert config.players == 5
    assert config.deals == gc.PER_PLAYER
    assert config.reminder_after == 30
    assert config.threads is True and config.language == gc.SERVER
    assert gc.rule_options(config) == Rules().options()  # every option of the registry
    assert gc.deals_of(config) is None and gc.language_of(config) is None


def test_stored_keys_win_and_stored_values_no_longer_valid_are_ignored() -> None:
    stored = {"players": 3, "deals": 7, "misere": True, "language": "pl", "shuffle": "riffle"}
    config = gc.effective(stored, settings())
    assert (config.players, gc.deals_of(config), config.options["misere"]) == (3, 7, True)
    assert gc.language_of(config) == "pl"
    assert config.options["shuffle"] == "full"
    assert gc.effective({"players": True}, settings()).players == 4


@pytest.mark.parametrize(
    ("key", "text", "value"),
    [
        ("threads", "off", False),
        ("threads", " ON ", True),
        ("players", "3", 3),
        ("deals", "per_player", gc.PER_PLAYER),
        ("deals", "100", 100),
        ("misere", "yes", True),
        ("prise_allowed", "false", False),
        ("garde_contre_multiplier", "8", 8),
        ("poignee_bonus", "high", (20, 40, 60)),
        ("poignee_bonus", "20,40,60", (20, 40, 60)),
        ("shuffle", "cut", "cut"),
        ("language", "fr", "fr"),
        ("language", "server", gc.SERVER),
        ("reminder_after", "0", 0),
        ("stand_in_after", "600", 600),
        ("ladder_days", "31", 31),
        ("ladder_days", " 1 ", 1),
    ],
)
def test_each_kind_parses_its_allowed_values(key: str, text: str, value: object) -> None:
    assert gc.parse(key, text, gc.effective({}, settings())) == value


@pytest.mark.parametrize(
    ("key", "text", "allowed"),
    [
        ("threads", "maybe", "on, off"),
        ("players", "7", "3, 4, 5, 6"),
        ("players", "four", "3, 4, 5, 6"),
        ("deals", "0", "1–100, per_player"),
        ("misere", "2", "on, off, split"),
        ("garde_contre_multiplier", "7", "6, 8"),
        ("poignee_bonus", "20/30/40", "fft, high"),
        ("contracts", "petite", "fft, pousse, fixed"),
        ("ladder_days", "0", "1–31"),
        ("ladder_days", "32", "1–31"),
        ("shuffle", "riffle", "full, cut"),
        ("language", "de", "server, en, fr, es, pl"),
        ("reminder_after", "-1", "0–604800"),
        ("reminder_after", "121", "0–120 (stand_in_after)"),
        ("stand_in_after", "59", "60–604800 (reminder_after)"),
    ],
)
def test_a_value_not_allowed_names_the_setting_and_what_it_takes(
    key: str, text: str, allowed: str
) -> None:
    with pytest.raises(gc.BadValue) as refused:
        gc.parse(key, text, gc.effective({}, settings()))
    assert refused.value.key == key
    assert refused.value.allowed == allowed


def test_an_unknown_key_is_refused_with_the_keys() -> None:
    with pytest.raises(gc.BadValue) as refused:
        gc.parse("colour", "red", gc.effective({}, settings()))
    assert "players" in refused.value.allowed


def test_rule_values_stored_before_the_registry_still_read_the_same() -> None:
    """A server stored poignee_bonus by its name ("high") and misère as a boolean; a value
    stored now is the record's form (a list)."""
    config = gc.effective({"poignee_bonus": "high", "misere": True}, settings())
    assert config.options["poignee_bonus"] == (20, 40, 60) and config.options["misere"] is True
    assert gc.rule_options(config)["poignee_bonus"] == [20, 40, 60]
    again = gc.effective({"poignee_bonus": [20, 40, 60], "contracts": "pousse"}, settings())
    assert again.options["poignee_bonus"] == (20, 40, 60)
    assert gc.rule_options(again)["contracts"] == "pousse"


def test_a_servers_ladder_adds_up_its_best_20_days_unless_it_chose() -> None:
    assert gc.effective({}, settings()).ladder_days == gc.LADDER_DAYS == 20
    assert gc.effective({"ladder_days": 12}, settings()).ladder_days == 12
    assert gc.effective({"ladder_days": 40}, settings()).ladder_days == 20  # no longer valid


def test_a_stored_reminder_after_the_stand_in_is_brought_back_to_it() -> None:
    config = gc.effective({"reminder_after": 500, "stand_in_after": 200}, settings())
    assert config.reminder_after == 200


def test_every_offered_setting_has_a_name_in_every_language() -> None:
    assert set(gc.OFFERED) == set(gc.SETTINGS) and len(gc.OFFERED) <= 25
    for language in ("en", "fr", "es", "pl"):
        for key in gc.OFFERED:
            assert t(language, f"setting.{key}") != f"setting.{key}"


def test_values_in_words() -> None:
    assert gc.shown("fr", "threads", False) == t("fr", "settings.off")
    assert gc.shown("en", "deals", gc.PER_PLAYER) == "one per player"
    assert gc.shown("en", "language", "es") == "Español"
    assert gc.shown("en", "poignee_bonus", (20, 40, 60)) == "20/40/60"
    assert gc.shown("en", "reminder_after", 1) == "1 second"
    assert gc.shown("fr", "shuffle", "cut") == t("fr", "choice.shuffle.cut")  # a named value
    assert gc.shown("en", "contracts", "fixed") == "fixed"  # no name: the value as typed


def test_rule_options_typed_in_one_line_read_as_their_settings_read_them() -> None:
    assert gc.typed_rules("") == {}
    assert gc.typed_rules("contracts=pousse, round_to_ten=on  poignee_bonus=high") == {
        "contracts": "pousse",
        "round_to_ten": True,
        "poignee_bonus": [20, 40, 60],
    }
    with pytest.raises(gc.BadValue) as unknown:
        gc.typed_rules("colour=blue")
    assert unknown.value.key == "colour" and "contracts=..." in unknown.value.allowed
    with pytest.raises(gc.BadValue) as bad:
        gc.typed_rules("contracts=petite")
    assert bad.value.key == "contracts" and bad.value.allowed == gc.allowed_text("contracts")
    with pytest.raises(gc.BadValue):
        gc.typed_rules("round_to_ten")  # no value
