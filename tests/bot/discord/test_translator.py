"""The command translator: the catalog texts of French, Spanish (of Spain and of Latin
America) and Polish for keyed strings, nothing for other locales, and every text of the
real command set within Discord's limits."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from typing import Any

import discord
import pytest
from discord import app_commands
from discord.app_commands import TranslationContext, TranslationContextLocation
from discord.app_commands.translator import OtherTranslationContext
from discord.ext import commands

from bot.discord.translator import CatalogTranslator, catalog_str
from bot.i18n.catalog import CATALOGS
from bot.i18n.en import MESSAGES as EN
from bot.i18n.locales import DISCORD_LOCALES

COMMAND_KEYS = sorted(k for k in EN if k.startswith(("cmd.", "choice.")))
OTHER: OtherTranslationContext = TranslationContext(TranslationContextLocation.other, None)
NAME = re.compile(r"^[-_\w]{1,32}$")
NAME_LOCATIONS = {
    TranslationContextLocation.command_name,
    TranslationContextLocation.group_name,
    TranslationContextLocation.parameter_name,
}


def localized(key: str) -> dict[str, str]:
    """The localizations a command text must carry: its text in each Discord locale that
    reads a catalog of its own (es-ES and es-419 both read Spanish)."""
    return {code: CATALOGS[lang][key] for code, lang in DISCORD_LOCALES.items()}


@pytest.mark.parametrize("key", COMMAND_KEYS)
async def test_catalog_text_for_every_command_key(key: str) -> None:
    translator = CatalogTranslator()
    for code, lang in DISCORD_LOCALES.items():
        text = await translator.translate(catalog_str(key), discord.Locale(code), OTHER)
        assert text == CATALOGS[lang][key], (code, key)
    assert catalog_str(key).message == EN[key]


async def test_no_translation_for_other_locales_or_without_key() -> None:
    translator = CatalogTranslator()
    for locale in discord.Locale:
        if str(locale) in DISCORD_LOCALES:
            continue
        assert await translator.translate(catalog_str("cmd.stats"), locale, OTHER) is None
    plain = app_commands.locale_str("Show a player's statistics")
    assert await translator.translate(plain, discord.Locale.french, OTHER) is None
    unknown = app_commands.locale_str("Nope", key="cmd.no_such_command")
    assert await translator.translate(unknown, discord.Locale.french, OTHER) is None


class Recorder(CatalogTranslator):
    """Remembers every string discord.py asks about, with where it appears."""

    def __init__(self) -> None:
        self.asked: list[tuple[app_commands.locale_str, TranslationContextLocation, str]] = []
        self.cog = ""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        self.asked.append((string, context.location, self.cog))
        return await super().translate(string, locale, context)


@pytest.fixture
async def payloads() -> AsyncIterator[tuple[list[dict[str, Any]], Recorder]]:
    """The translated payloads of the real command set (both cogs), as a sync sends them."""
    from bot.discord.cogs.game import GameCog
    from bot.discord.cogs.stats import StatsCog

    bot = commands.Bot(command_prefix="!", intents=discord.Intents.none())
    await bot.add_cog(GameCog(bot))  # type: ignore[arg-type]
    await bot.add_cog(StatsCog(bot))  # type: ignore[arg-type]
    recorder = Recorder()
    out = []
    for name, cog in bot.cogs.items():
        recorder.cog = name
        group = cog.app_command
        for command in [group] if group else cog.get_app_commands():
            out.append(await command.get_translated_payload(bot.tree, recorder))
    yield out, recorder
    await bot.close()


def walk(payload: dict[str, Any]) -> list[dict[str, Any]]:
    """A command, its options and their choices, depth first."""
    found = [payload]
    for option in payload.get("options", []):
        found += walk(option)
    found += payload.get("choices", [])
    return found


async def test_the_command_set_fits_discord_limits(
    payloads: tuple[list[dict[str, Any]], Recorder],
) -> None:
    commands_, _ = payloads
    assert {"tarot", "leaderboard", "stats", "history"} <= {c["name"] for c in commands_}
    described = 0
    for command in commands_:
        for item in walk(command):
            is_choice = "value" in item
            names = [item["name"], *(item.get("name_localizations") or {}).values()]
            for name in names:
                if is_choice:
                    assert 1 <= len(name) <= 100, name
                else:
                    assert NAME.match(name) and name == name.lower(), name
            if is_choice:
                continue
            descriptions = [
                item["description"],
                *item.get("description_localizations", {}).values(),
            ]
            for text in descriptions:
                assert 1 <= len(text) <= 100, text
            if item.get("description_localizations"):
                described += 1
                key = KEY_OF[item["description"]]
                assert item["description_localizations"] == localized(key)
    assert described >= 10


KEY_OF = {EN[k]: k for k in COMMAND_KEYS}


def unkeyed(recorder: Recorder, cog: str) -> list[str]:
    """The texts of one cog's commands that are not from the catalogs (names excepted)."""
    return [
        f"{string.message!r} ({location.name})"
        for string, location, owner in recorder.asked
        if owner == cog
        and location not in NAME_LOCATIONS
        and EN.get(string.extras.get("key", "")) != string.message
    ]


