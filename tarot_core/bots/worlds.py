"""Worlds: complete deals consistent with one seat's view, for search by sampling.

A world deals the cards this seat cannot see among the other hands (and the hidden pile:
an unseen chien or another taker's écart), respecting every void and every card shown, and
is rebuilt as a ``Deal`` standing exactly where the real deal stands.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ..cards import EXCUSE, PETIT, TRUMPS, Card, Mask, cards_of, mask_of
from ..deal import Deal, protected_seat, sitting_out, trick_seats, trick_status
from ..rules import Contract
from ..view import DealView
from ..view_check import ImpossibleView
from .knowledge import Knowledge, Leanings
from .signals import LONG_TRUMPS

PILE = -1


class WorldSampler:
    """The worlds of one decision, drawn in proportion to ``weigh(world)`` (at most 1): how
    well the bids and play seen agree with it. Rejection sampling against the best weight
    seen so far, settling after ``tries`` draws for the likeliest world seen and lowering the
    bar to its weight, so that evidence no world fully meets does not cost every try of
    every world, and sampling never fails or loops. Which cards may go where is worked out
    once for all the draws."""

    def __init__(
        self,
        view: DealView,
        know: Knowledge,
        rng: random.Random,
        weigh: Callable[[Deal], float],
        tries: int,
    ) -> None:
        self.view, self.know, self.rng, self.weigh, self.tries = view, know, rng, weigh, tries
        self.problem = _problem(know, view)
        self.bar = 1.0

    def draw(self) -> Deal:
        """Raises ImpossibleView when no world fits the view (the voids it shows leave no
        place for some card)."""
        best: tuple[float, Deal] | None = None
        for _ in range(self.tries):
            hidden = _sample(self.problem, self.know, self.rng)
            if hidden is None:
                raise ImpossibleView("view", "no deal of the unseen cards fits what it shows")
            world = build_world(self.view, self.know, *hidden)
            weight = self.weigh(world)
            if weight >= self.bar or self.rng.random() * self.bar < weight:
                self.bar = max(self.bar, weight)
                return world
            if best is None or weight > best[0]:
                best = (weight, world)
        assert best is not None
        self.bar = best[0]
        return best[1]


Problem = tuple[list[Card], dict[Card, list[int]], dict[int, int]]
"""The cards to place, the slots each may go to, and each slot's room."""


def _sample(
    problem: Problem, know: Knowledge, rng: random.Random
) -> tuple[list[Mask], Mask] | None:
    cards, options, capacity = problem
    for _ in range(30):
        placed = _greedy(cards, options, dict(capacity), rng)
        if placed is not None:
            return _assemble(know, placed)
    placed = _matching(cards, options, capacity, rng)
    return _assemble(know, placed) if placed is not None else None


def _problem(know: Knowledge, view: DealView) -> Problem:
    n = know.players
    free = know.unseen
    for s in range(n):
        free &= ~know.known[s]
    slots: list[int] = []
    capacity: dict[int, int] = {}
    for s in range(n):
        if s == know.seat:
            continue
        room = view.hand_sizes[s] - know.known[s].bit_count()
        if room:
            capacity[s] = room
            slots.append(s)
    if know.hidden_pile:
        capacity[PILE] = know.hidden_pile
        slots.append(PILE)
    cards = cards_of(free)

    def allowed(card: Card, slot: int) -> bool:
        if slot == PILE:
            return bool(know.pile_allowed >> card & 1)
        return not know.excluded[slot] >> card & 1

    options = {c: [s for s in slots if allowed(c, s)] for c in cards}
    return cards, options, capacity


def _greedy(
    cards: list[Card], options: dict[Card, list[int]], capacity: dict[int, int], rng: random.Random
) -> dict[Card, int] | None:
    order = sorted(cards, key=lambda c: (len(options[c]), rng.random()))
    placed: dict[Card, int] = {}
    for card in order:
        open_slots = [s for s in options[card] if capacity[s] > 0]
        if not open_slots:
            return None
        total = sum(capacity[s] for s in open_slots)
        pick = rng.randrange(total)
        for slot in open_slots:
            pick -= capacity[slot]
            if pick < 0:
                break
        capacity[slot] -= 1
        placed[card] = slot
    return placed


def _matching(
    cards: list[Card], options: dict[Card, list[int]], capacity: dict[int, int], rng: random.Random
) -> dict[Card, int] | None:
    """Kuhn's augmenting paths over slot units: always finds a world when one exists."""
    units = [(s, k) for s, cap in capacity.items() for k in range(cap)]
    rng.shuffle(units)
    by_slot: dict[int, list[int]] = {}
    for i, (s, _) in enumerate(units):
        by_slot.setdefault(s, []).append(i)
    owner: dict[int, Card] = {}

    def augment(card: Card, seen: set[int]) -> bool:
        for slot in options[card]:
            for unit in by_slot.get(slot, []):
                if unit in seen:
                    continue
                seen.add(unit)
                if unit not in owner or augment(owner[unit], seen):
                    owner[unit] = card
                    return True
        return False

    for card in cards:
        if not augment(card, set()):
            return None
    return {card: units[unit][0] for unit, card in owner.items()}


