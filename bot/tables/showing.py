"""Showing a change through the presenter: the table, its events, each human's own view.

A presenter that fails must not undo or stop a change already stored, so every call to it
goes through ``Showing``, which logs the failure and goes on. A new thing to show is a
new ``Presenter`` method plus its guarded call here.
"""

from __future__ import annotations

import logging

from tarot_core import DealView, view

from .events import Event
from .presenter import Presenter
from .snapshot import TableSnapshot
from .status import TableStatus
from .table import Table

log = logging.getLogger(__name__)


class Showing:
    def __init__(self, presenter: Presenter) -> None:
        self.presenter = presenter

    async def table_changed(self, snapshot: TableSnapshot) -> None:
        try:
            await self.presenter.table_changed(snapshot)
        except Exception:
            log.exception("presenter table_changed failed")

    async def announce(self, snapshot: TableSnapshot, event: Event) -> None:
        try:
            await self.presenter.announce(snapshot, event)
        except Exception:
            log.exception("presenter announce failed")

    async def tell_seat(
        self, snapshot: TableSnapshot, seat: int, user_id: int, seen: DealView
    ) -> None:
        try:
            await self.presenter.tell_seat(snapshot, seat, user_id, seen)
        except Exception:
            log.exception("presenter tell_seat failed")

    async def show(self, table: Table, *events: Event) -> TableSnapshot:
        """The table as it is now, then each event as a line of its own."""
        snapshot = table.snapshot()
        await self.table_changed(snapshot)
        for event in events:
            await self.announce(snapshot, event)
        return snapshot

    async def tell_seats(self, table: Table, snapshot: TableSnapshot) -> None:
        """Each human seat whose own view changed (its deal, its hand, its turn to act) is
        told it; the others are not told again."""
        deal = table.deal
        if deal is None or table.status != TableStatus.PLAYING:
            return
        number = len(table.game.deals) if table.game is not None else 0
        for seat, holder in table.humans():
            assert holder.user_id is not None
            key = (number, deal.hands[seat].bit_count(), table.turn if deal.to_act == seat else -1)
            if table.told.get(seat) != key:
                table.told[seat] = key
                await self.tell_seat(snapshot, seat, holder.user_id, view(deal, seat))
