"""``/tarot settings``: a server's own defaults for its tables (Manage Server), stored in the
database over the process-wide defaults (``bot/guild_config.py``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from drivers import fill_lobby, four_seated, make_bot, open_lobby, press_start, table_of
from fake_discord import FakeDiscord, World, run_client

from bot.discord.client import TarotBot
from bot.i18n import t


async def settings(fake: FakeDiscord, world: World, user: Any = None, **options: Any) -> str:
    """``/tarot settings`` with ``options`` (Alice by default); its answer's text."""
    handle = await fake.slash(
        user or world.alice, world.table, "tarot", subcommand="settings", options=options
    )
    return (await handle.message()).content


@pytest.fixture
def bot(world: World, tmp_path: Path) -> TarotBot:
    world.guild.owner = world.alice  # Manage Server; Bob has not
    return make_bot(tmp_path, TAROT_DEFAULT_PLAYERS="4")


async def test_only_manage_server_may_see_or_change_settings(
    fake: FakeDiscord, world: World, bot: TarotBot
) -> None:
    async with run_client(fake, bot):
        assert await settings(fake, world, world.bob) == t("en-US", "ui.threads_manage_guild")
        refused = await settings(fake, world, world.bob, setting="players", value="3")
        assert refused == t("en-US", "ui.threads_manage_guild")
        assert await bot.storage.guild_settings(int(world.guild.id)) == {}


async def test_show_says_which_settings_are_defaults_and_which_are_set(
    fake: FakeDiscord, world: World, bot: TarotBot
) -> None:
    async with run_client(fake, bot):
        await settings(fake, world, setting="players", value="3")
        shown = await settings(fake, world)
        assert shown.startswith(t("fr", "settings.title"))
        assert f"- {t('fr', 'settings.line_set', name=t('fr', 'setting.players'), value='3')}" in (
            shown.splitlines()
        )
        default = t("fr", "settings.line_default", name=t("fr", "setting.threads"), value="activé")
        assert f"- {default}" in shown.splitlines()


@pytest.mark.parametrize(
    ("key", "good", "stored", "bad", "allowed"),
    [
        ("threads", "off", False, "sometimes", "on, off"),
        ("players", "6", 6, "7", "3, 4, 5, 6"),
        ("deals", "per_player", "per_player", "101", "1–100, per_player"),
        ("garde_contre_multiplier", "8", 8, "7", "6, 8"),
        ("poignee_bonus", "high", [20, 40, 60], "20/40/60", "fft, high"),
        ("contracts", "pousse", "pousse", "petite", "fft, pousse, fixed"),
        ("misere", "on", True, "2", "on, off, split"),
        ("language", "es", "es", "de", "server, en, fr, es, pl"),
    ],
)
async def test_each_kind_takes_a_valid_value_and_refuses_others_precisely(
    fake: FakeDiscord,
    world: World,
    bot: TarotBot,
    key: str,
    good: str,
    stored: object,
    bad: str,
    allowed: str,
) -> None:
    async with run_client(fake, bot):
        name = t("fr", f"setting.{key}")
        refused = await settings(fake, world, setting=key, value=bad)
        assert refused == t("fr", "settings.bad_value", name=name, value=bad, allowed=allowed)
        assert await bot.storage.guild_settings(int(world.guild.id)) == {}
        changed = await settings(fake, world, setting=key, value=good)
        assert changed.startswith(name)
        assert await bot.storage.guild_settings(int(world.guild.id)) == {key: stored}


async def test_a_setting_alone_says_what_it_takes_and_reset_removes_it(
    fake: FakeDiscord, world: World, bot: TarotBot
) -> None:
    async with run_client(fake, bot):
        name = t("fr", "setting.deals")
        assert await settings(fake, world, setting="deals") == t(
            "fr", "settings.allowed", name=name, allowed="1–100, per_player"
        )
        await settings(fake, world, setting="deals", value="2")
        assert await bot.storage.guild_settings(int(world.guild.id)) == {"deals": 2}
        reset = await settings(fake, world, setting="deals", reset=True)
        assert reset == t("fr", "settings.was_reset", name=name, value="une par joueur")
        assert await bot.storage.guild_settings(int(world.guild.id)) == {}


