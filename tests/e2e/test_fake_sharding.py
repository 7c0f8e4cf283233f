"""Gateway sharding in the fake Discord, against the real discord.py clients.

The bot's shard processes (issue 13) rely on the fake delivering each guild's events to
its shard only, and DMs to shard 0 only, exactly as Discord does.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import aiohttp
import discord
import pytest
from discord import app_commands
from discord.ext import commands
from fake_discord import (
    GATEWAY_PATH,
    FakeChannel,
    FakeDiscord,
    FakeGuild,
    FakeInteraction,
    FakeUser,
    guild_shard,
    run_client,
)

Seen = tuple[int | None, int | None]
"""What a bot saw of an interaction: the guild id (None in a DM), the guild's shard id."""


def add_where(tree: app_commands.CommandTree[Any], seen: list[Seen]) -> None:
    """``/where``: answers with the guild and shard the client saw it in."""

    @tree.command(name="where", description="Say which guild and shard this came from")
    async def where(interaction: discord.Interaction) -> None:
        guild = interaction.guild
        seen.append((guild.id, guild.shard_id) if guild else (None, None))
        text = f"guild {guild.id} shard {guild.shard_id}" if guild else "dm"
        await interaction.response.send_message(text)


BOT_OPTIONS: dict[str, Any] = {
    "command_prefix": commands.when_mentioned,
    "intents": discord.Intents.default(),
    "guild_ready_timeout": 0.05,
}


class AutoShardedWhereBot(commands.AutoShardedBot):
    def __init__(self, **options: Any) -> None:
        super().__init__(**BOT_OPTIONS, **options)
        self.seen: list[Seen] = []

    async def setup_hook(self) -> None:
        add_where(self.tree, self.seen)
        await self.tree.sync()


class PlainWhereBot(commands.Bot):
    def __init__(self, **options: Any) -> None:
        super().__init__(**BOT_OPTIONS, **options)
        self.seen: list[Seen] = []

    async def setup_hook(self) -> None:
        add_where(self.tree, self.seen)
        await self.tree.sync()


@dataclass
class TwoShards:
    """One guild on each shard of two, with a channel and a member each."""

    fake: FakeDiscord
    guilds: list[FakeGuild]
    tables: list[FakeChannel]
    alice: FakeUser  # in both guilds


@pytest.fixture
async def two_shards() -> AsyncIterator[TwoShards]:
    async with FakeDiscord(recommended_shards=2) as fake:
        guilds = [fake.add_guild(f"Club {n}", shard=n, shard_count=2) for n in (0, 1)]
        alice = fake.add_user("alice", guild=guilds[0])
        guilds[1].add_member(alice)
        yield TwoShards(fake, guilds, [g.add_text_channel("tarot") for g in guilds], alice)
        unknown = [f"{c.method} {c.path}" for c in fake.unknown_calls]
        assert not unknown, f"the client called routes the fake does not know: {unknown}"


def guild_ids(client: discord.Client) -> set[str]:
    return {str(g.id) for g in client.guilds}


def assert_no_foreign_guild_event(fake: FakeDiscord) -> None:
    """No session ever got an event about a guild of another shard."""
    for session in fake.sessions:
        for frame in session.events:
            data = frame["d"]
            gid = data.get("guild_id") or (data["id"] if frame["t"] == "GUILD_CREATE" else None)
            if gid is not None:
                assert guild_shard(gid, session.shard_count) == session.shard_id, frame["t"]


async def answer(inter: FakeInteraction) -> str:
    msg = await inter.message()
    return msg.content or ""


def test_guild_ids_fall_on_the_chosen_shard() -> None:
    fake = FakeDiscord()
    for count in (1, 2, 3, 16):
        for shard in range(count):
            guild = fake.add_guild("g", shard=shard, shard_count=count)
            assert guild_shard(guild.id, count) == shard
    assert len(fake.guilds) == 1 + 2 + 3 + 16  # every id distinct
    with pytest.raises(ValueError, match="shard 2 is not in 0..1"):
        fake.add_guild("g", shard=2, shard_count=2)
    with pytest.raises(ValueError, match="together"):
        fake.add_guild("g", shard=1)


async def test_one_client_with_both_shards(two_shards: TwoShards) -> None:
    fake, guilds, tables = two_shards.fake, two_shards.guilds, two_shards.tables
    client = AutoShardedWhereBot(shard_count=2)
    async with run_client(fake, client):
        assert sorted(client.shards) == [0, 1]
        assert guild_ids(client) == {g.id for g in guilds}
        assert [s.shard for s in fake.sessions] == [(0, 2), (1, 2)]
        assert fake.connected_shards == [0, 1]
        for n in (0, 1):
            inter = await fake.slash(two_shards.alice, tables[n], "where")
            assert inter.shards == [n]
            assert await answer(inter) == f"guild {guilds[n].id} shard {n}"
        dm = await fake.slash(two_shards.alice, fake.dm_channel(two_shards.alice), "where")
        assert dm.shards == [0]
        assert await answer(dm) == "dm"
        assert client.seen == [(int(guilds[0].id), 0), (int(guilds[1].id), 1), (None, None)]
        assert_no_foreign_guild_event(fake)


