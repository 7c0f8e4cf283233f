"""Two bot processes sharing one PostgreSQL, each running one of two gateway shards (issue
13): a table belongs to the process whose shard holds its server, while Discord delivers
every DM click on shard 0. Alice and Bob play a whole game in a server on shard 1 from
their DMs, so every click of theirs goes through the other process and the database; and
a click for a table whose process is down is refused once, in the player's language,
never applied later; a click whose owner stops after taking it is answered by its receiver,
and never applied twice."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from drivers import (
    alice_to_play,
    fill_lobby,
    latest_dm,
    make_bot,
    move_controls,
    open_lobby,
    play_to_the_end,
    press_start,
    settled,
    table_of,
    turn_of,
)
from fake_discord import FakeDiscord, World, build_world, run_client

from bot import handover
from bot.i18n import t


def world_on_shard_1(fake: FakeDiscord) -> World:
    return build_world(fake, shard=1, shard_count=2)


def process(tmp_path: Path, pg_url: str, shard: int) -> object:
    (tmp_path / f"shard{shard}").mkdir(exist_ok=True)
    return make_bot(
        tmp_path / f"shard{shard}",
        TAROT_DB=pg_url,
        TAROT_SHARD_COUNT="2",
        TAROT_SHARDS=str(shard),
    )


@contextlib.asynccontextmanager
async def at_alice_s_turn(
    fake: FakeDiscord, world: World, tmp_path: Path, pg_url: str
) -> AsyncIterator[tuple[Any, int, int]]:
    """Both processes running, Alice at a table of shard 1's process, at her first turn:
    the owner, the game and that turn (the other process receives her DM clicks)."""
    dms, owner = process(tmp_path, pg_url, 0), process(tmp_path, pg_url, 1)
    async with run_client(fake, dms), run_client(fake, owner):
        game_id, turn = await alice_to_play(fake, world, owner)
        yield owner, game_id, turn


async def click_alice_s_turn(fake: FakeDiscord, world: World, turn: int) -> Any:
    message = latest_dm(fake, world.alice)
    assert message is not None
    assert turn_of(message.components) == turn
    return await fake.click(world.alice, message, move_controls(message.components)[0]["custom_id"])


async def test_dm_clicks_cross_to_the_process_that_owns_the_table(
    sharded: FakeDiscord, tmp_path: Path, pg_url: str
) -> None:
    fake, world = sharded, world_on_shard_1(sharded)
    dms, owner = process(tmp_path, pg_url, 0), process(tmp_path, pg_url, 1)
    channel = int(world.table.id)
    async with run_client(fake, dms), run_client(fake, owner):
        owner.presenter.tables.interval = owner.presenter.dms.interval = 0.01
        lobby = await open_lobby(fake, world, players=3, deals=1)
        await fill_lobby(fake, world, lobby, [world.bob], bots=1)
        await fake.wait_for(
            lambda: table_of(owner, channel) is not None and all(table_of(owner, channel).seats)
        )
        assert table_of(dms, channel) is None  # the server is on shard 1: not this process's
        await press_start(fake, world, lobby)
        game_id = table_of(owner, channel).game_id
        await play_to_the_end(fake, world, owner)
        stored = await owner.storage.game(game_id)
        assert stored is not None and stored.status == "finished"
        clicks = [i for i in fake.interactions.values() if i.type == 3 and i.channel.is_dm]
        assert clicks and all(i.shards == [0] for i in clicks)  # all received by the other
        assert all(i.responded for i in clicks)

        # Every one was handed over through the database, taken by the owner and marked
        # answered once its answer was sent (the last one's mark may be on its way).
        async def states() -> set[str | None]:
            return {await owner.storage.click_state(int(i.id)) for i in clicks}

        assert await settled(states, lambda found: found == {"answered"}) == {"answered"}
        assert len(await owner.storage.deal_records(game_id)) >= 1


async def test_a_click_for_a_table_whose_process_is_down_is_refused_once(
    sharded: FakeDiscord, tmp_path: Path, pg_url: str
) -> None:
    fake, world = sharded, world_on_shard_1(sharded)
    dms = process(tmp_path, pg_url, 0)
    channel = int(world.table.id)
    async with run_client(fake, dms):
        owner = process(tmp_path, pg_url, 1)
        async with run_client(fake, owner):
            game_id, turn = await alice_to_play(fake, world, owner)
            await owner.presenter.drain()
            before = len(await owner.storage.actions(game_id))
        # The owner is gone: Alice's click reaches the other process, and nobody takes it.
        handle = await click_alice_s_turn(fake, world, turn)
        answer = await handle.followup(timeout=5)  # the receiver deferred it first
        assert answer.ephemeral and answer.content == t("fr", "refused.elsewhere")
        assert await dms.storage.click_state(int(handle.id)) == "refused"
        # Back up, the owner restores the table at the same turn: the refused click was
        # never applied, and the same control works now.
        owner = process(tmp_path, pg_url, 1)
        async with run_client(fake, owner):
            await fake.wait_for(lambda: table_of(owner, channel) is not None)
            assert table_of(owner, channel).turn == turn
            assert len(await owner.storage.actions(game_id)) == before


async def test_a_click_its_owner_takes_too_late_is_refused_and_never_applied(
    sharded: FakeDiscord, tmp_path: Path, pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The owner hears of the click only after the receiver gave up on it: the receiver's
    refusal and the owner's claim are one UPDATE each from 'pending', so the owner finds
    nothing to take and the move is never made."""
    fake, world = sharded, world_on_shard_1(sharded)
    monkeypatch.setattr(handover, "CLAIM_WAIT", 0.3)
    channel = int(world.table.id)
    async with at_alice_s_turn(fake, world, tmp_path, pg_url) as (owner, game_id, turn):
        before = len(await owner.storage.actions(game_id))
        took: list[bool] = []
        claim = owner.storage.claim_click

        async def late_claim(interaction_id: int, within: float) -> object:
            await asyncio.sleep(0.6)  # past the receiver's wait
            payload = await claim(interaction_id, within)
            took.append(payload is not None)
            return payload

        monkeypatch.setattr(owner.storage, "claim_click", late_claim)
        handle = await click_alice_s_turn(fake, world, turn)
        answer = await handle.followup(timeout=5)
        assert answer.content == t("fr", "refused.elsewhere")
        await fake.wait_for(lambda: took == [False], timeout=5)  # it tried, and found nothing
        assert table_of(owner, channel).turn == turn
        assert len(await owner.storage.actions(game_id)) == before
        assert await owner.storage.click_state(int(handle.id)) == "refused"


