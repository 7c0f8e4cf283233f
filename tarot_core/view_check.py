"""Whether a view could come from a real deal, checked before a bot thinks about it.

A bot searches worlds (deals of the cards it cannot see) consistent with its view. A view
that no deal produces (a card in two places, hand sizes that do not add up, a phase its
bids do not lead to, legal actions that do not fit the hand) has no such world, and
searching for one could go on for ever. ``check_view`` refuses such a view at once with an
``ImpossibleView`` whose message starts with the path of the field at fault, as
``SerialError`` does for a malformed one.

It checks only facts that every real view satisfies (a property test over random deals
holds it to that), so a view from ``tarot_core.view`` always passes; it does not check
everything a real view implies (the cards each seat played are not replayed against the
rules, for instance).
"""

from __future__ import annotations

from typing import NoReturn

from .actions import Bid, Call, DeclareSlam, Discard, Misere, Play, Poignee
from .auction import max_calls, next_speaker, parole_open
from .cards import (
    CARD_TEXT,
    DECK_SIZE,
    EXCUSE,
    EXCUSE_BIT,
    FACES,
    KINGS,
    OUDLERS,
    PETIT,
    SUIT_CARDS,
    TRUMPS,
    Card,
    Mask,
)
from .deal import (
    MISERE_SPOILERS,
    Phase,
    biddable,
    callable_for,
    discardable_from,
    petit_sec,
    playable,
    playable_protected,
    trick_seats,
    trick_status,
)
from .rules import MISERE_KINDS, Contract
from .view import DealView

_PHASE_TEXT = {
    Phase.BIDDING: "the bidding",
    Phase.CALLING: "the call",
    Phase.ECART: "the écart",
    Phase.SLAM: "the slam announcement",
    Phase.PLAYING: "the play",
    Phase.DONE: "the end of the deal",
}


class ImpossibleView(ValueError):
    """A view that no real deal can produce; ``field`` is the path of the field at fault
    (``view.chien``), and the message starts with it. (Both are the exception's ``args``,
    so that it survives pickling back from a bot's worker process.)"""

    def __init__(self, field: str, reason: str) -> None:
        super().__init__(field, reason)
        self.field = field
        self.reason = reason

    def __str__(self) -> str:
        return f"{self.field}: {self.reason}"


def check_view(view: DealView, where: str = "view") -> None:
    """Raise ImpossibleView if ``view`` (a seat's view or the public one) cannot come from
    any real deal; return quietly otherwise."""
    _Check(view, where).run()


def _first(mask: Mask) -> str:
    """The text of the lowest card of a non-empty mask, for naming one culprit."""
    return CARD_TEXT[(mask & -mask).bit_length() - 1]