async def test_auto_sharded_client_asks_gateway_bot_for_the_shard_count(
    two_shards: TwoShards,
) -> None:
    fake = two_shards.fake
    client = AutoShardedWhereBot()
    async with run_client(fake, client):
        assert client.shard_count == 2
        assert len(fake.calls_to("GET", "/gateway/bot")) == 1
        assert fake.connected_shards == [0, 1]
        assert guild_ids(client) == {g.id for g in two_shards.guilds}
        identifies = [op["d"]["shard"] for op in fake.gateway_ops if op["op"] == 2]
        assert identifies == [[0, 2], [1, 2]]


async def test_two_clients_each_get_only_their_shard(two_shards: TwoShards) -> None:
    fake, guilds, tables, alice = (
        two_shards.fake,
        two_shards.guilds,
        two_shards.tables,
        two_shards.alice,
    )
    first = AutoShardedWhereBot(shard_ids=[0], shard_count=2)
    second = PlainWhereBot(shard_id=1, shard_count=2)
    async with run_client(fake, first), run_client(fake, second):
        assert guild_ids(first) == {guilds[0].id}
        assert guild_ids(second) == {guilds[1].id}
        assert fake.connected_shards == [0, 1]

        in_second = await fake.slash(alice, tables[1], "where")
        assert await answer(in_second) == f"guild {guilds[1].id} shard 1"
        dm = await fake.slash(alice, fake.dm_channel(alice), "where")
        assert await answer(dm) == "dm"
        in_first = await fake.slash(alice, tables[0], "where")
        assert await answer(in_first) == f"guild {guilds[0].id} shard 0"

        assert (in_second.shards, dm.shards, in_first.shards) == ([1], [0], [0])
        assert first.seen == [(None, None), (int(guilds[0].id), 0)]
        assert second.seen == [(int(guilds[1].id), 1)]
        assert_no_foreign_guild_event(fake)
        # The answers' MESSAGE_CREATE went to their guild's shard only.
        created = {
            session.shard_id: [f["d"]["id"] for f in session.events if f["t"] == "MESSAGE_CREATE"]
            for session in fake.sessions
        }
        first_msg, second_msg = (await in_first.message()).id, (await in_second.message()).id
        assert first_msg in created[0] and first_msg not in created[1]
        assert second_msg in created[1] and second_msg not in created[0]


async def test_resume_keeps_the_shard(two_shards: TwoShards) -> None:
    fake, guilds, tables = two_shards.fake, two_shards.guilds, two_shards.tables
    client = AutoShardedWhereBot(shard_count=2)
    async with run_client(fake, client):
        session = fake.session(1)
        await fake.drop_connection(shard=1)
        assert fake.connected_shards == [0]
        missed = await fake.slash(two_shards.alice, tables[1], "where")  # buffered for RESUME
        await fake.wait_for(lambda: fake.resume_count == 1 and fake.connected_shards == [0, 1])
        assert fake.session(1) is session and session.shard == (1, 2)
        assert fake.identify_count == 2
        assert missed.shards == [1]
        assert await answer(missed) == f"guild {guilds[1].id} shard 1"
        again = await fake.slash(two_shards.alice, tables[1], "where")
        assert again.shards == [1]
        assert await answer(again) == f"guild {guilds[1].id} shard 1"


async def test_identify_with_an_invalid_shard_is_closed_4010() -> None:
    async with FakeDiscord(compress=False) as fake:
        url = f"ws://127.0.0.1:{fake.port}{GATEWAY_PATH}?v=10&encoding=json"
        identify = {"op": 2, "d": {"token": fake.token, "intents": 0, "shard": [2, 2]}}
        async with aiohttp.ClientSession() as http, http.ws_connect(url) as ws:
            hello = await ws.receive_json(timeout=5)
            assert hello["op"] == 10
            await ws.send_str(json.dumps(identify))
            closed = await ws.receive(timeout=5)
        assert closed.type == aiohttp.WSMsgType.CLOSE and closed.data == 4010
        assert fake.identify_count == 0 and fake.sessions == []


async def test_a_new_identify_supersedes_its_shard_only(two_shards: TwoShards) -> None:
    fake, guilds, tables = two_shards.fake, two_shards.guilds, two_shards.tables
    first = AutoShardedWhereBot(shard_ids=[0], shard_count=2)
    async with run_client(fake, first):
        async with run_client(fake, PlainWhereBot(shard_id=1, shard_count=2)):
            old = fake.session(1)
        # A replacement for the shard-1 process: a new session, shard 0's left alone.
        kept = fake.session(0)
        replacement = PlainWhereBot(shard_id=1, shard_count=2)
        async with run_client(fake, replacement):
            assert fake.session(1) is not old and fake.session(0) is kept
            assert guild_ids(replacement) == {guilds[1].id}
            inter = await fake.slash(two_shards.alice, tables[1], "where")
            assert await answer(inter) == f"guild {guilds[1].id} shard 1"
            assert inter.delivered_to == [fake.session(1)]
            assert replacement.seen == [(int(guilds[1].id), 1)] and first.seen == []