@pytest.mark.parametrize("cog", ["StatsCog", "GameCog"])
async def test_every_command_text_is_keyed_and_matches_the_catalog(
    payloads: tuple[list[dict[str, Any]], Recorder], cog: str
) -> None:
    """Descriptions and choice names come from the catalogs (English default = en.py), so
    French users never see an English text."""
    assert unkeyed(payloads[1], cog) == []


async def test_stats_commands_are_localized(
    payloads: tuple[list[dict[str, Any]], Recorder],
) -> None:
    by_name = {c["name"]: c for c in payloads[0]}
    board = by_name["leaderboard"]
    assert board["description_localizations"] == localized("cmd.leaderboard")
    scope, period = board["options"]
    assert scope["description"] == EN["cmd.leaderboard.scope"]
    assert [c["name_localizations"] for c in scope["choices"]] == [
        localized("choice.scope.guild"),
        localized("choice.scope.global"),
    ]
    assert scope["choices"][0]["name_localizations"]["pl"] == "Ten serwer"
    assert (period["name"], period["required"]) == ("period", False)
    assert period["name_localizations"] == localized("name.option.period")
    assert period["description_localizations"] == localized("cmd.leaderboard.period")
    assert [(c["name"], c["value"]) for c in period["choices"]] == [
        ("All time", "all"),
        ("This week", "week"),
        ("This month", "month"),
    ]
    assert period["choices"][2]["name_localizations"]["fr"] == "Ce mois-ci"
    assert [o["name"] for o in by_name["stats"]["options"]] == ["player", "scope"]
    assert [o["type"] for o in by_name["history"]["options"]] == [6]  # a user


async def test_command_and_option_names_are_localized(
    payloads: tuple[list[dict[str, Any]], Recorder],
) -> None:
    by_name = {c["name"]: c for c in payloads[0]}
    subs = {o["name"]: o for o in by_name["tarot"]["options"]}
    assert subs["new"]["name_localizations"] == {
        "fr": "nouvelle",
        "es-ES": "nueva",
        "es-419": "nueva",
        "pl": "nowy",
    }
    assert subs["hand"]["name_localizations"] == localized("name.tarot.hand")
    assert subs["hand"]["name_localizations"]["fr"] == "main"
    players = {o["name"]: o for o in subs["new"]["options"]}["players"]
    assert players["name_localizations"] == localized("name.option.players")
    assert by_name["leaderboard"]["name_localizations"]["pl"] == "ranking"
    assert by_name["leaderboard"]["name_localizations"]["fr"] == "classement"
    every = [
        item
        for c in payloads[0]
        for item in walk(c)
        if "value" not in item and item["name"] != "tarot"  # "tarot" in both languages
    ]
    # Every command and option has its name in every language (English is the default).
    for code in DISCORD_LOCALES:
        missing = [i["name"] for i in every if not i.get("name_localizations", {}).get(code)]
        assert missing == [], code
        names = [item["name_localizations"][code] for item in every]
        assert len(set(names)) >= 13, code
