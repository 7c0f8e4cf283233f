"""Views no real deal can produce: refused at once by ``check_view`` and by every bot, never
searched for ever.

``check_view`` may only use facts that every real view satisfies, so it is held to every view
(each seat's and the public one) of random deals at 3, 4 and 5 players, rigged so that rare
situations come up (misère, petit sec, trumps in the écart). Views made impossible on purpose
must be refused with an ``ImpossibleView`` naming the field; and a fuzz of such views asks
each bot level to act under a time limit: it answers a legal action or raises that error.
"""

from __future__ import annotations

import pickle
import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from time_limit import within

from tarot_core import Deal, Rules, view
from tarot_core.actions import Action, Bid, Discard, Ecart, Misere, Poignee
from tarot_core.bots import make_bot
from tarot_core.bots.expert import ExpertBot
from tarot_core.bots.external import illegal_reason
from tarot_core.bots.heuristic import choose_ecart
from tarot_core.bots.knowledge import infer
from tarot_core.bots.rollout import RolloutError, finish
from tarot_core.bots.worlds import WorldSampler
from tarot_core.cards import DECK_SIZE, FACES, KINGS, TRUMPS, cards_of, format_card, mask_of
from tarot_core.deal import Phase as DealPhase
from tarot_core.dealing import deal as deal_cards
from tarot_core.lab.bench import random_ecart
from tarot_core.rules import Contract
from tarot_core.serial import SerialError, view_from_json, view_to_json
from tarot_core.view import DealView
from tarot_core.view_check import ImpossibleView, check_view

TIME_LIMIT = 20.0
"""Seconds a bot may take on one view before the test calls it hung."""


# ----- real deals, rigged so that rare situations come up ---------------------------------------

PLAIN_LOW = [c for c in range(56) if not (1 << c) & FACES]
TRUMP_HEAVY = [*range(57, 76), *cards_of(KINGS), 77, 56, 76]
"""T2..T20, the Kings, the Excuse, T1, T21: a hand of these (and a chien of what is left)
makes an écart of trumps."""


def rigged_deal(players: int, seed: int, special: str | None) -> Deal:
    """A random deal; seat 1 (first to speak) holds a misère hand, a petit sec or nearly every
    trump if asked."""
    rng = random.Random(f"rigged {players} {seed} {special}")
    rules = Rules(
        players=players,
        misere=special == "misere" or seed % 2 == 0,
        prise_allowed=seed % 3 != 0,
        shuffle="full",
    )
    dealer = seed % players if special is None else 0
    if special is None:
        hands, chien = deal_cards(rng, rules, dealer)
        return Deal(rules, dealer, hands, chien)
    size, chien_size = rules.hand_size, rules.chien_size
    if special == "misere":
        mine = rng.sample(PLAIN_LOW, size)
        first: list[int] = []
    elif special == "petit_sec":
        mine = [56, *rng.sample(range(56), size - 1)]
        first = []
    else:
        mine = TRUMP_HEAVY[:size]
        first = TRUMP_HEAVY[size : size + chien_size]
    rest = [c for c in range(DECK_SIZE) if c not in mine and c not in first]
    rng.shuffle(rest)
    chien = first + rest[: chien_size - len(first)]
    rest = rest[chien_size - len(first) :]
    others = [rest[i * size : (i + 1) * size] for i in range(players - 1)]
    hands = [*others[:1], mine, *others[1:]]
    return Deal(rules, dealer, [mask_of(h) for h in hands], mask_of(chien))


