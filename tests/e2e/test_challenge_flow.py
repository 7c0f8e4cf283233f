"""Challenges through the real discord.py client and the fake Discord: opened with a post
and a Play button, played alone in each member's DMs, results hidden until finished, and
no card of a challenge in any public message."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest
from challenge_drivers import create, play_attempt
from drivers import make_bot, press_something, settled
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
        # Its score sheets carry no review button: a challenge's deals are not the coach's.
        sheets = [m for u in (world.alice, world.bob) for m in fake.dm_messages(u)]
        assert not [c for m in sheets for c in m.custom_ids() if c.startswith("tarot:review:")]
        # Nothing counted on the leaderboards.
        assert await bot.storage.leaderboard(int(world.guild.id), min_games=0) == []


async def test_a_member_whose_dms_are_closed_plays_in_one_message_only_for_them(
    fake: FakeDiscord, world: World, bot: TarotBot
) -> None:
    carol = world.carol  # her DMs are closed
    async with run_client(fake, bot):
        bot.presenter.tables.interval = bot.presenter.dms.interval = 0.01
        post = await create(fake, world, world.alice, deals=2)
        play = next(c for c in post.custom_ids() if c.startswith("tarot:challenge:"))
        challenge_id = int(play.rsplit(":", 1)[1])
        public_before = len(fake.channel_messages(world.table))
        await (await fake.click(carol, post, play)).message()
        await fake.wait_for(lambda: bool(fake.ephemeral_messages(carol, world.table)), 10)
        # Play again (a lost message, another day): the same attempt, in a new view.
        await (await fake.click(carol, post, play)).message()
        await fake.wait_for(lambda: len(fake.ephemeral_messages(carol, world.table)) >= 2, 10)
        assert len(await bot.storage.attempts(challenge_id)) == 1
        for _ in range(300):
            (attempt,) = await bot.storage.attempts(challenge_id)
            if attempt.finished_at is not None:
                break
            table = bot.tables.table(next(iter(t for t in bot.tables._tables)))
            assert table is not None and table.challenge_id == challenge_id
            view = fake.ephemeral_messages(carol, world.table)[-1]
            ours = [c for c in view.custom_ids() if f":{table.turn}:" in c and ":hand:" not in c]
            seat_to_act = table.to_act == 0 and table.status == "playing"
            if seat_to_act and ours:
                assert await press_something(fake, carol, view)  # her move, in that message
            else:
                refresh = next(c for c in view.custom_ids() if ":hand:" in c)
                await (await fake.click(carol, view, refresh)).response()  # Refresh
            await asyncio.sleep(0.02)
        else:
            raise AssertionError("the attempt did not end")
        # Nothing was posted for it: not in the channel, not in her DMs (beyond the first
        # message of each Play, refused, that told the bot they are closed).
        assert len(fake.channel_messages(world.table)) == public_before
        refused = [
            c
            for c in fake.calls
            if c.status == 403 and c.route == "POST /channels/{channel_id}/messages"
        ]
        assert len(refused) == 2  # one per press of Play: each asks whether they opened
        assert fake.dm_messages(carol) == []


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
