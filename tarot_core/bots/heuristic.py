"""Fast rules of thumb, as a club player would apply them without counting every card."""

from __future__ import annotations

import random
from functools import cached_property

from ..actions import Action, Bid, Call, DeclareSlam, Ecart, Misere, Play, Poignee
from ..cards import (
    EXCUSE,
    HALF_POINTS,
    KINGS,
    OUDLERS,
    PETIT,
    SUIT_CARDS,
    SUIT_MASKS,
    TRUMP,
    TRUMP_21,
    TRUMPS,
    TRUMPS_ABOVE,
    Card,
    Mask,
    cards_of,
    mask_of,
    suit_card,
)
from ..deal import Phase, sitting_out, trick_seats, trick_status
from ..rules import Contract
from ..view import DealView
from ..view_check import check_view
from .evaluation import THRESHOLD, preferred_contract, strength, trump_count
from .knowledge import Knowledge, infer
from .signals import HONOURS, PLAIN, Signals, discard_signal, read_signals, trump_signal


def _low(mask: Mask) -> Card:
    return (mask & -mask).bit_length() - 1


def _high(mask: Mask) -> Card:
    return mask.bit_length() - 1


def _suit(card: Card) -> int:
    return TRUMP if card >= PETIT else card // 14


def lowest_value(mask: Mask) -> Card:
    """The cheapest card: fewest points, then lowest rank; the Petit only if nothing else."""
    cards = cards_of(mask & ~(1 << EXCUSE))
    if not cards:
        return EXCUSE
    return min(cards, key=lambda c: (c == PETIT, HALF_POINTS[c], c >= PETIT, c))


