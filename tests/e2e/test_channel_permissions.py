"""A channel the bot may not post in (issue 23). Discord sends the bot's permissions in
the channel with every interaction (``app_permissions``): ``/tarot new`` and Play again
are refused there, naming each permission missing as Discord's settings name it, in the
user's language. A table whose channel is deleted (10003) or closed to the bot (50001,
50013) mid-game is stopped, as a host's stop would, instead of being refused at every
change: 403s count toward Discord's invalid-request limit."""

from __future__ import annotations

from pathlib import Path

from drivers import (
    alice_to_play,
    ephemeral_text,
    finish_alone,
    four_seated,
    latest_dm,
    make_bot,
    move_controls,
    press_start,
    table_of,
    three_seated,
    turn_of,
)
from fake_discord import (
    P_ATTACH_FILES,
    P_CREATE_PUBLIC_THREADS,
    P_SEND_MESSAGES,
    P_VIEW_CHANNEL,
    FakeDiscord,
    World,
    run_client,
)

from bot.discord import channel_access
from bot.discord.client import TarotBot
from bot.i18n import t


async def refusal_of_new(fake: FakeDiscord, world: World) -> str:
    new = await fake.slash(world.alice, world.table, "tarot", subcommand="new")
    answer = await new.message()
    assert answer.ephemeral
    return answer.content


async def test_new_where_the_bot_cannot_send_messages_is_refused_naming_it(
    fake: FakeDiscord, world: World, tmp_path: Path
) -> None:
    bot = make_bot(tmp_path)
    async with run_client(fake, bot):
        await fake.set_permissions(world.table, fake.bot_user, deny=P_SEND_MESSAGES)
        text = await refusal_of_new(fake, world)
        assert text == channel_access.refusal("fr", ["send_messages"])
        assert t("fr", "permission.send_messages") in text  # "Envoyer des messages"
        assert table_of(bot, int(world.table.id)) is None
        assert not fake.calls_to("POST", f"/channels/{world.table.id}/messages")
        assert fake.invalid_requests == 0


async def test_new_with_threads_on_names_every_thread_permission_missing(
    fake: FakeDiscord, world: World, tmp_path: Path
) -> None:
    bot = make_bot(tmp_path)
    async with run_client(fake, bot):
        denied = P_CREATE_PUBLIC_THREADS | P_ATTACH_FILES
        await fake.set_permissions(world.table, fake.bot_user, deny=denied)
        text = await refusal_of_new(fake, world)
        assert text == channel_access.refusal("fr", ["attach_files", "create_public_threads"])
        assert t("fr", "permission.attach_files") in text
        assert t("fr", "permission.create_public_threads") in text
        assert "/tarot fils" in text  # or turn threads off
        assert table_of(bot, int(world.table.id)) is None


async def stopped_after_alice_s_move(
    fake: FakeDiscord, world: World, bot: TarotBot, game_id: int, turn: int
) -> None:
    """Alice makes her move: the table's next edit is refused, and the table stops, its
    game stored as stopped; her DM is left without controls."""
    channel = int(world.table.id)
    dm = latest_dm(fake, world.alice)
    assert dm is not None and turn_of(dm.components) == turn
    await fake.click(world.alice, dm, move_controls(dm.components)[0]["custom_id"])
    await fake.wait_for(lambda: table_of(bot, channel) is None, timeout=10)
    stored = await bot.storage.game(game_id)
    assert stored is not None and stored.status == "stopped"
    await bot.presenter.drain()
    assert not move_controls(latest_dm(fake, world.alice).components)  # type: ignore[union-attr]


async def test_a_table_whose_channel_is_deleted_mid_game_stops(
    fake: FakeDiscord, world: World, tmp_path: Path
) -> None:
    bot = make_bot(tmp_path)
    async with run_client(fake, bot):
        game_id, turn = await alice_to_play(fake, world, bot)
        await bot.presenter.drain()
        await fake.delete_channel(world.table)
        calls = len(fake.calls)
        await stopped_after_alice_s_move(fake, world, bot, game_id, turn)
        gone = [c for c in fake.calls[calls:] if f"/channels/{world.table.id}" in c.path]
        assert 1 <= len(gone) <= 3  # told once, not at every change
        assert {c.status for c in gone} == {404}  # Unknown Channel: not an invalid request


async def test_a_table_whose_channel_is_closed_to_the_bot_mid_game_stops(
    fake: FakeDiscord, world: World, tmp_path: Path
) -> None:
    bot = make_bot(tmp_path)
    async with run_client(fake, bot):
        game_id, turn = await alice_to_play(fake, world, bot)
        await bot.presenter.drain()
        await fake.set_permissions(world.table, fake.bot_user, deny=P_VIEW_CHANNEL)
        before = fake.invalid_requests
        await stopped_after_alice_s_move(fake, world, bot, game_id, turn)
        assert 1 <= fake.invalid_requests - before <= 3  # no retry storm


async def test_no_thread_is_started_where_the_bot_cannot_attach_files(
    fake: FakeDiscord, world: World, tmp_path: Path
) -> None:
    """Attach Files taken after the table opened: the thread would refuse the first
    score sheet's picture and be given up, so none is started."""
    bot = make_bot(tmp_path)
    async with run_client(fake, bot):
        bot.presenter.tables.interval = bot.presenter.dms.interval = 0.01
        lobby = await four_seated(fake, world, bot)
        await fake.set_permissions(world.table, fake.bot_user, deny=P_ATTACH_FILES)
        await press_start(fake, world, lobby)
        await fake.wait_for(
            lambda: (
                fake.threads(world.table)
                or any(m.id != lobby.id for m in fake.channel_messages(world.table))
            ),
            timeout=10,
        )
        assert fake.threads(world.table) == []
        assert not [c for c in fake.calls if c.path.endswith("/threads")]


async def test_play_again_where_the_bot_can_no_longer_send_is_refused_naming_it(
    fake: FakeDiscord, world: World, tmp_path: Path
) -> None:
    bot = make_bot(tmp_path)
    channel = int(world.table.id)
    async with run_client(fake, bot):
        lobby = await three_seated(fake, world, bot)
        game_id = table_of(bot, channel).game_id
        await finish_alone(fake, bot, world.alice, channel)
        await bot.presenter.drain()
        again = f"tarot:lobby:{channel}:{game_id}:0:again"
        await fake.wait_for(lambda: again in lobby.custom_ids(), timeout=5)
        await fake.set_permissions(world.table, fake.bot_user, deny=P_SEND_MESSAGES)
        text = await ephemeral_text(await fake.click(world.alice, lobby, again))
        assert text == channel_access.refusal("fr", ["send_messages"])
        assert table_of(bot, channel) is None
