"""One deal as a state machine driven by actions.

The deal holds the whole truth (every hand); what a seat may see comes out only through
``view``. Every action is checked before anything changes, so an illegal one raises
``IllegalAction`` and leaves the deal exactly as it was.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import IntEnum
from typing import Final

from .actions import (
    Action,
    Bid,
    Call,
    DeclareSlam,
    Discard,
    Ecart,
    IllegalAction,
    Misere,
    Play,
    Poignee,
)
from .auction import next_speaker, parole_open
from .cards import (
    CARD_TEXT,
    EXCUSE,
    EXCUSE_BIT,
    FACES,
    KINGS,
    OUDLERS,
    PETIT,
    SUIT_CARDS,
    SUIT_MASKS,
    SUIT_NAMES,
    TRUMP,
    TRUMPS,
    TRUMPS_ABOVE,
    Card,
    Mask,
    cards_of,
    format_cards,
    format_mask,
    suit_card,
)
from .refusals import ActionKind, RuleParam
from .refusals import IllegalActionCode as Code
from .rules import MISERE_KINDS, POIGNEE_LEVELS, Contract, Rules, or_list
from .scoring import DealResult, Outcome, score_played, voided


class Phase(IntEnum):
    BIDDING = 0
    CALLING = 1
    ECART = 2
    SLAM = 3
    PLAYING = 4
    DONE = 5


RANK_NAMES = {14: "King", 13: "Queen", 12: "Knight", 11: "Jack"}
_RANK_MASKS = {r: sum(1 << suit_card(r, s) for s in range(4)) for r in RANK_NAMES}


_PLAYING: Final = Phase.PLAYING


def sitting_out(rules: Rules, dealer: int) -> int:
    """The seat that takes no part in the deal (docs/rules.md §11.1 ``dealer_sits_out``), or -1."""
    return dealer if rules.sits_out else -1


def trick_seats(leader: int, count: int, players: int, skip: int = -1) -> list[int]:
    """The seats that play the first ``count`` cards of a trick led by ``leader``, in order,
    passing over ``skip`` (a dealer who sits out)."""
    out = []
    seat = leader
    for _ in range(count):
        out.append(seat)
        seat = seat + 1 if seat + 1 < players else 0
        if seat == skip:
            seat = seat + 1 if seat + 1 < players else 0
    return out


def trick_status(
    leader: int, cards: Sequence[Card], players: int, skip: int = -1
) -> tuple[int, int, int, int]:
    """A trick in progress as ``(led suit, best card of that suit, winning seat, highest
    trump)``, each -1 while unknown: what ``Deal.play`` keeps up to date card by card."""
    led = best_card = best_seat = max_trump = -1
    seats = trick_seats(leader, len(cards), players, skip)
    for i, card in enumerate(cards):
        if card == EXCUSE:
            continue
        seat = seats[i]
        suit = TRUMP if card >= PETIT else card // 14
        if led < 0:
            led = suit
        if suit == TRUMP:
            if card > max_trump:
                max_trump, best_seat = card, seat
        elif max_trump < 0 and suit == led and card > best_card:
            best_card, best_seat = card, seat
    return led, best_card, best_seat, max_trump


def petit_sec(hand: Mask) -> bool:
    """The Petit is the hand's only trump and the Excuse is not there to keep it company."""
    return hand & TRUMPS == 1 << PETIT and not hand & EXCUSE_BIT


_PETIT_BIT: Final = 1 << PETIT


def protected_seat(rules: Rules, hands: Sequence[Mask]) -> int:
    """With ``petit_imprenable`` (docs/rules.md §11.2), the seat dealt the Petit sec, whose Petit is
    protected for the whole deal; -1 otherwise (at most one seat holds the Petit)."""
    if rules.petit_imprenable:
        for seat, hand in enumerate(hands):
            if petit_sec(hand):
                return seat
    return -1


def playable_protected(hand: Mask, led: int, max_trump: int) -> Mask:
    """``playable`` for the holder of a protected Petit: it may be played at any time and is
    never forced (for "must play a trump" the holder counts it as no trump)."""
    petit = hand & _PETIT_BIT
    return playable(hand ^ petit, led, max_trump) | petit


MISERE_SPOILERS: dict[str | None, Mask] = {
    None: TRUMPS | EXCUSE_BIT | FACES,
    "trumps": TRUMPS | EXCUSE_BIT,
    "faces": FACES,
}
"""By misère kind (None: docs/rules.md §6's misère), the cards a dealt hand must not hold."""


def playable(hand: Mask, led: int, max_trump: int) -> Mask:
    """The cards of ``hand`` that may be played to a trick led in ``led`` (-1 before its
    first card) whose highest trump is ``max_trump`` (-1 if none): follow suit, else trump,
    overtrumping if possible; the Excuse always."""
    if led < 0:
        return hand
    if led != TRUMP:
        follow = hand & SUIT_MASKS[led]
        if follow:
            return follow | (hand & EXCUSE_BIT)
    trumps = hand & TRUMPS
    if not trumps:
        return hand
    if max_trump >= 0:
        over = trumps & TRUMPS_ABOVE[max_trump]
        if over:
            return over | (hand & EXCUSE_BIT)
    return trumps | (hand & EXCUSE_BIT)


