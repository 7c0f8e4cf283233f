"""The lobby and the commands around a table, end to end: what ``/tarot new`` answers, the
host removing a seat (buttons and ``/tarot remove`` with its seats offered by name),
Play again after a game, ``/help`` and ``/tarot rules`` in words."""

from __future__ import annotations

from pathlib import Path

from drivers import (
    ephemeral_text,
    fill_lobby,
    finish_alone,
    lobby_control,
    make_bot,
    open_lobby,
    table_of,
    three_seated,
)
from fake_discord import FakeDiscord, FakeMessage, World, run_client

from bot.i18n import t


def removes(message: FakeMessage) -> dict[str, str]:
    """The lobby's Remove buttons: label -> custom id."""
    return {
        str(b.get("label")): str(b["custom_id"])
        for b in message.buttons()
        if ":lobby:" in b.get("custom_id", "") and ":remove_" in b["custom_id"]
    }


async def test_new_says_what_was_opened(fake: FakeDiscord, world: World, tmp_path: Path) -> None:
    bot = make_bot(tmp_path)
    channels = [world.guild.add_text_channel(name) for name in ("one", "two")]
    async with run_client(fake, bot):
        for user, locale, channel in zip(
            (world.alice, world.bob), ("fr", "en-US"), channels, strict=True
        ):
            new = await fake.slash(
                user, channel, "tarot", subcommand="new", options={"players": 3, "deals": 1}
            )
            text = await ephemeral_text(new)
            assert text == t(locale, "ui.table_opened", players=3, deals=1)
            assert text != t(locale, "ui.done")
        assert "3 joueurs, 1 donne." in t("fr", "ui.table_opened", players=3, deals=1)
        assert "4 players, 2 deals." in t("en", "ui.table_opened", players=4, deals=2)


async def test_the_host_removes_a_player_or_a_bot(
    fake: FakeDiscord, world: World, tmp_path: Path
) -> None:
    bot = make_bot(tmp_path)
    channel = int(world.table.id)
    async with run_client(fake, bot):
        bot.presenter.tables.interval = 0.01
        lobby = await open_lobby(fake, world, players=4)
        await fill_lobby(fake, world, lobby, [world.bob], bots=1)
        await fake.wait_for(lambda: len(removes(fake.channel_messages(world.table)[0])) == 2)
        lobby = fake.channel_messages(world.table)[0]
        buttons = removes(lobby)  # one per seat but the host's (the channel reads French)
        bob_label = t("fr", "button.remove_seat", name="bob")
        bot_label = t("fr", "button.remove_seat", name=t("fr", "bot_name.heuristic"))
        assert set(buttons) == {bob_label, bot_label}

        # Only the host removes; Bob is told why, in his language, and stays.
        refusal = await ephemeral_text(await fake.click(world.bob, lobby, buttons[bot_label]))
        assert refusal == t("en", "refused.not_host_action", action=t("en", "host_action.remove"))
        assert [s is not None for s in table_of(bot, channel).seats] == [True, True, True, False]

        # The host removes Bob by his button; the lobby shows his seat empty again.
        await (await fake.click(world.alice, lobby, buttons[bob_label])).response()
        assert table_of(bot, channel).seat_of(int(world.bob.id)) is None
        await fake.wait_for(
            lambda: set(removes(fake.channel_messages(world.table)[0])) == {bot_label}
        )
        # A Remove button of Bob's seat, pressed after Carol took it, removes nobody.
        await (await fake.click(world.carol, lobby, lobby_control(lobby, ":join"))).response()
        stale = await ephemeral_text(
            await fake.click(world.alice, lobby, buttons[bob_label], force=True)
        )
        assert stale == t("fr", "refused.stale")
        assert table_of(bot, channel).seat_of(int(world.carol.id)) == 1

        # /tarot remove: the seats offered by name, the host's own not among them.
        offered = await fake.autocomplete(
            world.alice, world.table, "tarot", subcommand="remove", option="seat", value=""
        )
        bot_name = t("fr", "bot_name.heuristic")
        assert offered == [
            {"name": "2. carol", "value": 2},
            {"name": f"3. {bot_name}", "value": 3},
        ]
        typed = await fake.autocomplete(
            world.alice, world.table, "tarot", subcommand="remove", option="seat", value="CAR"
        )
        assert typed == [{"name": "2. carol", "value": 2}]
        removed = await fake.slash(
            world.alice, world.table, "tarot", subcommand="remove", options={"seat": 3}
        )
        assert await ephemeral_text(removed) == t("fr", "ui.done")
        assert [s is not None for s in table_of(bot, channel).seats] == [True, True, False, False]
        own = await fake.slash(
            world.alice, world.table, "tarot", subcommand="remove", options={"seat": 1}
        )
        assert await ephemeral_text(own) == t("fr", "refused.host_seat")
        assert table_of(bot, channel).seat_of(int(world.alice.id)) == 0