def highest_value(mask: Mask, hand: Mask = 0) -> Card:
    """The dearest card: most points, then (for a discard from ``hand``) the one alone in its
    suit, which would fall anyway, then the highest rank; trumps low first."""
    cards = cards_of(mask & ~(1 << EXCUSE))
    if not cards:
        return EXCUSE

    def key(c: Card) -> tuple[int, bool, int]:
        if c >= PETIT:
            return (0, False, -c)
        return (HALF_POINTS[c], (hand & SUIT_MASKS[c // 14]).bit_count() == 1, c)

    return max(cards, key=key)


def feed(cards: Mask, sure: bool, hand: Mask = 0) -> Card:
    """The card for a trick this seat's side wins: the most points, but a King or a Queen
    only when the trick is ``sure`` (no opponent still to play can trump it)."""
    if sure:
        return highest_value(cards, hand)
    rest = cards & ~HONOURS
    return highest_value(rest, hand) if rest else lowest_value(cards)


class Table:
    """The trick in progress and the sides, as this seat understands them."""

    def __init__(self, view: DealView, know: Knowledge) -> None:
        assert view.seat is not None
        self.view = view
        self.know = know
        self.n = n = view.players
        self.me = view.seat
        self.taker = view.taker
        partner: int | None = None
        if view.partner_known:
            partner = view.partner
        elif view.called is not None and know.hand >> view.called & 1 and self.me != self.taker:
            partner = self.me
        self.partner = partner
        self.partner_settled = not view.rules.calls or view.partner_known or partner == self.me
        current = view.current
        self.cards: tuple[Card, ...] = current.cards if current else ()
        self.leader = current.leader if current else self.me
        skip = sitting_out(view.rules, view.dealer)
        self.led, best_card, self.win_seat, self.top_trump = trick_status(
            self.leader, self.cards, n, skip
        )
        self.win_card = self.top_trump if self.top_trump >= 0 else best_card
        self.after = trick_seats(self.me, view.rules.playing - len(self.cards), n, skip)[1:]

    @cached_property
    def signals(self) -> Signals:
        """What every seat's play has signalled so far (the FFT conventions, signals.py)."""
        return read_signals(self.view)

    def defending(self) -> bool:
        """The signals are the defence's: given and read by the seats known to defend."""
        return self.attacking(self.me) is False

    def attacking(self, seat: int) -> bool | None:
        """True for the taker's side, False for the defence, None when unknown (5 players)."""
        if seat == self.taker or (self.partner is not None and seat == self.partner):
            return True
        if self.partner_settled:
            return False
        return None

    def ally(self, seat: int) -> bool:
        mine = self.attacking(self.me)
        return seat == self.me or (mine is not None and self.attacking(seat) == mine)

    def may_beat(self, seat: int, card: Card, led: int, strict: bool = False) -> bool:
        """Whether ``seat`` might still hold a card beating ``card`` in a trick led ``led``.

        ``strict`` for a card too dear to gamble (the Petit, a King or a Queen): a seat not
        known to hold the suit led may be void there (a taker voids suits in its écart) and
        trump or overtrump, however many cards of the suit are unseen."""
        could = self.know.could_hold(seat)
        if card >= PETIT:
            if not could & TRUMPS_ABOVE[card]:
                return False
            if led == TRUMP:
                return True
            if strict:
                return not self.know.known[seat] & SUIT_MASKS[led]
            # In a plain suit it must follow if it can: likely unless few cards remain.
            return (could & SUIT_MASKS[led]).bit_count() <= 2
        higher = could & SUIT_MASKS[led] & ~((1 << (card + 1)) - 1)
        if higher:
            return True
        if not could & TRUMPS:
            return False
        # Void in the suit with a trump: it can cut.
        if strict:
            return not self.know.known[seat] & SUIT_MASKS[led]
        return not could & SUIT_MASKS[led]

    def secure(self, card: Card, strict: bool = False) -> bool:
        """The card wins the trick whatever the seats after this one hold (as far as known)."""
        led = self.led if self.led >= 0 else _suit(card)
        return not any(not self.ally(s) and self.may_beat(s, card, led, strict) for s in self.after)

    def petit_safe(self) -> bool:
        """The Petit played now ends in a trick this seat's side surely wins: under an ally's
        higher trump that nobody after can beat, or as the top trump that nobody can beat."""
        if self.top_trump > PETIT:
            return self.ally(self.win_seat) and self.secure(self.top_trump, strict=True)
        return self.secure(PETIT, strict=True)


class HeuristicBot:
    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, view: DealView) -> Action:
        """Raises ImpossibleView for a view no real deal can produce."""
        check_view(view)
        return self.decide(view)

    def decide(self, view: DealView) -> Action:
        """``act`` for a view already checked."""
        assert view.seat is not None and view.legal, "asked to act with nothing to do"
        seat = view.seat
        hand = mask_of(view.hand)
        if view.phase == Phase.BIDDING:
            return self.bid(view, hand)
        if view.phase == Phase.CALLING:
            return Call(seat, self.call(view, hand))
        if view.phase == Phase.ECART:
            need = view.rules.chien_size - len(view.ecart or ())
            return Ecart(seat, choose_ecart(hand, need))
        if view.phase == Phase.SLAM:
            if slam_worthy(hand, view.rules.playing):
                return DeclareSlam(seat, True)
            if view.rules.petit_chelem and petit_chelem_worthy(hand, view.rules.playing):
                return DeclareSlam(seat, True, True)
            return DeclareSlam(seat, False)
        for action in view.legal:
            if isinstance(action, Misere):
                return action
        poignees = [a for a in view.legal if isinstance(a, Poignee)]
        know = infer(view)
        table = Table(view, know)
        if poignees and table.attacking(seat):
            return poignees[-1]
        return Play(seat, choose_card(view, know, table))

    def bid(self, view: DealView, hand: Mask) -> Action:
        assert view.seat is not None
        rules = view.rules
        wanted = preferred_contract(hand, rules.playing, rules.bids)
        legal = [a for a in view.legal if isinstance(a, Bid)]
        offered = {a.contract for a in legal}
        if (
            Contract.PRISE <= wanted < Contract.GARDE
            and wanted not in offered
            and Contract.GARDE in offered
            and overcall_worthy(hand, rules.playing)
        ):
            wanted = Contract.GARDE  # a later bidder must bid higher (docs/rules.md §3)
        if wanted > Contract.PASS and wanted in offered:  # in an open auction, an overcall too
            return Bid(view.seat, wanted)
        if wanted == Contract.PASS and view.contract is None and borderline(hand, rules.playing):
            # Parole (docs/rules.md §11.5): a hand just short of a Prise waits to hear the others
            # rather than pass, and takes the lowest bid if nobody else has bid by the second
            # round. Not last in the first round, where it would only speak to itself.
            if Contract.PAROLE in offered and len(view.bids) < rules.playing - 1:
                return Bid(view.seat, Contract.PAROLE)
            if rules.parole and len(view.bids) >= rules.playing and rules.bids[0] in offered:
                return Bid(view.seat, rules.bids[0])
        return Bid(view.seat, Contract.PASS)

    def call(self, view: DealView, hand: Mask) -> Card:
        return choose_call(hand, [a.card for a in view.legal if isinstance(a, Call)])


PAROLE_MARGIN = 5
"""How far (in docs/rules.md §10 points) below the Prise a hand may be and still say parole."""


OVERCALL_MARGIN = 6
"""How far (in docs/rules.md §10 points) below the Garde a Prise hand may be and still
outbid a Prise."""


def overcall_worthy(hand: Mask, players: int) -> bool:
    """A Prise hand strong enough to outbid another seat's Prise with a Garde: near the
    Garde band of docs/rules.md §10, or long in trumps with two oudlers (the contract then needs
    only 41 points, and the length keeps control of the play)."""
    if strength(hand, players) >= THRESHOLD[Contract.GARDE] - OVERCALL_MARGIN:
        return True
    long = trump_count(hand) >= round(hand.bit_count() * 4 / 9)
    return long and (hand & OUDLERS).bit_count() >= 2


def borderline(hand: Mask, players: int) -> bool:
    """Just short of a Prise (docs/rules.md §10): worth a parole, not a bid."""
    score = strength(hand, players)
    return THRESHOLD[Contract.PRISE] - PAROLE_MARGIN <= score < THRESHOLD[Contract.PRISE]


def choose_call(hand: Mask, options: list[Card]) -> Card:
    """The highest rank allowed, not in the hand, in the suit where the hand is strongest."""
    others = [c for c in options if not hand >> c & 1] or options

    def worth(card: Card) -> tuple[int, int, int]:
        suit = card // 14
        rank = card % 14 + 1
        held = hand & SUIT_MASKS[suit]
        below = held >> suit_card(rank - 1, suit) & 1 if rank > 1 else 0
        return (rank, below, held.bit_count())

    return max(others, key=worth)


SLAM_TRUMPS = {3: 15, 4: 12, 5: 10, 6: 8}
"""By seats that play, the fewest trumps for announcing a slam or a petit chelem."""


def slam_worthy(hand: Mask, players: int) -> bool:
    """Only a hand that cannot lose a trick: trumps, Kings and the Excuse, with the top trumps."""
    if hand & SUIT_CARDS & ~KINGS:
        return False
    trumps = hand & TRUMPS
    missing = TRUMPS & ~trumps
    needed = SLAM_TRUMPS[players]
    return trump_count(hand) >= needed and (not missing or _high(trumps) > _high(missing))


def petit_chelem_worthy(hand: Mask, players: int) -> bool:
    """A very strong hand: as many trumps as a slam needs, the 21 among them, and at most two
    suit cards below the King (so at most three tricks to lose, docs/rules.md §11.3)."""
    if (hand & SUIT_CARDS & ~KINGS).bit_count() > 2 or not hand >> TRUMP_21 & 1:
        return False
    return trump_count(hand) >= SLAM_TRUMPS[players]


def choose_ecart(hand: Mask, need: int) -> tuple[Card, ...]:
    """Void the shortest suits first, keep Kings and oudlers; trumps only when forced (the
    lowest ones). ValueError if the hand has fewer than ``need`` cards that may go there
    (never in a real deal: at most 7 of its cards are Kings and oudlers)."""
    plain = hand & SUIT_CARDS & ~KINGS
    if plain.bit_count() <= need:
        trumps = cards_of(hand & TRUMPS & ~OUDLERS)
        if plain.bit_count() + len(trumps) < need:
            raise ValueError(
                f"an écart of {need} cards cannot be made from a hand holding only"
                f" {plain.bit_count() + len(trumps)} cards that may go in it"
            )
        return (*cards_of(plain), *trumps[: need - plain.bit_count()])
    suits = sorted(
        range(4),
        key=lambda s: (
            (hand & SUIT_MASKS[s]).bit_count(),
            -(hand & SUIT_MASKS[s] & KINGS).bit_count(),
        ),
    )
    chosen: list[Card] = []
    for s in suits:
        cards = sorted(cards_of(plain & SUIT_MASKS[s]), key=lambda c: -HALF_POINTS[c] * 100 - c)
        for c in cards:
            if len(chosen) < need:
                chosen.append(c)
    return tuple(chosen)


def choose_card(view: DealView, know: Knowledge, table: Table) -> Card:
    legal = mask_of(a.card for a in view.legal if isinstance(a, Play))
    if view.petit_imprenable == table.me and legal >> PETIT & 1 and legal & (legal - 1):
        return _with_protected_petit(view, know, table, legal)
    return _choose(view, know, table, legal)


def _choose(view: DealView, know: Knowledge, table: Table, legal: Mask) -> Card:
    if legal & (legal - 1) == 0:
        return _low(legal)
    left = len(view.hand)
    if legal >> EXCUSE & 1:
        if left <= 2 and not _won_every_trick(view, table):
            return EXCUSE
        legal_wo = legal & ~(1 << EXCUSE)
    else:
        legal_wo = legal
    if table.led < 0:
        card = lead(know, table, legal_wo)
    else:
        card = follow(table, legal_wo)
    if legal >> EXCUSE & 1 and left > 2 and table.led >= 0:
        losing = table.win_seat >= 0 and not table.ally(table.win_seat)
        costly = HALF_POINTS[card] >= 3 or card == PETIT or card >= PETIT + 15
        if (losing and costly) or (card == PETIT and not table.petit_safe()):
            return EXCUSE
    return card


def _with_protected_petit(view: DealView, know: Knowledge, table: Table, legal: Mask) -> Card:
    """docs/rules.md §11.2: the protected Petit is never lost (its side keeps it for a 0.5 card),
    so it is played where it wins the trick itself (no trump can come), into a trick its side
    surely wins (no exchange), or instead of a costly card in a trick the other side wins;
    otherwise kept, never led into trumps that would beat it."""
    if (table.led < 0 or table.top_trump < 0) and table.secure(PETIT):
        return PETIT
    if table.win_seat >= 0 and table.ally(table.win_seat) and table.secure(table.win_card):
        return PETIT
    card = _choose(view, know, table, legal & ~(1 << PETIT))
    losing = table.win_seat >= 0 and not table.ally(table.win_seat)
    if losing and card != EXCUSE and HALF_POINTS[card] >= 5:
        return PETIT
    return card


def _won_every_trick(view: DealView, table: Table) -> bool:
    return bool(view.tricks) and all(
        t.winner is not None and table.ally(t.winner) for t in view.tricks
    )


def lead(know: Knowledge, table: Table, legal: Mask) -> Card:
    hand = legal
    trumps = hand & TRUMPS
    attacking = table.attacking(table.me)
    unseen_trumps = know.unseen & TRUMPS
    if attacking and trumps:
        # Draw the defence's trumps with masters, protecting the Petit.
        top = _high(trumps)
        if not unseen_trumps or top > _high(unseen_trumps):
            return top
        if trumps.bit_count() >= max(4, unseen_trumps.bit_count()):
            low = trumps & ~(1 << PETIT)
            if low:
                return _low(low)
    asked = _asked_suit(know, table, hand) if attacking is False else -1
    if asked >= 0:
        return lowest_value(hand & SUIT_MASKS[asked])
    # A King whose suit has not been cut yet.
    for king in cards_of(hand & KINGS):
        suit = king // 14
        if (
            not any(
                know.excluded[s] & SUIT_MASKS[suit] == SUIT_MASKS[suit]
                for s in range(table.n)
                if not table.ally(s)
            )
            and (know.played & SUIT_MASKS[suit]).bit_count() < 3
        ):
            return king
    plain = hand & SUIT_CARDS
    if plain:
        # A low card of the longest suit, avoiding suits the taker is known to cut.
        def key(s: int) -> tuple[int, int]:
            cut = 0
            if table.taker is not None and not attacking:
                cut = int(know.excluded[table.taker] & SUIT_MASKS[s] == SUIT_MASKS[s])
            return (-cut, (plain & SUIT_MASKS[s]).bit_count())

        suits = [s for s in range(4) if plain & SUIT_MASKS[s]]
        best = max(suits, key=key)
        return lowest_value(plain & SUIT_MASKS[best])
    low = trumps & ~(1 << PETIT)
    return _low(low) if low else _low(hand)


def _asked_suit(know: Knowledge, table: Table, hand: Mask) -> int:
    """The suit an ally's first discard asked for (a low card: "I hold its King or Queen,
    lead it"), while that honour is still out, this hand has a card there and not the King
    itself, and no opponent is known to trump it; -1 for none."""
    for seat in range(table.n):
        if seat == table.me or not table.ally(seat):
            continue
        for suit in range(4):
            honours = HONOURS & SUIT_MASKS[suit]
            if not (
                table.signals.honours[seat] >> suit & 1
                and hand & SUIT_MASKS[suit]
                and not hand & KINGS & SUIT_MASKS[suit]
                and honours & ~know.played
            ):
                continue
            if not any(
                know.excluded[s] & SUIT_MASKS[suit] == SUIT_MASKS[suit]
                and know.could_hold(s) & TRUMPS
                for s in range(table.n)
                if not table.ally(s)
            ):
                return suit
    return -1


def follow(table: Table, legal: Mask) -> Card:
    led = table.led
    ally_wins = table.win_seat >= 0 and table.ally(table.win_seat)
    safe = ally_wins and table.secure(table.win_card)
    sure = ally_wins and table.secure(table.win_card, strict=table.me != table.taker)
    if led != TRUMP and legal & SUIT_MASKS[led]:
        suit_cards = legal & SUIT_MASKS[led]
        if safe:
            return feed(suit_cards, sure)
        if table.top_trump >= 0:
            return lowest_value(suit_cards)
        best = _high(suit_cards)
        if best > table.win_card:
            if not table.after:
                winners = suit_cards & ~((1 << (table.win_card + 1)) - 1)
                return _low(winners)
            if table.secure(best, strict=_dear(table, best)):
                return best
        pair = _doubleton_high(table, suit_cards)
        return lowest_value(suit_cards) if pair is None else pair
    trumps = legal & TRUMPS
    if trumps:
        # The Petit goes only where its side surely keeps it: an opponent still to play who
        # may be void in the suit led could overtrump it (docs/rules.md §7, an oudler lost).
        petit_ok = bool(trumps >> PETIT & 1) and table.petit_safe()
        others = trumps & ~(1 << PETIT)
        if safe:
            if petit_ok or not others:
                return _low(trumps)
            return _cheap_trump(table, others)
        above = trumps & TRUMPS_ABOVE[table.top_trump] if table.top_trump >= 0 else trumps
        if above:
            if not table.after:
                return _low(above)
            beating = [c for c in cards_of(above) if table.secure(c) and (c != PETIT or petit_ok)]
            if beating:
                return beating[0]
            non_petit = above & ~(1 << PETIT)
            if non_petit:
                return _low(non_petit) if _trick_points(table) < 6 else _high(non_petit)
            return PETIT
        non_petit = trumps & ~(1 << PETIT)
        return _cheap_trump(table, non_petit) if non_petit else PETIT
    if safe:
        card = feed(legal, sure, table.know.hand)
    else:
        card = lowest_value(legal)
    if HALF_POINTS[card] <= 1 and table.defending() and not table.signals.discarded[table.me]:
        # The first free discard tells partner where the honours are (signals.py).
        signal = discard_signal(table.know.hand, legal, True, played=table.know.played)
        if signal is not None:
            return signal
    return card


def _dear(table: Table, card: Card) -> bool:
    """A King or a Queen in a partner's or a defender's hand: not risked where an opponent
    still to play may trump it (the taker, who chose its voids in the écart, keeps the
    usual odds for its own honours)."""
    return bool(HONOURS >> card & 1) and table.me != table.taker


def _doubleton_high(table: Table, suit_cards: Mask) -> Card | None:
    """A defender with exactly two small cards of a suit the other side leads for the first
    time plays the higher first: the descending pair shows the doubleton (signals.py)."""
    led = table.led
    held = table.know.hand & SUIT_MASKS[led]
    if (
        held != suit_cards
        or held.bit_count() != 2
        or table.signals.rounds[led] > 1
        or _high(held) % 14 + 1 > PLAIN
        or not table.defending()
        or table.ally(table.leader)
    ):
        return None
    return _high(held)


def _cheap_trump(table: Table, trumps: Mask) -> Card:
    """The lowest of ``trumps``; but a defender's first cheap trump played by choice tells
    its trump length by parity (signals.py)."""
    if table.defending() and not table.signals.trumped[table.me]:
        signal = trump_signal(table.know.hand, trumps)
        if signal is not None:
            return signal
    return _low(trumps)


def _trick_points(table: Table) -> int:
    return sum(HALF_POINTS[c] for c in table.cards)


__all__ = [
    "HeuristicBot",
    "choose_call",
    "choose_card",
    "choose_ecart",
    "petit_chelem_worthy",
    "slam_worthy",
]
