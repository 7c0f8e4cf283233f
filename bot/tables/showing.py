"""Showing a change through the presenter: the table, its events, each human's own view.

A presenter that fails must not undo or stop a change already stored, so every call to it
goes through ``Showing``, which logs the failure and goes on. A new thing to show is a
new ``Presenter`` method plus its guarded call here.
"""

from __future__ import annotations

import logging
from collections.abc import Hashable

from tarot_core import DealView, view

from ..failures import log_failure
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
        except Exception as e:
            log_failure(log, "presenter table_changed", e)

    async def announce(self, snapshot: TableSnapshot, event: Event) -> None:
        try:
            await self.presenter.announce(snapshot, event)
        except Exception as e:
            log_failure(log, "presenter announce", e)

    async def tell_seat(
        self, snapshot: TableSnapshot, seat: int, user_id: int, seen: DealView
    ) -> None:
        try:
            await self.presenter.tell_seat(snapshot, seat, user_id, seen)
        except Exception as e:  # the seat's view holds its hand: no text logged
            log_failure(log, "presenter tell_seat", e)

    async def show(self, table: Table, *events: Event) -> TableSnapshot:
        """The table as it is now, then each event as a line of its own, then each human
        whose own view changed: every change of a table goes through here, its end too
        (a stopped or finished game leaves no DM with a live control)."""
        snapshot = table.snapshot()
        await self.table_changed(snapshot)
        for event in events:
            await self.announce(snapshot, event)
        await self.tell_seats(table, snapshot)
        return snapshot

    async def tell_seats(self, table: Table, snapshot: TableSnapshot) -> None:
        """Each human seat whose DM would read differently is told its own view; the
        others are not told again. A waiting seat's DM does not name who is to act (the
        table does), so the other seats' moves do not change it: only its deal, its hand,
        the auction's best bid, the contract, the phase, its own turn and the game's end."""
        deal = table.deal
        if deal is None or table.status not in _TOLD:
            return
        for seat, holder in table.humans():
            assert holder.user_id is not None
            key = _dm_key(table, seat)
            if table.told.get(seat) != key:
                table.told[seat] = key
                await self.tell_seat(snapshot, seat, holder.user_id, view(deal, seat))


_TOLD = (TableStatus.PLAYING, TableStatus.FINISHED, TableStatus.STOPPED)
"""A game ended is told once more, so that no DM keeps a live control."""


def _dm_key(table: Table, seat: int) -> Hashable:
    """Everything a seat's DM shows, in a cheap form: a change of any of it is told."""
    deal = table.deal
    assert deal is not None and table.game is not None
    return (
        table.status,
        len(table.game.deals),
        deal.phase,
        deal.hands[seat],
        deal.ecart if deal.taker == seat else 0,
        table.turn if deal.to_act == seat and not deal.done else -1,
        deal.taker,  # with the contract: the best bid so far while bidding
        deal.contract,
        deal.called,
        tuple((s.user_id, s.level) if s is not None else None for s in table.seats),
    )