def pick(rng: random.Random, deal: Deal, bidder: int | None = None) -> Action:
    """A random legal action: announcements usually made, ``bidder`` usually bidding and the
    others usually passing, the écart whole or card by card."""
    seat = deal.to_act
    actions = deal.legal_actions(seat)
    announce = [a for a in actions if isinstance(a, Misere | Poignee)]
    if announce and rng.random() < 0.8:
        return rng.choice(announce)
    if deal.phase == DealPhase.BIDDING and rng.random() < 0.7:
        if seat != bidder:
            return actions[0]  # pass
        return next((a for a in actions if isinstance(a, Bid) and a.contract >= 1), actions[0])
    if deal.phase == DealPhase.ECART and rng.random() < 0.5:
        return Ecart(seat, random_ecart(rng, deal))
    return rng.choice(actions)


SPECIALS = (None, "misere", "petit_sec", "trumps")


@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_view_of_a_real_deal_passes(players: int) -> None:
    seen: Counter[str] = Counter()
    for seed in range(40):
        special = SPECIALS[seed % len(SPECIALS)]
        deal = rigged_deal(players, seed, special)
        rng = random.Random(seed)
        while True:
            for seat in (None, *range(players)):
                check_view(view(deal, seat))
                seen["views"] += 1
            if deal.done:
                break
            action = pick(rng, deal, 1 if special else None)
            seen[type(action).__name__] += 1
            deal.apply(action)
        seen["trumps in the écart"] += bool(deal.ecart & TRUMPS)
        seen["garde sans or contre"] += deal.contract > Contract.GARDE
        seen["slam announced"] += deal.slam
        assert deal.result is not None
        seen[deal.result.outcome] += 1
    # The deals went through every kind of situation the check has a rule for.
    for kind in ("Misere", "Poignee", "Discard", "Ecart", "Call" if players == 5 else "Bid"):
        assert seen[kind] > 0, kind
    for kind in ("trumps in the écart", "garde sans or contre", "slam announced", "passed"):
        assert seen[kind] > 0, kind
    assert seen["petit_sec"] > 0 and seen["played"] > 0 and seen["views"] > 1000


# ----- views made impossible on purpose ---------------------------------------------------------


def real_view(players: int, phase: DealPhase, seed: int = 5, tricks: int = 2) -> DealView:
    """The view of the seat to act, in ``phase`` (in play: after ``tricks`` tricks and one
    card), of a seeded random deal where seat 1 takes a garde."""
    for attempt in range(200):
        rng = random.Random(f"{seed} {attempt}")
        rules = Rules(players=players)
        hands, chien = deal_cards(rng, rules, players - 1)
        deal = Deal(rules, players - 1, hands, chien)
        while not deal.done:
            if deal.phase == phase and (
                phase != DealPhase.PLAYING or (len(deal.tricks) == tricks and deal.trick)
            ):
                return view(deal, deal.to_act)
            actions = deal.legal_actions(deal.to_act)
            if deal.phase == DealPhase.BIDDING:
                wanted = Contract.GARDE if deal.to_act == 1 else Contract.PASS
                deal.apply(next(a for a in actions if isinstance(a, Bid) and a.contract == wanted))
            elif deal.phase == DealPhase.PLAYING:
                deal.apply(next(a for a in actions if not isinstance(a, Misere | Poignee)))
            else:
                deal.apply(rng.choice(actions))
    raise AssertionError(f"no deal reaches {phase.name}")


def unseen(form: dict[str, Any]) -> list[str]:
    """Cards this view (a JSON form, perhaps already perturbed) does not show anywhere."""
    shown = {*form["hand"], *(form["chien"] or ()), *form["ecart_trumps"], *(form["ecart"] or ())}
    for cards in (*form["poignees"].values(), *form["petit_sec"].values()):
        shown.update(cards)
    for trick in (*form["tricks"], form["current"] or {"cards": []}):
        shown.update(trick["cards"])
    return [text for text in map(format_card, range(DECK_SIZE)) if text not in shown]


def other_seat(form: dict[str, Any]) -> int:
    return (form["seat"] + 1) % form["rules"]["players"]


Mutation = Callable[[dict[str, Any]], None]


