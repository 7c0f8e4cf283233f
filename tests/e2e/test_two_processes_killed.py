"""Two real bot processes on one PostgreSQL, each running one of two gateway shards; the
one that owns the table (its server is on shard 1) is SIGKILLed in the middle of a deal
while Alice and Bob play from their DMs (delivered on shard 0, to the other process, so
every click crosses over), then started again: the game goes on from where it was and
ends with every deal recorded once (issue 13)."""

from __future__ import annotations

import asyncio
import signal
from pathlib import Path
from typing import Any

import asyncpg
from drivers import BotProcess, fill_lobby, open_lobby, press_start, settled
from fake_discord import FakeDiscord, build_world
from test_resilience import FAST_EDITS, Press, play


class Watched:
    """The game's status and deals as the database has them, read every 50 ms, so that
    the players' loop (which asks synchronously) sees them."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.status: str | None = None
        self.deals: list[int] = []
        self._task: asyncio.Task[None] | None = None
        self._lock = asyncio.Lock()  # one connection: one query at a time

    async def __aenter__(self) -> Watched:
        self.conn: Any = await asyncpg.connect(self.url)
        self._task = asyncio.get_running_loop().create_task(self._watch())
        return self

    async def __aexit__(self, *exc: object) -> None:
        assert self._task is not None
        self._task.cancel()
        await asyncio.gather(self._task, return_exceptions=True)
        await self.conn.close()

    async def fetch(self, query: str) -> list[Any]:
        async with self._lock:
            return list(await self.conn.fetch(query))

    async def fetchval(self, query: str) -> Any:
        async with self._lock:
            return await self.conn.fetchval(query)

    async def _watch(self) -> None:
        while True:
            self.status = await self.fetchval("SELECT status FROM games ORDER BY id LIMIT 1")
            rows = await self.fetch("SELECT number FROM deals ORDER BY number")
            self.deals = [int(r[0]) for r in rows]
            await asyncio.sleep(0.05)


async def test_the_owner_killed_mid_deal_restarts_and_every_deal_is_recorded_once(
    sharded: FakeDiscord, tmp_path: Path, pg_url: str
) -> None:
    fake = sharded
    world = build_world(fake, shard=1, shard_count=2)
    runners = []
    for shard in (0, 1):
        folder = tmp_path / f"shard{shard}"
        folder.mkdir()
        runners.append(
            BotProcess(
                fake,
                world,
                folder,
                "test_resilience",  # the bot, with the presenter's pacing made fast
                FAKE_EDIT_INTERVAL=FAST_EDITS,
                FAKE_GLOBAL_LIMIT=str(fake.global_limit),
                TAROT_DB=pg_url,
                TAROT_SHARD_COUNT="2",
                TAROT_SHARDS=str(shard),
            )
        )
    dms, owner = runners
    try:
        await dms.spawn()
        first = await owner.spawn()
        await fake.wait_for(lambda: sorted(fake.connected_shards) == [0, 1], 30, owner.logs())
        async with Watched(pg_url) as db:
            lobby = await open_lobby(fake, world, players=3, deals=2)
            await fill_lobby(fake, world, lobby, [world.bob], bots=1)
            await asyncio.sleep(0.3)
            await press_start(fake, world, lobby)
            presses: list[Press] = []
            humans = [world.alice, world.bob]

            def finished() -> bool:
                return db.status == "finished"

            found = await play(
                fake,
                humans,
                finished,
                presses,
                stop=lambda: sum(p.kind == "card" for p in presses) >= 6,
                timeout=30,
            )
            assert found is not None, "the game ended before the middle of a deal"
            recorded = list(db.deals)
            before_kill = len(presses)

            first.send_signal(signal.SIGKILL)
            await first.wait()
            await fake.wait_for(lambda: 1 not in fake.connected_shards, 10)
            await owner.spawn()
            await fake.wait_for(lambda: sorted(fake.connected_shards) == [0, 1], 30, owner.logs())

            await play(fake, humans, finished, presses, timeout=30)
            await fake.wait_for(finished, 30, owner.logs())
            deals = list(db.deals)

            # Every press crossed over through the database, was taken by the owner and
            # marked answered once answered; all but perhaps the last press before the
            # kill, answered and then killed before its mark (the last mark after the
            # game may still be on its way).
            async def unmarked() -> list[int]:
                rows = await db.fetch("SELECT state FROM routed_clicks ORDER BY at")
                assert len(rows) == len(presses)
                assert {r[0] for r in rows} <= {"taken", "answered"}
                return [i for i, r in enumerate(rows) if r[0] != "answered"]

            left = await settled(unmarked, lambda found: found in ([], [before_kill - 1]))
            assert left in ([], [before_kill - 1])
            clicks = [i for i in fake.interactions.values() if i.type == 3 and i.channel.is_dm]
            assert [len(i.callbacks) for i in clicks] == [1] * len(presses)  # once each
        assert deals[: len(recorded)] == recorded  # nothing recorded before was lost
        assert deals == list(range(1, len(deals) + 1))  # each deal once, none missing
        assert len(deals) >= 2
    finally:
        for runner in runners:
            await runner.kill_all()