def biddable(rules: Rules, highest: Contract, parole: bool = False) -> list[Contract]:
    """The bids a seat may make after ``highest`` (``PASS`` if nobody has bid): pass, or a
    contract above it among those the table's rules offer (``Rules.bids``); with ``parole``
    (the seat may say it now, ``auction.parole_open``) parole too."""
    out = [Contract.PASS, Contract.PAROLE] if parole else [Contract.PASS]
    return out + [c for c in rules.bids if c > highest]


def _twice(cards: Sequence[Card]) -> Card:
    """The first card named a second time in ``cards`` (which has one)."""
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            return card
        seen.add(card)
    raise ValueError("no card is named twice")


def callable_for(dealt: Mask) -> Mask:
    """The cards a taker dealt ``dealt`` may call: Kings; Queens too if it was dealt all four
    Kings; and so on down to Jacks."""
    allowed = 0
    for rank in (14, 13, 12, 11):
        allowed |= _RANK_MASKS[rank]
        if dealt & _RANK_MASKS[rank] != _RANK_MASKS[rank]:
            break
    return allowed


def discardable_from(hand: Mask, needed: int) -> Mask:
    """The cards of the taker's ``hand`` that may go in an écart still ``needed`` cards
    short: no King or oudler; trumps only when the other cards cannot fill it."""
    plain = hand & SUIT_CARDS & ~KINGS
    if plain.bit_count() < needed:
        return plain | (hand & TRUMPS & ~OUDLERS)
    return plain


PlayMark = tuple[
    int, Mask, list[Card], int, int, int, int, int, int, int, Mask, int, int | None, int | None
]
"""``Deal.play_mark``'s record of a position, for ``Deal.take_back``."""


SLOTS: Final = (
    "rules",
    "n",
    "dealer",
    "dealt",
    "chien",
    "hands",
    "phase",
    "to_act",
    "bids",
    "speakers",
    "contract",
    "taker",
    "called",
    "partner",
    "ecart",
    "slam",
    "petit_chelem",
    "poignees",
    "miseres",
    "misere_kinds",
    "started",
    "played",
    "tricks",
    "leaders",
    "winners",
    "trick",
    "leader",
    "led",
    "best_card",
    "best_seat",
    "max_trump",
    "excuse_seat",
    "excuse_trick",
    "petit_sec_seats",
    "imprenable",
    "skip",
    "size",
    "result",
)
"""Every attribute of a ``Deal``: what ``copy`` copies and tests compare (the compiled core
has no ``Deal.__slots__`` to read)."""


