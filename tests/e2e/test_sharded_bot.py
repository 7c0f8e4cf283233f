"""One bot process over several gateway shards (Discord requires sharding from 2,500
servers): it connects every shard Discord recommends, and a game in a server on shard 1
plays through DMs, which Discord delivers on shard 0."""

from __future__ import annotations

from pathlib import Path

from drivers import fill_lobby, make_bot, open_lobby, play_to_the_end, press_start, table_of
from fake_discord import FakeDiscord, build_world, run_client


async def test_a_game_in_a_server_on_shard_1_is_played_from_dms_on_shard_0(
    sharded: FakeDiscord, tmp_path: Path
) -> None:
    fake = sharded
    world = build_world(fake, shard=1, shard_count=2)
    table = world.table
    bot = make_bot(tmp_path)
    channel = int(table.id)
    async with run_client(fake, bot):
        assert sorted(fake.connected_shards) == [0, 1] and bot.shard_count == 2
        bot.presenter.tables.interval = bot.presenter.dms.interval = 0.01
        lobby = await open_lobby(fake, world, players=3, deals=1)
        await fill_lobby(fake, world, lobby, [world.bob], bots=1)
        await fake.wait_for(
            lambda: table_of(bot, channel) is not None and all(table_of(bot, channel).seats)
        )
        await press_start(fake, world, lobby)
        game_id = table_of(bot, channel).game_id
        await play_to_the_end(fake, world, bot)
        stored = await bot.storage.game(game_id)
        assert stored is not None and stored.status == "finished"
        # Alice's and Bob's clicks came through their DMs, on shard 0 only.
        clicks = [i for i in fake.interactions.values() if i.type == 3]
        dm_clicks = [i for i in clicks if i.channel.is_dm]
        assert dm_clicks and all(i.shards == [0] for i in dm_clicks)