async def test_a_click_whose_owner_stops_after_taking_it_is_answered_not_applied(
    sharded: FakeDiscord, tmp_path: Path, pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The owner claims the click and stops before doing anything with it (killed between
    its claim and the click's handler): the receiver, which deferred the click within
    Discord's 3 s, tells Alice to look at the table, in her language; the move is not
    made."""
    fake, world = sharded, world_on_shard_1(sharded)
    monkeypatch.setattr(handover, "ANSWER_WAIT", 1.0)
    channel = int(world.table.id)
    async with at_alice_s_turn(fake, world, tmp_path, pg_url) as (owner, game_id, turn):
        before = len(await owner.storage.actions(game_id))
        monkeypatch.setattr(owner.router, "_parse", lambda payload: None)  # stops here
        handle = await click_alice_s_turn(fake, world, turn)
        answer = await handle.followup(timeout=5)
        assert answer.ephemeral and answer.content == t("fr", "refused.unanswered")
        assert handle.response_delay < 3 and len(handle.callbacks) == 1
        assert await owner.storage.click_state(int(handle.id)) == "taken"
        assert table_of(owner, channel).turn == turn
        assert len(await owner.storage.actions(game_id)) == before


async def test_a_click_whose_owner_stops_after_applying_it_is_answered_once_applied_once(
    sharded: FakeDiscord, tmp_path: Path, pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The owner claims the click and makes the move, then stops before answering: the
    receiver answers (look at the table: the move may be there), the move is stored once,
    and an owner carrying on after all is not heard twice (Discord takes one answer): it
    brings her DM up to date through the message instead."""
    fake, world = sharded, world_on_shard_1(sharded)
    monkeypatch.setattr(handover, "ANSWER_WAIT", 1.0)
    channel = int(world.table.id)
    async with at_alice_s_turn(fake, world, tmp_path, pg_url) as (owner, game_id, turn):
        seat = table_of(owner, channel).deal.to_act
        before = await owner.storage.actions(game_id)

        async def alice_s_moves() -> int:
            """Her moves since the click (the bots play on after hers, up to her turn)."""
            after = await owner.storage.actions(game_id)
            assert after[: len(before)] == before
            return sum(a["seat"] == seat for a in after[len(before) :])

        act, stopped = owner.tables.act, asyncio.Event()

        async def act_then_stop(*args: Any) -> None:
            await act(*args)
            await stopped.wait()  # stored, and no answer goes out

        monkeypatch.setattr(owner.tables, "act", act_then_stop)
        handle = await click_alice_s_turn(fake, world, turn)
        answer = await handle.followup(timeout=5)
        assert answer.content == t("fr", "refused.unanswered")
        assert await alice_s_moves() == 1
        assert await owner.storage.click_state(int(handle.id)) == "taken"
        stopped.set()  # the owner carries on after all: Discord refuses its answer
        dm = latest_dm(fake, world.alice)
        assert dm is not None
        await fake.wait_for(lambda: turn_of(dm.components) != turn, timeout=3)
        # her DM no longer offers the move she made
        assert len(handle.callbacks) == 1
        assert await alice_s_moves() == 1


async def test_a_dm_click_the_owner_answers_after_3_s_is_applied_and_answered(
    sharded: FakeDiscord, tmp_path: Path, pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Discord's 3 s shortened to 0.8: the owner takes 1.2 s to store Alice's move (a
    slow database). The receiver deferred the click before handing it over, so the owner
    still answers it, through its token: the move is made, her DM shows it, and nobody
    tells her it was not answered."""
    fake, world = sharded, world_on_shard_1(sharded)
    fake.interaction_timeout = 0.8
    channel = int(world.table.id)
    async with at_alice_s_turn(fake, world, tmp_path, pg_url) as (owner, game_id, turn):
        act = owner.tables.act

        async def slow_act(*args: Any) -> Any:
            await asyncio.sleep(1.2)
            return await act(*args)

        monkeypatch.setattr(owner.tables, "act", slow_act)
        handle = await click_alice_s_turn(fake, world, turn)
        dm = latest_dm(fake, world.alice)
        assert dm is not None
        await fake.wait_for(lambda: turn_of(dm.components) != turn, timeout=5)
        assert table_of(owner, channel).turn > turn
        assert [c["type"] for c in handle.callbacks] == [6]  # deferred by the receiver
        assert handle.errors == [] and handle.followups == []
        edits = fake.calls_to("PATCH", f"/webhooks/*/{handle.token}/messages/@original")
        assert [c.status for c in edits] == [200]
        assert (
            await settled(
                lambda: owner.storage.click_state(int(handle.id)), lambda s: s == "answered"
            )
            == "answered"
        )