def _assemble(know: Knowledge, placed: dict[Card, int]) -> tuple[list[Mask], Mask]:
    hands = list(know.known)
    pile = 0
    for card, slot in placed.items():
        if slot == PILE:
            pile |= 1 << card
        else:
            hands[slot] |= 1 << card
    return hands, pile


def build_world(view: DealView, know: Knowledge, hands: list[Mask], pile: Mask) -> Deal:
    """A Deal in the view's exact state, with these current hands and hidden pile."""
    rules = view.rules
    n = rules.players
    taker = view.taker
    shown_chien = view.chien is not None
    chien = mask_of(view.chien) if view.chien is not None else pile
    ecart: Mask = 0
    if shown_chien:
        ecart = mask_of(view.ecart) if view.ecart is not None else pile | mask_of(view.ecart_trumps)
    dealt = [hands[s] | know.played_by[s] for s in range(n)]
    if taker is not None and shown_chien:
        dealt[taker] = (dealt[taker] | ecart) & ~chien
    deal = Deal.__new__(Deal)  # no __init__: every slot is set below
    deal.rules = rules
    deal.n = n
    deal.dealer = view.dealer
    deal.skip = skip = sitting_out(rules, view.dealer)
    deal.size = rules.playing
    deal.dealt = tuple(dealt)
    deal.chien = chien
    deal.hands = list(hands)
    deal.phase = view.phase
    deal.to_act = view.to_act if view.to_act is not None else 0
    deal.bids = list(view.bids)
    deal.speakers = list(view.speakers)
    deal.contract = view.contract if view.contract is not None else Contract.PASS
    deal.taker = taker
    deal.called = view.called
    deal.partner = None
    if view.called is not None and taker is not None:
        deal.partner = next(
            (s for s in range(n) if s != taker and dealt[s] >> view.called & 1), None
        )
    deal.ecart = ecart
    deal.slam = view.slam_announced
    deal.petit_chelem = view.petit_chelem_announced
    deal.poignees = dict(view.poignees)
    deal.miseres = list(view.miseres)
    deal.misere_kinds = list(view.misere_kinds)
    deal.started = sum(1 << s for s in range(n) if know.played_by[s])
    deal.played = know.played
    deal.tricks = [t.cards for t in view.tricks]
    deal.leaders = [t.leader for t in view.tricks]
    deal.winners = [t.winner for t in view.tricks if t.winner is not None]
    deal.excuse_seat = None
    deal.excuse_trick = None
    for i, t in enumerate(view.tricks):
        if EXCUSE in t.cards:
            deal.excuse_seat = trick_seats(t.leader, len(t.cards), n, skip)[t.cards.index(EXCUSE)]
            deal.excuse_trick = i
    current = view.current
    deal.trick = list(current.cards) if current else []
    if current:
        deal.leader = current.leader
    elif view.tricks:
        deal.leader = deal.to_act
    else:
        deal.leader = taker if view.slam_announced and taker is not None else (view.dealer + 1) % n
    deal.led, deal.best_card, deal.best_seat, deal.max_trump = trick_status(
        deal.leader, deal.trick, n, skip
    )
    if EXCUSE in deal.trick:
        at = deal.trick.index(EXCUSE)
        deal.excuse_seat = trick_seats(deal.leader, at + 1, n, skip)[at]
        deal.excuse_trick = len(deal.tricks)
    deal.petit_sec_seats = ()
    deal.imprenable = _protected(view, know, dealt)
    deal.result = None
    return deal


def _protected(view: DealView, know: Knowledge, dealt: list[Mask]) -> int:
    """The world's protected Petit (docs/rules.md §11.2): the one the view shows; else, while the
    Petit is unplayed, whoever this world deals it alone (that seat's secret, not this one's)."""
    if view.petit_imprenable is not None:
        return view.petit_imprenable
    if know.played >> PETIT & 1:
        return -1
    return protected_seat(view.rules, dealt)


MISS = 0.05
"""The weight of a world for each piece of soft evidence it contradicts: a seat breaks a
convention now and then (a random or foreign bot never follows it), so such a world is
unlikely, not impossible."""


def agreement(world: Deal, lean: Leanings) -> float:
    """The likelihood (at most 1) of the evidence in ``lean`` if ``world`` were the deal."""
    weight = 1.0
    for seat, cards in lean.holds:
        if not world.dealt[seat] & cards:
            weight *= MISS
    for seat, cards in lean.lacks:
        if world.hands[seat] & cards:
            weight *= MISS
    for seat, long in lean.trumps:
        if ((world.dealt[seat] & TRUMPS).bit_count() >= LONG_TRUMPS) != long:
            weight *= MISS
    if lean.partner_odds:
        partner = world.partner
        weight *= lean.alone_odds if partner is None else lean.partner_odds[partner]
    return weight