async def test_play_again_seats_everyone_again(
    fake: FakeDiscord, world: World, tmp_path: Path
) -> None:
    bot = make_bot(tmp_path)
    channel = int(world.table.id)
    async with run_client(fake, bot):
        await three_seated(fake, world, bot, misere=True)
        first = table_of(bot, channel)
        first_id, first_seats = first.game_id, [(s.user_id, s.level) for s in first.seats]
        await finish_alone(fake, bot, world.alice, channel)
        await bot.presenter.drain()

        # The finished table message offers Play again.
        def again_button() -> tuple[FakeMessage, str] | None:
            for m in fake.channel_messages(world.table):
                for c in m.custom_ids():
                    if c == f"tarot:lobby:{channel}:{first_id}:0:again":
                        return m, c
            return None

        await fake.wait_for(lambda: again_button() is not None, timeout=5)
        found = again_button()
        assert found is not None
        message, again = found
        # Dave did not play it: refused, nothing opened.
        refusal = await ephemeral_text(await fake.click(world.outsider, message, again))
        assert refusal == t("en", "refused.not_seated")
        assert table_of(bot, channel) is None

        await (await fake.click(world.alice, message, again)).response()
        table = table_of(bot, channel)
        assert table is not None and table.status == "lobby" and table.game_id != first_id
        assert [(s.user_id, s.level) for s in table.seats] == first_seats
        assert table.rules.misere and table.deals_target == 1
        assert table.host_id == int(world.alice.id)
        # A new lobby message, with its Start button; a second press opens nothing more.
        await fake.wait_for(
            lambda: any(
                f":{table.game_id}:0:start" in c
                for m in fake.channel_messages(world.table)
                for c in m.custom_ids()
            ),
            timeout=5,
        )
        twice = await ephemeral_text(await fake.click(world.alice, message, again))
        assert twice == t("fr", "refused.table_exists")
        assert table_of(bot, channel).game_id == table.game_id

        # Started: /tarot replace offers the human seats by name.
        await bot.tables.start(channel, int(world.alice.id))
        offered = await fake.autocomplete(
            world.alice, world.table, "tarot", subcommand="replace", option="seat", value="al"
        )
        assert offered == [{"name": "1. alice", "value": 1}]
        none = await fake.autocomplete(
            world.alice, world.table, "tarot", subcommand="replace", option="seat", value="zz"
        )
        assert none == []


async def test_help_and_rules_in_words(fake: FakeDiscord, world: World, tmp_path: Path) -> None:
    bot = make_bot(tmp_path)
    async with run_client(fake, bot):
        for user, locale in ((world.alice, "fr"), (world.bob, "en")):
            shown = await ephemeral_text(await fake.slash(user, world.table, "help"))
            assert shown == t(locale, "help.text")
        assert "/tarot nouvelle" in t("fr", "help.text") and "/tarot regles" in t("fr", "help.text")
        # In a DM with the bot too.
        dm = await ephemeral_text(await fake.slash(world.bob, fake.dm_channel(world.bob), "help"))
        assert dm == t("en", "help.text")

        # No table here: every option explained, instead of "no table".
        rules = await ephemeral_text(
            await fake.slash(world.bob, world.table, "tarot", subcommand="rules")
        )
        assert rules != t("en", "ui.no_table_here")
        for option in (
            "garde_contre_multiplier",
            "prise_allowed",
            "poignee_bonus",
            "misere",
            "shuffle",
        ):
            assert t("en", f"rules.explain.{option}") in rules
        # A table: its own rules first, then the same explanations.
        await open_lobby(fake, world, players=3, garde_contre_multiplier=8)
        rules = await ephemeral_text(
            await fake.slash(world.alice, world.table, "tarot", subcommand="rules")
        )
        assert t("fr", "rule.garde_contre_multiplier", value=8) in rules
        assert t("fr", "rules.explain.misere") in rules