async def test_tarot_new_takes_the_servers_defaults_for_what_the_host_left_out(
    fake: FakeDiscord, world: World, bot: TarotBot
) -> None:
    async with run_client(fake, bot):
        for key, value in [
            ("players", "3"),
            ("deals", "2"),
            ("misere", "on"),
            ("garde_contre_multiplier", "8"),
            ("shuffle", "cut"),
        ]:
            await settings(fake, world, setting=key, value=value)
        await open_lobby(fake, world, garde_contre_multiplier=6)
        table = table_of(bot, int(world.table.id))
        assert (table.players, table.deals_target) == (3, 2)
        rules = table.rules
        assert (rules.misere, rules.shuffle, rules.garde_contre_multiplier) == (True, "cut", 6)
        assert rules.prise_allowed is True  # never set: the process default


async def test_the_table_speaks_the_language_the_server_chose(
    fake: FakeDiscord, world: World, bot: TarotBot
) -> None:
    """The server's preferred locale is French; its setting says Polish."""
    async with run_client(fake, bot):
        await settings(fake, world, setting="language", value="pl")
        lobby = await open_lobby(fake, world, players=4)
        await bot.presenter.drain()
        title = t("pl", "lobby.title", players=4)
        assert title != t("fr", "lobby.title", players=4)
        await fake.wait_for(lambda: title in lobby.content)
    # After a restart the setting is read back from the database for the next edit.
    again = make_bot(Path(bot.settings.database).parent, TAROT_DEFAULT_PLAYERS="4")
    async with run_client(fake, again):
        again.presenter.tables.interval = 0.01
        join = next(c for c in lobby.custom_ids() if c.endswith(":join"))
        await (await fake.click(world.bob, lobby, join)).response()
        await fake.wait_for(lambda: "bob" in lobby.content.casefold())
        await again.presenter.drain()
        assert title in lobby.content
        await settings(fake, world, setting="language", reset=True)
        assert again.presenter.channel_locale(int(world.table.id)) == "fr"


async def test_the_servers_turn_timers_apply_to_its_new_tables(
    fake: FakeDiscord, world: World, bot: TarotBot
) -> None:
    """The process waits two minutes before a stand-in plays; this server, one second."""
    async with run_client(fake, bot):
        name = t("fr", "setting.reminder_after")
        refused = await settings(fake, world, setting="reminder_after", value="200")
        assert refused == t(
            "fr", "settings.bad_value", name=name, value="200", allowed="0–120 (stand_in_after)"
        )
        await settings(fake, world, setting="reminder_after", value="0")
        await settings(fake, world, setting="stand_in_after", value="1")
        lobby = await open_lobby(fake, world, players=3, deals=1)
        await fill_lobby(fake, world, lobby, [], bots=2)
        channel = int(world.table.id)
        await fake.wait_for(lambda: all(table_of(bot, channel).seats))
        await press_start(fake, world, lobby)
        await fake.wait_for(lambda: table_of(bot, channel).seats[0].away, timeout=10)


async def test_the_tables_thread_is_named_in_the_servers_chosen_language(
    fake: FakeDiscord, world: World, bot: TarotBot
) -> None:
    """The server's preferred locale is French; its setting says Polish: so does the
    thread the table's lines go to."""
    async with run_client(fake, bot):
        await settings(fake, world, setting="language", value="pl")
        bot.presenter.tables.interval = bot.presenter.dms.interval = 0.01
        lobby = await four_seated(fake, world, bot)
        await press_start(fake, world, lobby)
        await fake.wait_for(lambda: bool(fake.threads(world.table)))
        (thread,) = fake.threads(world.table)
        assert thread.name == t("pl", "thread.name", name="alice")
        assert thread.name != t("fr", "thread.name", name="alice")
