"""Who may stop a table (issue 23): its host, or a member who may manage its channel.
Discord sends the member's permissions in the channel with the interaction (a role's
Manage Channels, or the channel's own overwrite granting it); anyone else is refused with
the reason, and the game goes on."""

from __future__ import annotations

from pathlib import Path

from drivers import alice_to_play, ephemeral_text, make_bot, table_of
from fake_discord import P_MANAGE_CHANNELS, FakeDiscord, FakeUser, World, run_client

from bot.i18n import t


async def stop_as(fake: FakeDiscord, world: World, user: FakeUser) -> str:
    handle = await fake.slash(user, world.table, "tarot", subcommand="stop")
    return await ephemeral_text(handle)


async def assert_stopped_by(fake: FakeDiscord, world: World, tmp_path: Path) -> None:
    """Bob, not seated, stops Alice's game in play; its deals so far are kept."""
    bot = make_bot(tmp_path)
    channel = int(world.table.id)
    async with run_client(fake, bot):
        game_id, _ = await alice_to_play(fake, world, bot)
        await stop_as(fake, world, world.bob)
        assert table_of(bot, channel) is None
        stored = await bot.storage.game(game_id)
        assert stored is not None and stored.status == "stopped"


async def test_a_member_with_manage_channels_stops_a_game_he_does_not_host(
    fake: FakeDiscord, world: World, tmp_path: Path
) -> None:
    moderators = world.guild.add_role("moderators", P_MANAGE_CHANNELS)
    world.guild.members[world.bob.id].roles.append(moderators)
    await assert_stopped_by(fake, world, tmp_path)


async def test_manage_channels_granted_on_the_channel_alone_is_enough(
    fake: FakeDiscord, world: World, tmp_path: Path
) -> None:
    """The channel's own overwrite (Discord's "Manage Channel" in its permissions):
    what counts is the permission in this channel, not in the server."""
    world.table.overwrites.append(
        {"id": world.bob.id, "type": 1, "allow": str(P_MANAGE_CHANNELS), "deny": "0"}
    )
    await assert_stopped_by(fake, world, tmp_path)


async def test_a_member_without_it_is_refused_with_the_reason(
    fake: FakeDiscord, world: World, tmp_path: Path
) -> None:
    bot = make_bot(tmp_path)
    channel = int(world.table.id)
    async with run_client(fake, bot):
        game_id, turn = await alice_to_play(fake, world, bot)
        text = await stop_as(fake, world, world.bob)
        locale = world.bob.locale
        assert text == t(  # the reason names the permission that would have let them
            locale, "refused.not_host_or_moderator", action=t(locale, "host_action.stop_game")
        )
        table = table_of(bot, channel)
        assert table is not None and table.game_id == game_id and table.turn == turn