class _Check:
    def __init__(self, view: DealView, where: str) -> None:
        self.v = view
        self.where = where
        rules = view.rules
        self.n = rules.players
        self.size = rules.playing
        """Cards in a full trick."""
        self.skip = view.dealer if rules.sits_out else -1
        """A dealer who sits out (docs/rules.md §11.1): no cards, no part in the deal."""
        self.hand_size = rules.hand_size
        self.chien_size = rules.chien_size

    def fail(self, field: str, reason: str) -> NoReturn:
        raise ImpossibleView(f"{self.where}.{field}", reason)

    def run(self) -> None:
        self.seats()
        self.cards()
        self.places()
        self.bidding()
        self.phase()
        self.tricks()
        self.partner()
        self.sizes()
        self.announcements()
        self.protection()
        self.legal()

    # ----- well-formed seats and cards -------------------------------------------------------

    def seat_ok(self, seat: object) -> bool:
        return type(seat) is int and 0 <= seat < self.n

    def seats(self) -> None:
        v = self.v
        for name in ("seat", "to_act", "taker", "partner", "petit_imprenable"):
            value = getattr(v, name)
            if value is not None and not self.seat_ok(value):
                self.fail(name, f"must be a seat from 0 to {self.n - 1}")
        if not self.seat_ok(v.dealer):
            self.fail("dealer", f"must be a seat from 0 to {self.n - 1}")
        if len(v.hand_sizes) != self.n:
            self.fail("hand_sizes", f"must list {self.n} sizes, not {len(v.hand_sizes)}")
        if self.skip >= 0:
            out = self.skip
            for name in ("to_act", "taker", "partner", "petit_imprenable"):
                if getattr(v, name) == out:
                    self.fail(name, f"seat {out} deals and sits out: it takes no part")
            for name, seats in (("poignees", v.poignees), ("miseres", v.miseres)):
                if out in seats:
                    self.fail(name, f"seat {out} deals and sits out: it takes no part")
        for name, seats in (("poignees", v.poignees), ("petit_sec", v.petit_sec)):
            for s in seats:
                if not self.seat_ok(s):
                    self.fail(name, f"{s} is not a seat")
        for i, s in enumerate(v.miseres):
            if not self.seat_ok(s):
                self.fail(f"miseres[{i}]", f"{s} is not a seat")
        for i, action in enumerate(v.legal):
            if action.seat != v.seat:
                self.fail(f"legal[{i}]", f"is for seat {action.seat}, not the view's seat {v.seat}")

    def mask(self, cards: tuple[Card, ...], field: str) -> Mask:
        """The cards as a mask; a card listed twice or not a card is an error."""
        try:
            m = 0
            for c in cards:
                m |= 1 << c
            if m.bit_count() == len(cards) and not m >> DECK_SIZE:
                return m
        except (TypeError, ValueError):
            pass
        m = 0
        for i, c in enumerate(cards):  # the slow way, to name the culprit
            if type(c) is not int or not 0 <= c < DECK_SIZE:
                self.fail(f"{field}[{i}]", "is not a card")
            if m >> c & 1:
                self.fail(field, f"lists {CARD_TEXT[c]} twice")
            m |= 1 << c
        raise AssertionError("unreachable")  # pragma: no cover

    def trick_field(self, k: int) -> str:
        """The path of the k-th trick of the view, the one in progress last."""
        return f"tricks[{k}]" if k < len(self.v.tricks) else "current"

    def cards(self) -> None:
        """Every card field as a mask, and who played what."""
        v = self.v
        n = self.n
        self.hand = self.mask(v.hand, "hand")
        played_by = self.played_by = [0] * n
        tricks = v.tricks if v.current is None else (*v.tricks, v.current)
        self.trick_masks: list[Mask] = []
        played = total = 0
        for k, trick in enumerate(tricks):
            seat, winner, cards = trick.leader, trick.winner, trick.cards
            if type(seat) is not int or not 0 <= seat < n:
                self.fail(f"{self.trick_field(k)}.leader", f"must be a seat from 0 to {n - 1}")
            if winner is not None and (type(winner) is not int or not 0 <= winner < n):
                self.fail(f"{self.trick_field(k)}.winner", f"must be a seat from 0 to {n - 1}")
            if len(cards) > self.size:
                self.fail(f"{self.trick_field(k)}.cards", f"a trick has at most {self.size} cards")
            if seat == self.skip:
                self.fail(f"{self.trick_field(k)}.leader", f"seat {seat} deals and sits out")
            skip = self.skip
            mask = 0
            try:
                for c in cards:  # the hot loop of the check: kept flat
                    bit = 1 << c
                    played_by[seat] |= bit
                    mask |= bit
                    seat = seat + 1 if seat + 1 < n else 0
                    if seat == skip:
                        seat = seat + 1 if seat + 1 < n else 0
            except (TypeError, ValueError):
                mask = -1
            if mask < 0 or mask.bit_count() != len(cards) or mask >> DECK_SIZE:
                self.mask(cards, f"{self.trick_field(k)}.cards")  # names the culprit
            self.trick_masks.append(mask)
            played |= mask
            total += len(cards)
        if played.bit_count() != total:
            seen = 0
            for k, mask in enumerate(self.trick_masks):
                if mask & seen:
                    self.fail(
                        f"{self.trick_field(k)}.cards", f"{_first(mask & seen)} is played twice"
                    )
                seen |= mask
        self.played = played
        self.chien = self.mask(v.chien, "chien") if v.chien is not None else 0
        self.ecart_trumps = self.mask(v.ecart_trumps, "ecart_trumps")
        self.ecart = self.mask(v.ecart, "ecart") if v.ecart is not None else 0
        self.poignees = {s: self.mask(c, f"poignees.{s}") for s, c in v.poignees.items()}
        self.petit_sec = {s: self.mask(c, f"petit_sec.{s}") for s, c in v.petit_sec.items()}

    # ----- the bidding, the phase and the tricks ---------------------------------------------

    def bidding(self) -> None:
        v = self.v
        rules = v.rules
        most = max_calls(rules)
        if len(v.bids) > most:
            self.fail("bids", f"at most {most} bids, not {len(v.bids)}")
        best = Contract.PASS
        taker: int | None = None
        calls: list[Contract] = []
        for i, bid in enumerate(v.bids):
            seat = next_speaker(rules, v.dealer, calls)
            if seat is None:
                self.fail(f"bids[{i}]", f"the auction is over after {i} calls")
            if bid == Contract.PAROLE and not parole_open(rules, calls, best):
                self.fail(f"bids[{i}]", "parole is said in the first round, before a garde contre")
            calls.append(bid)
            if bid <= Contract.PASS:
                continue
            if bid <= best:
                self.fail(f"bids[{i}]", f"{bid.text} is not higher than {best.text}")
            if bid == Contract.POUSSE and bid not in v.rules.bids:
                self.fail(f"bids[{i}]", "pousse is not allowed: the table plays without it")
            if bid not in v.rules.bids:
                lowest = v.rules.bids[0].text
                self.fail(f"bids[{i}]", f"prise is not allowed: the lowest bid is {lowest}")
            best, taker = bid, seat
        if v.taker != taker:
            self.fail("taker", f"must be {taker} after the bids, not {v.taker}")
        contract = best if taker is not None else None
        if v.contract != contract:
            shown = contract.text if contract is not None else "null"
            self.fail("contract", f"must be {shown} after the bids")
        self.next_speaker = next_speaker(rules, v.dealer, calls)
        self.bids_over = self.next_speaker is None
        self.chien_taken = (
            taker is not None
            and best <= Contract.GARDE
            and self.bids_over
            and v.phase not in (Phase.BIDDING, Phase.CALLING)
        )

    def phase(self) -> None:
        v = self.v
        phase, n, taker = v.phase, self.n, v.taker
        during = _PHASE_TEXT[phase]
        if (v.to_act is None) != (phase == Phase.DONE):
            self.fail("to_act", "must be null exactly when the deal is over")
        if (v.result is None) != (phase != Phase.DONE):
            self.fail("result", "must be given exactly when the deal is over")
        if phase == Phase.BIDDING:
            if self.bids_over:
                self.fail("phase", f"the bidding is over ({len(v.bids)} calls)")
            expected = self.next_speaker
            if v.to_act != expected:
                self.fail("to_act", f"seat {expected} speaks next, not seat {v.to_act}")
        elif phase == Phase.DONE and v.petit_sec:
            if v.bids:
                self.fail("bids", "there is no bidding after a petit sec")
        elif phase == Phase.DONE and taker is None:
            if not self.bids_over:
                self.fail("phase", "a deal ends before the play only when every seat passed")
        else:
            if not self.bids_over or taker is None:
                self.fail("phase", f"{during} comes after the bidding, once a seat has bid")
            if phase in (Phase.CALLING, Phase.ECART, Phase.SLAM) and v.to_act != taker:
                self.fail("to_act", f"the taker (seat {taker}) acts during {during}")
            if phase == Phase.CALLING and not v.rules.calls:
                self.fail("phase", "a King is called only at 5 or 6 players")
            if phase == Phase.ECART and not self.chien_taken:
                self.fail("phase", "there is no écart at garde sans or garde contre")
            if phase != Phase.CALLING and v.rules.calls and v.called is None:
                self.fail("called", f"a card was called before {during}")
        if v.petit_sec and phase != Phase.DONE:
            self.fail("petit_sec", "a petit sec ends the deal at once")
        if v.called is not None and (not v.rules.calls or phase <= Phase.CALLING):
            self.fail("called", f"must be null at {n} players during {during}")
        if v.called is not None and not (1 << v.called) & FACES:
            self.fail("called", f"{CARD_TEXT[v.called]} cannot be called")
        if v.chien is not None and not self.chien_taken:
            self.fail("chien", "must be null: it is shown at prise and garde, from the écart on")
        if v.chien is None and self.chien_taken:
            self.fail("chien", "null, but at prise and garde it is shown from the écart on")
        if len(self.v.chien or ()) not in (0, self.chien_size):
            self.fail("chien", f"has {self.chien_size} cards, not {len(self.v.chien or ())}")
        if self.ecart_trumps and not self.chien_taken:
            self.fail("ecart_trumps", "must be empty: there is no écart")
        if (v.ecart is not None) != (v.seat is not None and v.seat == taker):
            self.fail("ecart", "is given in the taker's own view only")
        if v.slam_announced and phase < Phase.PLAYING:
            self.fail("slam_announced", f"the slam is announced after {during}")
        if v.petit_chelem_announced:
            if not v.rules.petit_chelem:
                self.fail("petit_chelem_announced", "this table plays without the petit chelem")
            if v.slam_announced:
                self.fail("petit_chelem_announced", "a chelem and a petit chelem both announced")
            if phase < Phase.PLAYING:
                self.fail("petit_chelem_announced", f"it is announced after {during}")
        started = phase == Phase.PLAYING or (phase == Phase.DONE and taker is not None)
        if (v.poignees or v.miseres) and not started:
            field = "poignees" if v.poignees else "miseres"
            self.fail(field, f"must be empty: nothing is announced during {during}")
        if v.seat is None and (v.hand or v.legal):
            self.fail("hand" if v.hand else "legal", "must be empty in the public view")

    def tricks(self) -> None:
        v = self.v
        n = self.n
        if (v.tricks or v.current) and v.phase < Phase.PLAYING:
            self.fail("tricks", f"no card is played during {_PHASE_TEXT[v.phase]}")
        if v.taker is None and v.phase == Phase.DONE:
            if v.tricks or v.current:
                self.fail("tricks", "no card is played in a voided deal")
            return
        leader = v.taker if v.slam_announced and v.taker is not None else (v.dealer + 1) % n
        if len(v.tricks) > self.hand_size:
            self.fail("tricks", f"a deal has {self.hand_size} tricks, not {len(v.tricks)}")
        for k, trick in enumerate(v.tricks):
            if trick.leader != leader:
                self.fail(f"tricks[{k}].leader", f"seat {leader} leads this trick")
            if len(trick.cards) != self.size:
                self.fail(f"tricks[{k}].cards", f"a finished trick has {self.size} cards")
            winner = trick_status(trick.leader, trick.cards, n, self.skip)[2]
            if trick.winner != winner and not (k == self.hand_size - 1 and EXCUSE in trick.cards):
                # (the Excuse may win the last trick of a slam)
                self.fail(f"tricks[{k}].winner", f"seat {winner} wins this trick")
            assert trick.winner is not None
            leader = trick.winner
        current = v.current
        if current is not None:
            if current.leader != leader:
                self.fail("current.leader", f"seat {leader} leads this trick")
            if not 0 < len(current.cards) < self.size:
                self.fail("current.cards", f"a trick in progress has 1 to {self.size - 1} cards")
            if current.winner is not None:
                self.fail("current.winner", "must be null while the trick is played")
            if len(v.tricks) >= self.hand_size:
                self.fail("current", "every trick has been played")
            leader = trick_seats(current.leader, len(current.cards) + 1, n, self.skip)[-1]
        if v.phase == Phase.PLAYING:
            if len(v.tricks) == self.hand_size:
                self.fail("phase", "every trick has been played: the deal is over")
            if v.to_act != leader:
                self.fail("to_act", f"seat {leader} plays next, not seat {v.to_act}")
        elif v.phase == Phase.DONE and len(v.tricks) != self.hand_size:
            self.fail("tricks", f"a played deal ends after {self.hand_size} tricks")

    def partner(self) -> None:
        """5 players: the table knows the partner once the called card is played (or was in
        the chien shown), and the partner is then whoever played it, unless the taker."""
        v = self.v
        called = v.called
        if called is None:
            if v.partner_known or v.partner is not None:
                self.fail("partner_known" if v.partner_known else "partner", "no card was called")
            return
        bit = 1 << called
        holder = next((s for s in range(self.n) if self.played_by[s] & bit), None)
        known = holder is not None or bool(self.chien & bit)
        if v.partner_known != known:
            where = "is played" if holder is not None else "is not played nor in the chien"
            self.fail("partner_known", f"must be {str(known).lower()}: {CARD_TEXT[called]} {where}")
        expected = holder if holder is not None and holder != v.taker else None
        if v.partner != expected:
            shown = "null" if expected is None else expected
            self.fail("partner", f"must be {shown} as far as the table knows")

    # ----- where each card is ----------------------------------------------------------------

    def played_where(self, mask: Mask) -> str:
        """The trick in which the lowest card of ``mask`` was played."""
        low = mask & -mask
        return next(self.trick_field(k) for k, m in enumerate(self.trick_masks) if m & low)

    def places(self) -> None:
        """No card in two places (the seat's own hand comes first), the chien in the taker's
        hands, each poignée with its seat."""
        v = self.v
        me, taker = v.seat, v.taker
        hand, played = self.hand, self.played
        if hand & played:
            self.fail(
                self.played_where(hand & played),
                f"{_first(hand & played)} is also in the seat's own hand",
            )
        for name, mask in (("ecart_trumps", self.ecart_trumps), ("ecart", self.ecart)):
            if mask & hand:
                self.fail(name, f"{_first(mask & hand)} is also in the seat's own hand")
            if mask & played:
                self.fail(
                    name,
                    f"{_first(mask & played)} is also played in {self.played_where(mask & played)}",
                )
            if mask & (KINGS | OUDLERS):
                self.fail(name, f"{_first(mask & (KINGS | OUDLERS))} may not go in the écart")
        if self.ecart_trumps & ~TRUMPS:
            self.fail("ecart_trumps", f"{_first(self.ecart_trumps & ~TRUMPS)} is not a trump")
        if v.ecart is not None and self.ecart & TRUMPS != self.ecart_trumps:
            self.fail("ecart_trumps", "must be the trumps of the taker's own écart")
        chien = self.chien
        if chien:
            if me is None or me != taker:
                if chien & hand:
                    self.fail("chien", f"{_first(chien & hand)} is also in the seat's own hand")
            else:
                lost = chien & ~(hand | self.ecart | self.played_by[me])
                if lost:
                    self.fail(
                        "chien", f"{_first(lost)} is not in the taker's hand, écart or tricks"
                    )
            for s in range(self.n):
                wrong = chien & self.played_by[s]
                if s != taker and wrong:
                    self.fail("chien", f"{_first(wrong)} was played by seat {s}, not the taker")
        shown = 0
        thresholds = v.rules.poignee_thresholds
        for s, mask in self.poignees.items():
            field = f"poignees.{s}"
            if len(v.poignees[s]) not in thresholds:
                sizes = " or ".join(map(str, thresholds))
                self.fail(field, f"a poignée shows {sizes} cards, not {len(v.poignees[s])}")
            if mask & ~(TRUMPS | EXCUSE_BIT):
                self.fail(field, f"{_first(mask & ~(TRUMPS | EXCUSE_BIT))} is not a trump")
            if mask & shown:
                self.fail(field, f"{_first(mask & shown)} is shown by another seat too")
            shown |= mask
            if s == me:
                missing = mask & ~(hand | self.played_by[s])
                if missing:
                    self.fail(field, f"{_first(missing)} is neither in the hand nor played")
                if mask & EXCUSE_BIT and (hand | self.played_by[s]) & TRUMPS & ~mask:
                    self.fail(field, "shows the Excuse but not every trump of the hand")
            elif mask & hand:
                self.fail(field, f"{_first(mask & hand)} is also in the seat's own hand")
            elsewhere = played & ~self.played_by[s]
            if mask & elsewhere:
                self.fail(field, f"{_first(mask & elsewhere)} was played by another seat")
            if mask & (self.ecart_trumps | self.ecart):
                self.fail(
                    field, f"{_first(mask & (self.ecart_trumps | self.ecart))} is in the écart"
                )
            if s != taker and mask & chien:
                self.fail(field, f"{_first(mask & chien)} is in the chien, which the taker took")
        held = 0
        for s, mask in self.petit_sec.items():
            field = f"petit_sec.{s}"
            if len(v.petit_sec[s]) != self.hand_size or not petit_sec(mask):
                self.fail(field, f"is not a hand of {self.hand_size} cards with the Petit sec")
            if s == me and mask != hand:
                self.fail(field, "must be the seat's own hand")
            if s != me and mask & (hand | held):
                self.fail(field, f"{_first(mask & (hand | held))} is in another hand too")
            held |= mask

    # ----- how many cards each seat holds -----------------------------------------------------

    def sizes(self) -> None:
        v = self.v
        me, taker = v.seat, v.taker
        sizes = v.hand_sizes
        if me is not None and sizes[me] != len(v.hand):
            self.fail(
                f"hand_sizes[{me}]", f"the seat's own hand has {len(v.hand)} cards, not {sizes[me]}"
            )
        for s in range(self.n):
            played = self.played_by[s].bit_count()
            expected = 0 if s == self.skip else self.hand_size - played
            if s == taker and self.chien_taken and v.phase == Phase.ECART:
                low, high = self.hand_size + 1, self.hand_size + self.chien_size
                if not low <= sizes[s] <= high:
                    self.fail(
                        f"hand_sizes[{s}]",
                        f"the taker holds {low} to {high} cards during the écart, not {sizes[s]}",
                    )
                continue
            if sizes[s] != expected and s == self.skip:
                self.fail(f"hand_sizes[{s}]", f"seat {s} deals and sits out: it holds no card")
            if sizes[s] != expected:
                self.fail(
                    f"hand_sizes[{s}]",
                    f"seat {s} was dealt {self.hand_size} cards and played {played}, so holds"
                    f" {expected}, not {sizes[s]}",
                )
        # Cards discarded so far, as every seat can count them.
        discarded = 0
        if self.chien_taken:
            assert taker is not None
            discarded = self.chien_size
            if v.phase == Phase.ECART:
                discarded = self.hand_size + self.chien_size - sizes[taker]
        if len(v.ecart_trumps) > discarded:
            self.fail(
                "ecart_trumps",
                f"shows {len(v.ecart_trumps)} trumps of an écart of {discarded} cards",
            )
        if v.ecart is not None and len(v.ecart) != discarded:
            self.fail("ecart", f"the taker has discarded {discarded} cards, not {len(v.ecart)}")
        if self.chien_taken and v.phase > Phase.ECART and self.ecart_trumps:
            # Trumps go in the écart only once the plain cards are all there.
            assert taker is not None
            plain = self.played_by[taker] | (self.hand if me == taker else 0)
            plain &= SUIT_CARDS & ~KINGS
            if plain:
                self.fail("ecart_trumps", f"the taker discarded trumps but kept {_first(plain)}")
        for s in range(self.n):
            known = self.poignees.get(s, 0) & ~self.played | self.petit_sec.get(s, 0)
            if s != me and known.bit_count() > sizes[s]:
                self.fail(
                    f"hand_sizes[{s}]",
                    f"seat {s} has shown {known.bit_count()} cards it still holds",
                )

    # ----- announcements ----------------------------------------------------------------------

    def dealt_to(self, seat: int) -> Mask:
        """What ``seat`` was dealt, as far as this view tells: its hand and played cards, the
        taker's écart in, the chien out."""
        mask = self.played_by[seat] | (self.hand if seat == self.v.seat else 0)
        if seat == self.v.taker and self.chien_taken:
            mask = (mask | self.ecart) & ~self.chien
        return mask

    def announcements(self) -> None:
        v = self.v
        if v.miseres and not v.rules.misere:
            self.fail("miseres", "must be empty: this table plays without misère")
        kinds = v.misere_kinds or (None,) * len(v.miseres)
        if len(kinds) != len(v.miseres):
            self.fail("misere_kinds", "must give the kind of each misère")
        split = v.rules.misere == "split"
        for kind in kinds:
            if not (kind in MISERE_KINDS if split else kind is None):
                self.fail("miseres", f"a misère of kind {kind} does not exist at this table")
        declared = list(zip(v.miseres, kinds, strict=True))
        if len(set(declared)) != len(declared):
            self.fail("miseres", "names a seat twice" if not split else "names a seat's kind twice")
        for field, seats in (("poignees", tuple(v.poignees)), ("miseres", v.miseres)):
            for s in seats:
                if not self.played_by[s] and not (v.phase == Phase.PLAYING and s == v.to_act):
                    self.fail(field, f"seat {s} announces just before its first card")
        for s, kind in declared:
            spoilers = self.dealt_to(s) & MISERE_SPOILERS[kind]
            if spoilers:
                self.fail("miseres", f"seat {s} holds {_first(spoilers)}: no misère")

    def protection(self) -> None:
        """docs/rules.md §11.2: the protected Petit's holder is shown to that seat itself, and to
        everyone once the Petit is played; it was dealt no other trump and not the Excuse."""
        v = self.v
        holder, me = v.petit_imprenable, v.seat
        if not v.rules.petit_imprenable:
            if holder is not None:
                self.fail("petit_imprenable", "must be null: the table plays without it")
            return
        if v.petit_sec:
            self.fail("petit_sec", "must be empty: with petit_imprenable the Petit sec is played")
        mine = me is not None and self.dealt_to(me) & (TRUMPS | EXCUSE_BIT) == 1 << PETIT
        if holder is None:
            if mine:
                self.fail("petit_imprenable", f"must be {me}: the seat was dealt the Petit alone")
            return
        if holder == me:
            if not mine:
                self.fail("petit_imprenable", f"seat {me} was not dealt the Petit alone")
            return
        played_by = next((s for s in range(self.n) if self.played_by[s] >> PETIT & 1), None)
        if played_by != holder:
            shown = "null" if played_by is None else played_by
            self.fail("petit_imprenable", f"must be {shown}: only the Petit's play shows it")
        others = self.dealt_to(holder) & (TRUMPS | EXCUSE_BIT) & ~(1 << PETIT)
        if holder == v.taker:
            others |= self.ecart_trumps & ~self.chien
        if others:
            self.fail("petit_imprenable", f"seat {holder} was dealt {_first(others)} too")

    # ----- the legal actions ------------------------------------------------------------------

    def legal(self) -> None:
        v = self.v
        me = v.seat
        if me is None:
            return
        if me != v.to_act:
            if v.legal:
                self.fail("legal", f"must be empty: seat {me} is not to act")
            return
        if not v.legal:
            self.fail("legal", f"must list the actions of seat {me}, which is to act")
        phase = v.phase
        kinds = {
            Phase.BIDDING: Bid,
            Phase.CALLING: Call,
            Phase.ECART: Discard,
            Phase.SLAM: DeclareSlam,
        }
        allowed = kinds.get(phase, Play | Poignee | Misere)
        for i, action in enumerate(v.legal):
            if not isinstance(action, allowed):
                kind = type(action).__name__
                self.fail(
                    f"legal[{i}]", f"a {kind} action is not listed during {_PHASE_TEXT[phase]}"
                )
        hand = self.hand
        if phase == Phase.BIDDING:
            top = v.contract if v.contract is not None else Contract.PASS
            parole = parole_open(v.rules, v.bids, top)
            if {a.contract for a in v.legal if isinstance(a, Bid)} != set(
                biddable(v.rules, top, parole)
            ):
                self.fail("legal", "must list the bids higher than the bids so far, and pass")
            return
        if phase == Phase.SLAM:
            offered = {(a.announce, a.petit) for a in v.legal if isinstance(a, DeclareSlam)}
            if offered != {(False, False), (True, False)} | (
                {(True, True)} if v.rules.petit_chelem else set()
            ):
                self.fail("legal", "must offer to announce a slam (or a petit chelem) or not")
            return
        if phase == Phase.CALLING:
            expected = callable_for(hand)
            field_cards = [a.card for a in v.legal if isinstance(a, Call)]
            what = "the cards the taker may call"
        elif phase == Phase.ECART:
            needed = self.chien_size - len(v.ecart or ())
            expected = discardable_from(hand, needed)
            field_cards = [a.card for a in v.legal if isinstance(a, Discard)]
            what = "the cards of the hand that may go in the écart"
        else:
            trick = v.current.cards if v.current is not None else ()
            leader = v.current.leader if v.current is not None else me
            led, _, _, top_trump = trick_status(leader, trick, self.n, self.skip)
            protected = v.petit_imprenable is not None and v.petit_imprenable == me
            expected = (playable_protected if protected else playable)(hand, led, top_trump)
            field_cards = [a.card for a in v.legal if isinstance(a, Play)]
            what = "the cards of the hand that may be played"
            self.legal_announcements()
        listed = 0
        for c in field_cards:
            if type(c) is not int or not 0 <= c < DECK_SIZE:
                self.fail("legal", f"{c!r} is not a card")
            listed |= 1 << c
        if listed != expected:
            odd = listed & ~expected
            detail = (
                f"{_first(odd)} is not among them"
                if odd
                else f"{_first(expected & ~listed)} is missing"
            )
            self.fail("legal", f"must list {what}: {detail}")

    def legal_announcements(self) -> None:
        v = self.v
        me = v.seat
        assert me is not None
        first = not self.played_by[me]
        for i, action in enumerate(v.legal):
            if isinstance(action, Poignee):
                mask = 0
                for c in action.cards:
                    mask |= 1 << c if 0 <= c < DECK_SIZE else 1 << DECK_SIZE
                if not first or me in v.poignees:
                    self.fail(f"legal[{i}]", "a poignée is shown once, before the first card")
                if len(action.cards) not in v.rules.poignee_thresholds:
                    self.fail(f"legal[{i}]", "is not a poignée of a size the rules allow")
                if mask & ~(self.hand & (TRUMPS | EXCUSE_BIT)):
                    self.fail(f"legal[{i}]", "shows a card that is not a trump of the hand")
            elif isinstance(action, Misere):
                done = zip(v.miseres, v.misere_kinds or (None,) * len(v.miseres), strict=False)
                kind_ok = (
                    action.kind in MISERE_KINDS
                    if v.rules.misere == "split"
                    else action.kind is None
                )
                if not v.rules.misere or not first or (me, action.kind) in set(done) or not kind_ok:
                    self.fail(f"legal[{i}]", "a misère is declared once, before the first card")
                spoilers = self.dealt_to(me) & MISERE_SPOILERS.get(action.kind, 0)
                if spoilers:
                    self.fail(
                        f"legal[{i}]", f"the hand as dealt holds {_first(spoilers)}: no misère"
                    )
