"""The lobby's rules menu, end to end: Rules on the lobby message shows anyone the table's
rules only for them; the host also gets a select of every option of the engine's registry,
picks one (the same message now says what it does and offers its values), picks a value
(the list again, with the new rules), the lobby message shows the new rule and the game is
played with it. A guest sees no select, and a menu kept past the start is refused."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from drivers import (
    ephemeral_text,
    fill_lobby,
    lobby_control,
    make_bot,
    open_lobby,
    press_start,
    private_message,
    table_of,
    updated_in_place,
)
from fake_discord import FakeDiscord, FakeMessage, FakeUser, World, run_client

from bot.discord.client import TarotBot
from bot.i18n import t
from bot.render.table import rule_line, rules_text
from tarot_core.rules import OPTIONS


def only_select(message: FakeMessage) -> dict[str, Any]:
    selects = message.selects()
    assert len(selects) == 1, selects
    return selects[0]


async def open_menu(fake: FakeDiscord, user: FakeUser, lobby: FakeMessage) -> FakeMessage:
    """``user`` presses Rules: a new message only for them."""
    return await private_message(fake, user, lobby, lobby_control(lobby, ":rules"))


def rules_now(bot: TarotBot, channel: int) -> Any:
    table = bot.tables.table(channel)
    assert table is not None
    return table.rules


async def test_the_host_sets_a_rule_from_the_lobby_and_the_game_plays_it(
    fake: FakeDiscord, world: World, tmp_path: Path
) -> None:
    bot = make_bot(tmp_path)
    channel = int(world.table.id)
    alice, bob = world.alice, world.bob  # the host reads French, Bob English
    option = OPTIONS[0]
    index = next(i for i, v in enumerate(option.allowed) if v != option.default)
    value = option.allowed[index]
    async with run_client(fake, bot):
        bot.presenter.tables.interval = 0.01
        lobby = await open_lobby(fake, world, players=4, deals=1)

        # The host's menu: the rules in words, and every option with its value.
        menu = await open_menu(fake, alice, lobby)
        assert rules_text("fr", rules_now(bot, channel)) in menu.content
        listed = only_select(menu)
        offered = [o for o in OPTIONS if o.name != "six_players"]  # 4 players: not theirs
        assert [o["value"] for o in listed["options"]] == [o.name for o in offered]
        assert [o["label"] for o in listed["options"]] == [
            t("fr", f"setting.{o.name}")[:100] for o in offered
        ]
        assert [o.get("description") for o in listed["options"]] == [
            rule_line("fr", o.name, o.default)[:100] for o in offered
        ]

        # An option picked: the same message says what it does and offers its values.
        menu = await updated_in_place(
            fake, await fake.select(alice, menu, listed["custom_id"], [option.name]), menu
        )
        assert t("fr", f"rules.explain.{option.name}") in menu.content
        values = only_select(menu)
        assert [o["label"] for o in values["options"]] == [
            rule_line("fr", option.name, v)[:100] for v in option.allowed
        ]
        assert [bool(o.get("default")) for o in values["options"]] == [
            v == option.default for v in option.allowed
        ]
        back = [b["custom_id"] for b in menu.buttons() if b["custom_id"].endswith(":rules_back")]
        assert len(back) == 1
        # Back to the list, then the option again (a second menu kept for later).
        menu = await updated_in_place(fake, await fake.click(alice, menu, back[0]), menu)
        assert only_select(menu)["custom_id"] == listed["custom_id"]
        menu = await updated_in_place(
            fake, await fake.select(alice, menu, listed["custom_id"], [option.name]), menu
        )
        kept = await open_menu(fake, alice, lobby)  # a second menu, at the option too
        kept = await updated_in_place(
            fake, await fake.select(alice, kept, listed["custom_id"], [option.name]), kept
        )

        # A value picked: stored, the menu lists the options again with the new one.
        handle = await fake.select(alice, menu, values["custom_id"], [f"{option.name}:{index}"])
        menu = await updated_in_place(fake, handle, menu)
        assert getattr(rules_now(bot, channel), option.name) == value
        assert rule_line("fr", option.name, value) in menu.content
        described = {o["value"]: o.get("description") for o in only_select(menu)["options"]}
        assert described[option.name] == rule_line("fr", option.name, value)[:100]
        # The lobby message (in the server's French) shows the new rule.
        await fake.wait_for(
            lambda: rule_line("fr", option.name, value) in fake.messages[lobby.id].content
        )

        # Bob, a guest, sees the rules (in English, with the new one) and no select.
        guest = await open_menu(fake, bob, lobby)
        assert rules_text("en", rules_now(bot, channel)) in guest.content
        assert rule_line("en", option.name, value) in guest.content
        assert guest.selects() == []

        # The game starts with that rule.
        await fill_lobby(fake, world, lobby, [bob], bots=2)
        await fake.wait_for(lambda: all(table_of(bot, channel).seats))
        await press_start(fake, world, lobby)
        await fake.wait_for(lambda: rules_now(bot, channel) and table_of(bot, channel).game)
        assert getattr(rules_now(bot, channel), option.name) == value
        assert getattr(table_of(bot, channel).game.rules, option.name) == value

        # Menus kept past the start: a value or an option picked is refused, in French.
        default = f"{option.name}:{option.allowed.index(option.default)}"
        stale = await fake.select(alice, kept, values["custom_id"], [default])
        assert await ephemeral_text(stale) == t("fr", "refused.not_lobby")
        stale = await fake.select(alice, menu, listed["custom_id"], [option.name])
        assert await ephemeral_text(stale) == t("fr", "refused.not_lobby")
        assert getattr(rules_now(bot, channel), option.name) == value
