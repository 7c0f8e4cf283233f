"""The one narrow way out of the table service: what changed, for whom.

The Discord layer and the tests implement the same three methods. Everything passed is a
snapshot or a view, never engine state. Implementations must return quickly (queue slow
work such as Discord calls): they are called in order, while the table is held.
"""

from __future__ import annotations

from typing import Protocol

from tarot_core import DealView

from .events import Event
from .snapshot import TableSnapshot


class Presenter(Protocol):
    async def table_changed(self, table: TableSnapshot) -> None:
        """The public state moved on (a lobby change, an action, a new deal)."""

    async def tell_seat(
        self, table: TableSnapshot, seat: int, user_id: int, view: DealView
    ) -> None:
        """The private view of one human seat changed (its hand, or it is now to act)."""

    async def announce(self, table: TableSnapshot, event: Event) -> None:
        """Something worth a line of its own in the channel."""
