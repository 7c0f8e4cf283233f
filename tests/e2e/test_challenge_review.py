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
from bot.i18n import t


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
