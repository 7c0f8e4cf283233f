"""A game at one table: a series of deals with the dealer moving on, and running totals."""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence

from .actions import Action, IllegalAction
from .deal import Deal
from .dealing import deal as deal_cards
from .refusals import IllegalActionCode
from .rules import Rules
from .scoring import Outcome


class Game:
    """Deals until ``deals`` of them have been played (voided deals do not count).

    The whole game follows from its seed and its list of actions, so a table can be rebuilt
    from its action log after a restart.
    """

    def __init__(
        self, rules: Rules, *, deals: int | None = None, dealer: int = 0, seed: int | None = None
    ) -> None:
        self.rules = rules
        self.seed = seed if seed is not None else secrets.randbits(128)
        self.rng = random.Random(self.seed)
        self.target = deals if deals is not None else rules.players
        if self.target < 1:
            raise ValueError("a game has at least one deal")
        self.deals: list[Deal] = []
        self.totals = [0] * rules.players
        self._start(dealer)

    @property
    def current(self) -> Deal:
        return self.deals[-1]

    @property
    def played(self) -> int:
        """Deals that count: those that were played, not voided."""
        return sum(
            1 for d in self.deals if d.result is not None and d.result.outcome == Outcome.PLAYED
        )

    @property
    def over(self) -> bool:
        return self.played >= self.target

    def apply(self, action: Action) -> None:
        """Apply to the current deal; when it ends, score it and deal the next one."""
        if self.over:
            raise IllegalAction("the game is over", code=IllegalActionCode.GAME_OVER)
        deal = self.current
        deal.apply(action)
        if deal.done:
            self._settle(deal)

    def _start(self, dealer: int) -> None:
        previous = self.deals[-1].card_order() if self.deals else None
        hands, chien = deal_cards(self.rng, self.rules, dealer, previous)
        deal = Deal(self.rules, dealer, hands, chien)
        self.deals.append(deal)
        if deal.done:  # petit sec: annulled at once
            self._settle(deal)

    def _settle(self, deal: Deal) -> None:
        assert deal.result is not None
        for seat, score in enumerate(deal.result.scores):
            self.totals[seat] += score
        if not self.over:
            self._start((deal.dealer + 1) % self.rules.players)


def ranks(totals: Sequence[int]) -> tuple[int, ...]:
    """Final standings: 1 + the number of seats with a strictly better total, so equal
    totals share a rank (1, 2, 2, 4)."""
    return tuple(1 + sum(other > total for other in totals) for total in totals)
