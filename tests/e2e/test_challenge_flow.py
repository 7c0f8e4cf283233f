"""Challenges through the real discord.py client and the fake Discord: opened with a post
and a Play button, played alone in each member's DMs, results hidden until finished, and
no card of a challenge in any public message."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from challenge_drivers import create, play_attempt
from drivers import make_bot, settled
from fake_discord import FakeDiscord, World, run_client

from bot import guild_config
from bot.discord.client import TarotBot
from bot.i18n import t

CARD_MARKS = re.compile(r"[♠♥♦♣★🃏]")
"""How a card is written in a text: no public message of a challenge may hold one."""


@pytest.fixture
def bot(world: World, tmp_path: Path) -> TarotBot:
    world.guild.owner = world.alice  # Manage Server; Bob has not
    return make_bot(tmp_path, TAROT_CHALLENGE_LEVEL="heuristic")


async def test_two_members_play_the_same_challenge_and_see_results_once_finished(
    fake: FakeDiscord, world: World, bot: TarotBot
) -> None:
    async with run_client(fake, bot):
        refused = await create(fake, world, world.bob, deals=2)
        assert refused.content == t("en-US", "ui.threads_manage_guild")
        post = await create(fake, world, world.alice, deals=2)
        assert t("fr", "challenge.play") in [b.get("label") for b in post.buttons()]
        challenge_id = int(re.findall(r"tarot:challenge:(\d+)", " ".join(post.custom_ids()))[0])
        stored = await settled(
            lambda: bot.storage.challenge(challenge_id),
            lambda c: c is not None and c.message_id is not None,
        )  # stored once Discord has answered the post
        assert stored is not None and stored.deals == 2 and stored.message_id == int(post.id)

        early = await fake.slash(world.bob, world.table, "challenge", subcommand="results")
        assert (await early.message()).content == t("en-US", "refused.results_hidden")

        started = await play_attempt(fake, bot, world.bob, post)
        assert started.startswith(t("en-US", "challenge.started", link="")[:10])
        finished = t("en-US", "challenge.finished", id=challenge_id)
        await fake.wait_for(
            lambda: any(finished in m.content for m in fake.dm_messages(world.bob)), timeout=10
        )  # his results in his DMs as his attempt ends
        await play_attempt(fake, bot, world.alice, post)
        said = t("fr", "challenge.finished", id=challenge_id)  # Alice reads French
        await fake.wait_for(
            lambda: any(said in m.content for m in fake.dm_messages(world.alice)), timeout=10
        )

        again = await fake.click(world.bob, post, f"tarot:challenge:{challenge_id}")
        assert (await again.message()).content == t("en-US", "refused.already_played")

        shown = await fake.slash(world.bob, world.table, "challenge", subcommand="results")
        text = (await shown.message()).content
        assert "bob" in text and "alice" in text
        assert text.count("\n") >= 4  # his line, two deals, the ranking

        # Nothing of the challenge's cards in the channel, before or after: no card, no
        # card face, no picture; only the post and the answers to commands.
        for message in fake.channel_messages(world.table):
            content = message.content or ""
            assert not CARD_MARKS.search(content) and "<:" not in content, content
            assert not message.attachments, message.attachments
        # Nothing counted on the leaderboards.
        assert await bot.storage.leaderboard(int(world.guild.id), min_games=0) == []


async def test_a_member_whose_dms_are_closed_is_told_before_anything_starts(
    fake: FakeDiscord, world: World, bot: TarotBot
) -> None:
    async with run_client(fake, bot):
        post = await create(fake, world, world.alice, deals=1)
        play = next(c for c in post.custom_ids() if c.startswith("tarot:challenge:"))
        handle = await fake.click(world.carol, post, play)  # Carol's DMs are closed
        assert (await handle.message()).content == t("en-US", "challenge.dms_closed")
        challenge_id = int(play.rsplit(":", 1)[1])
        assert await bot.storage.attempts(challenge_id) == []  # nothing started
        assert len(bot.tables) == 0


async def test_create_takes_every_rule_option_and_the_variants(
    fake: FakeDiscord, world: World, bot: TarotBot
) -> None:
    async with run_client(fake, bot):
        post = await create(
            fake,
            world,
            world.alice,
            deals=1,
            players=5,
            poignee_bonus="high",
            rules="contracts=pousse round_to_ten=on",
            variants=2,
        )
        challenge_id = int(re.findall(r"tarot:challenge:(\d+)", " ".join(post.custom_ids()))[0])
        stored = await bot.storage.challenge(challenge_id)
        assert stored is not None and stored.players == 5 and stored.variants == 2
        assert stored.rules["poignee_bonus"] == [20, 40, 60]
        assert stored.rules["contracts"] == "pousse" and stored.rules["round_to_ten"] is True
        assert len(await bot.storage.pars(challenge_id)) == 2  # a par per variant

        refused = await create(fake, world, world.alice, rules="contracts=petite")
        name = t("fr", "setting.contracts")
        assert refused.content == t(
            "fr",
            "settings.bad_value",
            name=name,
            value="contracts=petite",
            allowed=guild_config.allowed_text("contracts"),
        )
