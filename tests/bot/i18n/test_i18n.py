"""The message catalogs: both languages complete and consistent, every refusal of the table
service translated, the language chosen from the Discord locale, and lookups that fail
loudly (in tests) rather than print a half-filled text."""

from __future__ import annotations

import re
from pathlib import Path

import discord
import pytest

import bot.challenges
import bot.discord
import bot.tables
from bot.i18n import MissingParam, catalog, locale_of, t
from bot.i18n.catalog import CATALOGS, LANGUAGES, placeholders
from bot.i18n.en import MESSAGES as EN
from bot.i18n.fr import MESSAGES as FR
from bot.render.refusals import refusal_text
from bot.tables import RefusalCode, Refused
from bot.tables.checks import HOST_ACTIONS
from tarot_core import Contract
from tarot_core.bots import LEVELS

SOURCES = [
    path.read_text(encoding="utf-8")
    for folder in (bot.tables, bot.challenges, bot.discord)
    for path in sorted(Path(folder.__file__).parent.rglob("*.py"))
]
"""The table service's modules, where refusals are raised, the challenges' (a service beside
it), and the Discord layer's, which raises the few it decides itself (a control of another
channel or of another seat)."""
REFUSAL = re.compile(r"Refused\(\s*(?:RefusalCode\.(\w+)|\"(\w+)\")")
SAMPLES: dict[str, object] = {
    "name": "Zoé",
    "reason": "you must play a trump",
    "level": "x",
    "rule": "must_trump",
    "rule_params": {"card": 3, "cards": (59, 64)},
}
RULE_SAID = {"rule": "4♠", "rule_params": "4★, 9★"}
"""An engine refusal is said by its rule (with the cards concerned), not by its English
reason."""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_language_has_the_same_keys(lang: str) -> None:
    assert set(EN) == set(CATALOGS[lang]), (lang, set(EN) ^ set(CATALOGS[lang]))


@pytest.mark.parametrize("key", sorted(EN))
def test_same_placeholders_in_every_language(key: str) -> None:
    for lang in LANGUAGES:
        assert placeholders(EN[key]) == placeholders(CATALOGS[lang][key]), (lang, key)


def test_no_empty_or_padded_text() -> None:
    for messages in CATALOGS.values():
        for key, text in messages.items():
            assert text and text == text.strip(), key


def test_every_refusal_code_is_translated() -> None:
    missing = {c for c in RefusalCode if f"refused.{c}" not in EN}
    assert not missing, f"add refused.<code> to bot/i18n/en.py and fr.py: {sorted(missing)}"


def refusal_calls() -> list[tuple[str, str, list[str]]]:
    """Each ``Refused(...)`` of the table service: its code, its message as the service
    would build it (each ``{...}`` of its f-strings as 2, or nothing for a plural ending
    such as ``{'s' if ...}``) and the names of its params."""
    calls = []
    for source in SOURCES:
        for match in REFUSAL.finditer(source):
            depth, end, opening = 0, 0, match.start() + len("Refused")
            for end in range(opening, len(source)):
                depth += {"(": 1, ")": -1}.get(source[end], 0)
                if depth == 0:
                    break
            call = source[match.start() : end + 1]
            member, text_code = match.groups()
            strings = re.findall(r"f?\"((?:[^\"\\]|\\.)*)\"", call)
            text = "".join(strings if member else strings[1:])
            message = re.sub(r"\{([^{}]*)\}", lambda m: "" if "'" in m.group(1) else "2", text)
            code = RefusalCode[member].value if member else text_code
            calls.append((code, message, re.findall(r"\b(\w+)=", call)))
    return calls


def test_every_refusal_code_is_raised_and_every_refusal_has_a_code() -> None:
    """The scan below sees each refusal: every code is raised somewhere in the table
    service, and nothing is raised with a code outside ``RefusalCode``."""
    raised = {code for code, _, _ in refusal_calls()}
    assert raised == {c.value for c in RefusalCode}


def test_every_refusal_of_the_table_service_gets_its_own_text() -> None:
    """Each refusal of the table service, with the params it passes today, is translated
    by its own text (not the generic fallback, nothing left unfilled)."""
    calls = refusal_calls()
    assert len(calls) >= len(RefusalCode)
    for code, message, names in calls:
        actions = list(HOST_ACTIONS) if code == "not_host" else [None]
        for action in actions:
            params = {n: SAMPLES.get(n, 2) for n in names}
            if action is not None:
                params["action"] = action
            refused = Refused(code, message, **params)
            for locale in LANGUAGES:
                text = refusal_text(locale, refused)
                assert text != t(locale, "refused.generic", reason=message), (code, locale)
                assert "{" not in text, text
                ruled = "rule" in params
                for name, value in params.items():  # the specifics are said
                    if ruled and name in RULE_SAID:
                        assert RULE_SAID[name] in text, (code, name, text)
                        continue
                    translated = name in ("action", "levels") or (ruled and name == "reason")
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
    """Discord's locales of our languages read them (Spanish of Spain and of Latin
    America alike); every other locale, or none, reads English."""
    expected = {"fr": "fr", "es-ES": "es", "es-419": "es", "pl": "pl", "en-US": "en"}
    for discord_locale, lang in expected.items():
        assert locale_of(discord_locale) == lang
        assert locale_of(discord.Locale(discord_locale)) == lang
    assert locale_of("fr-CA") == "fr" and locale_of("es_MX") == "es"
    for lang in LANGUAGES:
        assert locale_of(lang) == lang
    for other in ("en-GB", "de", "pt-BR", "ja", "", None, "french", "esperanto", "pl-"):
        assert locale_of(other) == ("pl" if other == "pl-" else "en"), other
    assert t("fr", "button.join") == "Rejoindre"
    assert t("es-419", "button.join") == "Unirse"
    assert t("pl", "button.join") == "Dołącz"
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
    for lang, messages in CATALOGS.items():
        for key, text in messages.items():
            if key.startswith(("cmd.", "choice.")):
                assert len(text) <= 100, key
            if key.startswith(("button.", "select.")):
                assert len(t(lang, key, **_fill(text))) <= 80, key


def _fill(template: str) -> dict[str, str]:
    return {name: "King of Diamonds" for name in placeholders(template)}
