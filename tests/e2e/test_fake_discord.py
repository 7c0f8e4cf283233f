"""The fake Discord against the real discord.py client, with a tiny /ping bot."""

from __future__ import annotations

import asyncio
import io
import os
import re
import signal
import sys
import time
from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import discord
import pytest
from discord import app_commands
from discord.ext import commands
from discord.http import Route
from fake_discord import (
    MT_THREAD_CREATED,
    NONCE_WINDOW,
    P_SEND_MESSAGES,
    P_VIEW_CHANNEL,
    TOKEN_LIFETIME,
    FakeChannel,
    FakeDiscord,
    World,
    run_client,
)

HERE = Path(__file__).parent


class PingButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=r"ping:(?P<n>[0-9]+)"
):
    def __init__(self, n: int) -> None:
        super().__init__(discord.ui.Button(label=f"Ping {n}", custom_id=f"ping:{n}"))
        self.n = n

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PingButton:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(PingButton(self.n + 1))
        await interaction.response.edit_message(content=f"pong {self.n + 1}", view=view)


class PickSelect(discord.ui.Select[discord.ui.View]):
    def __init__(self) -> None:
        options = [discord.SelectOption(label=x.upper(), value=x) for x in "abc"]
        super().__init__(custom_id="pick", options=options, max_values=2)

    async def callback(self, interaction: discord.Interaction) -> None:
        text = "picked " + ",".join(self.values)
        await interaction.response.edit_message(content=text, view=None)