def _set(**fields: Callable[[dict[str, Any]], Any]) -> Mutation:
    def mutate(form: dict[str, Any]) -> None:
        for key, value in fields.items():
            form[key] = value(form)

    return mutate


def _own_card_played(form: dict[str, Any]) -> None:
    form["tricks"][0]["cards"][1] = form["hand"][0]


def _card_played_twice(form: dict[str, Any]) -> None:
    form["tricks"][1]["cards"][2] = form["tricks"][0]["cards"][3]


def _bigger_hand_size(form: dict[str, Any]) -> None:
    form["hand_sizes"][form["seat"]] += 1


def _other_hand_size(form: dict[str, Any]) -> None:
    form["hand_sizes"][other_seat(form)] -= 1


def _card_not_held_is_legal(form: dict[str, Any]) -> None:
    form["legal"][0]["card"] = unseen(form)[0]


def _wrong_winner(form: dict[str, Any]) -> None:
    trick = form["tricks"][0]
    trick["winner"] = (trick["winner"] + 1) % form["rules"]["players"]


def _poignee_of_own_trumps(form: dict[str, Any]) -> None:
    trumps = [c for c in form["hand"] if c.startswith("T")]
    hidden = [c for c in unseen(form) if c.startswith("T")]
    form["poignees"] = {str(other_seat(form)): trumps[:1] + hidden[:9]}


IMPOSSIBLE: list[tuple[str, DealPhase, Mutation, str]] = [
    (
        "the chien is the seat's own cards",
        DealPhase.BIDDING,
        _set(chien=lambda f: f["hand"][:6]),
        r"^view\.chien: \w+ is also in the seat's own hand$",
    ),
    (
        "a card of the hand in the chien, in play",
        DealPhase.PLAYING,
        _set(chien=lambda f: [f["hand"][-1], *f["chien"][1:]]),
        r"^view\.chien: \w+ is also in the seat's own hand$",
    ),
    (
        "a card of the hand already played",
        DealPhase.PLAYING,
        _own_card_played,
        r"^view\.tricks\[0\]: \w+ is also in the seat's own hand$",
    ),
    ("a card played twice", DealPhase.PLAYING, _card_played_twice, r"^view\.tricks\[1\]\.cards: "),
    (
        "a card twice in the hand",
        DealPhase.BIDDING,
        _set(hand=lambda f: [f["hand"][0], *f["hand"][:-1]]),
        r"^view\.hand: lists \w+ twice$",
    ),
    ("hand size of the seat", DealPhase.PLAYING, _bigger_hand_size, r"^view\.hand_sizes\[\d\]: "),
    (
        "hand size of another seat",
        DealPhase.PLAYING,
        _other_hand_size,
        r"^view\.hand_sizes\[\d\]: seat \d was dealt \d+ cards and played \d, so holds",
    ),
    (
        "a card nobody showed added to the hand",
        DealPhase.BIDDING,
        _set(hand=lambda f: [*f["hand"], unseen(f)[0]]),
        r"^view\.hand_sizes\[\d\]: the seat's own hand has",
    ),
    (
        "the wrong seat to speak",
        DealPhase.BIDDING,
        _set(to_act=lambda f: (f["to_act"] + 1) % 4),
        r"^view\.to_act: seat \d speaks next",
    ),
    (
        "play before any bid",
        DealPhase.BIDDING,
        _set(phase=lambda f: "playing"),
        r"^view\.phase: the play comes after the bidding",
    ),
    (
        "a bid lower than the one before",
        DealPhase.ECART,
        _set(bids=lambda f: ["pass", "garde", "prise", "pass"]),
        r"^view\.bids\[2\]: prise is not higher than garde$",
    ),
    (
        "a contract nobody bid",
        DealPhase.PLAYING,
        _set(contract=lambda f: "garde_sans"),
        r"^view\.contract: must be garde after the bids$",
    ),
    (
        "a legal card the seat does not hold",
        DealPhase.PLAYING,
        _card_not_held_is_legal,
        r"^view\.legal: must list the cards of the hand that may be played: \w+ is not among",
    ),
    (
        "a trick won by the wrong seat",
        DealPhase.PLAYING,
        _wrong_winner,
        r"^view\.tricks\[0\]\.winner: seat \d wins",
    ),
    (
        "another seat's poignée shows one of the seat's trumps",
        DealPhase.PLAYING,
        _poignee_of_own_trumps,
        r"^view\.poignees\.\d: T\d+ is also in the seat's own hand$",
    ),
    (
        "a misère at a table without",
        DealPhase.PLAYING,
        _set(miseres=lambda f: [f["seat"]]),
        r"^view\.miseres: must be empty: this table plays without misère$",
    ),
    (
        "a slam announced in the bidding",
        DealPhase.BIDDING,
        _set(slam_announced=lambda f: True),
        r"^view\.slam_announced: ",
    ),
    (
        "a discard of a card not in the hand",
        DealPhase.ECART,
        _set(legal=lambda f: [*f["legal"], {"type": "discard", "seat": 1, "card": unseen(f)[0]}]),
        r"^view\.legal: must list the cards of the hand that may go in the écart",
    ),
    (
        "the taker's écart in another seat's view",
        DealPhase.PLAYING,
        _set(ecart=lambda f: []),
        r"^view\.ecart: ",
    ),
]


