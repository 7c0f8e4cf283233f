"""The engine's scoring checked against an independent reference scorer (reference_scoring.py,
written from docs/rules.md alone).

a) Thousands of random complete deals at 3, 4 and 5 players, plus deals driven by biased
   policies (rigged hands, a kept Excuse, a late Petit, slams by either side, poignées,
   misères, every contract and rule option) so that the rare cases of docs/rules.md §7-§8 really
   occur; each rare case is counted and must occur a few times.
b) Hand-built scenarios with the expected numbers worked out by hand.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pytest
from reference_scoring import reference_score

from tarot_core import Deal, Rules, read_deal, replay, to_record
from tarot_core.actions import Bid, Call, DeclareSlam, Discard, Misere, Play, Poignee
from tarot_core.cards import cards_of, format_card, mask_of, parse_card
from tarot_core.dealing import deal as deal_cards
from tarot_core.lab.bench import random_deal
from tarot_core.rules import Contract

EX = parse_card("EX")
PETIT = parse_card("T1")
SUITS = "SHDC"
RANK_ORDER = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "C", "Q", "K")
PIPS = [f"{r}{s}" for s in SUITS for r in range(1, 11)]
FACES = [f"{r}{s}" for s in SUITS for r in "JCQ"]
KINGS = [f"K{s}" for s in SUITS]
TRUMPS_TEXT = [f"T{n}" for n in range(1, 22)]
ALL_TEXT = PIPS + FACES + KINGS + TRUMPS_TEXT + ["EX"]
HAND = {3: 24, 4: 18, 5: 15}
CHIEN = {3: 6, 4: 6, 5: 3}
THRESHOLDS = {3: (13, 15, 18), 4: (10, 13, 15), 5: (8, 10, 13)}


def check(record: dict[str, Any], detail: dict[str, Any] | None = None) -> dict[str, Any]:
    """Replay ``record`` (after a JSON round trip) and compare with the reference."""
    record = json.loads(json.dumps(record))
    engine = replay(record).to_json()
    expected = reference_score(record, detail)
    assert engine == expected, json.dumps(record)
    return expected


# ----- a) random and biased deals ------------------------------------------------------------


def power(card: int) -> int:
    """How strong a card is for the greedy policies: the Excuse lowest, then suit cards by
    rank, then trumps."""
    text = format_card(card)
    if text == "EX":
        return -1
    if text.startswith("T"):
        return 100 + int(text[1:])
    return RANK_ORDER.index(text[:-1]) + 1


@dataclass
class Plan:
    """How one biased deal is dealt and driven."""

    rules: Rules
    dealer: int
    hands: list[int]
    chien: int
    taker: int | None = None
    """The seat that bids ``contract`` (the others pass); None: random bids; -1: all pass."""
    contract: Contract = Contract.GARDE
    call: str | None = None
    """5 players: the card to call, or None for a random callable card."""
    announce: bool = False
    modes: dict[str, str] = field(default_factory=dict)
    """Side -> ``strong`` (highest card), ``weak`` (lowest card) or ``random``."""
    keep_excuse: bool = False
    keep_petit: bool = False
    poignee: float = 0.0
    misere: float = 0.0
    close: bool = False
    """Look for a close call (see ``drive``)."""


def rig(
    rng: random.Random, n: int, wants: dict[int, list[str]], chien: Sequence[str] = ()
) -> tuple[list[int], int]:
    """Hands and chien (masks) with the wanted cards where asked, the rest dealt at random."""
    used = {c for cards in wants.values() for c in cards} | set(chien)
    assert len(used) == sum(map(len, wants.values())) + len(chien)
    rest = [c for c in ALL_TEXT if c not in used]
    rng.shuffle(rest)
    hands = []
    for seat in range(n):
        cards = list(wants.get(seat, []))
        assert len(cards) <= HAND[n]
        while len(cards) < HAND[n]:
            cards.append(rest.pop())
        hands.append(mask_of(parse_card(c) for c in cards))
    chien = list(chien)
    while len(chien) < CHIEN[n]:
        chien.append(rest.pop())
    assert not rest
    return hands, mask_of(parse_card(c) for c in chien)


def random_rules(rng: random.Random, players: int, misere: bool | None = None) -> Rules:
    return Rules(
        players=players,
        garde_contre_multiplier=rng.choice((6, 8)),
        poignee_bonus=rng.choice(((20, 30, 40), (20, 40, 60))),
        misere=rng.random() < 0.5 if misere is None else misere,
        prise_allowed=rng.random() < 0.85,
    )


def random_contract(rng: random.Random) -> Contract:
    return rng.choice(list(Contract)[1:])


def plan_random(rng: random.Random, players: int) -> Plan:
    """Random cards and bids, random play with a kept Excuse or a late Petit."""
    rules = random_rules(rng, players)
    dealer = rng.randrange(players)
    hands, chien = deal_cards(rng, rules, dealer)
    modes = {side: rng.choice(("strong", "weak", "random")) for side in ("taker", "defence")}
    seat = rng.randrange(players)
    taker = rng.choice([None, None, seat, seat, -1])  # -1: everybody passes
    return Plan(
        rules,
        dealer,
        hands,
        chien,
        taker=taker,
        contract=random_contract(rng),
        announce=rng.random() < 0.1,
        modes=modes,
        keep_excuse=rng.random() < 0.6,
        keep_petit=rng.random() < 0.6,
        poignee=0.8,
        misere=0.8,
    )


def top_trumps(k: int) -> list[str]:
    return [f"T{n}" for n in range(21, 21 - k, -1)]


def plan_taker_slam(rng: random.Random, players: int) -> Plan:
    """The taker holds (nearly) all the top trumps and plays them from the top; the Excuse
    and the Petit are the taker's or a defender's, kept for the end."""
    n, h = players, HAND[players]
    rules = random_rules(rng, players)
    dealer = rng.randrange(n)
    taker = rng.randrange(n)
    others = [s for s in range(n) if s != taker]
    wants: dict[int, list[str]] = {s: [] for s in range(n)}
    chien: list[str] = []
    call = None
    if n == 5:
        how = rng.choice(("partner", "partner", "own", "chien"))
        king = rng.choice(KINGS)
        call = king
        if how == "partner":
            wants[rng.choice(others)].append(king)
        elif how == "own":
            wants[taker].append(king)
        else:
            chien.append(king)
    excuse_to = rng.choice([taker, taker, rng.choice(others)])
    petit_to = rng.choice([taker, taker, rng.choice(others)])
    extras = (excuse_to == taker) + (petit_to == taker) + len(wants[taker])
    k = min(20, h - extras - rng.choice((0, 0, 0, 1, 2, 4)))
    wants[taker] += top_trumps(k)
    if rng.random() < 0.5:  # Kings rather than plain cards: the écart may need trumps
        free = [c for c in KINGS if c != call]
        wants[taker] += free[: max(0, h - extras - k)]
    wants[excuse_to].append("EX")
    wants[petit_to].append("T1")
    if petit_to != taker and excuse_to != petit_to:
        spare = [t for t in TRUMPS_TEXT[1:] if t not in wants[taker]]
        if not spare:
            return plan_taker_slam(rng, players)
        wants[petit_to].append(spare[-1])  # no petit sec
    hands, chien_mask = rig(rng, n, wants, chien)
    return Plan(
        rules,
        dealer,
        hands,
        chien_mask,
        taker=taker,
        contract=random_contract(rng),
        call=call,
        announce=rng.random() < 0.6,
        modes={"taker": "strong", "defence": rng.choice(("weak", "weak", "random"))},
        keep_excuse=rng.random() < 0.8,
        keep_petit=rng.random() < 0.8,
        poignee=0.5,
    )


def plan_defence_slam(rng: random.Random, players: int) -> Plan:
    """The taker holds only low plain cards and plays them low; a defender holds the Excuse
    and often the Petit, kept for the end."""
    n, h = players, HAND[players]
    rules = random_rules(rng, players)
    dealer = rng.randrange(n)
    taker = rng.randrange(n)
    others = [s for s in range(n) if s != taker]
    low = [c for c in PIPS if c[:-1] in {str(r) for r in range(1, 8)}]
    wants: dict[int, list[str]] = {taker: rng.sample(low, h)}
    chien: list[str] = []
    call = None
    if n == 5:
        call = rng.choice(KINGS)
        if rng.random() < 0.7:
            chien.append(call)
    strong = rng.choice(others)
    wants[strong] = ["EX"] + (["T1", "T2"] if rng.random() < 0.6 else [])
    hands, chien_mask = rig(rng, n, wants, chien)
    return Plan(
        rules,
        dealer,
        hands,
        chien_mask,
        taker=taker,
        contract=rng.choice((Contract.GARDE_SANS, Contract.GARDE_CONTRE, random_contract(rng))),
        call=call,
        announce=rng.random() < 0.3,
        modes={"taker": "weak", "defence": "strong"},
        keep_excuse=rng.random() < 0.8,
        keep_petit=rng.random() < 0.8,
    )


def plan_poignee(rng: random.Random, players: int) -> Plan:
    """One or two seats hold about a poignée's worth of trumps, sometimes one short with the
    Excuse."""
    n = players
    rules = random_rules(rng, players)
    dealer = rng.randrange(n)
    trumps = TRUMPS_TEXT[:]
    rng.shuffle(trumps)
    wants: dict[int, list[str]] = {}
    excuse_free = True
    for i, seat in enumerate(rng.sample(range(n), rng.choice((1, 1, 2)))):
        k = rng.choice(THRESHOLDS[n][: 3 - 2 * i]) - rng.choice((0, 0, 1))
        if len(trumps) < k:
            break
        wants[seat] = [trumps.pop() for _ in range(k)]
        if excuse_free and rng.random() < 0.6:
            wants[seat].append("EX")
            excuse_free = False
    hands, chien = rig(rng, n, wants)
    return Plan(
        rules,
        dealer,
        hands,
        chien,
        taker=rng.choice([None, rng.randrange(n)]),
        contract=random_contract(rng),
        announce=rng.random() < 0.05,
        modes={side: rng.choice(("strong", "weak", "random")) for side in ("taker", "defence")},
        keep_excuse=rng.random() < 0.5,
        keep_petit=rng.random() < 0.5,
        poignee=0.9,
    )


def plan_misere(rng: random.Random, players: int) -> Plan:
    """Misère on; one or two seats dealt no trump, no Excuse and no face card."""
    n, h = players, HAND[players]
    rules = random_rules(rng, players, misere=True)
    dealer = rng.randrange(n)
    pips = PIPS[:]
    rng.shuffle(pips)
    count = 1 if n == 3 else rng.choice((1, 2))
    wants = {seat: [pips.pop() for _ in range(h)] for seat in rng.sample(range(n), count)}
    hands, chien = rig(rng, n, wants)
    return Plan(
        rules,
        dealer,
        hands,
        chien,
        taker=rng.choice([None, rng.randrange(n), *wants]),
        contract=random_contract(rng),
        modes={side: rng.choice(("strong", "weak", "random")) for side in ("taker", "defence")},
        keep_excuse=rng.random() < 0.5,
        keep_petit=rng.random() < 0.5,
        poignee=0.5,
        misere=0.9,
    )


def plan_close(rng: random.Random, players: int) -> Plan:
    """Random cards, bids and play, the Excuse kept for the last trick (the cases where it
    changes sides; at 4 players the only way to half points), looking for a close call."""
    plan = plan_random(rng, players)
    plan.modes = {"taker": "random", "defence": "random"}
    plan.keep_excuse = True
    plan.announce = False
    plan.close = True
    return plan


PLANS: dict[str, Callable[[random.Random, int], Plan]] = {
    "random": plan_random,
    "close": plan_close,
    "taker_slam": plan_taker_slam,
    "defence_slam": plan_defence_slam,
    "poignee": plan_poignee,
    "misere": plan_misere,
}


def choose_card(rng: random.Random, deal: Deal, seat: int, plan: Plan) -> int:
    legal = cards_of(deal.legal_cards(seat))
    hand = cards_of(deal.hands[seat])
    held = set()
    if plan.keep_excuse and len(hand) > 1:
        held.add(EX)
    if plan.keep_petit and len(hand) > 1 + (EX in hand):
        held.add(PETIT)
    choices = [c for c in legal if c not in held]
    if not choices:  # only kept cards left: the Petit before the Excuse
        return PETIT if PETIT in legal else legal[0]
    mode = plan.modes.get(deal.side_of(seat), "random")
    if mode == "strong":
        return max(choices, key=power)
    if mode == "weak":
        return min(choices, key=power)
    return rng.choice(choices)


def choose_poignee(rng: random.Random, deal: Deal, seat: int) -> Poignee:
    options = deal.poignee_options(seat)
    level, cards = rng.choice(options)
    trumps = [c for c in cards_of(deal.hands[seat]) if format_card(c).startswith("T")]
    size = deal.rules.poignee_thresholds[level]
    if len(trumps) >= size and rng.random() < 0.5:
        cards = tuple(rng.sample(trumps, size))  # any valid set of cards is accepted
    return Poignee(seat, cards)


def step(rng: random.Random, deal: Deal, plan: Plan) -> None:
    """Take one action following ``plan``."""
    seat = deal.to_act
    actions = deal.legal_actions(seat)
    kinds = {type(a) for a in actions}
    if Bid in kinds:
        bids = [a.contract for a in actions]
        if plan.taker is None:
            bid = rng.choice(bids)
        elif seat == plan.taker:
            bid = min((b for b in bids if b >= plan.contract), default=max(bids))
        else:
            bid = Contract.PASS
        deal.apply(Bid(seat, bid))
    elif Call in kinds:
        texts = [format_card(a.card) for a in actions]
        text = plan.call if plan.call in texts else rng.choice(texts)
        deal.apply(Call(seat, parse_card(text)))
    elif Discard in kinds:
        deal.apply(rng.choice(actions))
    elif DeclareSlam in kinds:
        deal.apply(DeclareSlam(seat, plan.announce))
    else:
        if Misere in kinds and rng.random() < plan.misere:
            deal.apply(Misere(seat))
        if Poignee in kinds and rng.random() < plan.poignee:
            deal.apply(choose_poignee(rng, deal, seat))
        deal.apply(Play(seat, choose_card(rng, deal, seat, plan)))


def close_call(deal: Deal, goal: int) -> bool:
    """The taker's side ends ``goal`` half points above the target (-1: lost by a half point,
    0: made exactly, 1: won by a half point)."""
    r = deal.result
    assert r is not None
    return r.outcome == "played" and r.points_half - 2 * r.target == goal


def drive(rng: random.Random, plan: Plan) -> Deal:
    """Play a deal to its end following ``plan``. With ``plan.close``, the last four tricks
    are played out up to 50 times (from copies) looking for a close call."""
    deal = Deal(plan.rules, plan.dealer, plan.hands, plan.chien)
    while not deal.done and not (plan.close and len(deal.tricks) == plan.rules.tricks - 4):
        step(rng, deal, plan)
    if deal.done:
        return deal
    goal = rng.choice((-1, 0, 1))
    for _ in range(50):
        trial = deal.copy()
        while not trial.done:
            step(rng, trial, plan)
        if close_call(trial, goal):
            break
    return trial


def rare_cases(record: dict[str, Any], result: dict[str, Any], d: dict[str, Any]) -> list[str]:
    """The rare cases of docs/rules.md §7-§8 that a scored deal shows."""
    if result["outcome"] != "played":
        return [result["outcome"]]
    n = record["players"]
    rules = record["rules"]
    contract = result["contract"]
    cases = [f"contract {contract}", f"oudlers {result['oudlers']}"]
    if contract == "garde_contre" and rules["garde_contre_multiplier"] == 8:
        cases.append("garde contre x8")
    if contract in ("garde_sans", "garde_contre") and {"T1", "T21", "EX"} & set(record["chien"]):
        cases.append(f"{contract} chien with an oudler")
    if any(c.startswith("T") for c in record["ecart"]):
        cases.append("trump in the ecart")
    if n == 5:
        if result["partner"] is not None:
            cases.append("5p partner")
        elif record["called"] in record["chien"]:
            cases.append("5p alone, called card in the chien")
        else:
            cases.append("5p alone, called card in the taker's hand")
    for seat, shown in record["poignees"].items():
        level = ("simple", "double", "triple")[THRESHOLDS[n].index(len(shown))]
        cases.append(f"poignee {level}")
        if "EX" in shown:
            cases.append("poignee with the Excuse")
        if rules["poignee_bonus"] == [20, 40, 60]:
            cases.append("poignee bonus 20/40/60")
        if int(seat) != result["taker"] and not result["made"]:
            cases.append("defence poignee, contract lost")
    if len(record["poignees"]) > 1:
        cases.append("two poignees")
    if record["miseres"]:
        cases.append("misere")
        if result["taker"] in record["miseres"]:
            cases.append("misere by the taker")
    taking = {result["taker"], result["partner"]} - {None}
    side = "taker" if d["excuse_seat"] in taking else "defence"
    last = len(record["tricks"]) - 1
    if d["excuse_changes_sides"]:
        cases.append(f"Excuse of the {side} in the last trick changes sides")
        winner = d["winners"][last]
        if (winner in taking) == (side == "taker"):
            cases.append("Excuse changes sides although its side wins the last trick")
    if d["excuse_wins_last"]:
        cases.append(f"Excuse of the {side} wins the last trick")
        if record["tricks"][last][0] != "EX":
            cases.append("Excuse wins the last trick without leading it")
        if d["excuse_seat"] == result["partner"] is not None:
            cases.append("the partner's Excuse wins the last trick")
        if result["slam"] == "announced_made":
            cases.append("announced slam made with the Excuse in the last trick")
    excuse_trick = d["excuse_trick"]
    if excuse_trick is not None and excuse_trick < last and side == "defence" and d["taker_all"]:
        cases.append("defence Excuse played during a taker slam")
    if d["excuse_trick"] == last and side == "defence" and d["taker_all"]:
        cases.append("defence Excuse in the last trick of a taker slam")
    if result["petit_au_bout"]:
        where = "penultimate" if d["petit_trick"] == last - 1 else "last"
        cases.append(f"petit au bout {result['petit_au_bout']} ({where} trick)")
    if result["slam"]:
        cases.append(f"slam {result['slam']}")
        if result["slam"] == "announced_failed" and d["defence_all"]:
            cases.append("slam announced_failed and the defence wins every trick")
    if d["points_half"] % 2:
        cases.append("half-point points")
        if d["diff"] == 1:
            cases.append(f"half-point diff rounded to 1 ({'won' if result['made'] else 'lost'})")
    if result["made"] and d["diff"] == 0:
        cases.append("made exactly at the target")
    return cases


def uniform_records(rng: random.Random, players: int, deals: int) -> Any:
    """Deals played with uniformly random legal choices (tarot_core.lab.bench), random options."""
    for i in range(deals):
        deal = random_deal(rng, random_rules(rng, players), i % players)
        yield deal, to_record(deal)


def biased_records(rng: random.Random, players: int, deals: int) -> Any:
    kinds = list(PLANS)
    weights = [2, 6 if players == 4 else 4, 3, 3, 1, 1]  # half points are rarest at 4
    for _ in range(deals):
        kind = rng.choices(kinds, weights)[0]
        deal = drive(rng, PLANS[kind](rng, players))
        yield deal, to_record(deal)


REQUIRED = [
    "contract prise",
    "contract garde",
    "contract garde_sans",
    "contract garde_contre",
    "garde contre x8",
    "garde_sans chien with an oudler",
    "garde_contre chien with an oudler",
    "oudlers 0",
    "oudlers 1",
    "oudlers 2",
    "oudlers 3",
    "trump in the ecart",
    "poignee simple",
    "poignee double",
    "poignee triple",
    "poignee with the Excuse",
    "poignee bonus 20/40/60",
    "defence poignee, contract lost",
    "misere",
    "misere by the taker",
    "Excuse of the taker in the last trick changes sides",
    "Excuse of the defence in the last trick changes sides",
    "Excuse changes sides although its side wins the last trick",
    "Excuse of the taker wins the last trick",
    "Excuse of the defence wins the last trick",
    "Excuse wins the last trick without leading it",
    "defence Excuse played during a taker slam",
    "defence Excuse in the last trick of a taker slam",
    "petit au bout taker (last trick)",
    "petit au bout defence (last trick)",
    "petit au bout taker (penultimate trick)",
    "petit au bout defence (penultimate trick)",
    "slam announced_made",
    "slam announced_failed",
    "slam announced_failed and the defence wins every trick",
    "slam made",
    "slam defence",
    "half-point points",
    "half-point diff rounded to 1 (won)",
    "half-point diff rounded to 1 (lost)",
    "made exactly at the target",
    "announced slam made with the Excuse in the last trick",
    "passed",
]
REQUIRED_4P_5P = [
    "two poignees",  # impossible at 3 players: 13 + 13 > 21 trumps + the Excuse
    "petit_sec",  # too rare at 3 players (24-card hands) for a fixed number of deals
]
REQUIRED_5P = [
    "5p partner",
    "5p alone, called card in the chien",
    "5p alone, called card in the taker's hand",
    "the partner's Excuse wins the last trick",
]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_and_biased_deals_agree_with_the_reference(players: int) -> None:
    rng = random.Random(2000 + players)
    counts: Counter[str] = Counter()
    deals = [*uniform_records(rng, players, 1200), *biased_records(rng, players, 2400)]
    for deal, record in deals:
        detail: dict[str, Any] = {}
        result = check(record, detail)
        assert deal.result is not None and deal.result.to_json() == result
        counts.update(rare_cases(record, result, detail))
    print(f"\n{players} players:", dict(sorted(counts.items())))
    required = REQUIRED + (REQUIRED_4P_5P if players > 3 else [])
    required += REQUIRED_5P if players == 5 else []
    rare = {case: counts[case] for case in required if counts[case] < 3}
    assert not rare, f"cases that occurred fewer than 3 times: {rare}"


# ----- b) hand-built scenarios ------------------------------------------------------------------


def trick_winner(cards: list[str]) -> int:
    """Index of the card that takes the trick (docs/rules.md §7; the Excuse never does here)."""
    trumps = [(int(c[1:]), i) for i, c in enumerate(cards) if c.startswith("T")]
    if trumps:
        return max(trumps)[1]
    led = next(c[-1] for c in cards if c != "EX")
    return max((RANK_ORDER.index(c[:-1]), i) for i, c in enumerate(cards) if c[-1] == led)[1]


def build(
    players: int,
    dealer: int,
    bids: dict[int, str],
    tricks: list[list[str]],
    chien: Sequence[str],
    *,
    ecart: Sequence[str] = (),
    called: str | None = None,
    slam: bool = False,
    poignees: dict[int, list[str]] | None = None,
    miseres: Sequence[int] = (),
    rules: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """A record from its tricks, each written as the card of seat 0, seat 1, ...: the play
    order follows from the leaders, and each hand as dealt is what its seat played (the
    taker's also gets the écart back and gives the chien back)."""
    n = players
    taker = next(seat for seat, bid in bids.items() if bid != "pass")
    leader = taker if slam else (dealer + 1) % n
    played: list[list[str]] = [[] for _ in range(n)]
    in_order = []
    for by_seat in tricks:
        assert len(by_seat) == n
        seats = [(leader + i) % n for i in range(n)]
        cards = [by_seat[seat] for seat in seats]
        for seat in seats:
            played[seat].append(by_seat[seat])
        in_order.append(cards)
        leader = seats[trick_winner(cards)]
    if ecart:
        assert set(chien) <= set(played[taker]) | set(ecart)
        played[taker] = [c for c in played[taker] + list(ecart) if c not in chien]
    assert sorted([c for hand in played for c in hand] + list(chien)) == sorted(ALL_TEXT)
    return {
        "format": "tarot-deal/1",
        "players": n,
        "rules": rules or {},
        "dealer": dealer,
        "hands": played,
        "chien": list(chien),
        "bids": [bids.get((dealer + 1 + i) % n, "pass") for i in range(n)],
        "called": called,
        "ecart": list(ecart),
        "slam": slam,
        "poignees": {str(seat): cards for seat, cards in (poignees or {}).items()},
        "miseres": list(miseres),
        "tricks": in_order,
    }


def score(record: dict[str, Any]) -> Any:
    """The engine's result for ``record`` (read move by move into a Deal), checked against
    the reference; returns the engine's DealResult."""
    deal = read_deal(json.loads(json.dumps(record)))
    assert deal.result is not None
    assert to_record(deal)["tricks"] == record["tricks"]
    assert deal.result.to_json() == reference_score(record)
    return deal.result


def expect(result: Any, **fields: Any) -> None:
    got = result.to_json() | {"s": result.hand_score, "diff": result.diff}
    assert {key: got[key] for key in fields} == fields


# 4 players, dealer 0, the taker is seat 1 (first to speak and to lead). Tricks are written
# seat 0, seat 1 (taker), seat 2, seat 3.
#  1-4: the taker leads T21..T18; the defenders follow with T1..T11 and the Excuse.
#  5-10: the taker leads T17..T12; the defenders, without trumps, throw QS QH KD KC and
#        fourteen small cards.
#  11-18: one suit per trick, the taker's 1 or 2 under the defenders' 7 to Q: the defence wins.
SKELETON = [
    ["T3", "T21", "T11", "T7"],
    ["T2", "T20", "T10", "T6"],
    ["T1", "T19", "T9", "T5"],
    ["EX", "T18", "T8", "T4"],
    ["QS", "T17", "5H", "7D"],
    ["4S", "T16", "6H", "KC"],
    ["5S", "T15", "KD", "4C"],
    ["6S", "T14", "4D", "5C"],
    ["QH", "T13", "5D", "6C"],
    ["4H", "T12", "6D", "7C"],
    ["7S", "1S", "9S", "JS"],
    ["8S", "2S", "10S", "CS"],
    ["7H", "1H", "9H", "JH"],
    ["8H", "2H", "10H", "CH"],
    ["8D", "1D", "10D", "CD"],
    ["9D", "2D", "JD", "QD"],
    ["8C", "1C", "10C", "CC"],
    ["9C", "2C", "JC", "QC"],
]
SKELETON_CHIEN = ["KS", "KH", "3S", "3H", "3D", "3C"]  # 4.5 + 4.5 + 4 x 0.5 = 11
TAKER_POIGNEE = {1: top_trumps(10)}  # T21..T12: a simple poignée at 4 players (20)


def skeleton(contract: str, *changes: tuple[int, list[str]], **options: Any) -> dict[str, Any]:
    tricks = [list(t) for t in SKELETON]
    for number, cards in changes:
        tricks[number - 1] = cards
    bids = {1: contract}
    return build(4, 0, bids, tricks, SKELETON_CHIEN, poignees=TAKER_POIGNEE, **options)


def test_worked_example_of_rules_section_8() -> None:
    # Garde sans, the chien counts for the taker.
    # Tricks 1-4: T21 + T20 T19 T18 = 6; T1..T11 = 4.5 + 10 x 0.5 = 9.5; the defence keeps
    #   the Excuse (4) and gives a half point: 0.5. Together 16.
    # Tricks 5-10: T17..T12 = 3; QS QH = 7, KD KC = 9, fourteen small cards = 7: 26.
    # Chien: 11. Taker: 16 + 26 + 11 = 53, oudlers T21 and T1: target 41, made by 12.
    # s = (25 + 12) x 4 + 20 = 168; taker 3 x 168 = 504; each defender -168.
    result = score(skeleton("garde_sans"))
    expect(result, points=53, oudlers=2, target=41, made=True, diff=12, s=168)
    expect(result, petit_au_bout=None, slam=None, scores=[-168, 504, -168, -168])


@pytest.mark.parametrize(("multiplier", "s"), [(6, 176), (8, 228)])
def test_garde_contre_chien_counts_for_the_defence(multiplier: int, s: int) -> None:
    # As the worked example, but the chien (11) is the defence's: 53 - 11 = 42 >= 41, made
    # by 1: s = (25 + 1) x 6 + 20 = 176 (or x 8 + 20 = 228).
    record = skeleton("garde_contre", rules={"garde_contre_multiplier": multiplier})
    result = score(record)
    expect(result, contract="garde_contre", points=42, oudlers=2, target=41, made=True, s=s)
    assert result.scores == (-s, 3 * s, -s, -s)


def test_excuse_exchange_for_the_taker() -> None:
    # The taker holds the Excuse instead of 1C (now seat 0's, thrown in trick 4) and plays it
    # in trick 17, which the defence wins: the taker keeps it for 4 (and its oudler), the
    # defence gets a half point instead of 1C.
    # Taker: tricks 1-4 6 + 9.5 + 1C 0.5 = 16; tricks 5-10 26; chien 11; Excuse 4: 57.
    # Three oudlers: target 36, made by 21: s = (25 + 21) x 4 + 20 = 204.
    record = skeleton("garde_sans", (4, ["1C", "T18", "T8", "T4"]), (17, ["8C", "EX", "10C", "CC"]))
    result = score(record)
    expect(result, points=57, oudlers=3, target=36, made=True, s=204)
    assert result.scores == (-204, 612, -204, -204)


def test_excuse_of_the_taker_in_the_last_trick_goes_to_the_defence() -> None:
    # As above, but the taker keeps the Excuse for the last trick (2C in trick 17): it goes to
    # the defence, 4.5 and an oudler, with no exchange. Taker: 16 + 26 + 11 = 53, two
    # oudlers: target 41, made by 12: s = 37 x 4 + 20 = 168.
    record = skeleton(
        "garde_sans",
        (4, ["1C", "T18", "T8", "T4"]),
        (17, ["8C", "2C", "10C", "CC"]),
        (18, ["9C", "EX", "JC", "QC"]),
    )
    result = score(record)
    expect(result, points=53, oudlers=2, target=41, made=True, s=168)
    assert result.scores == (-168, 504, -168, -168)


def test_excuse_of_the_defence_in_the_last_trick_changes_sides_though_the_defence_wins_it() -> None:
    # Seat 0 throws 9C in trick 4 and keeps the Excuse for trick 18, which seat 3 wins with
    # QC: the Excuse still changes sides, 4.5 and an oudler for the taker.
    # Taker: tricks 1-4 6 + 9.5 + 0.5 = 16; 26; chien 11; the Excuse 4.5: 57.5, three
    # oudlers: target 36, made by 21.5, rounded up to 22: s = (25 + 22) x 4 + 20 = 208.
    record = skeleton("garde_sans", (4, ["9C", "T18", "T8", "T4"]), (18, ["EX", "2C", "JC", "QC"]))
    result = score(record)
    expect(result, points=57.5, oudlers=3, target=36, made=True, diff=22, s=208)
    assert result.scores == (-208, 624, -208, -208)


def slam_deal(
    last_three: list[list[str]], taker_extra: list[str], *, dealer: int, announce: bool, **kw: Any
) -> dict[str, Any]:
    """4 players, the taker (seat 1) in garde sans holds T21..T7, T1 and three more cards;
    the chien is 1D..6D. Tricks 1-15: the taker leads T21..T7; seat 2 follows with T6 T5,
    seat 3 with T4 T3, seat 0 with T2 and, unless it is the taker's, the Excuse in trick 2;
    then, without trumps, they throw their other cards (any card is legal). Tricks 16-18 are
    ``last_three``, written seat 0 to 3; "?" is a defender's remaining card, only where a
    trump or the Excuse leads (so that any card is legal)."""
    chien = [f"{r}D" for r in range(1, 7)]
    taker = [*top_trumps(15), "T1", *taker_extra]
    fixed = {c for t in last_three for c in t} | set(taker) | set(chien)
    fixed |= {"T2", "T3", "T4", "T5", "T6", "EX"}
    spare = [c for c in ALL_TEXT if c not in fixed]
    tricks = [["T2", "T21", "T6", "T4"], ["EX" if "EX" not in taker else "", "T20", "T5", "T3"]]
    tricks += [["", f"T{n}", "", ""] for n in range(19, 6, -1)]
    tricks += [list(t) for t in last_three]
    for trick in tricks:
        for seat in (0, 2, 3):
            if trick[seat] in ("", "?"):
                trick[seat] = spare.pop()
    assert not spare
    bids = {1: "garde_sans"}
    return build(4, dealer, bids, tricks, chien, slam=announce, **kw)


TRIPLE = {1: top_trumps(15)}  # T21..T7: a triple poignée at 4 players (40)


def test_announced_slam_made_with_the_petit_penultimate_and_the_excuse_last() -> None:
    # Dealer 2: seat 3 would lead, but the taker (seat 1) announced the slam and leads.
    # Trick 16: KS over the defenders' spades; 17: T1 (no trump left in defence); 18: the
    # Excuse, which wins the last trick of a slam, so the Petit in the penultimate trick is
    # au bout for the taker. The taker has all 91 points (chien included), three oudlers:
    # target 36, made by 55. s = (25 + 55) x 4 + 10 x 4 + 40 (triple poignée) + 400 = 800.
    last = [["QS", "KS", "CS", "JS"], ["?", "T1", "?", "?"], ["?", "EX", "?", "?"]]
    record = slam_deal(last, ["KS", "EX"], dealer=2, announce=True, poignees=TRIPLE)
    assert record["tricks"][0][0] == "T21" and record["bids"][2] == "garde_sans"
    result = score(record)
    expect(result, points=91, oudlers=3, target=36, made=True, diff=55)
    expect(result, petit_au_bout="taker", slam="announced_made", s=800)
    assert result.scores == (-800, 2400, -800, -800)


def test_slam_made_without_announcement() -> None:
    # The same play from dealer 0 (the taker leads anyway), no announcement:
    # s = 320 + 40 + 40 + 200 = 600.
    last = [["QS", "KS", "CS", "JS"], ["?", "T1", "?", "?"], ["?", "EX", "?", "?"]]
    record = slam_deal(last, ["KS", "EX"], dealer=0, announce=False, poignees=TRIPLE)
    result = score(record)
    expect(result, points=91, oudlers=3, petit_au_bout="taker", slam="made", s=600)
    assert result.scores == (-600, 1800, -600, -600)


def test_the_defence_playing_the_excuse_does_not_break_the_slam() -> None:
    # Seat 0 holds the Excuse and plays it in trick 2 (won by the taker's T20): the defence
    # keeps it for 4 and gives a half point. The taker wins all 18 tricks, KS, KH, then the
    # Petit in the last trick: petit au bout. Points 91 - 4 = 87, two oudlers: target 41,
    # made by 46. s = (25 + 46) x 4 + 40 + 40 (triple poignée) + 200 = 564.
    last = [["QS", "KS", "CS", "JS"], ["QH", "KH", "CH", "JH"], ["?", "T1", "?", "?"]]
    record = slam_deal(last, ["KS", "KH"], dealer=0, announce=False, poignees=TRIPLE)
    result = score(record)
    expect(result, points=87, oudlers=2, target=41, diff=46, petit_au_bout="taker")
    expect(result, slam="made", s=564, scores=[-564, 1692, -564, -564])


def test_announced_slam_failed() -> None:
    # The taker holds 1S instead of KS and loses trick 16 (1S 2S 3S 4S: 2 points) to seat 0,
    # who leads 5H; the taker, without hearts, wins trick 17 with the Petit and leads the
    # Excuse in trick 18: having lost a trick, it goes to the defence (4.5 and an oudler),
    # and so does trick 18, taken by seat 3's 10C (8C 9C 10C: 1.5).
    # Points 91 - 2 - 4.5 - 1.5 = 83, two oudlers: target 41, made by 42. No petit au bout
    # (trick 17 is not the last and the Excuse did not win trick 18).
    # s = (25 + 42) x 4 + 40 - 200 = 108.
    last = [["4S", "1S", "2S", "3S"], ["5H", "T1", "6H", "7H"], ["8C", "EX", "9C", "10C"]]
    record = slam_deal(last, ["1S", "EX"], dealer=0, announce=True, poignees=TRIPLE)
    result = score(record)
    expect(result, points=83, oudlers=2, target=41, made=True, diff=42)
    expect(result, petit_au_bout=None, slam="announced_failed", s=108)
    assert result.scores == (-108, 324, -108, -108)


def defence_slam(*, announce: bool = False, **kw: Any) -> dict[str, Any]:
    """4 players, dealer 0, seat 1 takes a garde with only 1s to 6s (the chien 1S 1H 1D 1C
    2S 2H, the écart 5S 5H 5D 5C 6S 6H). Trick 1: the taker leads 3S, seat 2 wins with KS;
    seat 2 then leads T21..T7 (tricks 2-16), the Petit (17) and the Excuse (18). Seat 3
    follows with T6 T5 T4, seat 0 with T3 T2, then 7s to Kings; the taker throws low cards.
    """
    chien = ["1S", "1H", "1D", "1C", "2S", "2H"]
    ecart = ["5S", "5H", "5D", "5C", "6S", "6H"]
    low = [f"{r}{s}" for r in range(1, 7) for s in SUITS]
    taker = [c for c in low if c not in ecart and c != "3S"]
    high = [f"{r}{s}" for r in ("7", "8", "9", "10", "J", "C", "Q", "K") for s in SUITS]
    high = [c for c in high if c not in ("KS", "7S", "8S")]
    tricks = [["8S", "3S", "KS", "7S"]]
    seat3 = ["T6", "T5", "T4"]
    seat0 = ["T3", "T2"]
    for n in [*range(21, 6, -1), 1]:
        tricks.append(
            [
                seat0.pop(0) if seat0 else high.pop(),
                taker.pop(),
                f"T{n}",
                seat3.pop(0) if seat3 else high.pop(),
            ]
        )
    tricks.append([high.pop(), taker.pop(), "EX", high.pop()])
    assert not taker and not high
    return build(4, 0, {1: "garde"}, tricks, chien, ecart=ecart, slam=announce, **kw)


def test_defence_slam_with_its_excuse_winning_the_last_trick() -> None:
    # The taker keeps only the écart: 6 x 0.5 = 3 points, no oudler: target 56, lost by 53.
    # The defence wins every trick and its Excuse wins the last one, so its Petit in the
    # penultimate trick is au bout for the defence: -10 x 2.
    # s = -(25 + 53) x 2 - 20 - 200 = -376; taker -1128, each defender +376.
    result = score(defence_slam())
    expect(result, contract="garde", points=3, oudlers=0, target=56, made=False, diff=53)
    expect(result, petit_au_bout="defence", slam="defence", s=-376)
    assert result.scores == (376, -1128, 376, 376)


def test_announced_slam_failed_with_a_defence_slam_counts_one_chelem_term() -> None:
    # Same deal with the slam announced (the taker leads the first trick anyway): -200 once.
    result = score(defence_slam(announce=True))
    expect(result, slam="announced_failed", petit_au_bout="defence", s=-376)
    assert result.scores == (376, -1128, 376, 376)


def test_misere_is_added_to_the_deal_scores() -> None:
    # The taker's hand as dealt has no trump, Excuse or face card: with the misère option he
    # declares one and gains 10 from each other player: -1128 + 30, and 376 - 10.
    result = score(defence_slam(rules={"misere": True}, miseres=[1]))
    expect(result, s=-376)
    assert result.scores == (366, -1098, 366, 366)


def five_players(called: str) -> dict[str, Any]:
    """5 players, dealer 0, seat 1 in garde sans with T21..T11, KH, 1C 1D 2C; the chien is
    2S 3S 4S. Tricks written seat 0 to 4:
    1-3: the taker leads T21 T20 T19; the others follow with T1..T10 (seat 0 with T10 T9 and
         the Excuse, seat 4 with T2 T1 and then any card);
    4-11: the taker leads T18..T11; the others, without trumps, throw their spare cards
         (seat 3 throws KS);
    12: KH takes four hearts; 13-15: seat 4 takes the taker's 1C, 1D, 2C with KC, KD, QC."""
    tricks = [
        ["T10", "T21", "T8", "T5", "T2"],
        ["T9", "T20", "T7", "T4", "T1"],
        ["EX", "T19", "T6", "T3", ""],
        *[["", f"T{n}", "", "", ""] for n in range(18, 10, -1)],
        ["10H", "KH", "QH", "CH", "JH"],
        ["5C", "1C", "3C", "4C", "KC"],
        ["2D", "1D", "3D", "4D", "KD"],
        ["6C", "2C", "7C", "8C", "QC"],
    ]
    chien = ["2S", "3S", "4S"]
    used = {c for t in tricks for c in t} | set(chien) | {"KS"}
    spare = [c for c in ALL_TEXT if c not in used and not c.startswith("T")]
    tricks[3][3] = "KS"
    for trick in tricks:
        for seat in range(5):
            if not trick[seat]:
                trick[seat] = spare.pop()
    assert not spare
    return build(5, 0, {1: "garde_sans"}, tricks, chien, called=called)


# Defence: tricks 13-15 = 1C 3C 4C 5C KC (6.5) + 1D 2D 3D 4D KD (6.5) + 2C 6C 7C 8C QC (5.5)
# = 18.5, and the Excuse (4) that seat 0 kept, giving a half point: 22.5.
# Taker's side: 91 - 22.5 = 68.5 (the chien included), oudlers T21 and T1: target 41, made by
# 27.5, rounded up to 28: s = (25 + 28) x 4 = 212.


def test_five_players_with_a_partner() -> None:
    # KS called, held by seat 3 (who wins no trick, so the points are the same as alone):
    # taker 2s = 424, partner s = 212, the three defenders -212.
    result = score(five_players("KS"))
    expect(result, partner=3, points=68.5, oudlers=2, target=41, made=True, diff=28, s=212)
    assert result.scores == (-212, 424, -212, 212, -212)


def test_five_players_alone_calling_his_own_king() -> None:
    # KH called, which the taker holds: he plays alone, 4s = 848, the four others -212.
    result = score(five_players("KH"))
    expect(result, partner=None, points=68.5, s=212)
    assert result.scores == (-212, 848, -212, -212, -212)


def half_point_deal(swap: bool) -> dict[str, Any]:
    """5 players, dealer 0, seat 1 in garde sans holding T21..T14 and 1H 2H 1D 2D 1C 2C 3C;
    the chien is KS 2S 3S and KS is called: the taker plays alone. Tricks written seat 0..4:
    1-4: the taker leads T21..T18; the others follow with T1..T13 (seat 2 four trumps);
    5-8: the taker leads T17..T14; the others throw the 19 spare cards listed;
    9-15: one suit per trick (seat 0 plays the Excuse in trick 13), the defence takes them.
    ``swap``: seat 0 throws JD and plays 3D in trick 12, rather than the other way round."""
    discards = {
        0: ["5H", "JD" if swap else "3D", "4D", "5D", "6D"],
        2: ["1S", "4S", "5S", "6S"],
        3: ["7S", "8S", "9S", "10S", "JH"],
        4: ["JS", "CS", "QS", "3H", "4H"],
    }
    tricks = [
        ["T3", "T21", "T13", "T9", "T6"],
        ["T2", "T20", "T12", "T8", "T5"],
        ["T1", "T19", "T11", "T7", "T4"],
        [discards[0][0], "T18", "T10", discards[3][0], discards[4][0]],
    ]
    for i, n in enumerate(range(17, 13, -1)):
        d = [discards[seat][i + (seat != 2)] for seat in (0, 2, 3, 4)]
        tricks.append([d[0], f"T{n}", d[1], d[2], d[3]])
    tricks += [
        ["9H", "1H", "KH", "7H", "8H"],
        ["10H", "2H", "6H", "QH", "CH"],
        ["10D", "1D", "7D", "QD", "9D"],
        ["3D" if swap else "JD", "2D", "KD", "8D", "CD"],
        ["EX", "1C", "KC", "6C", "8C"],
        ["JC", "2C", "4C", "QC", "CC"],
        ["10C", "3C", "5C", "7C", "9C"],
    ]
    return build(5, 0, {1: "garde_sans"}, tricks, ["KS", "2S", "3S"], called="KS")


# Taker: tricks 1-3: T21 T20 T19 (5.5) + the twelve trumps T1..T13 but T10 (4.5 + 11 x 0.5 =
# 10) = 15.5; trick 4: T18 T10 (1); tricks 5-8: T17..T14 (2); the 19 spare cards thrown in
# tricks 4-8: CS QS (6), JH JS (3) and 15 small cards (7.5) = 16.5, or with JD instead of 3D
# one point more, 17.5; the chien KS 2S 3S (5.5). The taker wins 8 tricks of 5 cards and the
# 3 chien cards, an odd number of cards (each worth an odd number of half points): hence the
# half point.


@pytest.mark.parametrize(
    ("swap", "points", "made", "s"),
    [
        # 3D thrown: 15.5 + 1 + 2 + 16.5 + 5.5 = 40.5 < 41: lost by 0.5, rounded up to 1:
        # s = -(25 + 1) x 4 = -104; alone: taker -416, the others +104.
        (False, 40.5, False, -104),
        # JD thrown instead: one point more, 41.5: won by 1: s = +104.
        (True, 41.5, True, 104),
    ],
)
def test_half_point_difference_rounds_up_for_the_side_that_scores(
    swap: bool, points: float, made: bool, s: int
) -> None:
    result = score(half_point_deal(swap))
    expect(result, partner=None, points=points, oudlers=2, target=41, made=made, diff=1, s=s)
    assert result.scores == (-s, 4 * s, -s, -s, -s)
