"""The message catalogs: both languages complete and consistent, every refusal of the table
service translated, the language chosen from the Discord locale, and lookups that fail
loudly (in tests) rather than print a half-filled text."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import bot.tables.manager
from bot.i18n import MissingParam, catalog, locale_of, t
from bot.i18n.catalog import placeholders
from bot.i18n.en import MESSAGES as EN
from bot.i18n.fr import MESSAGES as FR
from bot.render.refusals import refusal_text
from bot.tables import Refused
from bot.tables.manager import HOST_ACTIONS
from tarot_core import Contract
from tarot_core.bots import LEVELS

MANAGER = Path(bot.tables.manager.__file__).read_text(encoding="utf-8")
REFUSAL = re.compile(r"Refused\(\s*\"(\w+)\"")
SAMPLES: dict[str, object] = {"name": "Zoé", "reason": "you must play a trump", "level": "x"}


def refusal_codes() -> set[str]:
    return set(REFUSAL.findall(MANAGER))


def test_both_languages_have_the_same_keys() -> None:
    assert set(EN) == set(FR), set(EN) ^ set(FR)


@pytest.mark.parametrize("key", sorted(EN))
def test_same_placeholders_in_both_languages(key: str) -> None:
    assert placeholders(EN[key]) == placeholders(FR[key]), key


def test_no_empty_or_padded_text() -> None:
    for messages in (EN, FR):
        for key, text in messages.items():
            assert text and text == text.strip(), key


def test_every_refusal_code_of_the_manager_is_translated() -> None:
    codes = refusal_codes()
    assert len(codes) >= 20  # the pattern still finds them
    missing = {c for c in codes if f"refused.{c}" not in EN}
    assert not missing, f"add refused.<code> to bot/i18n/en.py and fr.py: {sorted(missing)}"


def refusal_calls() -> list[tuple[str, str, list[str]]]:
    """Each ``Refused(...)`` of manager.py: its code, its message as the manager would
    build it (each ``{...}`` of its f-strings as 2, or nothing for a plural ending such as
    ``{'s' if ...}``) and the names of its params."""
    calls = []
    for match in REFUSAL.finditer(MANAGER):
        depth, end, opening = 0, 0, match.start() + len("Refused")
        for end in range(opening, len(MANAGER)):
            depth += {"(": 1, ")": -1}.get(MANAGER[end], 0)
            if depth == 0:
                break
        call = MANAGER[match.start() : end + 1]
        parts = re.findall(r"f?\"((?:[^\"\\]|\\.)*)\"", call)[1:]
        text = "".join(parts)
        message = re.sub(r"\{([^{}]*)\}", lambda m: "" if "'" in m.group(1) else "2", text)
        calls.append((match.group(1), message, re.findall(r"\b(\w+)=", call)))
    return calls


def test_every_refusal_of_the_manager_gets_its_own_text() -> None:
    """Each refusal of manager.py, with the params it passes today, is translated by its
    own text (not the generic fallback, nothing left unfilled)."""
    calls = refusal_calls()
    assert len(calls) >= 20
    for code, message, names in calls:
        actions = list(HOST_ACTIONS) if code == "not_host" else [None]
        for action in actions:
            params = {n: SAMPLES.get(n, 2) for n in names}
            if action is not None:
                params["action"] = action
            refused = Refused(code, message, **params)
            for locale in ("en", "fr"):
                text = refusal_text(locale, refused)
                assert text != t(locale, "refused.generic", reason=message), (code, locale)
                assert "{" not in text, text
                for name, value in params.items():  # the specifics are said
                    translated = name in ("action", "levels")
                    assert translated or str(value) in text, (code, value, text)


def test_refusal_specifics() -> None:
    illegal = Refused("illegal", "you must play a trump", reason="you must play a trump")
    assert refusal_text("fr", illegal) == "Coup refusé : you must play a trump"
    host = Refused("not_host", "only the host can start the game", action="start")
    assert refusal_text("fr", host) == "Seul l'hôte peut lancer la partie."
    assert refusal_text("fr", Refused("not_host", "only the host can fly")) == (
        "Seul l'hôte peut faire cela."
    )
    turn = refusal_text("fr", Refused("not_your_turn", "it is Zoé_'s turn", name="Zoé_"))
    assert "Zoé\\_" in turn and "tour" in turn
    assert refusal_text("en", Refused("brand_new", "something new")) == "Refused: something new"
    level = refusal_text("fr", Refused("bad_level", "unknown bot level 'x': ...", level="x"))
    assert "aléatoire" in level and "'x'" in level
    empty = Refused("seats_empty", "1 seat still empty: wait for players or add bots")
    assert refusal_text("fr", empty) == (
        "Places encore libres : 1. Attendez des joueurs ou ajoutez des bots."
    )
    # Params missing (an older wording): the English message, never a half-filled text.
    assert refusal_text("fr", Refused("bad_seat", "there is no seat 9")) == (
        "Refusé : there is no seat 9"
    )


def test_locale_choice() -> None:
    assert locale_of("fr") == "fr"
    assert locale_of("fr-CA") == "fr"
    for other in ("en-US", "en-GB", "de", "es-ES", "", None, "french"):
        assert locale_of(other) == ("fr" if other == "french" else "en")
    assert t("fr", "button.join") == "Rejoindre"
    assert t("ja", "button.join") == "Join"
    assert t(None, "button.join") == "Join"


def test_fallbacks(monkeypatch: pytest.MonkeyPatch) -> None:
    partial = {k: v for k, v in FR.items() if k != "button.join"}
    monkeypatch.setitem(catalog.CATALOGS, "fr", partial)
    assert t("fr", "button.join") == "Join"
    assert t("fr", "no.such.key") == "no.such.key"


def test_a_missing_parameter_raises_in_tests(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(MissingParam):
        t("en", "refused.not_your_turn")
    monkeypatch.setattr(catalog, "STRICT", False)
    assert t("en", "refused.not_your_turn") == "It is not your turn: {name} is to act."
    assert t("en", "refused.not_your_turn", name="Zoé", extra=1).endswith("Zoé is to act.")


def test_names_the_discord_layer_needs() -> None:
    for level in LEVELS:
        assert f"level.{level}" in EN and f"bot_name.{level}" in EN
    for contract in Contract:
        assert f"contract.{contract.text}" in EN
    for code in ("played", "passed", "petit_sec"):
        assert f"outcome.{code}" in EN
    for status in ("lobby", "playing", "finished", "stopped", "cancelled"):
        assert f"status.{status}" in EN
    for command in ("new", "join", "leave", "addbot", "start", "hand", "stop", "rules"):
        assert f"cmd.tarot.{command}" in EN
    for command in ("leaderboard", "stats", "history"):
        assert f"cmd.{command}" in EN


def test_discord_length_limits() -> None:
    """Command and option descriptions at most 100 characters, labels at most 80."""
    for messages in (EN, FR):
        for key, text in messages.items():
            if key.startswith(("cmd.", "choice.")):
                assert len(text) <= 100, key
            if key.startswith(("button.", "select.")):
                assert len(t("fr" if messages is FR else "en", key, **_fill(text))) <= 80, key


def _fill(template: str) -> dict[str, str]:
    return {name: "King of Diamonds" for name in placeholders(template)}
