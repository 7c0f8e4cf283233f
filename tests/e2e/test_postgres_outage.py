"""PostgreSQL stopped and started again under a game in play (issue 13): the bot does not
stop; a move made while the server is away is refused in the player's language and
nothing of it is kept; once the server is back the very same button works, on new
connections, and the game plays to its end with each deal recorded once. A server of its
own, since stopping the session's would stop every other test's."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from drivers import (
    alice_to_play,
    latest_dm,
    make_bot,
    move_controls,
    play_to_the_end,
    table_of,
    turn_of,
)
from fake_discord import FakeDiscord, World, run_client

from bot.i18n import t
from tarot_core import replay

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: the server helper
from pg_server import PostgresServer, missing_reason, unavailable  # noqa: E402


@pytest.fixture
def own_server() -> Iterator[PostgresServer]:
    reason = missing_reason()
    if reason is not None:
        unavailable(reason)
    with PostgresServer() as server:
        yield server


async def test_a_game_plays_on_across_a_postgresql_restart(
    fake: FakeDiscord, world: World, tmp_path: Path, own_server: PostgresServer
) -> None:
    bot = make_bot(tmp_path, TAROT_DB=own_server.create_database())
    channel = int(world.table.id)
    async with run_client(fake, bot):
        game_id, turn = await alice_to_play(fake, world, bot)
        await bot.presenter.drain()
        before = await bot.storage.actions(game_id)
        message = latest_dm(fake, world.alice)
        assert message is not None and turn_of(message.components) == turn
        custom_id = move_controls(message.components)[0]["custom_id"]

        await asyncio.to_thread(own_server.stop)
        refused = await fake.click(world.alice, message, custom_id)
        answer = await refused.message(timeout=5)
        assert answer.ephemeral and answer.content == t("fr", "refused.storage")
        assert table_of(bot, channel).turn == turn  # nothing of it kept
        assert bot.failure is None and not bot.is_closed()

        await asyncio.to_thread(own_server.start)
        accepted = await fake.click(world.alice, message, custom_id)  # the same button
        response = await accepted.response(timeout=5)
        assert response["type"] == 7  # her DM redrawn after the move, not a refusal
        await fake.wait_for(lambda: table_of(bot, channel).turn > turn, timeout=5)
        after = await bot.storage.actions(game_id)
        assert after[: len(before)] == before and len(after) > len(before)

        await play_to_the_end(fake, world, bot)
        stored = await bot.storage.game(game_id)
        assert stored is not None and stored.status == "finished"
        deals = await bot.storage.game_deals(game_id)  # passed deals are dealt again
        assert [d.number for d in deals] == list(range(1, len(deals) + 1))  # each once
        records = await bot.storage.deal_records(game_id)
        assert [replay(r).scores for r in records] == [d.scores for d in deals]
