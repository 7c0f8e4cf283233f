"""Property tests (hypothesis) over thousands of random legal deals at 3, 4 and 5 players.

Each example draws the players, a seed, the rule options, a dealer and a way of dealing
(the engine's shuffle, or hands rigged so that poignées, misères, trumps in the écart and the
petit sec really occur), then plays the deal to its end with ``random.Random(seed)`` choosing
uniformly among ``deal.legal_actions(deal.to_act)``.

What may be known, and where every card is, is worked out here independently of the engine
(a ``Tracker`` follows the actions from the cards as dealt, with docs/rules.md alone) and checked
against the deal and against every seat's view after every action.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Any

from builders import visible_cards
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from tarot_core import (
    Bid,
    Call,
    Contract,
    Deal,
    DeclareSlam,
    Discard,
    Ecart,
    Game,
    IllegalAction,
    Misere,
    Phase,
    Play,
    Poignee,
    Rules,
    read_deal,
    replay,
    to_record,
    view,
)
from tarot_core.cards import format_card, parse_card
from tarot_core.deal import SLOTS as DEAL_SLOTS
from tarot_core.dealing import deal as deal_cards
from tarot_core.record import replay_text

# ----- cards, from the notation of docs/rules.md §1 --------------------------------------------

TEXT = [format_card(c) for c in range(78)]
ID = {t: c for c, t in enumerate(TEXT)}
ALL = frozenset(range(78))
FULL = (1 << 78) - 1
EX = ID["EX"]
PETIT = ID["T1"]
OUDLERS = frozenset({ID["T1"], ID["T21"], EX})
RANK = {str(r): r for r in range(1, 11)} | {"J": 11, "C": 12, "Q": 13, "K": 14}
HAND_SIZE = {3: 24, 4: 18, 5: 15, 6: 12}
CHIEN_SIZE = {3: 6, 4: 6, 5: 3, 6: 6}
THRESHOLDS = {3: (13, 15, 18), 4: (10, 13, 15), 5: (8, 10, 13), 6: (6, 8, 10)}


def is_trump(c: int) -> bool:
    return TEXT[c].startswith("T")


def suit(c: int) -> str:
    """S, H, D, C for suit cards; T for trumps; X for the Excuse."""
    return "X" if c == EX else "T" if is_trump(c) else TEXT[c][-1]


def rank(c: int) -> int:
    return int(TEXT[c][1:]) if is_trump(c) else RANK[TEXT[c][:-1]]


def is_king(c: int) -> bool:
    return suit(c) in "SHDC" and rank(c) == 14


def is_face(c: int) -> bool:
    return suit(c) in "SHDC" and rank(c) >= 11


def ids(bits: int) -> set[int]:
    out = set()
    while bits:
        low = bits & -bits
        out.add(low.bit_length() - 1)
        bits ^= low
    return out


def mask(cards: Any) -> int:
    bits = 0
    for c in cards:
        bits |= 1 << c
    return bits


def test_notation_is_the_one_of_rules_md() -> None:
    expected = {f"T{n}" for n in range(1, 22)} | {"EX"}
    expected |= {r + s for r in [*map(str, range(1, 11)), "J", "C", "Q", "K"] for s in "SHDC"}
    assert set(TEXT) == expected and len(TEXT) == 78
    assert all(parse_card(t) == c for c, t in enumerate(TEXT))


# ----- dealing ----------------------------------------------------------------------------

SCENARIOS = ("shuffled", "shuffled", "shuffled", "poignee", "trumps", "misere", "petit_sec")


def rigged_hands(rng: random.Random, rules: Rules, scenario: str) -> tuple[list[int], int]:
    """Random hands in which one random seat gets a special hand."""
    n, size = rules.players, HAND_SIZE[rules.players]
    special_seat = rng.randrange(n)
    trumps = [c for c in range(78) if is_trump(c) or c == EX]
    if scenario in ("poignee", "trumps"):
        # "trumps": so many trumps and Kings that a taker may have to put trumps in the écart
        low = THRESHOLDS[n][0] - 1 if scenario == "poignee" else size - CHIEN_SIZE[n]
        k = rng.randint(low, min(size, len(trumps)))
        special = rng.sample(trumps, k)
        kings = [c for c in range(78) if is_king(c)] if scenario == "trumps" else []
        special += rng.sample(kings, min(len(kings), size - k))
        others = [c for c in range(78) if c not in trumps and c not in special]
        special += rng.sample(others, size - len(special))
    elif scenario == "misere":
        low = [c for c in range(78) if suit(c) in "SHDC" and not is_face(c)]
        special = rng.sample(low, size)
    else:  # petit sec
        plain = [c for c in range(78) if suit(c) in "SHDC"]
        special = [PETIT, *rng.sample(plain, size - 1)]
    rest = [c for c in range(78) if c not in set(special)]
    rng.shuffle(rest)
    hands = []
    for seat in range(n):
        cards = special if seat == special_seat else [rest.pop() for _ in range(size)]
        hands.append(sum(1 << c for c in cards))
    assert len(rest) == CHIEN_SIZE[n]
    return hands, sum(1 << c for c in rest)


@dataclass(frozen=True)
class Setup:
    players: int
    seed: int
    dealer: int
    scenario: str
    options: dict[str, Any]
    bidding: str = "uniform"
    """``uniform`` among the legal bids (mostly garde contre, as later seats can only pass),
    or ``modest``: uniform among the legal pass, prise and garde, so that the chien and
    the écart are covered as well."""

    def rules(self) -> Rules:
        return Rules(players=self.players, **self.options)

    def with_options(self, options: dict[str, Any]) -> Setup:
        """The same deal with ``options`` added to its rule options (replacing any of them)."""
        return replace(self, options=self.options | options)

    def new_deal(self, rng: random.Random) -> Deal:
        rules = self.rules()
        if self.scenario == "shuffled":
            hands, chien = deal_cards(rng, rules, self.dealer)
        else:
            hands, chien = rigged_hands(rng, rules, self.scenario)
        return Deal(rules, self.dealer, hands, chien)


BASE_OPTIONS = st.fixed_dictionaries(
    {
        "garde_contre_multiplier": st.sampled_from((6, 8)),
        "prise_allowed": st.booleans(),
        "poignee_bonus": st.sampled_from(((20, 30, 40), (20, 40, 60))),
        "misere": st.booleans(),
    }
)
"""The options of docs/rules.md §3 to §6 that ``setups`` draws unless told others."""


@st.composite
def setups(
    draw: st.DrawFn,
    scenarios: tuple[str, ...] = SCENARIOS,
    options: st.SearchStrategy[dict[str, Any]] = BASE_OPTIONS,
) -> Setup:
    """A random deal at 3 to 5 players: seed, dealer, hand scenario, bidding style and the
    rule options that ``options`` draws."""
    players = draw(st.sampled_from((3, 4, 5)))
    return Setup(
        players=players,
        seed=draw(st.integers(0, 2**64 - 1)),
        dealer=draw(st.integers(0, players - 1)),
        scenario=draw(st.sampled_from(scenarios)),
        options=draw(options),
        bidding=draw(st.sampled_from(("uniform", "modest"))),
    )


# ----- what each seat may know, worked out independently -----------------------------------


@dataclass
class Tracker:
    """Follows a deal action by action from the cards as dealt, with docs/rules.md alone."""

    rules: Rules
    dealer: int
    dealt: list[set[int]]
    chien: set[int]
    hands: list[set[int]] = field(init=False)
    public: set[int] = field(default_factory=set)
    bids: list[Contract] = field(default_factory=list)
    speakers: list[int] = field(default_factory=list)
    contract: Contract = Contract.PASS
    taker: int | None = None
    called: int | None = None
    chien_taken: bool = False
    chien_shown: bool = False
    ecart: set[int] = field(default_factory=set)
    tricks: list[tuple[int, ...]] = field(default_factory=list)
    played: set[int] = field(default_factory=set)
    trick: list[int] = field(default_factory=list)
    started: set[int] = field(default_factory=set)
    poignees: dict[int, tuple[int, ...]] = field(default_factory=dict)
    miseres: list[Any] = field(default_factory=list)
    """Seats, or with ``misere: "split"`` ``{"seat", "kind"}`` objects (as a record has them)."""
    slam: bool = False
    petit_sec: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.hands = [set(h) for h in self.dealt]
        for seat, hand in enumerate(self.dealt):
            if {c for c in hand if is_trump(c)} == {PETIT} and EX not in hand:
                self.petit_sec.append(seat)
                self.public |= hand  # shown to everyone

    @property
    def n(self) -> int:
        return self.rules.players

    @property
    def partner(self) -> int | None:
        holders = [s for s in range(self.n) if s != self.taker and self.called in self.dealt[s]]
        return holders[0] if holders else None

    def partner_public(self) -> bool:
        """The table knows the partner: the called card was played, or was seen in the chien."""
        if self.called is None:
            return False
        return self.called in self.played or (self.chien_shown and self.called in self.chien)

    def apply(self, action: object) -> None:
        if isinstance(action, Bid):
            assert action.seat == self.speaker(), (action, self.bids, self.speakers)
            self.bids.append(action.contract)
            self.speakers.append(action.seat)
            if action.contract > Contract.PASS:
                self.contract, self.taker = action.contract, action.seat
            if self.speaker() is None and self.taker is not None and self.n < 5:
                self._chien()
        elif isinstance(action, Call):
            self.called = action.card
            self._chien()
        elif isinstance(action, Discard):
            self._discard(action.card)
        elif isinstance(action, Ecart):
            for c in action.cards:
                self._discard(c)
        elif isinstance(action, DeclareSlam):
            self.slam = action.announce
        elif isinstance(action, Poignee):
            self.poignees[action.seat] = action.cards
            self.public |= set(action.cards)
        elif isinstance(action, Misere):
            kind = action.kind
            self.miseres.append(
                action.seat if kind is None else {"seat": action.seat, "kind": kind}
            )
        elif isinstance(action, Play):
            self.hands[action.seat].remove(action.card)
            self.started.add(action.seat)
            self.trick.append(action.card)
            self.played.add(action.card)
            self.public.add(action.card)
            if len(self.trick) == self.n:
                self.tricks.append(tuple(self.trick))
                self.trick = []
        else:  # pragma: no cover
            raise AssertionError(action)

    def _chien(self) -> None:
        assert self.taker is not None
        if self.contract in (Contract.PRISE, Contract.POUSSE, Contract.GARDE):
            self.chien_taken = self.chien_shown = True
            self.public |= self.chien
            self.hands[self.taker] |= self.chien

    def _discard(self, c: int) -> None:
        assert self.taker is not None
        self.hands[self.taker].remove(c)
        self.ecart.add(c)
        if is_trump(c):
            self.public.add(c)

    def may_know(self, seat: int | None) -> set[int]:
        if seat is None:
            return set(self.public)
        return self.public | self.dealt[seat] | self.hands[seat]

    # ----- legality, docs/rules.md §3-§7 -----

    def legal_cards(self, seat: int) -> set[int]:
        hand = self.hands[seat]
        cards = [c for c in self.trick if c != EX]
        if not cards:
            return set(hand)
        led = suit(cards[0])
        if led != "T":
            follow = {c for c in hand if suit(c) == led}
            if follow:
                return follow | (hand & {EX})
        trumps = {c for c in hand if is_trump(c)}
        if not trumps:
            return set(hand)
        best = max((rank(c) for c in cards if is_trump(c)), default=0)
        over = {c for c in trumps if rank(c) > best}
        return (over or trumps) | (hand & {EX})

    def legal_bids(self) -> set[Contract]:
        lowest = Contract.PRISE if self.rules.prise_allowed else Contract.GARDE
        offered = {c for c in Contract if c >= lowest}
        if self.rules.contracts != "fft":  # docs/rules.md §11.4: the Pousse, even without Prise
            offered.add(Contract.POUSSE)
        else:
            offered.discard(Contract.POUSSE)
        parole = (
            self.rules.parole and len(self.bids) < self.n and Contract.GARDE_CONTRE not in self.bids
        )
        return (
            {Contract.PASS}
            | {c for c in offered if c > self.contract}
            | ({Contract.PAROLE} if parole else set())
        )

    def speaker(self) -> int | None:
        """Who speaks next (docs/rules.md §3, §11.5), None once the auction is over."""
        n, first = self.n, (self.dealer + 1) % self.n
        order = [(first + i) % n for i in range(n)]
        if self.rules.auction == "open":
            out = {s for s, b in zip(self.speakers, self.bids, strict=True) if b == Contract.PASS}
            left = [s for s in order if s not in out]
            if not left or (len(left) == 1 and left[0] in self.speakers):
                return None
            last = self.speakers[-1] if self.speakers else self.dealer
            return min(left, key=lambda s: (s - last - 1) % n)  # the next one still in
        if len(self.bids) < n:
            return order[len(self.bids)]
        if not self.rules.parole or Contract.GARDE_CONTRE in self.bids[:n]:
            return None
        again = [s for s, b in zip(order, self.bids, strict=False) if b == Contract.PAROLE]
        k = len(self.bids) - n
        return again[k] if k < len(again) else None

    def callable(self) -> set[int]:
        assert self.taker is not None
        dealt, allowed = self.dealt[self.taker], set()
        for r in (14, 13, 12, 11):
            of_rank = {c for c in ALL if suit(c) in "SHDC" and rank(c) == r}
            allowed |= of_rank
            if not of_rank <= dealt:
                break
        return allowed

    def discardable(self) -> set[int]:
        assert self.taker is not None
        hand = self.hands[self.taker]
        need = CHIEN_SIZE[self.n] - len(self.ecart)
        plain = {c for c in hand if suit(c) in "SHDC" and not is_king(c)}
        if len(plain) >= need:
            return plain
        return plain | {c for c in hand if is_trump(c) and c not in OUDLERS}

    def poignee_levels(self, seat: int) -> set[int]:
        if seat in self.started or seat in self.poignees:
            return set()
        hand = self.hands[seat]
        count = sum(1 for c in hand if is_trump(c)) + (EX in hand)
        return {level for level, t in enumerate(THRESHOLDS[self.n]) if count >= t}

    def valid_poignee(self, seat: int, cards: tuple[int, ...]) -> bool:
        hand = self.hands[seat]
        trumps = {c for c in hand if is_trump(c)}
        return (
            len(cards) in THRESHOLDS[self.n]
            and len(set(cards)) == len(cards)
            and set(cards) <= trumps | (hand & {EX})
            and (EX not in cards or trumps <= set(cards))
        )

    def may_declare_misere(self, seat: int) -> set[str | None]:
        """The misère kinds ``seat`` may declare now (None: the misère of docs/rules.md §6)."""
        if not self.rules.misere or seat in self.started:
            return set()
        no_trump = not any(is_trump(c) or c == EX for c in self.dealt[seat])
        no_face = not any(is_face(c) for c in self.dealt[seat])
        if self.rules.misere == "split":
            kinds = {k for k, ok in (("trumps", no_trump), ("faces", no_face)) if ok}
            return {k for k in kinds if {"seat": seat, "kind": k} not in self.miseres}
        return {None} if no_trump and no_face and seat not in self.miseres else set()


# ----- the checks made after every action ----------------------------------------------------


def check_state(deal: Deal, tr: Tracker) -> None:
    n = tr.n
    # Every card is in exactly one place: the hands, the écart, the tricks, or the chien while
    # the taker has not taken it.
    trick_cards = [c for trick in deal.tricks for c in trick] + deal.trick
    holders = [*deal.hands, deal.ecart] + ([] if tr.chien_taken else [deal.chien])
    union, count = mask(trick_cards), len(trick_cards)
    for part in holders:
        union |= part
        count += part.bit_count()
    if union != FULL or count != 78:
        counts = Counter(trick_cards)
        for part in holders:
            counts.update(ids(part))
        wrong = [f"{TEXT[c]} x{counts[c]}" for c in range(78) if counts[c] != 1]
        raise AssertionError(f"cards not conserved: {', '.join(wrong)}")
    # ... and in the place where the rules put it.
    assert list(deal.hands) == [mask(h) for h in tr.hands]
    assert deal.ecart == mask(tr.ecart)
    assert deal.tricks == tr.tricks and deal.trick == tr.trick
    assert deal.played == mask(tr.played)

    if deal.done:
        assert deal.legal_actions(deal.to_act) == []
    else:
        actions = deal.legal_actions(deal.to_act)
        assert actions, f"no legal action for seat {deal.to_act} in phase {deal.phase!r}"
        check_legal_actions(deal, tr, deal.to_act, actions)
        for seat in range(n):
            if seat != deal.to_act:
                assert deal.legal_actions(seat) == []

    known = tr.partner_public()
    for seat in (*range(n), None):
        v = view(deal, seat)
        visible = visible_cards(v)
        hidden = visible - tr.may_know(seat)
        assert not hidden, (
            f"{'public' if seat is None else f'seat {seat}'} view shows "
            + ", ".join(TEXT[c] for c in sorted(hidden))
        )
        assert v.seat == seat
        assert set(v.hand) == (tr.hands[seat] if seat is not None else set())
        assert len(v.hand) == len(set(v.hand))
        assert v.ecart is None or (seat is not None and seat == tr.taker)
        if seat is not None and seat == tr.taker and tr.chien_taken:
            assert set(v.ecart or ()) == tr.ecart
        assert v.hand_sizes == tuple(len(h) for h in tr.hands)
        assert set(v.chien or ()) == (tr.chien if tr.chien_shown else set())
        assert set(v.ecart_trumps) == {c for c in tr.ecart if is_trump(c)}
        assert set(v.petit_sec) == set(tr.petit_sec)
        for action in v.legal:
            for c in getattr(action, "cards", None) or (getattr(action, "card", None),):
                if c is not None and not isinstance(action, Call):
                    assert seat is not None and c in tr.hands[seat], action
        if known:
            assert v.partner_known and v.partner == tr.partner
        else:
            assert not v.partner_known and v.partner is None, (
                f"{'public' if seat is None else f'seat {seat}'} view shows the partner"
                f" (seat {v.partner}) before the called card {TEXT[tr.called or 0]} is played"
            )


def check_legal_actions(deal: Deal, tr: Tracker, seat: int, actions: list[Any]) -> None:
    phase = deal.phase
    kinds = {type(a) for a in actions}
    if phase == Phase.BIDDING:
        assert kinds == {Bid}
        assert {a.contract for a in actions} == tr.legal_bids()
    elif phase == Phase.CALLING:
        assert kinds == {Call} and seat == tr.taker
        assert {a.card for a in actions} == tr.callable()
    elif phase == Phase.ECART:
        assert kinds == {Discard} and seat == tr.taker
        assert {a.card for a in actions} == tr.discardable()
    elif phase == Phase.SLAM:
        assert seat == tr.taker
        petit = {DeclareSlam(seat, True, True)} if tr.rules.petit_chelem else set()
        assert set(actions) == {DeclareSlam(seat, False), DeclareSlam(seat, True)} | petit
    else:
        assert phase == Phase.PLAYING
        assert {a.card for a in actions if isinstance(a, Play)} == tr.legal_cards(seat)
        poignees = [a.cards for a in actions if isinstance(a, Poignee)]
        assert {THRESHOLDS[tr.n].index(len(p)) for p in poignees} == tr.poignee_levels(seat)
        assert all(tr.valid_poignee(seat, p) for p in poignees)
        kinds = [a.kind for a in actions if isinstance(a, Misere)]
        assert len(kinds) == len(set(kinds)) and set(kinds) == tr.may_declare_misere(seat)


def check_end(deal: Deal, tr: Tracker) -> None:
    result = deal.result
    assert result is not None
    assert sum(result.scores) == 0 and len(result.scores) == tr.n
    assert all(type(s) is int for s in result.scores)
    if tr.petit_sec:
        assert result.outcome == "petit_sec" and set(result.scores) == {0}
    elif tr.taker is None:
        assert result.outcome == "passed" and set(result.scores) == {0}
    else:
        assert result.outcome == "played" and len(tr.tricks) == HAND_SIZE[tr.n]
        assert result.taker == tr.taker and result.contract == tr.contract
        assert result.partner == (tr.partner if tr.n >= 5 else None)

    record = to_record(deal)
    # The record says what happened, as docs/records.md describes it.
    assert record["format"] == "tarot-deal/1" and record["players"] == tr.n
    assert record["dealer"] == tr.dealer
    assert [{ID[t] for t in h} for h in record["hands"]] == tr.dealt
    assert all(len(h) == HAND_SIZE[tr.n] for h in record["hands"])
    assert {ID[t] for t in record["chien"]} == tr.chien
    assert record["bids"] == [b.text for b in tr.bids]
    assert record.get("called") in (None, TEXT[tr.called] if tr.called is not None else None)
    assert {ID[t] for t in record.get("ecart") or ()} == tr.ecart
    assert bool(record.get("slam")) == tr.slam
    assert {int(s): tuple(ID[t] for t in cards) for s, cards in record["poignees"].items()} == (
        tr.poignees
    )
    assert record["miseres"] == tr.miseres
    assert record["tricks"] == [[TEXT[c] for c in t] for t in tr.tricks]

    # Replaying the record gives the same result, also after a trip through JSON text.
    assert replay(record) == result
    text = json.dumps(record)
    assert replay(json.loads(text)) == result
    assert replay_text(text) == result
    assert to_record(read_deal(json.loads(text))) == record


# ----- the properties -------------------------------------------------------------------------

COMMON = {
    "derandomize": True,
    "database": None,
    "deadline": None,
    "suppress_health_check": [HealthCheck.too_slow],
}


def choose(rng: random.Random, deal: Deal, setup: Setup) -> Any:
    """A uniformly random legal action (bids restricted for ``modest`` bidding)."""
    actions = deal.legal_actions(deal.to_act)
    if setup.bidding == "modest" and deal.phase == Phase.BIDDING:
        actions = [a for a in actions if a.contract <= Contract.GARDE]
    return rng.choice(actions)


def play_checked(setup: Setup) -> Deal:
    rng = random.Random(setup.seed)
    deal = setup.new_deal(rng)
    tr = Tracker(deal.rules, setup.dealer, [ids(h) for h in deal.dealt], ids(deal.chien))
    check_state(deal, tr)
    while not deal.done:
        action = choose(rng, deal, setup)
        deal.apply(action)
        tr.apply(action)
        check_state(deal, tr)
    check_end(deal, tr)
    return deal


def describe(deal: Deal) -> None:
    """hypothesis statistics (pytest --hypothesis-show-statistics): what the deals covered."""
    assert deal.result is not None
    event(f"{deal.n} players: {deal.result.outcome}")
    if deal.result.outcome == "played":
        event(f"contract {deal.contract.text}")
    for what, happened in (
        ("a poignée", deal.poignees),
        ("a misère", deal.miseres),
        ("a trump in the écart", any(is_trump(c) for c in ids(deal.ecart))),
        ("a slam announced", deal.slam),
        ("the partner known from the chien", deal.called in ids(deal.chien) and deal.ecart),
    ):
        if happened:
            event(what)


@settings(max_examples=2500, **COMMON)
@given(setups())
def test_random_deals_keep_every_invariant(setup: Setup) -> None:
    deal = play_checked(setup)
    describe(deal)


# ----- an illegal action changes nothing ----------------------------------------------------


def snapshot(deal: Deal) -> dict[str, Any]:
    state = {}
    for name in DEAL_SLOTS:
        value = getattr(deal, name)
        state[name] = value.copy() if isinstance(value, list | dict) else value
    return state


def random_action(rng: random.Random, deal: Deal) -> Any:
    """Any action at all: mostly illegal, sometimes legal."""
    n = deal.n
    seat = deal.to_act if rng.random() < 0.7 else rng.randrange(n)
    card = rng.randrange(78)
    kind = rng.randrange(9)
    if kind == 0:
        return Bid(seat, rng.choice(list(Contract)))
    if kind == 1:
        return Call(seat, card)
    if kind == 2:
        return Discard(seat, card)
    if kind == 3:
        size = CHIEN_SIZE[n] + rng.choice((-1, 0, 0, 1))
        return Ecart(seat, tuple(rng.choice(range(78)) for _ in range(size)))
    if kind == 4:
        return DeclareSlam(seat, rng.random() < 0.5)
    if kind == 5:
        own = [c for c in ids(deal.hands[seat]) if is_trump(c) or c == EX]
        size = rng.choice((*THRESHOLDS[n], rng.randrange(1, 20)))
        pool = own if rng.random() < 0.7 and len(own) >= size else list(range(78))
        return Poignee(seat, tuple(rng.sample(pool, min(size, len(pool)))))
    if kind == 6:
        return Misere(seat)
    if kind == 7:
        return Play(seat, rng.choice(sorted(ids(deal.hands[seat])) or [card]))
    return Play(seat, card)


@settings(max_examples=450, **COMMON)
@given(setups())
def test_an_illegal_action_leaves_the_deal_unchanged(setup: Setup) -> None:
    rng = random.Random(setup.seed)
    deal = setup.new_deal(rng)
    refused = 0
    while True:
        for _ in range(3):
            action = random_action(rng, deal)
            before = snapshot(deal)
            trial = deal.copy()
            try:
                trial.apply(action)
            except IllegalAction:
                assert snapshot(trial) == before, f"{action} changed the copy it was refused by"
                try:
                    if isinstance(action, Play) and rng.random() < 0.5:
                        deal.play(action.seat, action.card)
                    else:
                        deal.apply(action)
                except IllegalAction:
                    pass
                else:
                    raise AssertionError(f"{action} refused by a copy but accepted by the deal")
                assert snapshot(deal) == before, f"{action} was refused but changed the deal"
                refused += 1
            else:
                assert snapshot(deal) == before, f"{action} applied to a copy changed the deal"
        if deal.done:
            break
        deal.apply(choose(rng, deal, setup))
    event(f"{refused // 50 * 50}+ illegal actions refused")


# ----- a game's totals ------------------------------------------------------------------------


@settings(max_examples=120, **COMMON)
@given(setups(scenarios=("shuffled",)), st.integers(1, 5), st.sampled_from(("full", "cut")))
def test_game_totals_sum_to_zero(setup: Setup, deals: int, shuffle: str) -> None:
    rules = Rules(players=setup.players, shuffle=shuffle, **setup.options)
    game = Game(rules, deals=deals, dealer=setup.dealer, seed=setup.seed)
    rng = random.Random(setup.seed)
    while not game.over:
        deal = game.current
        assert not deal.done
        game.apply(rng.choice(deal.legal_actions(deal.to_act)))
        assert sum(game.totals) == 0
    n = setup.players
    played = [d for d in game.deals if d.result is not None and d.result.outcome == "played"]
    assert len(played) == deals == game.played
    assert all(d.done for d in game.deals)
    assert game.deals[-1] is played[-1]
    totals = [sum(d.result.scores[s] for d in game.deals if d.result) for s in range(n)]
    assert game.totals == totals and sum(totals) == 0
    for i, d in enumerate(game.deals):
        assert d.dealer == (setup.dealer + i) % n
        cards = [c for h in d.dealt for c in ids(h)] + sorted(ids(d.chien))
        assert sorted(cards) == list(range(78))
        assert [len(ids(h)) for h in d.dealt] == [HAND_SIZE[n]] * n
    try:
        game.apply(Bid(0, Contract.PASS))
    except IllegalAction:
        pass
    else:
        raise AssertionError("a finished game accepted an action")
    event(f"{len(game.deals) - deals} voided deals")
