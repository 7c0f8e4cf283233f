"""A challenge's attempt with two bot processes sharing one PostgreSQL, each running one of
two gateway shards: the attempt belongs to the process of its server's shard, while Discord
delivers every DM click on shard 0, so each of the member's moves crosses to the other
process through the database; and the owner killed and started again takes the attempt up
where it stopped (a SIGKILL at any moment is ``tests/bot/challenges/test_attempt_kills.py``)."""

from __future__ import annotations

from pathlib import Path

from challenge_drivers import create, dm_channel, press_moves
from drivers import make_bot, settled, table_of
from fake_discord import FakeDiscord, World, build_world, run_client

from bot.discord.client import TarotBot


def process(tmp_path: Path, pg_url: str, shard: int) -> TarotBot:
    folder = tmp_path / f"shard{shard}"
    folder.mkdir(exist_ok=True)
    return make_bot(
        folder,
        TAROT_DB=pg_url,
        TAROT_SHARD_COUNT="2",
        TAROT_SHARDS=str(shard),
        TAROT_CHALLENGE_LEVEL="heuristic",
    )


async def test_an_attempt_is_played_from_the_dms_through_the_process_of_its_server(
    sharded: FakeDiscord, tmp_path: Path, pg_url: str
) -> None:
    fake = sharded
    world: World = build_world(fake, shard=1, shard_count=2)
    world.guild.owner = world.alice
    dms, owner = process(tmp_path, pg_url, 0), process(tmp_path, pg_url, 1)
    async with run_client(fake, dms), run_client(fake, owner):
        for bot in (dms, owner):
            bot.presenter.tables.interval = bot.presenter.dms.interval = 0.01
        post = await create(fake, world, world.alice, deals=4)
        play = next(c for c in post.custom_ids() if c.startswith("tarot:challenge:"))
        challenge_id = int(play.rsplit(":", 1)[1])
        await (await fake.click(world.bob, post, play)).message()
        await fake.wait_for(lambda: bool(fake.dm_messages(world.bob)), timeout=10)
        channel = dm_channel(fake, world.bob)
        await fake.wait_for(lambda: table_of(owner, channel) is not None, timeout=10)
        assert table_of(dms, channel) is None  # the attempt is the owner's alone
        await press_moves(fake, owner, world.bob, channel, moves=1)
        still = table_of(owner, channel)
        assert still is not None, "one move cannot end four deals"
        before = await owner.storage.actions(still.game_id)

    # Both processes stopped and started again: the owner takes the attempt up.
    owner = process(tmp_path, pg_url, 1)
    dms = process(tmp_path, pg_url, 0)
    async with run_client(fake, dms), run_client(fake, owner):
        for bot in (dms, owner):
            bot.presenter.tables.interval = bot.presenter.dms.interval = 0.01
        await fake.wait_for(lambda: table_of(owner, channel) is not None, timeout=10)
        after = await owner.storage.actions(table_of(owner, channel).game_id)
        assert after[: len(before)] == before  # every move kept, the bots' next ones follow
        await press_moves(fake, owner, world.bob, channel, moves=None)
        attempts = await settled(
            lambda: owner.storage.attempts(challenge_id),
            lambda found: all(a.finished_at is not None for a in found),
        )
        assert len(attempts) == 1 and attempts[0].finished_at is not None