class Deal:
    __slots__ = SLOTS

    def __new__(cls, *args: object, **kwargs: object) -> Deal:
        """A bare deal, its slots unset: ``copy``, the bots' sampled worlds and unpickling
        fill them. (Defined so that the compiled core, like Python, runs ``__init__`` only
        on ``Deal(...)``.)"""
        return super().__new__(cls)

    def __init__(self, rules: Rules, dealer: int, hands: Sequence[Mask], chien: Mask) -> None:
        n = rules.players
        if not 0 <= dealer < n:
            raise ValueError(f"dealer must be a seat from 0 to {n - 1}, not {dealer}")
        self.rules = rules
        self.n = n
        self.dealer = dealer
        self.dealt: tuple[Mask, ...] = tuple(hands)
        self.chien = chien
        self.hands = list(hands)
        self.phase = Phase.BIDDING
        self.to_act = (dealer + 1) % n
        self.bids: list[Contract] = []
        """Every call in the order spoken (pass, parole or a bid; docs/rules.md §11.5)."""
        self.speakers: list[int] = []
        """The seat that made each of ``bids``."""
        self.contract = Contract.PASS
        self.taker: int | None = None
        self.called: Card | None = None
        self.partner: int | None = None
        """The called card's holder (if not the taker): true from the call, public only once
        the card is played."""
        self.ecart: Mask = 0
        self.slam = False
        """A chelem announced (the taker leads)."""
        self.petit_chelem = False
        """A petit chelem announced instead (docs/rules.md §11.3)."""
        self.poignees: dict[int, tuple[Card, ...]] = {}
        self.miseres: list[int] = []
        self.misere_kinds: list[str | None] = []
        """The kind of each of ``miseres`` (None without ``misere: "split"``)."""
        self.started = 0
        """Bit set of the seats that have played their first card."""
        self.played: Mask = 0
        self.tricks: list[tuple[Card, ...]] = []
        self.leaders: list[int] = []
        self.winners: list[int] = []
        self.trick: list[Card] = []
        self.leader = self.to_act
        self.led = -1
        self.best_card = -1
        self.best_seat = -1
        self.max_trump = -1
        self.excuse_seat: int | None = None
        self.excuse_trick: int | None = None
        self.result: DealResult | None = None
        self.skip = sitting_out(rules, dealer)
        """The dealer when it sits out (docs/rules.md §11.1): no cards, never to act; else -1."""
        self.size = rules.playing
        """Cards in a full trick: one per seat that plays."""
        self.imprenable = protected_seat(rules, hands)
        """The seat whose Petit is protected (docs/rules.md §11.2), -1 if none: true from the deal,
        public only once the Petit is played."""
        self.petit_sec_seats = (
            tuple(s for s in range(n) if petit_sec(hands[s])) if self.imprenable < 0 else ()
        )
        if self.petit_sec_seats:
            self._finish(voided(Outcome.PETIT_SEC, n))

    def copy(self) -> Deal:
        """An independent copy, for trying an action or simulating ahead: every slot, its
        lists and dicts copied (the rest is immutable). Spelled out rather than looped over
        ``__slots__``, for speed (the expert copies a deal per simulation); a test checks
        that it names every slot."""
        o = Deal.__new__(Deal)
        o.rules = self.rules
        o.n = self.n
        o.dealer = self.dealer
        o.dealt = self.dealt
        o.chien = self.chien
        o.hands = self.hands.copy()
        o.phase = self.phase
        o.to_act = self.to_act
        o.bids = self.bids.copy()
        o.speakers = self.speakers.copy()
        o.contract = self.contract
        o.taker = self.taker
        o.called = self.called
        o.partner = self.partner
        o.ecart = self.ecart
        o.slam = self.slam
        o.petit_chelem = self.petit_chelem
        o.poignees = self.poignees.copy()
        o.miseres = self.miseres.copy()
        o.misere_kinds = self.misere_kinds.copy()
        o.started = self.started
        o.played = self.played
        o.tricks = self.tricks.copy()
        o.leaders = self.leaders.copy()
        o.winners = self.winners.copy()
        o.trick = self.trick.copy()
        o.leader = self.leader
        o.led = self.led
        o.best_card = self.best_card
        o.best_seat = self.best_seat
        o.max_trump = self.max_trump
        o.excuse_seat = self.excuse_seat
        o.excuse_trick = self.excuse_trick
        o.petit_sec_seats = self.petit_sec_seats
        o.imprenable = self.imprenable
        o.skip = self.skip
        o.size = self.size
        o.result = self.result
        return o

    # ----- queries -------------------------------------------------------------------

    @property
    def done(self) -> bool:
        return self.phase == Phase.DONE

    def legal_cards(self, seat: int) -> Mask:
        """The cards ``seat`` may play now, as a mask (empty when it is not its turn)."""
        if self.phase is not _PLAYING or seat != self.to_act:
            return 0
        if seat == self.imprenable:
            return playable_protected(self.hands[seat], self.led, self.max_trump)
        return playable(self.hands[seat], self.led, self.max_trump)

    def legal_bids(self, seat: int) -> list[Contract]:
        if self.phase != Phase.BIDDING or seat != self.to_act:
            return []
        rules = self.rules
        return biddable(rules, self.contract, parole_open(rules, self.bids, self.contract))

    def callable_cards(self) -> Mask:
        """Kings; Queens too if the taker was dealt all four Kings; and so on down to Jacks."""
        if self.taker is None:
            return 0
        return callable_for(self.dealt[self.taker])

    def ecart_needed(self) -> int:
        return self.rules.chien_size - self.ecart.bit_count()

    def discardable(self) -> Mask:
        """Cards the taker may put in the écart now: no King or oudler; trumps only when the
        other cards cannot fill it."""
        if self.phase != Phase.ECART or self.taker is None:
            return 0
        return discardable_from(self.hands[self.taker], self.ecart_needed())

    def poignee_options(self, seat: int) -> list[tuple[int, tuple[Card, ...]]]:
        """Each level ``seat`` may show now, with a default choice of cards (its lowest
        trumps; the Excuse only where it is needed)."""
        if (
            self.phase != Phase.PLAYING
            or seat != self.to_act
            or self.started >> seat & 1
            or seat in self.poignees
        ):
            return []
        hand = self.hands[seat]
        thresholds = self.rules.poignee_thresholds
        if (hand & (TRUMPS | EXCUSE_BIT)).bit_count() < thresholds[0]:
            return []  # the common case, answered without listing the trumps
        trumps = cards_of(hand & TRUMPS)
        options = []
        for level, threshold in enumerate(thresholds):
            if len(trumps) >= threshold:
                options.append((level, tuple(trumps[:threshold])))
            elif hand & EXCUSE_BIT and len(trumps) + 1 == threshold:
                options.append((level, (*trumps, EXCUSE)))
        return options

    def can_declare_misere(self, seat: int, kind: str | None = None) -> bool:
        return (
            self.rules.misere is not False
            and (kind in MISERE_KINDS if self.rules.misere == "split" else kind is None)
            and self.phase == Phase.PLAYING
            and seat == self.to_act
            and not self.started >> seat & 1
            and not self._declared(seat, kind)
            and not self.dealt[seat] & MISERE_SPOILERS[kind]
        )

    def _declared(self, seat: int, kind: str | None) -> bool:
        return any(
            s == seat and k == kind for s, k in zip(self.miseres, self.misere_kinds, strict=True)
        )

    def legal_actions(self, seat: int) -> list[Action]:
        """Every action ``seat`` may take now. Two are listed by representative: the écart is
        chosen one ``Discard`` at a time (an ``Ecart`` of a legal set is accepted too), and a
        poignée is listed once per level with default cards (any valid set is accepted)."""
        if seat != self.to_act or self.phase == Phase.DONE:
            return []
        phase = self.phase
        if phase == Phase.PLAYING:
            actions: list[Action] = [Play(seat, c) for c in cards_of(self.legal_cards(seat))]
            actions += [Poignee(seat, cards) for _, cards in self.poignee_options(seat)]
            if self.rules.misere == "split":
                kinds = [k for k in MISERE_KINDS if self.can_declare_misere(seat, k)]
                actions += [Misere(seat, k) for k in kinds]
            elif self.can_declare_misere(seat):
                actions.append(Misere(seat))
            return actions
        if phase == Phase.BIDDING:
            return [Bid(seat, c) for c in self.legal_bids(seat)]
        if phase == Phase.CALLING:
            return [Call(seat, c) for c in cards_of(self.callable_cards())]
        if phase == Phase.ECART:
            return [Discard(seat, c) for c in cards_of(self.discardable())]
        slams: list[Action] = [DeclareSlam(seat, False), DeclareSlam(seat, True)]
        if self.rules.petit_chelem:
            slams.append(DeclareSlam(seat, True, True))
        return slams

    def actions(self) -> list[Action]:
        """The actions that led here, in order: replaying them on a fresh deal from the same
        cards gives this deal again. (Rebuilt from the state rather than logged, so that
        playing a card stays cheap.)"""
        n = self.n
        out: list[Action] = [Bid(s, bid) for s, bid in zip(self.speakers, self.bids, strict=True)]
        taker = self.taker
        if taker is None:
            return out
        if self.called is not None:
            out.append(Call(taker, self.called))
        out += [Discard(taker, c) for c in cards_of(self.ecart)]  # plain cards come first
        if self.phase < Phase.PLAYING:
            return out
        out.append(DeclareSlam(taker, self.slam or self.petit_chelem, self.petit_chelem))
        started: set[int] = set()

        def announce(seat: int) -> None:
            started.add(seat)
            for s, kind in zip(self.miseres, self.misere_kinds, strict=True):
                if s == seat:
                    out.append(Misere(seat, kind))
            if seat in self.poignees:
                out.append(Poignee(seat, self.poignees[seat]))

        tricks = [*zip(self.leaders, self.tricks, strict=True), (self.leader, tuple(self.trick))]
        for leader, cards in tricks:
            for seat, card in zip(
                trick_seats(leader, len(cards), n, self.skip), cards, strict=True
            ):
                if seat not in started:
                    announce(seat)
                out.append(Play(seat, card))
        if not self.done and self.to_act not in started:
            announce(self.to_act)
        return out

    def side_of(self, seat: int) -> str:
        """``taker`` or ``defence`` (the truth, not what the table knows yet)."""
        return "taker" if seat == self.taker or seat == self.partner else "defence"

    def partner_known(self) -> bool:
        """Whether the table knows who the partner is (5 players): the called card was played,
        or it showed up in the chien."""
        if self.called is None:
            return False
        bit = 1 << self.called
        return bool(self.played & bit) or (
            self.contract <= Contract.GARDE and bool(self.chien & bit)
        )

    # ----- actions ---------------------------------------------------------------------

    def apply(self, action: Action) -> None:
        """Apply one action, or raise IllegalAction and change nothing."""
        if type(action) is Play:
            self.play(action.seat, action.card)
            return
        if self.phase == Phase.DONE:
            raise IllegalAction("the deal is over", code=Code.DEAL_OVER)
        if isinstance(action, Bid):
            self._bid(action.seat, action.contract)
        elif isinstance(action, Call):
            self._call(action.seat, action.card)
        elif isinstance(action, Discard):
            self._discard(action.seat, action.card)
        elif isinstance(action, Ecart):
            self._ecart(action.seat, action.cards)
        elif isinstance(action, DeclareSlam):
            self._declare_slam(action.seat, action.announce, action.petit)
        elif isinstance(action, Poignee):
            self._poignee(action.seat, action.cards)
        elif isinstance(action, Misere):
            self._misere(action.seat, action.kind)
        else:  # pragma: no cover - the union is closed
            raise IllegalAction(
                f"unknown action {action!r}",
                code=Code.UNKNOWN_ACTION,
                params={"kind": type(action).__name__},
            )

    def _expect(
        self, phase: Phase, seat: int, what: str, kind: ActionKind, **attempt: RuleParam
    ) -> None:
        """``seat`` may act in ``phase`` now; ``what`` (English) and ``kind`` with
        ``attempt`` (the card or contract) name the action in a refusal."""
        if self.phase != phase:
            raise self._wrong_phase(what, kind, attempt)
        if seat != self.to_act:
            raise self._not_your_turn(seat, what, kind, attempt)

    def _wrong_phase(
        self, what: str, kind: ActionKind, attempt: dict[str, RuleParam]
    ) -> IllegalAction:
        return IllegalAction(
            f"{what} is not allowed now: the deal is in its {self._phase_text()}",
            code=Code.WRONG_PHASE,
            params={"action": kind.value, **attempt, "phase": self.phase.name.lower()},
        )

    def _not_your_turn(
        self, seat: int, what: str, kind: ActionKind, attempt: dict[str, RuleParam]
    ) -> IllegalAction:
        why = f"it is seat {self.to_act}'s turn, not seat {seat}'s"
        if seat == self.skip:
            why = f"seat {seat} deals and sits out this deal (it is seat {self.to_act}'s turn)"
        return IllegalAction(
            f"{what} is not allowed: {why}",
            code=Code.NOT_YOUR_TURN,
            params={"action": kind.value, **attempt, "seat": seat, "to_act": self.to_act},
        )

    def _phase_text(self) -> str:
        return {
            Phase.BIDDING: "bidding",
            Phase.CALLING: "call of a King",
            Phase.ECART: "écart",
            Phase.SLAM: "slam announcement",
            Phase.PLAYING: "play",
            Phase.DONE: "end",
        }[self.phase]

    def _unoffered(self, contract: Contract) -> None:
        """Refuse a bid above the highest that this table's rules do not offer."""
        if contract == Contract.POUSSE:
            raise IllegalAction(
                "pousse is not allowed: this table plays without the Pousse",
                code=Code.POUSSE_NOT_ALLOWED,
                params={"contract": contract.text},
            )
        lowest = self.rules.bids[0].text
        raise IllegalAction(
            f"prise is not allowed: at this table the lowest bid is {lowest}",
            code=Code.PRISE_NOT_ALLOWED,
            params={"contract": contract.text, "lowest": lowest},
        )

    def _bid(self, seat: int, contract: Contract) -> None:
        if self.phase == Phase.BIDDING and seat != self.to_act:
            self._silent(seat, contract)
        if contract == Contract.PASS:
            self._expect(Phase.BIDDING, seat, "bidding pass", ActionKind.PASS)
        elif contract == Contract.PAROLE:
            self._expect(Phase.BIDDING, seat, "saying parole", ActionKind.BID, contract="parole")
            self._check_parole()
        else:
            self._expect(
                Phase.BIDDING,
                seat,
                f"bidding {contract.text}",
                ActionKind.BID,
                contract=contract.text,
            )
            if contract <= self.contract:
                raise IllegalAction(
                    f"{contract.text} is not allowed:"
                    f" a bid must be higher than {self.contract.text}",
                    code=Code.BID_TOO_LOW,
                    params={"contract": contract.text, "highest": self.contract.text},
                )
            if contract not in self.rules.bids:
                self._unoffered(contract)
            self.contract = contract
            self.taker = seat
        self.bids.append(contract)
        self.speakers.append(seat)
        after = next_speaker(self.rules, self.dealer, self.bids)
        if after is not None:
            self.to_act = after
            return
        if self.taker is None:
            self._finish(voided(Outcome.PASSED, self.n))
        elif self.rules.calls:
            self.phase = Phase.CALLING
            self.to_act = self.taker
        else:
            self._after_call()

    def _silent(self, seat: int, contract: Contract) -> None:
        """Refuse a call from a seat that will not speak again in this auction (docs/rules.md
        §11.5: it passed in an open auction, or did not say parole); other seats out of turn
        get the usual refusal."""
        if seat not in self.speakers:
            return
        rules = self.rules
        params: dict[str, RuleParam] = {
            "contract": contract.text,
            "seat": seat,
            "to_act": self.to_act,
        }
        calls = [b for s, b in zip(self.speakers, self.bids, strict=True) if s == seat]
        if rules.auction == "open":
            if Contract.PASS not in calls:
                return
            raise IllegalAction(
                f"{contract.text} is not allowed: you passed and do not speak again",
                f"{contract.text} is not allowed: seat {seat} passed already and does not speak"
                " again",
                code=Code.PASSED_ALREADY,
                params=params,
            )
        if not rules.parole or len(self.bids) < self.size or calls[0] == Contract.PAROLE:
            return
        raise IllegalAction(
            f"{contract.text} is not allowed: you did not say parole and do not speak again",
            f"{contract.text} is not allowed: seat {seat} did not say parole and does not speak"
            " again",
            code=Code.NO_PAROLE_SAID,
            params=params,
        )

    def _check_parole(self) -> None:
        """Parole: only at a table that plays it, in the first round, before a Garde contre."""
        if not self.rules.parole:
            raise IllegalAction(
                "parole is not allowed: this table plays without parole",
                code=Code.PAROLE_OFF,
                params={"contract": "parole"},
            )
        if len(self.bids) >= self.size:
            raise IllegalAction(
                "parole is not allowed: it is said only in the first round",
                code=Code.PAROLE_FIRST_ROUND,
                params={"contract": "parole"},
            )
        if self.contract == Contract.GARDE_CONTRE:
            raise IllegalAction(
                "parole is not allowed: after garde_contre the others can only pass",
                code=Code.BID_TOO_LOW,
                params={"contract": "parole", "highest": self.contract.text},
            )

    def _call(self, seat: int, card: Card) -> None:
        text = CARD_TEXT[card]
        self._expect(Phase.CALLING, seat, f"calling {text}", ActionKind.CALL, card=card)
        allowed = self.callable_cards()
        if not allowed >> card & 1:
            if card >= PETIT or card % 14 + 1 not in RANK_NAMES:
                raise IllegalAction(
                    f"{text} cannot be called: the call is a King of any suit",
                    code=Code.CALL_NOT_KING,
                    params={"card": card},
                )
            rank = card % 14 + 1
            above = RANK_NAMES[rank + 1]
            raise IllegalAction(
                f"{text} cannot be called: a {RANK_NAMES[rank]} may be called only by a taker"
                f" dealt all four {above}s",
                code=Code.CALL_LOWER_RANK,
                params={"card": card, "above": rank + 1},
            )
        assert self.taker is not None
        self.called = card
        self.partner = next(
            (s for s in range(self.n) if s != self.taker and self.dealt[s] >> card & 1), None
        )
        self._after_call()

    def _after_call(self) -> None:
        assert self.taker is not None
        self.to_act = self.taker
        if self.contract <= Contract.GARDE:
            self.phase = Phase.ECART
            self.hands[self.taker] |= self.chien
        else:
            self.phase = Phase.SLAM

    def _check_discard(self, card: Card, hand: Mask, needed: int) -> None:
        text = CARD_TEXT[card]
        if not hand >> card & 1:
            raise IllegalAction(
                f"{text} cannot be discarded: it is not in the taker's hand",
                code=Code.ECART_NOT_IN_HAND,
                params={"card": card},
            )
        bit = 1 << card
        if bit & KINGS:
            raise IllegalAction(
                f"{text} cannot be discarded: a King may not go in the écart",
                code=Code.ECART_KING,
                params={"card": card},
            )
        if bit & OUDLERS:
            raise IllegalAction(
                f"{text} cannot be discarded: an oudler may not go in the écart",
                code=Code.ECART_OUDLER,
                params={"card": card},
            )
        plain = hand & SUIT_CARDS & ~KINGS
        if bit & TRUMPS and plain.bit_count() >= needed:
            raise IllegalAction(
                f"{text} cannot be discarded: a trump may go in the écart only when the other"
                f" cards cannot fill it (the taker still holds {format_mask(plain)})",
                code=Code.ECART_TRUMP_NOT_NEEDED,
                params={"card": card, "cards": tuple(cards_of(plain))},
            )

    def _discard(self, seat: int, card: Card) -> None:
        self._expect(
            Phase.ECART, seat, f"discarding {CARD_TEXT[card]}", ActionKind.DISCARD, card=card
        )
        self._check_discard(card, self.hands[seat], self.ecart_needed())
        self._put_aside(seat, card)

    def _put_aside(self, seat: int, card: Card) -> None:
        self.hands[seat] &= ~(1 << card)
        self.ecart |= 1 << card
        if self.ecart_needed() == 0:
            self.phase = Phase.SLAM

    def _ecart(self, seat: int, cards: tuple[Card, ...]) -> None:
        self._expect(Phase.ECART, seat, "the écart", ActionKind.ECART)
        needed = self.ecart_needed()
        if len(cards) != needed:
            raise IllegalAction(
                f"the écart must have {needed} cards, not {len(cards)}",
                code=Code.ECART_SIZE,
                params={"needed": needed, "count": len(cards)},
            )
        if len(set(cards)) != len(cards):
            raise IllegalAction(
                "the écart names a card twice",
                code=Code.ECART_DUPLICATE,
                params={"card": _twice(cards)},
            )
        hand = self.hands[seat]
        # Plain cards before trumps (ids are ordered so), as a player would discard them.
        for card in sorted(cards):
            self._check_discard(card, hand, needed)
            hand &= ~(1 << card)
            needed -= 1
        for card in sorted(cards):
            self._put_aside(seat, card)

    def _declare_slam(self, seat: int, announce: bool, petit: bool = False) -> None:
        if petit:
            self._expect(Phase.SLAM, seat, "announcing a petit chelem", ActionKind.PETIT_CHELEM)
            if not self.rules.petit_chelem:
                raise IllegalAction(
                    "a petit chelem is not allowed: this table plays without the petit chelem",
                    code=Code.PETIT_CHELEM_OFF,
                )
            self.petit_chelem = True
            self.phase = Phase.PLAYING
            self.to_act = self.leader = (self.dealer + 1) % self.n  # no lead for a petit chelem
            return
        if announce:
            self._expect(Phase.SLAM, seat, "announcing a slam", ActionKind.SLAM)
        else:
            self._expect(Phase.SLAM, seat, "declining a slam", ActionKind.NO_SLAM)
        self.slam = announce
        self.phase = Phase.PLAYING
        self.to_act = self.leader = seat if announce else (self.dealer + 1) % self.n

    def _before_first_card(self, seat: int, what: str, kind: ActionKind) -> None:
        self._expect(Phase.PLAYING, seat, what, kind)
        if self.started >> seat & 1:
            raise IllegalAction(
                f"{what} is not allowed: it comes before the first card played",
                code=Code.AFTER_FIRST_CARD,
                params={"action": kind.value},
            )

    def _poignee(self, seat: int, cards: tuple[Card, ...]) -> None:
        self._before_first_card(seat, "a poignée", ActionKind.POIGNEE)
        if seat in self.poignees:
            raise IllegalAction(
                "a poignée is not allowed: this seat has shown one already",
                code=Code.POIGNEE_ALREADY,
            )
        thresholds = self.rules.poignee_thresholds
        if len(cards) not in thresholds:
            sizes = or_list(thresholds)
            raise IllegalAction(
                f"a poignée shows exactly {sizes} cards at {self.size} players, not {len(cards)}",
                code=Code.POIGNEE_SIZE,
                params={"sizes": tuple(thresholds), "players": self.size, "count": len(cards)},
            )
        if len(set(cards)) != len(cards):
            raise IllegalAction(
                "a poignée names a card twice",
                code=Code.POIGNEE_DUPLICATE,
                params={"card": _twice(cards)},
            )
        hand = self.hands[seat]
        for card in cards:
            if not (1 << card) & (TRUMPS | EXCUSE_BIT):
                raise IllegalAction(
                    f"{CARD_TEXT[card]} cannot be shown: a poignée shows trumps (and the Excuse)",
                    code=Code.POIGNEE_NOT_TRUMP,
                    params={"card": card},
                )
            if not hand >> card & 1:
                raise IllegalAction(
                    f"{CARD_TEXT[card]} cannot be shown: it is not in the hand",
                    code=Code.POIGNEE_NOT_IN_HAND,
                    params={"card": card},
                )
        if EXCUSE in cards:
            hidden = hand & TRUMPS & ~sum(1 << c for c in cards)
            if hidden:
                raise IllegalAction(
                    "the Excuse may stand in for a trump only when every trump held is shown"
                    f" ({format_mask(hidden)} not shown)",
                    code=Code.POIGNEE_EXCUSE,
                    params={"cards": tuple(cards_of(hidden))},
                )
        self.poignees[seat] = tuple(cards)

    def _misere(self, seat: int, kind: str | None = None) -> None:
        if not self.rules.misere:
            raise IllegalAction(
                "a misère is not allowed: this table plays without misère", code=Code.MISERE_OFF
            )
        split = self.rules.misere == "split"
        if split and kind not in MISERE_KINDS:
            raise IllegalAction(
                "a misère needs a kind at this table: trumps (d'atout) or faces (de têtes)",
                code=Code.MISERE_KIND,
            )
        if not split and kind is not None:
            raise IllegalAction(
                f"a misère of kind {kind} is not allowed: this table's misère has no kinds",
                code=Code.MISERE_KIND,
                params={"misere": kind},
            )
        what = {None: "a misère", "trumps": "a misère d'atout", "faces": "a misère de têtes"}[kind]
        self._before_first_card(seat, what, ActionKind.MISERE)
        if self._declared(seat, kind):
            raise IllegalAction(
                f"{what} is not allowed: this seat has declared one already",
                code=Code.MISERE_ALREADY,
                params={} if kind is None else {"misere": kind},
            )
        spoilers = self.dealt[seat] & MISERE_SPOILERS[kind]
        if spoilers:
            allowed = {
                None: "no trump, Excuse or face card allowed",
                "trumps": "no trump or Excuse allowed",
                "faces": "no face card allowed",
            }[kind]
            raise IllegalAction(
                f"{what} is not allowed: the hand as dealt holds"
                f" {format_mask(spoilers)} ({allowed})",
                code=Code.MISERE_HAND,
                params={"cards": tuple(cards_of(spoilers))}
                | ({} if kind is None else {"misere": kind}),
            )
        self.miseres.append(seat)
        self.misere_kinds.append(kind)

    def play(self, seat: int, card: Card) -> None:
        """Play a card: the hot path of every simulation, so kept flat (the rules of
        ``playable`` inlined, attributes read once)."""
        if self.phase is not _PLAYING or seat != self.to_act:
            what = f"playing {CARD_TEXT[card]}"
            if self.phase is not _PLAYING:
                raise self._wrong_phase(what, ActionKind.PLAY, {"card": card})
            raise self._not_your_turn(seat, what, ActionKind.PLAY, {"card": card})
        hands = self.hands
        held = hands[seat]
        bit = 1 << card
        if not held & bit:
            raise self._card_error(seat, card)
        led = self.led
        if led >= 0 and card != EXCUSE and (card >= PETIT or card // 14 != led):
            # Neither the Excuse nor the suit led: the rules of playable(), inlined.
            hand = held
            protected = seat == self.imprenable
            if protected:  # docs/rules.md §11.2: the Petit is never forced nor refused
                hand &= ~_PETIT_BIT
            if not (protected and card == PETIT):
                if led != TRUMP and hand & SUIT_MASKS[led]:
                    raise self._card_error(seat, card)  # it must follow suit
                trumps = hand & TRUMPS
                if trumps:
                    max_trump = self.max_trump
                    if max_trump >= 0:
                        over = trumps & TRUMPS_ABOVE[max_trump]
                        if over:
                            trumps = over
                    if not trumps & bit:
                        raise self._card_error(seat, card)
        hands[seat] = held ^ bit
        self.played |= bit
        self.started |= 1 << seat
        trick = self.trick
        trick.append(card)
        if card >= PETIT:
            if card == EXCUSE:
                self.excuse_seat = seat
                self.excuse_trick = len(self.tricks)
            else:
                if led < 0:
                    self.led = TRUMP
                if card > self.max_trump:
                    self.max_trump = card
                    self.best_seat = seat
        else:
            if led < 0:
                self.led = led = card // 14
            if card > self.best_card and self.max_trump < 0 and card // 14 == led:
                self.best_card = card
                self.best_seat = seat
        if len(trick) < self.size:
            n = self.n
            seat = seat + 1 if seat + 1 < n else 0
            if seat == self.skip:  # a dealer who sits out (docs/rules.md §11.1)
                seat = seat + 1 if seat + 1 < n else 0
            self.to_act = seat
            return
        winner = self.best_seat
        tricks = self.tricks
        tricks.append(tuple(trick))
        self.leaders.append(self.leader)
        self.trick = []
        self.led = self.best_card = self.best_seat = self.max_trump = -1
        if len(tricks) < self.rules.hand_size:
            self.winners.append(winner)
            self.to_act = self.leader = winner
            return
        self._last_trick(winner)

    def play_mark(self) -> PlayMark:
        """What ``play`` changes, taken before a card so that ``take_back`` can undo it in
        place: a search tries many cards from one position, and undoing is far cheaper than
        copying the deal. Never across the deal's last card (its result is not undone)."""
        seat = self.to_act
        return (
            seat, self.hands[seat], self.trick, len(self.trick), len(self.tricks),
            self.leader, self.led, self.best_card, self.best_seat, self.max_trump,
            self.played, self.started, self.excuse_seat, self.excuse_trick,
        )  # fmt: skip

    def take_back(self, mark: PlayMark) -> None:
        """Undo the cards played since ``play_mark`` gave ``mark`` (within one trick and the
        start of the next, as a search does card by card)."""
        (
            seat, self.hands[seat], trick, size, done,
            self.leader, self.led, self.best_card, self.best_seat, self.max_trump,
            self.played, self.started, self.excuse_seat, self.excuse_trick,
        ) = mark  # fmt: skip
        del trick[size:]  # play appended to it, even if it then started a new trick
        self.trick = trick
        self.to_act = seat
        if len(self.tricks) > done:
            del self.tricks[done:], self.leaders[done:], self.winners[done:]

    def _card_error(self, seat: int, card: Card) -> IllegalAction:
        text = CARD_TEXT[card]
        hand = self.hands[seat]
        if not hand >> card & 1:
            return IllegalAction(
                f"{text} is not allowed: you do not hold it",
                f"{text} is not allowed: seat {seat} does not hold it",
                code=Code.NOT_IN_HAND,
                params={"card": card},
            )
        if seat == self.imprenable:
            legal = cards_of(playable_protected(hand, self.led, self.max_trump) & ~EXCUSE_BIT)
            hand &= ~_PETIT_BIT  # for the rule below, the protected Petit is no trump
        else:
            legal = cards_of(playable(hand, self.led, self.max_trump) & ~EXCUSE_BIT)
        params: dict[str, RuleParam] = {"card": card}
        if self.led != TRUMP and hand & SUIT_MASKS[self.led]:
            rule = f"follow {SUIT_NAMES[self.led]}"
            code = Code.MUST_FOLLOW
            params["suit"] = self.led
        elif self.max_trump >= 0 and hand & TRUMPS & TRUMPS_ABOVE[self.max_trump]:
            rule = f"play a trump higher than {CARD_TEXT[self.max_trump]}"
            code = Code.MUST_OVERTRUMP
            params["beat"] = self.max_trump
        else:
            rule = "play a trump"
            code = Code.MUST_TRUMP
        params["cards"] = tuple(legal)
        return IllegalAction(
            f"{text} is not allowed: you must {rule}",
            f"{text} is not allowed: seat {seat} must {rule} (holds {format_cards(legal)})",
            code=code,
            params=params,
        )

    def _last_trick(self, winner: int) -> None:
        last = len(self.tricks) - 1
        if self.excuse_trick == last and self.excuse_seat is not None:
            owner = self.side_of(self.excuse_seat)
            if all(self.side_of(w) == owner for w in self.winners):
                winner = self.excuse_seat  # the Excuse wins the last trick of a slam
        self.winners.append(winner)
        self.to_act = winner
        assert self.taker is not None
        rules = self.rules
        self._finish(
            score_played(
                self.rules,
                taker=self.taker,
                partner=self.partner,
                contract=self.contract,
                tricks=self.tricks,
                winners=self.winners,
                excuse_seat=self.excuse_seat,
                excuse_trick=self.excuse_trick,
                set_aside=self.ecart if self.contract <= Contract.GARDE else self.chien,
                slam_announced=self.slam,
                petit_announced=self.petit_chelem,
                poignees=[
                    rules.poignee_bonus[rules.poignee_level(len(c))] for c in self.poignees.values()
                ],
                miseres=self.miseres,
                imprenable=self.imprenable,
                out=self.skip,
            )
        )

    def _finish(self, result: DealResult) -> None:
        self.result = result
        self.phase = Phase.DONE

    def poignee_level(self, seat: int) -> str | None:
        cards = self.poignees.get(seat)
        if cards is None:
            return None
        return POIGNEE_LEVELS[self.rules.poignee_level(len(cards))]

    def card_order(self) -> list[Card]:
        """The cards gathered trick by trick, then the chien or écart: the deck for a ``cut``."""
        order = [c for trick in self.tricks for c in trick]
        if self.phase == Phase.DONE and self.result and self.result.outcome == Outcome.PLAYED:
            return order + cards_of(self.ecart if self.ecart else self.chien)
        return [c for hand in self.dealt for c in cards_of(hand)] + cards_of(self.chien)
