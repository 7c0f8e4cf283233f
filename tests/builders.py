"""Builders for precise deal situations in unit tests.

Hands are written in the card notation of docs/rules.md (``"T21 KS 10H EX"``). A hand or chien
given only in part is completed deterministically from the cards nobody was given, and a
seat can be *closed* to some suits so that the filler never adds cards of them: that is how
a test says "seat 1 holds exactly these spades and these trumps, and nothing else of them".
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pytest

from tarot_core.actions import Action, Bid, Call, DeclareSlam, Discard, IllegalAction, Play
from tarot_core.cards import (
    DECK_SIZE,
    EXCUSE,
    PETIT,
    Card,
    Mask,
    cards_of,
    format_card,
    format_cards,
    mask_of,
    parse_cards,
    suit_card,
    trump,
)
from tarot_core.deal import SLOTS as DEAL_SLOTS
from tarot_core.deal import Deal, Phase
from tarot_core.rules import Contract, Rules
from tarot_core.view import DealView


def cards(text: str) -> list[Card]:
    """``"T1 KS EX"`` -> card ids, in the order written."""
    return parse_cards(text.split())


def mask(text: str) -> Mask:
    return mask_of(cards(text))


def _fill_order() -> list[Card]:
    """Every card, interleaved (all the 1s, the Petit, all the 2s, T2, ...) so that a seat
    completed by the filler gets a mix of suits and trumps."""
    order: list[Card] = []
    for rank in range(1, 22):
        if rank <= 14:
            order += [suit_card(rank, s) for s in range(4)]
        order.append(trump(rank))
    order.append(EXCUSE)
    assert sorted(order) == list(range(DECK_SIZE))
    return order


FILL_ORDER = _fill_order()


def _kind(card: Card) -> str:
    if card == EXCUSE:
        return "X"
    if card >= PETIT:
        return "T"
    return "SHDC"[card // 14]


def fill(
    rules: Rules,
    hands: dict[int, str] | None = None,
    chien: str = "",
    closed: dict[int, str] | None = None,
) -> tuple[list[Mask], Mask]:
    """Complete partial ``hands`` (seat -> cards) and a partial ``chien``.

    ``closed`` maps a seat to the kinds the filler must not add to it: suit letters ``SHDC``,
    ``T`` for trumps, ``X`` for the Excuse. The free cards go round-robin, in FILL_ORDER, to
    the seats and the chien that still have room.
    """
    hands = hands or {}
    closed = closed or {}
    n = rules.players
    slots: list[list[Card]] = [cards(hands.get(s, "")) for s in range(n)] + [cards(chien)]
    sizes = [rules.hand_size] * n + [rules.chien_size]
    used = [c for slot in slots for c in slot]
    if len(used) != len(set(used)):
        raise ValueError("a card is given twice")
    for i, slot in enumerate(slots):
        if len(slot) > sizes[i]:
            raise ValueError(f"slot {i} has {len(slot)} cards, more than {sizes[i]}")
    free = [c for c in FILL_ORDER if c not in set(used)]
    # Closed seats first (they can take only some cards), then everyone with room.
    free = _round_robin(free, slots, sizes, [i for i in range(n) if closed.get(i)], closed)
    free = _round_robin(free, slots, sizes, list(range(n + 1)), closed)
    if free:
        raise ValueError(f"no room for {format_cards(free)} with these closed suits")
    return [mask_of(s) for s in slots[:n]], mask_of(slots[n])


def _round_robin(
    free: list[Card],
    slots: list[list[Card]],
    sizes: list[int],
    order: list[int],
    closed: dict[int, str],
) -> list[Card]:
    """Give each free card to the next slot of ``order`` with room that accepts it; return
    the cards nobody took."""
    left = []
    turn = 0
    for card in free:
        for k in range(len(order)):
            i = order[(turn + k) % len(order)]
            if len(slots[i]) < sizes[i] and _kind(card) not in closed.get(i, ""):
                slots[i].append(card)
                turn = (turn + k + 1) % len(order)
                break
        else:
            left.append(card)
    return left


def make_deal(
    players: int = 4,
    dealer: int | None = None,
    hands: dict[int, str] | None = None,
    chien: str = "",
    closed: dict[int, str] | None = None,
    rules: Rules | None = None,
    allow_done: bool = False,
) -> Deal:
    """A fresh deal (BIDDING). The dealer defaults to the last seat, so seat 0 speaks first.

    Unless ``allow_done``, a deal that the filler accidentally made a petit sec is an error
    of the test, not a finished deal."""
    rules = rules or Rules(players=players)
    if dealer is None:
        dealer = rules.players - 1
    dealt, ch = fill(rules, hands, chien, closed)
    deal = Deal(rules, dealer, dealt, ch)
    if deal.done and not allow_done:
        raise AssertionError(f"builder made a finished deal: {deal.result}")
    return deal


def speaking_order(deal: Deal) -> list[int]:
    """Every seat that speaks, from the seat after the dealer (a dealer who sits out is last
    and speaks not)."""
    n = deal.n
    return [(deal.dealer + 1 + i) % n for i in range(deal.size)]


def bid_round(deal: Deal, bids: dict[int, Contract]) -> None:
    """Every seat speaks once, in order: its bid in ``bids``, or pass."""
    for seat in speaking_order(deal):
        deal.apply(Bid(seat, bids.get(seat, Contract.PASS)))


def first_discards(deal: Deal) -> None:
    """Complete the écart one legal Discard at a time (lowest ids first)."""
    while deal.phase == Phase.ECART:
        assert deal.taker is not None
        deal.apply(Discard(deal.taker, cards_of(deal.discardable())[0]))


def start_play(
    deal: Deal,
    taker: int | None = None,
    contract: Contract = Contract.GARDE_SANS,
    call: str | None = None,
    slam: bool = False,
) -> Deal:
    """Bid ``contract`` for ``taker`` (default: the first to speak), others pass; call
    ``call`` (or the first callable King) at 5 players, complete any écart, declare or not
    a slam. The deal is then at its first card."""
    if taker is None:
        taker = speaking_order(deal)[0]
    bid_round(deal, {taker: contract})
    if deal.phase == Phase.CALLING:
        card = cards(call)[0] if call else cards_of(deal.callable_cards())[0]
        deal.apply(Call(taker, card))
    first_discards(deal)
    deal.apply(DeclareSlam(taker, slam))
    assert deal.phase == Phase.PLAYING
    return deal


def play(deal: Deal, text: str) -> None:
    """Play the cards written, each by the seat to act."""
    for card in cards(text):
        deal.apply(Play(deal.to_act, card))


def in_play(
    *,
    taker: int,
    played: str = "",
    players: int = 4,
    hands: dict[int, str] | None = None,
    closed: dict[int, str] | None = None,
    contract: Contract = Contract.GARDE_SANS,
    call: str | None = None,
) -> Deal:
    """A deal in play: dealt as ``make_deal`` (``hands`` completed by the filler, ``closed``
    seats kept from some suits), ``contract`` (and ``call``) for ``taker`` as ``start_play``,
    then the cards ``played``, each by the seat to act."""
    deal = make_deal(players, hands=hands, closed=closed)
    start_play(deal, taker=taker, contract=contract, call=call)
    play(deal, played)
    return deal


def first_legal_play(deal: Deal) -> Card:
    return cards_of(deal.legal_cards(deal.to_act))[0]


def play_out(deal: Deal) -> None:
    """Play the deal to its end, each seat playing its lowest legal card."""
    while deal.phase == Phase.PLAYING:
        deal.play(deal.to_act, first_legal_play(deal))


def state(deal: Deal) -> dict[str, Any]:
    """Everything a deal holds, copied, to check that a refused action changed nothing."""
    out: dict[str, Any] = {}
    for name in DEAL_SLOTS:
        value = getattr(deal, name)
        if isinstance(value, list | dict):
            value = value.copy()
        out[name] = value
    return out


def texts(items: Iterable[Card] | Mask) -> set[str]:
    """Card texts of a list of cards or of a mask, as a set (order-free comparisons)."""
    if isinstance(items, int):
        items = cards_of(items)
    return {format_card(c) for c in items}


def refused(deal: Deal, action: Action, match: str | None = None) -> IllegalAction:
    """Apply ``action``, expect IllegalAction, and check that nothing changed."""
    before = state(deal)
    with pytest.raises(IllegalAction, match=match) as info:
        deal.apply(action)
    assert state(deal) == before
    return info.value


def visible_cards(v: DealView) -> set[Card]:
    """Every card a view shows, for checking that it shows nothing hidden."""
    seen: set[Card] = set(v.hand)
    seen.update(v.ecart or ())
    seen.update(v.chien or ())
    seen.update(v.ecart_trumps)
    for shown in v.poignees.values():
        seen.update(shown)
    for shown in v.petit_sec.values():
        seen.update(shown)
    for trick in v.tricks_so_far:
        seen.update(trick.cards)
    return seen
