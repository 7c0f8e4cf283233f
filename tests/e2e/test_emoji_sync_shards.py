"""Card faces with several processes on one PostgreSQL (issue 23): only the process running
shard 0 uploads them, under a database lock, so two starting at once upload each face
once; a process without shard 0 never uploads or deletes an emoji and shows the faces the
other stored, once Discord lists them all."""

from __future__ import annotations

import asyncio
from pathlib import Path

import discord
import pytest
from drivers import make_bot
from fake_discord import FakeDiscord, World, point_discord_py_at, run_client
from test_card_emojis import tiny_faces

from bot.discord import emojis
from bot.discord.client import TarotBot
from bot.discord.emojis import CardEmojis, load_card_emojis
from bot.storage import open_storage

CREATES = ("POST", "/applications/*/emojis")
DELETES = ("DELETE", "/applications/*/emojis/*")
SYNC_TIMEOUT = 10.0


@pytest.fixture
def images(monkeypatch: pytest.MonkeyPatch) -> dict[str, bytes]:
    """A tiny picture for every face any language shows (the real ones take a while)."""
    return tiny_faces(monkeypatch, "green")


def process(tmp_path: Path, pg_url: str, shard: int) -> TarotBot:
    (tmp_path / f"shard{shard}").mkdir(exist_ok=True)
    return make_bot(
        tmp_path / f"shard{shard}", TAROT_DB=pg_url, TAROT_SHARD_COUNT="2", TAROT_SHARDS=str(shard)
    )


def ids(registry: CardEmojis) -> dict[str, int | None]:
    return {
        stem: None if (e := registry.emoji(stem)) is None else e.id for stem in emojis.face_stems()
    }


async def test_a_process_without_shard_0_never_uploads_and_shows_the_faces_stored(
    fake: FakeDiscord,
    world: World,
    tmp_path: Path,
    pg_url: str,
    images: dict[str, bytes],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(emojis, "FOLLOW_EVERY", 0.05)
    stale = fake.add_application_emoji("c99_0123abcd")  # ours, a face no longer drawn
    other = process(tmp_path, pg_url, 1)
    async with run_client(fake, other):
        await asyncio.wait_for(other.card_emojis.settled.wait(), SYNC_TIMEOUT)
        await asyncio.sleep(0.2)  # it looks a few times: nothing stored yet
        assert not other.card_emojis.ready
        assert fake.calls_to(*CREATES) == [] and fake.calls_to(*DELETES) == []
        first = process(tmp_path, pg_url, 0)
        async with run_client(fake, first):
            task = first._card_emojis_sync
            assert task is not None
            await asyncio.wait_for(asyncio.shield(task), SYNC_TIMEOUT)
            assert first.card_emojis.ready
            await fake.wait_for(lambda: other.card_emojis.ready, SYNC_TIMEOUT)
            assert ids(other.card_emojis) == ids(first.card_emojis)
    assert len(fake.calls_to(*CREATES)) == len(images)
    assert fake.calls_to(*DELETES) == [] and fake.application_emoji(stale.id) is not None


async def test_two_processes_syncing_at_once_upload_each_face_once(
    fake: FakeDiscord, world: World, pg_url: str, images: dict[str, bytes]
) -> None:
    """Two shard-0 processes at once (a rolling restart): the second waits for the
    first's sync under the lock, then finds every face there."""
    undo = point_discord_py_at(fake)
    clients = [discord.Client(intents=discord.Intents.none()) for _ in range(2)]
    storages = [await open_storage(pg_url) for _ in range(2)]
    registries = [CardEmojis(), CardEmojis()]
    try:
        for client in clients:
            await client.login(fake.token)
        await asyncio.wait_for(
            asyncio.gather(
                *(
                    load_card_emojis(client, registry, None, storage)
                    for client, registry, storage in zip(clients, registries, storages, strict=True)
                )
            ),
            SYNC_TIMEOUT,
        )
    finally:
        for client in clients:
            await client.close()
        for storage in storages:
            await storage.close()
        undo()
    assert all(r.ready for r in registries)
    assert ids(registries[0]) == ids(registries[1])
    assert len(fake.calls_to(*CREATES)) == len(images)
