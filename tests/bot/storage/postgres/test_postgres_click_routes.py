"""Clicks routed between processes through PostgreSQL, on a real server: a click is claimed
by its owner or refused by its receiver, exactly one of the two; and the owner keeps
hearing its clicks when its listening connection is terminated, dies without a word, or
the server restarts, including the clicks routed while it was deaf."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sys
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import asyncpg
import pytest

from bot.storage import open_storage
from bot.storage.postgres import PostgresStorage
from bot.storage.postgres.listening import ClickListener

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))  # tests/: the server helper
from pg_server import PostgresServer  # noqa: E402

WITHIN = 5.0
"""Seconds after routing a claim may succeed, in the tests that do not test that bound."""
WAIT = 10.0
"""Seconds a test waits for what must happen (a click heard, a listener back) at most."""
LISTENER_LOG = "bot.storage.postgres.listening"
DOWN = (asyncpg.PostgresError, asyncpg.InterfaceError, OSError)
"""What a write raises while the server is away."""


async def open_pg(url: str) -> PostgresStorage:
    db = await open_storage(url)
    assert isinstance(db, PostgresStorage)
    return db


@contextlib.asynccontextmanager
async def opened(url: str) -> AsyncIterator[PostgresStorage]:
    db = await open_pg(url)
    try:
        yield db
    finally:
        await db.close()


async def eventually(check: Callable[[], bool], what: str, timeout: float = WAIT) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            pytest.fail(f"{what}: not within {timeout:g} s", pytrace=False)
        await asyncio.sleep(0.02)


class Heard:
    """What a listener heard, in order."""

    def __init__(self) -> None:
        self.ids: list[int] = []

    def __call__(self, interaction_id: int) -> None:
        self.ids.append(interaction_id)

    async def until(self, interaction_id: int) -> None:
        await eventually(lambda: interaction_id in self.ids, f"click {interaction_id} heard")


def listener_of(db: PostgresStorage) -> ClickListener:
    listener = db._listening
    assert isinstance(listener, ClickListener), "the storage is not listening"
    return listener


def click(n: int) -> dict[str, object]:
    return {"id": str(n), "type": 3, "data": {"custom_id": f"play:{n}"}}


# ----- claimed once or refused once ---------------------------------------------------------


async def test_a_routed_click_is_claimed_once_and_then_cannot_be_refused(pg_url: str) -> None:
    async with opened(pg_url) as receiver, opened(pg_url) as owner:
        await receiver.route_click(11, 2, click(11))
        assert await receiver.click_state(11) == "pending"
        assert await owner.claim_click(11, WITHIN) == click(11)
        assert await owner.claim_click(11, WITHIN) is None
        assert await receiver.refuse_click(11) is False
        assert await receiver.click_state(11) == "taken"

        await receiver.route_click(12, 2, click(12))
        assert await receiver.refuse_click(12) is True
        assert await owner.claim_click(12, WITHIN) is None
        assert await receiver.refuse_click(12) is False
        assert await owner.click_state(12) == "refused"

        assert await owner.claim_click(13, WITHIN) is None  # never routed
        assert await receiver.refuse_click(13) is False
        assert await owner.click_state(13) is None


async def test_nobody_claims_a_click_once_its_receiver_stopped_waiting(pg_url: str) -> None:
    """Even one its receiver could not mark refused (the database was away then): the
    bound is the database's clock, so the owner cannot apply a move its player was told
    had failed."""
    async with opened(pg_url) as receiver, opened(pg_url) as owner:
        await receiver.route_click(21, 2, click(21))
        await asyncio.sleep(0.3)
        assert await owner.claim_click(21, 0.2) is None
        assert await owner.click_state(21) == "pending"
        assert await owner.claim_click(21, 5.0) == click(21)  # within a longer wait


async def test_only_a_taken_click_is_marked_answered(pg_url: str) -> None:
    async with opened(pg_url) as receiver, opened(pg_url) as owner:
        for n in (31, 32):
            await receiver.route_click(n, 2, click(n))
        await owner.answer_click(31)  # pending: the owner has not taken it
        assert await owner.click_state(31) == "pending"
        assert await owner.claim_click(31, WITHIN) == click(31)
        await owner.answer_click(31)
        assert await receiver.click_state(31) == "answered"
        assert await receiver.refuse_click(31) is False
        assert await receiver.refuse_click(32) is True
        await owner.answer_click(32)
        assert await receiver.click_state(32) == "refused"


async def test_a_claim_and_a_refusal_at_once_never_both_win(pg_url: str) -> None:
    async with opened(pg_url) as receiver, opened(pg_url) as owner:
        for n in range(40):
            await receiver.route_click(n, 0, click(n))
            claims = [owner.claim_click(n, WITHIN), receiver.refuse_click(n)]
            if n % 2:  # either may be sent first
                claims.reverse()
            results = await asyncio.gather(*claims)
            payload, refused = results if n % 2 == 0 else results[::-1]
            assert (payload is not None) != refused, f"click {n}: {payload=} {refused=}"
            state = await owner.click_state(n)
            assert state == ("refused" if refused else "taken")


# ----- the listener ------------------------------------------------------------------------


async def test_the_listener_hears_the_clicks_of_its_shards_only(pg_url: str) -> None:
    async with opened(pg_url) as receiver, opened(pg_url) as owner:
        heard = Heard()
        await owner.listen_clicks({1, 2}, heard, WITHIN)
        await receiver.readers.execute("SELECT pg_notify('tarot_clicks', 'no click')")
        for n, shard in ((100, 0), (101, 1), (102, 3), (103, 2)):
            await receiver.route_click(n, shard, click(n))
        await heard.until(103)  # notifications arrive in commit order: all are in
        assert heard.ids == [101, 103]
        assert listener_of(owner).listens == 1  # a stray notification harms nothing


async def test_pending_clicks_of_its_shards_are_heard_on_listening_unless_stale(
    pg_url: str,
) -> None:
    async with opened(pg_url) as receiver, opened(pg_url) as owner:
        await receiver.route_click(1, 1, click(1))  # waiting for its owner, who starts now
        await receiver.route_click(2, 0, click(2))  # another process's
        await receiver.route_click(3, 1, click(3))
        assert await receiver.refuse_click(3)
        await receiver.route_click(4, 1, click(4))  # its receiver gave up on it long ago
        conn = await asyncpg.connect(pg_url)
        try:
            await conn.execute("UPDATE routed_clicks SET at = at - 60 WHERE id = 4")
        finally:
            await conn.close()
        heard = Heard()
        await owner.listen_clicks({1}, heard, WITHIN)
        assert heard.ids == [1]


async def test_a_terminated_listener_listens_again_and_hears_what_it_missed(
    pg_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger=LISTENER_LOG)
    async with opened(pg_url) as receiver, opened(pg_url) as owner:
        heard = Heard()
        await owner.listen_clicks({1}, heard, WITHIN)
        listener = listener_of(owner)
        assert listener.conn is not None
        pid = listener.conn.get_server_pid()
        # Deaf for a while: no new connection to this database is let in.
        await admin(pg_url, f"ALTER DATABASE {database(pg_url)} ALLOW_CONNECTIONS false")
        assert await receiver.readers.fetchval("SELECT pg_terminate_backend($1)", pid)
        await eventually(lambda: listener.conn is None, "the loss noticed")
        await receiver.route_click(1, 1, click(1))  # while it is deaf
        await receiver.route_click(2, 0, click(2))
        await admin(pg_url, f"ALTER DATABASE {database(pg_url)} ALLOW_CONNECTIONS true")

        await heard.until(1)
        assert listener.conn is not None and listener.conn.get_server_pid() != pid
        await receiver.route_click(3, 1, click(3))  # and it hears again
        await heard.until(3)
        assert heard.ids == [1, 3]
    lines = [r for r in caplog.records if r.name == LISTENER_LOG]
    assert [r.levelname for r in lines] == ["WARNING", "INFO"]
    assert all(r.exc_info is None and "\n" not in r.getMessage() for r in lines)
    assert database(pg_url) in lines[0].getMessage()


async def test_a_listener_whose_connection_dies_without_a_word_listens_again(
    pg_url: str,
) -> None:
    async with opened(pg_url) as receiver, Proxy(pg_url) as proxy:
        writers = await asyncpg.create_pool(proxy.url, min_size=1, max_size=2)
        heard = Heard()
        listener = ClickListener(
            writers, "through the proxy", {5}, heard, WITHIN, check_every=0.2, check_timeout=0.3
        )
        try:
            await listener.start()
            await receiver.route_click(1, 5, click(1))
            await heard.until(1)
            assert await receiver.claim_click(1, WITHIN) == click(1)  # else heard again
            proxy.cut()  # the network drops every packet of the connections open now
            await eventually(lambda: listener.listens == 2, "listening again")
            await receiver.route_click(2, 5, click(2))
            await heard.until(2)
            assert heard.ids == [1, 2]
        finally:
            await listener.stop()
            writers.terminate()


@pytest.mark.usefixtures("pg_server")  # for its skip-or-fail rule when PostgreSQL is absent
async def test_after_a_server_restart_writes_fail_then_work_and_clicks_are_heard() -> None:
    with PostgresServer() as server:
        async with opened(server.url) as db:
            heard = Heard()
            await db.listen_clicks({0}, heard, WITHIN)
            with pytest.raises(DOWN):
                async with db.transaction():
                    await db.route_click(1, 0, click(1))
                    await asyncio.to_thread(server.stop)
            with pytest.raises(DOWN):
                await db.route_click(2, 0, click(2))
            await asyncio.to_thread(server.start)

            await db.route_click(3, 0, click(3))
            await heard.until(3)  # heard on listening again, or as it is routed
            await db.route_click(4, 0, click(4))
            await heard.until(4)
            assert await db.click_state(1) is None  # nothing of a broken write was kept
            assert await db.click_state(2) is None
            assert await db.claim_click(3, WITHIN) == click(3)
            assert set(heard.ids) == {3, 4}  # 3 twice if routed between LISTEN and replay


# ----- a network that can be cut -----------------------------------------------------------


def database(url: str) -> str:
    return url.rsplit("/", 1)[1]


async def admin(url: str, statement: str) -> None:
    """Runs ``statement`` from the server's ``postgres`` database (a database's own
    connections may not alter some of its settings)."""
    conn = await asyncpg.connect(url.rsplit("/", 1)[0] + "/postgres")
    try:
        await conn.execute(statement)
    finally:
        await conn.close()


class Proxy:
    """A TCP relay to the server whose open connections can be cut as a network failure
    would: their packets stop flowing and neither end is told."""

    def __init__(self, url: str) -> None:
        rest = url.split("@", 1)[1]
        self.host, _, port_and_db = rest.partition(":")
        port, _, self.database = port_and_db.partition("/")
        self.port = int(port)
        self.user = url.split("//", 1)[1].split("@", 1)[0]
        self.url = ""
        self._server: asyncio.Server | None = None
        self._pumps: set[asyncio.Task[None]] = set()
        self._writers: list[asyncio.StreamWriter] = []

    async def __aenter__(self) -> Proxy:
        self._server = await asyncio.start_server(self._relay, "127.0.0.1", 0)
        port = self._server.sockets[0].getsockname()[1]
        self.url = f"postgresql://{self.user}@127.0.0.1:{port}/{self.database}"
        return self

    async def __aexit__(self, *exc: object) -> None:
        self.cut()
        for writer in self._writers:
            writer.close()
        if self._server is not None:
            self._server.close()

    def cut(self) -> None:
        """The connections open now carry nothing more; new ones work."""
        for pump in self._pumps:
            pump.cancel()
        self._pumps.clear()

    async def _relay(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        up_reader, up_writer = await asyncio.open_connection(self.host, self.port)
        self._writers += [writer, up_writer]
        for source, sink in ((reader, up_writer), (up_reader, writer)):
            pump = asyncio.get_running_loop().create_task(self._pump(source, sink))
            self._pumps.add(pump)

    @staticmethod
    async def _pump(source: asyncio.StreamReader, sink: asyncio.StreamWriter) -> None:
        while data := await source.read(65536):
            sink.write(data)
            await sink.drain()
