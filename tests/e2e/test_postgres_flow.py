"""The whole bot on PostgreSQL: a game played end to end through the real discord.py
client against the fake Discord, stored on a real PostgreSQL server, and a new bot process
(another client, the same database) picking a game in play back up where it was."""

from __future__ import annotations

from pathlib import Path

from drivers import (
    fill_lobby,
    make_bot,
    open_lobby,
    play_to_the_end,
    press_start,
    public_messages,
    table_of,
)
from fake_discord import FakeDiscord, World, run_client

from tarot_core import replay


async def test_a_whole_game_stored_on_postgresql(
    fake: FakeDiscord, world: World, tmp_path: Path, pg_url: str
) -> None:
    bot = make_bot(tmp_path, TAROT_DB=pg_url, TAROT_MIN_GAMES="1")
    channel = int(world.table.id)
    async with run_client(fake, bot):
        bot.presenter.tables.interval = bot.presenter.dms.interval = 0.01
        lobby = await open_lobby(fake, world, players=4, deals=2)
        await fill_lobby(fake, world, lobby, [world.bob], bots=2)
        await fake.wait_for(
            lambda: table_of(bot, channel) is not None and all(table_of(bot, channel).seats)
        )
        await press_start(fake, world, lobby)
        game_id = table_of(bot, channel).game_id
        await play_to_the_end(fake, world, bot)
        await bot.presenter.drain()
        stored = await bot.storage.game(game_id)
        assert stored is not None and stored.status == "finished"
        records = await bot.storage.deal_records(game_id)
        deals = await bot.storage.game_deals(game_id)
        assert len(records) == len(deals) >= 2
        for record, deal in zip(records, deals, strict=True):
            assert replay(record).scores == deal.scores  # each record replays to its scores
        board = await fake.slash(world.bob, world.table, "leaderboard")
        await board.response()
        shown = (await board.message()).all_text()
        assert "alice" in shown.lower() and "bob" in shown
    assert any(m.attachments for m in public_messages(fake, world.table))  # its pictures


async def test_a_new_process_restores_a_game_in_play_from_postgresql(
    fake: FakeDiscord, world: World, tmp_path: Path, pg_url: str
) -> None:
    channel = int(world.table.id)
    first = make_bot(tmp_path, TAROT_DB=pg_url)
    async with run_client(fake, first):
        first.presenter.tables.interval = first.presenter.dms.interval = 0.01
        lobby = await open_lobby(fake, world, players=3, deals=1)
        await fill_lobby(fake, world, lobby, [], bots=2)
        await fake.wait_for(
            lambda: table_of(first, channel) is not None and all(table_of(first, channel).seats)
        )
        await press_start(fake, world, lobby)
        before = table_of(first, channel)
        actions = await first.storage.actions(before.game_id)
        await first.presenter.drain()
    second = make_bot(tmp_path, TAROT_DB=pg_url)  # the database is all it shares
    async with run_client(fake, second):
        await fake.wait_for(lambda: table_of(second, channel) is not None)
        after = table_of(second, channel)
        assert (after.game_id, after.turn) == (before.game_id, before.turn)
        assert await second.storage.actions(after.game_id) == actions
        second.presenter.tables.interval = second.presenter.dms.interval = 0.01
        await play_to_the_end(fake, world, second)
        stored = await second.storage.game(before.game_id)
        assert stored is not None and stored.status == "finished"
