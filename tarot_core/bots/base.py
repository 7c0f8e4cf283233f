"""The one interface every computer player offers."""

from __future__ import annotations

from typing import Protocol

from ..actions import Action
from ..view import DealView


class Bot(Protocol):
    def act(self, view: DealView) -> Action:
        """A legal action for ``view.seat``; called only when that seat is to act. A view that
        no real deal can produce raises ``ImpossibleView`` (tarot_core.view_check) at once."""
        ...