class PingBot(commands.Bot):
    def __init__(self, guild_id: str) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            guild_ready_timeout=0.05,
        )
        self.guild_id = int(guild_id)
        self.dm_errors: list[Exception] = []
        self.kept: list[discord.Interaction] = []
        self.resumed = 0

    async def on_resumed(self) -> None:
        self.resumed += 1

    async def setup_hook(self) -> None:
        self.add_dynamic_items(PingButton)
        group = app_commands.Group(name="ping", description="Ping things")

        @group.command(name="pong", description="Answer with a button and a DM")
        async def pong(interaction: discord.Interaction) -> None:
            view = discord.ui.View(timeout=None)
            view.add_item(PingButton(0))
            await interaction.response.send_message(f"pong 0 {interaction.locale}", view=view)
            dm_view = discord.ui.View(timeout=None)
            dm_view.add_item(PingButton(100))
            try:
                await interaction.user.send("psst", view=dm_view)
            except discord.Forbidden as exc:
                self.dm_errors.append(exc)

        @group.command(name="say", description="Post text in the channel")
        @app_commands.describe(text="what to say")
        async def say(interaction: discord.Interaction, text: str) -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            assert isinstance(interaction.channel, discord.TextChannel)
            await interaction.channel.send(text)
            await interaction.followup.send("done", ephemeral=True)

        @group.command(name="pick", description="Choose in a select menu")
        async def pick(interaction: discord.Interaction) -> None:
            view = discord.ui.View(timeout=30)
            view.add_item(PickSelect())
            await interaction.response.send_message("pick", view=view, ephemeral=True)

        @group.command(name="keep", description="Answer ephemerally, keep the interaction")
        async def keep(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("kept", ephemeral=True)
            self.kept.append(interaction)

        @group.command(name="seat", description="Name a seat (offered by autocomplete)")
        async def seat(interaction: discord.Interaction, seat: str, note: str = "") -> None:
            await interaction.response.send_message(f"seat {seat}")

        @seat.autocomplete("seat")
        async def seat_names(
            interaction: discord.Interaction, current: str
        ) -> list[app_commands.Choice[str]]:
            note = interaction.namespace.note or ""
            names = [n for n in ("Alice", "Albert", "Bob") if n.lower().startswith(current.lower())]
            return [app_commands.Choice(name=n + note, value=n.lower()) for n in names]

        @group.command(name="count", description="Count to n (bounded options)")
        async def count(
            interaction: discord.Interaction,
            n: app_commands.Range[int, 1, 5],
            share: app_commands.Range[float, 0.5, 1.0] = 1.0,
            tag: app_commands.Range[str, 2, 4] = "ok",
        ) -> None:
            await interaction.response.send_message(f"count {n} {share} {tag}")

        self.tree.add_command(group)
        guild = discord.Object(self.guild_id)
        self.tree.copy_global_to(guild=guild)
        await self.tree.sync()
        await self.tree.sync(guild=guild)


@pytest.fixture
async def bot(fake: FakeDiscord, world: World) -> AsyncIterator[PingBot]:
    client = PingBot(world.guild.id)
    async with run_client(fake, client):
        yield client


async def test_client_connects_and_syncs_commands(
    fake: FakeDiscord, world: World, bot: PingBot
) -> None:
    assert bot.is_ready()
    assert bot.user is not None and str(bot.user.id) == fake.bot_user.id
    assert bot.application_id == int(fake.application_id)
    guild = bot.get_guild(int(world.guild.id))
    assert guild is not None and guild.get_channel(int(world.table.id)) is not None
    assert fake.identify_count == 1 and fake.heartbeat_count >= 1
    assert fake.gateway_queries == [{"v": "10", "encoding": "json", "compress": "zlib-stream"}]
    assert fake.sync_counts == {"global": 1, world.guild.id: 1}
    assert [c["name"] for c in fake.global_commands] == ["ping"]
    assert [c["name"] for c in fake.guild_commands[world.guild.id]] == ["ping"]
    subs = {o["name"] for o in fake.global_commands[0]["options"]}
    assert subs == {"pong", "say", "pick", "keep", "seat", "count"}
    routes = {c.route for c in fake.calls}
    assert "GET /users/@me" in routes and "GET /oauth2/applications/@me" in routes
    assert all(c.status < 400 for c in fake.calls)


async def test_slash_button_and_dm(fake: FakeDiscord, world: World, bot: PingBot) -> None:
    handle = await fake.slash(world.alice, world.table, "ping", subcommand="pong")
    msg = await handle.message()
    assert msg.content == "pong 0 fr" and not msg.ephemeral
    assert msg.custom_ids() == ["ping:0"]
    assert handle.response_delay is not None and handle.response_delay < 3
    assert handle.payload["data"]["guild_id"] == world.guild.id  # the guild copy was used
    [dm] = await fake.wait_for(lambda: fake.dm_messages(world.alice))
    assert dm.content == "psst" and dm.channel.is_dm
    dm_click = await fake.click(world.alice, dm, "ping:100")  # a button in a DM
    assert (await dm_click.response())["type"] == 7
    assert dm.content == "pong 101" and "guild_id" not in dm_click.payload

    click = await fake.click(world.bob, msg, "ping:0")
    assert (await click.response())["type"] == 7
    assert msg.content == "pong 1" and msg.custom_ids() == ["ping:1"]
    assert [h["content"] for h in msg.history] == ["pong 0 fr"]
    with pytest.raises(ValueError):  # the old button is gone from the message
        await fake.click(world.bob, msg, "ping:0")
    await (await fake.click(world.alice, msg, "ping:1")).response()
    assert msg.content == "pong 2"
    assert fake.channel_messages(world.table) == [msg]


async def test_closed_dms_raise_forbidden_50007(
    fake: FakeDiscord, world: World, bot: PingBot
) -> None:
    handle = await fake.slash(world.carol, world.table, "ping", subcommand="pong")
    assert (await handle.message()).content == "pong 0 en-US"
    await fake.wait_for(lambda: bot.dm_errors)
    err = bot.dm_errors[0]
    assert isinstance(err, discord.Forbidden) and err.code == 50007
    assert fake.dm_messages(world.carol) == []
    assert fake.calls_to("POST", "/channels/*/messages")[-1].status == 403


async def test_dms_refused_with_50278_on_demand_and_allowed_again(
    fake: FakeDiscord, world: World, bot: PingBot
) -> None:
    fake.refuse_dms(world.bob, 50278)
    user = await bot.fetch_user(int(world.bob.id))
    with pytest.raises(discord.Forbidden) as refused:
        await user.send("hello")
    assert refused.value.code == 50278 and "no mutual guilds" in refused.value.text
    fake.allow_dms(world.bob)
    await user.send("hello again")
    assert [m.content for m in fake.dm_messages(world.bob)] == ["hello again"]
    with pytest.raises(ValueError):
        fake.refuse_dms(world.bob, 50013)


async def test_defer_followup_and_ephemeral(fake: FakeDiscord, world: World, bot: PingBot) -> None:
    handle = await fake.slash(
        world.alice, world.table, "ping", subcommand="say", options={"text": "hi"}
    )
    assert (await handle.response())["type"] == 5
    done = await handle.followup()
    assert done.content == "done" and done.ephemeral_for is world.alice
    assert done is handle.original  # the first followup replaced the "thinking" message
    assert [m.content for m in fake.channel_messages(world.table)] == ["hi"]
    assert fake.ephemeral_messages(world.alice, world.table) == [done]
    assert fake.ephemeral_messages(world.bob) == []
    with pytest.raises(LookupError):
        await fake.slash(world.alice, world.table, "ping", subcommand="nope")


async def test_429_is_retried_and_posts_once(fake: FakeDiscord, world: World, bot: PingBot) -> None:
    inj = fake.rate_limit("POST", "/channels/{channel_id}/messages", retry_after=0.1)
    handle = await fake.slash(
        world.alice, world.table, "ping", subcommand="say", options={"text": "once"}
    )
    await handle.followup()
    assert inj.hits == 1
    assert [m.content for m in fake.channel_messages(world.table)] == ["once"]
    statuses = [c.status for c in fake.calls_to("POST", "/channels/*/messages")]
    assert statuses == [429, 200]


async def test_500_is_retried(fake: FakeDiscord, world: World, bot: PingBot) -> None:
    fake.server_error("POST", "/channels/*/messages")
    channel = bot.get_channel(int(world.table.id))
    assert isinstance(channel, discord.TextChannel)
    sent = await channel.send("after a 500")
    assert [m.content for m in fake.channel_messages(world.table)] == ["after a 500"]
    assert str(sent.id) == fake.channel_messages(world.table)[0].id
    assert [c.status for c in fake.calls_to("POST", "/channels/*/messages")] == [500, 200]


def text_channel(bot: PingBot, channel: FakeChannel) -> discord.TextChannel:
    found = bot.get_channel(int(channel.id))
    assert isinstance(found, discord.TextChannel)
    return found


async def test_500_after_applying_shows_a_message_once_and_a_followup_twice(
    fake: FakeDiscord, world: World, bot: PingBot
) -> None:
    """A POST applied but whose answer was lost, retried by discord.py: a message (in a
    channel or a DM) carries a nonce, and Discord answers the retry with the message
    already created; an interaction followup (a webhook) has none and shows twice."""
    handle = await fake.slash(world.alice, world.table, "ping", subcommand="keep")
    await handle.message()
    dm = fake.dm_channel(world.bob)
    fake.server_error("POST", f"/channels/{world.table.id}/messages", apply_first=True)
    fake.server_error("POST", f"/channels/{dm.id}/messages", apply_first=True)
    fake.server_error("POST", "/webhooks/*/*", apply_first=True)
    user = await bot.fetch_user(int(world.bob.id))
    sent, dm_sent, _ = await asyncio.gather(  # the three retries share their 1 s wait
        text_channel(bot, world.table).send("once"),
        user.send("once by DM"),
        bot.kept[-1].followup.send("followup line"),
    )
    [line] = [m for m in fake.channel_messages(world.table) if m.content == "once"]
    assert str(sent.id) == line.id
    followed = [m for m in fake.channel_messages(world.table) if m.content == "followup line"]
    assert len(followed) == 2 and all(m.webhook_id for m in followed)
    [dm_line] = fake.dm_messages(world.bob)
    assert dm_line.content == "once by DM" and str(dm_sent.id) == dm_line.id
    for where, stored in ((world.table, line), (dm, dm_line)):
        calls = fake.calls_to("POST", f"/channels/{where.id}/messages")
        assert [c.status for c in calls] == [500, 200]
        first, retry = (c.body for c in calls)
        assert first["enforce_nonce"] is True and first["nonce"] == retry["nonce"]
        assert stored.nonce == first["nonce"]
    followups = fake.calls_to("POST", "/webhooks/*/*")
    assert [c.status for c in followups] == [500, 200]
    assert all("nonce" not in c.body for c in followups)


async def test_nonce_window_author_channel_and_enforce_flag(
    fake: FakeDiscord, world: World, bot: PingBot
) -> None:
    channel = text_channel(bot, world.table)
    first = await channel.send("a", nonce=42)
    assert (await channel.send("b", nonce=42)).id == first.id  # the same message back
    user = await bot.fetch_user(int(world.bob.id))
    assert (await user.send("c", nonce=42)).id != first.id  # another channel
    fake.advance(NONCE_WINDOW + 1)
    assert (await channel.send("d", nonce=42)).id != first.id  # forgotten after the window
    await bot.http.request(
        Route("POST", "/channels/{channel_id}/messages", channel_id=channel.id),
        json={"content": "e", "nonce": "42"},  # a nonce without enforce_nonce: no check
    )
    assert [m.content for m in fake.channel_messages(world.table)] == ["a", "d", "e"]
    with pytest.raises(discord.HTTPException) as too_long:
        await channel.send("f", nonce="x" * 26)
    assert too_long.value.code == 50035


async def test_interaction_token_expires_after_15_minutes(
    fake: FakeDiscord, world: World, bot: PingBot
) -> None:
    handle = await fake.slash(world.alice, world.table, "ping", subcommand="keep")
    kept = await handle.message()
    assert kept.ephemeral_for is world.alice
    interaction = bot.kept[-1]
    fake.advance(TOKEN_LIFETIME - 60)
    await interaction.edit_original_response(content="still editable")
    assert kept.content == "still editable"
    extra = await interaction.followup.send("a followup", ephemeral=True, wait=True)
    fake.advance(61)
    attempts = {
        "edit @original": interaction.edit_original_response(content="too late"),
        "fetch @original": interaction.original_response(),
        "delete @original": interaction.delete_original_response(),
        "followup": interaction.followup.send("too late", ephemeral=True),
        "edit followup": extra.edit(content="too late"),
    }
    for what, attempt in attempts.items():
        with pytest.raises(discord.HTTPException) as refused:
            await attempt
        # 401 has no subclass in discord.py: neither NotFound nor Forbidden.
        assert type(refused.value) is discord.HTTPException, what
        assert (refused.value.status, refused.value.code) == (401, 50027), what
    assert kept.content == "still editable" and not kept.deleted
    assert [m.content for m in fake.ephemeral_messages(world.alice)] == [
        "still editable",
        "a followup",
    ]
    # A fresh interaction has a fresh token.
    await (await fake.slash(world.alice, world.table, "ping", subcommand="keep")).message()
    await bot.kept[-1].edit_original_response(content="fresh")


async def test_thread_from_a_message(fake: FakeDiscord, world: World, bot: PingBot) -> None:
    channel = text_channel(bot, world.table)
    table = await channel.send("the table")
    thread = await table.create_thread(name="Table 1")
    assert isinstance(thread, discord.Thread) and thread.id == table.id
    assert bot.user is not None
    assert thread.parent_id == channel.id and thread.owner_id == bot.user.id
    assert thread.type is discord.ChannelType.public_thread and not thread.archived
    await fake.wait_for(lambda: bot.get_channel(thread.id) is not None)  # THREAD_CREATE
    assert isinstance(bot.get_channel(thread.id), discord.Thread)
    sent = await thread.send("Alice takes: Garde.")
    assert sent.channel.id == thread.id

    [stored_table] = fake.channel_messages(world.table)  # the line is not in the channel
    [fake_thread] = fake.threads(world.table)
    assert stored_table.thread is fake_thread and fake_thread.parent is world.table
    assert fake_thread.owner is fake.bot_user and fake_thread.name == "Table 1"
    assert [m.content for m in fake.thread_messages(stored_table)] == ["Alice takes: Garde."]
    assert fake.thread_messages(fake_thread) == fake.thread_messages(stored_table)
    fetched = await channel.fetch_message(table.id)
    assert fetched.flags.has_thread and fetched.thread is not None

    with pytest.raises(discord.HTTPException) as again:
        await table.create_thread(name="Table 1 again")
    assert again.value.code == 160004
    archived = await thread.edit(archived=True)
    assert archived.archived and fake_thread.archived
    await fake.wait_for(lambda: bot.get_channel(thread.id) is None)  # THREAD_UPDATE
    await thread.send("a line unarchives it")
    assert not fake_thread.archived and len(fake.thread_messages(fake_thread)) == 2
    await fake.wait_for(lambda: bot.get_channel(thread.id) is not None)


async def test_thread_without_a_message_and_without_permission(
    fake: FakeDiscord, world: World, bot: PingBot
) -> None:
    channel = text_channel(bot, world.table)
    thread = await channel.create_thread(name="Table 2", type=discord.ChannelType.public_thread)
    assert thread.parent_id == channel.id and thread.id != channel.id
    [notice] = fake.channel_messages(world.table)  # "TarotBot started a thread: Table 2"
    assert notice.type == MT_THREAD_CREATED and notice.content == "Table 2"
    await thread.send("in the thread")
    [fake_thread] = fake.threads(world.table)
    assert [m.content for m in fake.thread_messages(fake_thread)] == ["in the thread"]

    await fake.update_roles(world.guild, world.guild.allow_bot_threads(False))
    guild = channel.guild
    await fake.wait_for(lambda: not channel.permissions_for(guild.me).create_public_threads)
    table = await channel.send("a table where threads are not allowed")
    for attempt in (
        table.create_thread(name="Table 3"),
        channel.create_thread(name="Table 4", type=discord.ChannelType.public_thread),
    ):
        with pytest.raises(discord.Forbidden) as refused:
            await attempt
        assert refused.value.code == 50013
    assert fake.threads(world.table) == [fake_thread]


async def test_autocomplete(fake: FakeDiscord, world: World, bot: PingBot) -> None:
    [ping] = fake.global_commands
    [seat] = [o for o in ping["options"] if o["name"] == "seat"]
    assert [o.get("autocomplete", False) for o in seat["options"]] == [True, False]
    choices = await fake.autocomplete(
        world.alice, world.table, "ping", subcommand="seat", option="seat", value="al"
    )
    assert choices == [{"name": "Alice", "value": "alice"}, {"name": "Albert", "value": "albert"}]
    noted = await fake.autocomplete(
        world.bob,
        world.table,
        "ping",
        subcommand="seat",
        option="seat",
        value="B",
        options={"note": " (bot)"},
    )
    assert noted == [{"name": "Bob (bot)", "value": "bob"}]
    [*_, inter] = fake.interactions.values()
    assert inter.callback_type == 8 and not fake.channel_messages(world.table)
    with pytest.raises(ValueError):  # Discord only asks for options with autocomplete
        await fake.autocomplete(
            world.bob, world.table, "ping", subcommand="seat", option="note", value="x"
        )
    handle = await fake.slash(
        world.bob, world.table, "ping", subcommand="seat", options={"seat": "bob"}
    )
    assert (await handle.message()).content == "seat bob"


@pytest.mark.parametrize(
    ("options", "refusal"),
    [
        ({"n": 6}, "'n' takes 1 to 5, not 6"),
        ({"n": 0}, "'n' takes 1 to 5, not 0"),
        ({"n": "3"}, "'3' is not a value of 'n'"),
        ({"n": True}, "True is not a value of 'n'"),
        ({"n": 2.5}, "2.5 is not a value of 'n'"),
        ({"n": 2, "share": 0.25}, "'share' takes 0.5 to 1.0, not 0.25"),
        ({"n": 2, "tag": "x"}, "'tag' takes 2 to 4 characters, not 1"),
        ({"n": 2, "tag": "long"}, None),
        ({"n": 5, "share": 0.5}, None),
    ],
)
async def test_options_out_of_their_bounds_are_never_sent(
    fake: FakeDiscord,
    world: World,
    bot: PingBot,
    options: dict[str, object],
    refusal: str | None,
) -> None:
    """The Discord client refuses a value outside an option's ``min_value``/``max_value``
    (or ``min_length``/``max_length``, or of the wrong kind): nothing reaches the bot."""
    sent = len(fake.interactions)
    if refusal is None:
        handle = await fake.slash(
            world.alice, world.table, "ping", subcommand="count", options=options
        )
        assert (await handle.message()).content.startswith(f"count {options['n']} ")
        return
    with pytest.raises(ValueError, match=re.escape(refusal)):
        await fake.slash(world.alice, world.table, "ping", subcommand="count", options=options)
    assert len(fake.interactions) == sent


async def test_arbitrary_error_files_and_validation(
    fake: FakeDiscord, world: World, bot: PingBot
) -> None:
    channel = bot.get_channel(int(world.table.id))
    assert isinstance(channel, discord.TextChannel)
    fake.inject("POST", "/channels/*/messages", status=403, body={"code": 50013, "message": "no"})
    with pytest.raises(discord.Forbidden) as forbidden:
        await channel.send("x")
    assert forbidden.value.code == 50013
    with pytest.raises(discord.HTTPException) as too_long:
        await channel.send("x" * 2001)
    assert too_long.value.code == 50035

    sent = await channel.send("record", file=discord.File(io.BytesIO(b'{"deal": 1}'), "deal.json"))
    [stored] = fake.channel_messages(world.table)
    assert stored.attachments[0].filename == "deal.json"
    assert stored.attachments[0].data == b'{"deal": 1}'
    assert sent.attachments[0].filename == "deal.json"
    assert await sent.attachments[0].read() == b'{"deal": 1}'
    await sent.edit(content="record v2")
    fetched = await channel.fetch_message(sent.id)
    assert fetched.content == "record v2" and len(fetched.attachments) == 1
    assert [m.content async for m in channel.history(limit=5)] == ["record v2"]
    await sent.delete()
    assert fake.channel_messages(world.table) == []


async def test_dropped_connection_resumes(fake: FakeDiscord, world: World, bot: PingBot) -> None:
    await fake.drop_connection()
    # An interaction sent while the bot is away is replayed on RESUME.
    handle = await fake.slash(world.alice, world.table, "ping", subcommand="pong")
    await fake.wait_for(lambda: fake.resume_count == 1 and fake.connected)
    assert (await handle.message()).content == "pong 0 fr"
    await fake.wait_for(lambda: bot.resumed == 1 and fake.dm_messages(world.alice))
    assert fake.identify_count == 1
    click = await fake.click(world.alice, await handle.message(), "ping:0")
    await click.response()
    assert (await handle.message()).content == "pong 1"


async def test_invalid_session_identifies_again(
    fake: FakeDiscord, world: World, bot: PingBot
) -> None:
    fake.resume_supported = False
    start = time.monotonic()
    await fake.drop_connection()
    await fake.wait_for(lambda: fake.identify_count == 2 and fake.connected)
    assert fake.invalid_session_count == 1
    assert time.monotonic() - start < 3  # run_client removed the 5 s re-identify sleep
    handle = await fake.slash(world.bob, world.table, "ping", subcommand="pong")
    assert (await handle.message()).content == "pong 0 en-US"
    await fake.wait_for(lambda: fake.dm_messages(world.bob))


async def test_select_on_an_ephemeral_message(
    fake: FakeDiscord, world: World, bot: PingBot
) -> None:
    handle = await fake.slash(world.alice, world.table, "ping", subcommand="pick")
    msg = await handle.message()
    assert msg.ephemeral_for is world.alice and fake.channel_messages(world.table) == []
    with pytest.raises(ValueError):  # bob cannot see alice's ephemeral
        await fake.select(world.bob, msg, "pick", ["a"])
    with pytest.raises(ValueError):  # max_values=2
        await fake.select(world.alice, msg, "pick", ["a", "b", "c"])
    chosen = await fake.select(world.alice, msg, "pick", ["a", "c"])
    assert (await chosen.response())["type"] == 7
    assert msg.content == "picked a,c" and msg.components == []


async def test_bot_process_killed_and_restarted(
    fake: FakeDiscord, world: World, tmp_path: Path
) -> None:
    """The harness for SIGKILL tests: the bot runs in its own process."""
    env = {**os.environ, "FAKE_TOKEN": fake.token, "FAKE_GUILD_ID": world.guild.id}
    launcher = [sys.executable, str(HERE / "fake_discord.py"), fake.rest_base, fake.gateway_url]
    log = (tmp_path / "bot.log").open("w")

    async def spawn() -> asyncio.subprocess.Process:
        return await asyncio.create_subprocess_exec(
            *launcher, "test_fake_discord", env=env, stdout=log, stderr=log
        )

    proc = await spawn()
    try:
        await fake.wait_for(lambda: fake.connected and world.guild.id in fake.sync_counts, 15)
        handle = await fake.slash(world.bob, world.table, "ping", subcommand="pong")
        msg = await handle.message()
        await fake.wait_for(lambda: fake.dm_messages(world.bob))
        proc.send_signal(signal.SIGKILL)
        await proc.wait()
        await fake.wait_for(lambda: not fake.connected)

        proc = await spawn()
        await fake.wait_for(lambda: fake.identify_count == 2 and fake.connected, 15)
        await fake.wait_for(lambda: fake.sync_counts[world.guild.id] == 2, 5)
        click = await fake.click(world.alice, msg, "ping:0")  # a button from before the kill
        assert (await click.response())["type"] == 7
        assert msg.content == "pong 1"
    finally:
        if proc.returncode is None:
            proc.send_signal(signal.SIGKILL)
            await proc.wait()
        log.close()


if __name__ == "__main__":  # run by test_bot_process_killed_and_restarted
    PingBot(os.environ["FAKE_GUILD_ID"]).run(os.environ["FAKE_TOKEN"])


async def test_late_interactions_channel_permissions_and_deleted_channels(
    fake: FakeDiscord, world: World, bot: PingBot
) -> None:
    """An interaction's 3 s count from its snowflake: one delivered 3.1 s after it was
    created cannot be answered (404, 10062). A channel's overwrites make the bot's
    ``app_permissions`` and its refusals: no View Channel, 403 Missing Access (50001); no
    Send Messages, 403 Missing Permissions (50013); both are invalid requests. A deleted
    channel answers 404 Unknown Channel (10003)."""
    late = await fake.slash(world.alice, world.table, "ping", subcommand="pong", late=3.1)
    await fake.wait_for(lambda: late.errors)
    assert not late.responded and "late" in late.errors[0]
    assert discord.utils.snowflake_time(int(late.id)) < discord.utils.utcnow() - timedelta(
        seconds=3
    )
    channel = bot.get_partial_messageable(int(world.table.id))
    await fake.set_permissions(world.table, fake.bot_user, deny=P_SEND_MESSAGES)
    handle = await fake.slash(world.alice, world.table, "ping", subcommand="keep")
    assert not int(handle.payload["app_permissions"]) & P_SEND_MESSAGES
    with pytest.raises(discord.Forbidden) as refused:
        await channel.send("hi")
    assert refused.value.code == 50013
    await fake.set_permissions(world.table, fake.bot_user, deny=P_VIEW_CHANNEL)
    with pytest.raises(discord.Forbidden) as refused:
        await channel.send("hi")
    assert refused.value.code == 50001
    assert fake.invalid_requests == 2
    await fake.delete_channel(world.table)
    with pytest.raises(discord.NotFound) as gone:
        await channel.send("hi")
    assert gone.value.code == 10003 and fake.invalid_requests == 2


async def test_a_message_over_an_hour_old_takes_few_edits_then_30046(
    fake: FakeDiscord, world: World, bot: PingBot
) -> None:
    fake.old_message_edits = 2
    channel = text_channel(bot, world.table)
    old = await channel.send("a")
    await old.edit(content="b")  # young: not counted
    fake.advance(3600 + 1)
    assert fake.wall_time() - discord.utils.snowflake_time(old.id).timestamp() > 3600
    await old.edit(content="c")
    await old.edit(content="d")
    with pytest.raises(discord.HTTPException) as refused:
        await old.edit(content="e")
    assert refused.value.status == 400 and refused.value.code == 30046
    assert "older than 1 hour" in refused.value.text
    assert fake.messages[str(old.id)].content == "d"
    new = await channel.send("f")  # made on Discord's clock: young
    assert fake.wall_time() - discord.utils.snowflake_time(new.id).timestamp() < 5
    await new.edit(content="g")


async def test_a_guild_at_its_thread_cap_is_refused_160006(
    fake: FakeDiscord, world: World, bot: PingBot
) -> None:
    world.guild.max_active_threads = 1
    channel = text_channel(bot, world.table)
    first, second = await channel.send("a"), await channel.send("b")
    await first.create_thread(name="one")
    with pytest.raises(discord.HTTPException) as refused:
        await second.create_thread(name="two")
    assert refused.value.status == 400 and refused.value.code == 160006
    assert refused.value.text == "Maximum number of active threads reached"