def impossible_form(phase: DealPhase, mutate: Mutation) -> dict[str, Any]:
    form = view_to_json(real_view(4, phase))
    if phase == DealPhase.PLAYING:
        assert form["seat"] != form["taker"]
    mutate(form)
    return form


def _ids(cases: list[tuple[str, DealPhase, Mutation, str]]) -> list[Any]:
    return [pytest.param(*case, id=case[0]) for case in cases]


@pytest.mark.parametrize(("name", "phase", "mutate", "message"), _ids(IMPOSSIBLE))
def test_an_impossible_view_is_refused_naming_the_field(
    name: str, phase: DealPhase, mutate: Mutation, message: str
) -> None:
    v = view_from_json(impossible_form(phase, mutate))
    with pytest.raises(ImpossibleView, match=message):
        check_view(v)


@pytest.mark.parametrize("level", ["random", "heuristic", "expert"])
@pytest.mark.parametrize(("name", "phase", "mutate", "message"), _ids(IMPOSSIBLE[:6]))
def test_every_bot_refuses_an_impossible_view_at_once(
    level: str, name: str, phase: DealPhase, mutate: Mutation, message: str
) -> None:
    v = view_from_json(impossible_form(phase, mutate))
    bot = make_bot(level, seed=1, think_ms=200)
    with pytest.raises(ImpossibleView, match=message):
        within(TIME_LIMIT, lambda: bot.act(v))


def test_the_partner_is_known_only_once_the_called_card_is_played() -> None:
    form = view_to_json(real_view(5, DealPhase.PLAYING, tricks=0))
    called = form["called"]
    assert called not in _cards_in(form) and called not in (form["chien"] or [])
    form.update(partner_known=True)
    with pytest.raises(ImpossibleView, match=rf"^view\.partner_known: must be false: {called} is"):
        check_view(view_from_json(form))
    form.update(partner_known=False, partner=form["taker"])
    with pytest.raises(ImpossibleView, match=r"^view\.partner: must be null as far as the table"):
        check_view(view_from_json(form))


def test_the_error_survives_pickling_from_a_worker_process() -> None:
    error = ImpossibleView("view.chien", "6S is also in the seat's own hand")
    again = pickle.loads(pickle.dumps(error))
    assert str(again) == "view.chien: 6S is also in the seat's own hand"
    assert (again.field, again.reason) == (error.field, error.reason)


