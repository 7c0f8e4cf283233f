"""Hearing the clicks routed to this process, whatever happens to the connection that
LISTENs for them.

A NOTIFY reaches only the sessions listening when it is sent, and a session that dies
(server restarted, backend terminated, network cut) says so only if its socket closes. A
lost listener would leave every DM click for this process's tables refused, silently. So
the listener watches its connection (asyncpg's termination callback, and a ``SELECT 1``
every ``CHECK_EVERY`` seconds for one that died without a word), listens again on a new
one as soon as the server lets it, and then hears the clicks still pending that it missed
while deaf. Hearing a click twice is harmless: its claim is one UPDATE from 'pending'.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Collection
from typing import TYPE_CHECKING

import asyncpg

if TYPE_CHECKING:
    from .connections import Conn, Pool

log = logging.getLogger(__name__)

CHANNEL = "tarot_clicks"
"""The NOTIFY channel of routed clicks; a payload is ``"shard:interaction_id"``."""

DATABASE_NOW = "extract(epoch FROM clock_timestamp())"
"""When a click is routed, claimed or missed, in seconds: the database's clock, the one
all processes share (theirs may differ)."""

CHECK_EVERY = 5.0
"""Seconds between two checks that the listening connection still answers."""
CHECK_TIMEOUT = 2.0
"""Seconds a check may take before the connection is taken for dead."""
LISTEN_TIMEOUT = 10.0
"""Seconds one attempt to connect, LISTEN and read the missed clicks may take."""
RETRY_FIRST = 0.1
RETRY_MOST = 5.0
"""Seconds between two attempts to listen again: doubling from the first to the most."""
STOP_TIMEOUT = 5.0
"""Seconds ``stop`` waits for the connection to be handed back before closing it."""


class ClickListener:
    """Calls ``heard(interaction_id)`` for each click routed to one of ``shards``, on one
    connection of ``writers`` held from ``start`` to ``stop`` (replaced when lost)."""

    def __init__(
        self,
        writers: Pool,
        server: str,
        shards: Collection[int],
        heard: Callable[[int], None],
        within: float,
        *,
        check_every: float = CHECK_EVERY,
        check_timeout: float = CHECK_TIMEOUT,
    ) -> None:
        self.writers = writers
        self.server = server
        """The server and database, without the password, for the log."""
        self.shards = frozenset(shards)
        self.heard = heard
        self.within = within
        """Seconds after its routing a click can be claimed: older pending clicks are not
        heard on listening again (their receiver gave up on them)."""
        self.check_every = check_every
        self.check_timeout = check_timeout
        self.conn: Conn | None = None
        """The listening connection; None while listening again."""
        self.listens = 0
        """How many times it started listening (1 + the losses it recovered from)."""
        self._lost = asyncio.Event()
        self._watching: asyncio.Task[None] | None = None

    async def start(self) -> None:
        """Listen (raising what the first attempt raised), then keep listening."""
        if self._watching is not None:
            raise RuntimeError("this click listener is already started")
        await self._listen()
        self._watching = asyncio.get_running_loop().create_task(self._watch())
        self._watching.add_done_callback(self._watch_ended)

    async def stop(self) -> None:
        """Stop listening and hand the connection back to the pool (closed if that takes
        over ``STOP_TIMEOUT`` seconds)."""
        watching, self._watching = self._watching, None
        if watching is not None:
            watching.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await watching
        conn, self.conn = self.conn, None
        if conn is None:
            return
        try:
            async with asyncio.timeout(STOP_TIMEOUT):
                conn.remove_termination_listener(self._closed)
                await conn.remove_listener(CHANNEL, self._notified)
                await self.writers.release(conn)
        except Exception:
            await self._discard(conn)

    # ----- listening ----------------------------------------------------------------------

    async def _listen(self) -> None:
        """Take a connection, LISTEN on it, then hear the clicks missed meanwhile (after
        the LISTEN, so that none falls between the two)."""
        async with asyncio.timeout(LISTEN_TIMEOUT):
            conn = await self.writers.acquire()
            try:
                self._lost.clear()
                conn.add_termination_listener(self._closed)
                await conn.add_listener(CHANNEL, self._notified)
                missed = await conn.fetch(
                    "SELECT id FROM routed_clicks"
                    " WHERE state = 'pending' AND shard = ANY($1::int[])"
                    f" AND at > {DATABASE_NOW} - $2"
                    " ORDER BY at",
                    sorted(self.shards),
                    self.within,
                )
            except BaseException:
                await self._discard(conn)
                raise
        self.conn = conn
        self.listens += 1
        for row in missed:
            self.heard(int(row[0]))

    def _notified(self, conn: object, pid: int, channel: str, payload: object) -> None:
        shard, _, click = str(payload).partition(":")
        try:
            wanted, interaction_id = int(shard) in self.shards, int(click)
        except ValueError:
            log.warning("a %s notification that is no click was ignored", CHANNEL)
            return
        if wanted:
            self.heard(interaction_id)

    def _closed(self, conn: object) -> None:
        if conn is self.conn:  # not one this listener has already let go
            self._lost.set()

    # ----- watching -----------------------------------------------------------------------

    async def _watch(self) -> None:
        while True:
            why = await self._until_lost()
            log.warning(
                "routed clicks: the listening connection to %s was lost (%s); listening again",
                self.server,
                why,
            )
            conn, self.conn = self.conn, None
            if conn is not None:
                await self._discard(conn)
            await self._listen_again()
            log.info("routed clicks: listening on %s again", self.server)

    async def _until_lost(self) -> str:
        """Why the connection is no longer listening, once it is not."""
        while True:
            try:
                async with asyncio.timeout(self.check_every):
                    await self._lost.wait()
                return "it closed"
            except TimeoutError:
                pass
            assert self.conn is not None
            try:
                async with asyncio.timeout(self.check_timeout):
                    await self.conn.fetchval("SELECT 1")
            except TimeoutError:
                return f"no answer to a check within {self.check_timeout:g} s"
            except Exception as e:
                return f"a check failed: {type(e).__name__}"

    async def _listen_again(self) -> None:
        """Until it works, waiting longer and longer between the attempts."""
        wait = RETRY_FIRST
        while True:
            try:
                await self._listen()
                return
            except Exception as e:
                log.debug("routed clicks: listening again failed (%s)", type(e).__name__)
            await asyncio.sleep(wait)
            wait = min(wait * 2, RETRY_MOST)

    def _watch_ended(self, watching: asyncio.Task[None]) -> None:
        """Only ``stop`` should end the watch: say so loudly if anything else did."""
        if not watching.cancelled() and watching.exception() is not None:
            error = watching.exception()
            log.error(
                "routed clicks: no longer listening on %s: %s", self.server, type(error).__name__
            )

    async def _discard(self, conn: Conn) -> None:
        """Close a connection for good and free its place in the pool."""
        with contextlib.suppress(asyncpg.InterfaceError):  # it was freed when it closed
            conn.remove_termination_listener(self._closed)
            conn.terminate()
        with contextlib.suppress(Exception):
            await self.writers.release(conn)
