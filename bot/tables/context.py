"""What every part of the table service shares, in one object handed to each part.

The parts the manager hands its calls to keep no table state of their own: the open
tables, storage, the presenter (behind ``Showing``), the settings, the clock and the
background tasks are here, so that every part sees the same ones and ``TableManager`` can
wait for or end them all.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Coroutine
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

from ..failures import log_failure
from ..storage import TableStorage
from .clock import Clock
from .errors import RefusalCode, Refused
from .settings import TableSettings
from .showing import Showing
from .table import Table

log = logging.getLogger(__name__)


@dataclass(eq=False)
class TableContext:
    storage: TableStorage
    showing: Showing
    settings: TableSettings
    clock: Clock
    tables: dict[int, Table] = field(default_factory=dict)
    """The open tables by channel: at most one per channel."""
    tasks: set[asyncio.Task[None]] = field(default_factory=set)
    """Bot moves and timer actions under way: ``settle`` waits for them, ``close`` ends them."""

    def get(self, channel_id: int) -> Table:
        table = self.tables.get(channel_id)
        if table is None:
            raise Refused(RefusalCode.NO_TABLE, "there is no table in this channel")
        return table

    @asynccontextmanager
    async def saving(self) -> AsyncIterator[None]:
        """Storage failures become a refusal the player can read; nothing was changed."""
        try:
            yield
        except Refused:
            raise
        except Exception as e:  # its text may quote what was written: a hand's cards
            log_failure(log, "a table write", e)
            raise Refused(RefusalCode.STORAGE, "the table could not save this; try again") from None

    def spawn(self, coro: Coroutine[Any, Any, None]) -> None:
        """Run ``coro`` in the background, kept in ``tasks`` until it ends."""
        task = asyncio.get_running_loop().create_task(coro)
        self.tasks.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[None]) -> None:
        self.tasks.discard(task)
        error = None if task.cancelled() else task.exception()
        if error is not None:
            log_failure(log, "a table task", error)