def test_the_public_view_of_a_deal_is_checked_too() -> None:
    public = view_to_json(real_view(4, DealPhase.PLAYING))
    public.update(seat=None, hand=[], ecart=None, legal=[])
    check_view(view_from_json(public))
    public["hand"] = ["KS"]
    with pytest.raises(ImpossibleView, match=r"^view\.hand: must be empty in the public view"):
        check_view(view_from_json(public))


# ----- every loop of the bots ends ---------------------------------------------------------------


def test_a_rollout_of_a_stuck_world_raises_instead_of_looping() -> None:
    """The world the expert built from the bidding view with the seat's own cards as chien
    (before the check existed) has its écart already full: its rollout used to loop."""
    v = view_from_json(impossible_form(DealPhase.BIDDING, IMPOSSIBLE[0][2]))
    know = infer(v)
    world = WorldSampler(v, know, random.Random(1), lambda _: 1.0, tries=1).draw()
    with pytest.raises(RolloutError, match=r"still in its écart after \d+ actions"):
        within(TIME_LIMIT, lambda: finish(world, random.Random(1)))


def test_an_ecart_short_of_discardable_cards_is_an_error() -> None:
    only_kings_and_oudlers = KINGS | mask_of([56, 76, 77]) | mask_of([57, 58])
    with pytest.raises(ValueError, match=r"écart of 6 cards cannot be made .* only 2 cards"):
        choose_ecart(only_kings_and_oudlers, 6)


def test_a_negative_mask_is_refused_instead_of_looping() -> None:
    with pytest.raises(ValueError, match="never negative"):
        within(TIME_LIMIT, lambda: cards_of(-1))


# ----- fuzz: real views, perturbed ---------------------------------------------------------------


def _cards_in(form: dict[str, Any]) -> list[str]:
    return [c for t in [*form["tricks"], form["current"] or {"cards": []}] for c in t["cards"]]


KINDS = 21
"""The kinds of change ``perturb`` knows."""


def perturb(form: dict[str, Any], kind: int, rng: random.Random) -> None:
    """One change that a real view would not have (or, for a few kinds, might)."""
    n = form["rules"]["players"]
    hand: list[str] = form["hand"]
    hidden = unseen(form)
    played = [t for t in [*form["tricks"], form["current"]] if t and t["cards"]]
    kind %= KINDS
    if kind == 0 and hand:  # a card of the hand moves to the chien
        size = 3 if n == 5 else 6
        form["chien"] = [hand.pop(rng.randrange(len(hand))), *(form["chien"] or hidden)[1:size]]
    elif kind == 1 and hand and played:  # ... or into a trick
        trick = rng.choice(played)
        trick["cards"][rng.randrange(len(trick["cards"]))] = hand.pop(rng.randrange(len(hand)))
    elif kind == 2 and hand:  # a card twice
        hand.insert(0, rng.choice(hand + _cards_in(form)))
    elif kind == 3:  # a hand size off by one
        form["hand_sizes"][rng.randrange(n)] += rng.choice((-1, 1))
    elif kind == 4 and hand and hidden:  # a card of the hand swapped for an unseen one
        hand[rng.randrange(len(hand))] = rng.choice(hidden)
    elif kind == 5:  # another phase
        form["phase"] = rng.choice(["bidding", "calling", "ecart", "slam", "playing"])
    elif kind == 6:  # another seat to act
        form["to_act"] = rng.randrange(n)
    elif kind == 7:  # another taker or contract
        if rng.random() < 0.5:
            form["taker"] = rng.randrange(n)
        else:
            form["contract"] = rng.choice(["prise", "garde", "garde_sans", "garde_contre"])
    elif kind == 8 and hand:  # a card of the hand shown in the écart
        form["ecart_trumps"] = [*form["ecart_trumps"], rng.choice(hand)]
    elif kind == 9:  # a poignée of cards from anywhere
        pool = hand + hidden
        form["poignees"][str(rng.randrange(n))] = rng.sample(pool, min(10, len(pool)))
    elif kind == 10 and form["legal"]:  # a legal action that does not fit
        action = rng.choice(form["legal"])
        if "card" in action and hidden:
            action["card"] = rng.choice(hidden)
        else:
            form["legal"].pop()
    elif kind == 11:  # the chien shown (or hidden) out of turn
        form["chien"] = None if form["chien"] else hidden[:6]
    elif kind == 12 and form["tricks"]:  # a trick won by another seat
        form["tricks"][-1]["winner"] = rng.randrange(n)
    elif kind == 13 and hand:  # a card taken off the hand
        hand.pop()
        form["hand_sizes"][form["seat"]] -= rng.choice((0, 1))
    elif kind == 14 and hand and played:  # a card of the hand swapped with a card played
        trick = rng.choice(played)
        i, j = rng.randrange(len(hand)), rng.randrange(len(trick["cards"]))
        hand[i], trick["cards"][j] = trick["cards"][j], hand[i]
    elif kind == 15 and hand and form["chien"]:  # ... or with a card of the chien
        i, j = rng.randrange(len(hand)), rng.randrange(len(form["chien"]))
        hand[i], form["chien"][j] = form["chien"][j], hand[i]
    elif kind == 16 and len(played) > 1:  # two cards played swapped between tricks
        a, b = rng.sample(played, 2)
        i, j = rng.randrange(len(a["cards"])), rng.randrange(len(b["cards"]))
        a["cards"][i], b["cards"][j] = b["cards"][j], a["cards"][i]
    elif kind == 17:  # another dealer
        form["dealer"] = rng.randrange(n)
    elif kind == 18:  # a slam announced, or not
        form["slam_announced"] = not form["slam_announced"]
    elif kind == 19:  # a misère declared
        form["miseres"] = [*form["miseres"], rng.randrange(n)]
    elif kind == 20:  # the partner known, or named, too early
        form["partner_known"] = True
        form["partner"] = rng.choice([None, rng.randrange(n)])


