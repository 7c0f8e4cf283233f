"""A finished challenge deal's review, and no way round it, through the real discord.py
client and the fake Discord: a member's attempt is in nobody's ``/history`` and no deal
picture menu draws it, even crafted; the member who finished reviews each deal privately
(their deal's picture, the par's line, the field), and a member who has not played is
refused."""

from __future__ import annotations

import copy
import re
from pathlib import Path

import pytest
from challenge_drivers import create, play_attempt
from drivers import ephemeral_text, make_bot
from fake_discord import FakeDiscord, FakeMessage, FakeUser, World, run_client

from bot.discord.client import TarotBot
from bot.i18n import signed, t
from bot.pictures import jobs
from bot.render.challenges import review_text


@pytest.fixture
def bot(world: World, tmp_path: Path) -> TarotBot:
    world.guild.owner = world.alice  # Manage Server
    return make_bot(tmp_path, TAROT_CHALLENGE_LEVEL="heuristic")


def crafted(seen: FakeMessage, custom_id: str, values: list[str]) -> FakeMessage:
    """``seen`` (a message its user may see) as a client could forge it: carrying a select
    ``custom_id`` it never had."""
    forged = copy.copy(seen)
    options = [{"label": v, "value": v} for v in values]
    forged.components = [
        {"type": 1, "components": [{"type": 3, "custom_id": custom_id, "options": options}]}
    ]
    return forged


async def finished(
    fake: FakeDiscord, bot: TarotBot, user: FakeUser, post: FakeMessage, challenge_id: int
) -> FakeMessage:
    """``user`` plays their attempt to the end; the results message posted in their DMs."""
    await play_attempt(fake, bot, user, post)
    said = t(user.locale, "challenge.finished", id=challenge_id)

    def results() -> FakeMessage | None:
        return next((m for m in fake.dm_messages(user) if said in m.content), None)

    await fake.wait_for(lambda: results() is not None, timeout=10)
    found = results()
    assert found is not None
    return found


async def test_an_attempt_is_in_nobodys_history_and_no_menu_draws_it(
    fake: FakeDiscord, world: World, bot: TarotBot
) -> None:
    async with run_client(fake, bot):
        post = await create(fake, world, world.alice, deals=1)
        challenge_id = int(re.findall(r"tarot:challenge:(\d+)", " ".join(post.custom_ids()))[0])
        await finished(fake, bot, world.bob, post, challenge_id)
        bob = await bot.storage.find_player("user", world.bob.id)
        assert bob is not None
        attempt = await bot.storage.attempt(challenge_id, bob.id)
        assert attempt is not None and attempt.finished_at is not None

        shown = await fake.slash(world.alice, world.table, "history", options={"player": world.bob})
        reply = await shown.message()
        assert reply.ephemeral_for is world.alice
        assert reply.content == t("fr", "history.empty", name="bob")
        assert reply.attachments == [] and reply.selects() == [] and reply.embeds == []

        menu = f"tarot:pic:{attempt.game_id}"
        for user in (world.alice, world.bob):  # not even for the member himself, here
            forged = await fake.select(user, crafted(post, menu, ["1"]), menu, ["1"], force=True)
            said = t(user.locale, "history.picture_missing", id=attempt.game_id, n=1)
            assert await ephemeral_text(forged) == said


async def test_a_member_who_finished_reviews_a_deal_privately_and_others_are_refused(
    fake: FakeDiscord, world: World, bot: TarotBot
) -> None:
    async with run_client(fake, bot):
        post = await create(fake, world, world.alice, deals=2)
        challenge_id = int(re.findall(r"tarot:challenge:(\d+)", " ".join(post.custom_ids()))[0])
        menu = f"tarot:creview:{challenge_id}"
        forged = await fake.select(world.bob, crafted(post, menu, ["0"]), menu, ["0"], force=True)
        assert await ephemeral_text(forged) == t("en-US", "refused.results_hidden")

        results = await finished(fake, bot, world.bob, post, challenge_id)
        (select,) = [s for s in results.selects() if s["custom_id"] == menu]
        assert [o["value"] for o in select["options"]] == ["0", "1"]
        assert [o["label"] for o in select["options"]] == ["Deal 1", "Deal 2"]
        chosen = await fake.select(world.bob, results, menu, ["1"])
        answer = await chosen.followup()
        assert answer.ephemeral_for is world.bob

        bob = await bot.storage.find_player("user", world.bob.id)
        assert bob is not None
        attempt = await bot.storage.attempt(challenge_id, bob.id)
        record = await bot.storage.attempt_record(challenge_id, bob.id, 1)
        assert attempt is not None and record is not None
        names = await bot.storage.seat_names(attempt.game_id)
        par = (await bot.storage.pars(challenge_id))[1]
        mine, pars = answer.attachments
        assert mine.filename == f"challenge-{challenge_id}-deal-2.png"
        assert mine.data == jobs.deal_picture(record, "en", names)
        assert pars.filename == f"challenge-{challenge_id}-deal-2-par.png"
        assert pars.data == jobs.deal_picture(par.record, "en", ["Par", *names[1:]])
        review = await bot.challenges.review(challenge_id, int(world.bob.id), 1)
        assert answer.content == review_text("en-US", review)
        lines = answer.content.split("\n")
        assert lines[0] == t("en-US", "challenge.review.title", id=challenge_id, n=2)
        assert signed(par.score, "en-US") in lines[2]  # the par's line
        assert review.field.played == 1 and review.field.best == review.field.worst

        # His results, asked for again, carry the menu too; Alice has not played: refused.
        shown = await fake.slash(world.bob, world.table, "challenge", subcommand="results")
        assert menu in (await shown.message()).custom_ids()
        forged = await fake.select(world.alice, crafted(post, menu, ["0"]), menu, ["0"], force=True)
        assert await ephemeral_text(forged) == t("fr", "refused.results_hidden")