def fuzz_form(players: int, seed: int) -> dict[str, Any]:
    """The view of the seat to act, at a random point of a random deal."""
    rng = random.Random(seed)
    deal = rigged_deal(players, seed, SPECIALS[seed % len(SPECIALS)])
    stop = rng.randrange(90)
    while not deal.done and stop:
        deal.apply(pick(rng, deal, 1))
        stop -= 1
    if deal.done:
        deal = rigged_deal(players, seed + 1, None)
    return view_to_json(view(deal, deal.to_act))


@settings(
    max_examples=150,
    derandomize=True,
    database=None,
    deadline=None,
    phases=[Phase.explicit, Phase.generate],  # a hang is reported at once, not shrunk
    suppress_health_check=[HealthCheck.too_slow],
)
@given(
    st.sampled_from([3, 4, 5]),
    st.integers(0, 10_000),
    st.lists(st.integers(0, KINDS - 1), min_size=1, max_size=3),
)
def test_bots_answer_a_perturbed_view_legally_or_refuse_it(
    players: int, seed: int, kinds: list[int]
) -> None:
    form = fuzz_form(players, seed)
    rng = random.Random(seed)
    for kind in kinds:
        perturb(form, kind, rng)
    try:
        v = view_from_json(form)
    except SerialError:
        return  # malformed rather than impossible: the reader refuses it
    if v.seat is None or not v.legal:
        return
    bots = [
        make_bot("random", seed=seed),
        make_bot("heuristic", seed=seed),
        ExpertBot(seed, think_ms=20, max_samples=2),
    ]
    for bot in bots:
        try:
            action = within(TIME_LIMIT, lambda bot=bot: bot.act(v))
        except ImpossibleView:
            continue
        assert illegal_reason(v, action) is None, (action, v)
        if isinstance(action, Ecart):
            allowed = {a.card for a in v.legal if isinstance(a, Discard)}
            assert set(action.cards) <= allowed
