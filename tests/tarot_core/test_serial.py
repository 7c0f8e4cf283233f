"""JSON forms of actions and views (tarot_core.serial, docs/bot-protocol.md).

Views are taken at every step of random deals at 3, 4 and 5 players, for every seat and the
public, under varied rule options, and must come back equal after a trip through JSON text.
Malformed forms must be refused with a ValueError naming the offending field.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from builders import make_deal, start_play

from tarot_core import (
    Action,
    Bid,
    Call,
    Contract,
    Deal,
    DealView,
    DeclareSlam,
    Discard,
    Ecart,
    Misere,
    Phase,
    Play,
    Poignee,
    Rules,
    view,
)
from tarot_core.cards import parse_cards
from tarot_core.dealing import deal as deal_cards
from tarot_core.lab.bench import random_ecart
from tarot_core.serial import (
    SerialError,
    action_from_json,
    action_to_json,
    view_from_json,
    view_to_json,
)


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_cards(text.split()))


# ----- actions ---------------------------------------------------------------------------------

EXAMPLES: list[tuple[Action, dict[str, Any]]] = [
    (Bid(1, Contract.GARDE), {"type": "bid", "seat": 1, "contract": "garde"}),
    (Bid(0, Contract.PASS), {"type": "bid", "seat": 0, "contract": "pass"}),
    (Bid(2, Contract.GARDE_SANS), {"type": "bid", "seat": 2, "contract": "garde_sans"}),
    (Call(4, cards("KS")[0]), {"type": "call", "seat": 4, "card": "KS"}),
    (Discard(3, cards("2C")[0]), {"type": "discard", "seat": 3, "card": "2C"}),
    (
        Ecart(3, cards("2C 3C 10H 1S JD T5")),
        {"type": "ecart", "seat": 3, "cards": ["2C", "3C", "10H", "1S", "JD", "T5"]},
    ),
    (DeclareSlam(2, True), {"type": "slam", "seat": 2, "announce": True}),
    (DeclareSlam(2, False), {"type": "slam", "seat": 2, "announce": False}),
    (
        Poignee(0, cards("T2 T3 T4 T5 T6 T7 T8 T9 T10 EX")),
        {
            "type": "poignee",
            "seat": 0,
            "cards": ["T2", "T3", "T4", "T5", "T6", "T7", "T8", "T9", "T10", "EX"],
        },
    ),
    (Misere(1), {"type": "misere", "seat": 1}),
    (Play(0, cards("10H")[0]), {"type": "play", "seat": 0, "card": "10H"}),
    (Play(1, cards("T21")[0]), {"type": "play", "seat": 1, "card": "T21"}),
    (Play(2, cards("EX")[0]), {"type": "play", "seat": 2, "card": "EX"}),
    (Play(3, cards("CD")[0]), {"type": "play", "seat": 3, "card": "CD"}),
]


@pytest.mark.parametrize(("action", "form"), EXAMPLES, ids=lambda x: str(x))
def test_action_forms(action: Action, form: dict[str, Any]) -> None:
    assert action_to_json(action) == form
    assert list(action_to_json(action)) == list(form)  # stable key order
    assert action_from_json(json.loads(json.dumps(form))) == action


@pytest.mark.parametrize(("action", "form"), EXAMPLES, ids=lambda x: str(x))
def test_seat_may_be_left_out_when_known(action: Action, form: dict[str, Any]) -> None:
    short = {k: v for k, v in form.items() if k != "seat"}
    assert action_from_json(short, seat=action.seat) == action
    with pytest.raises(SerialError, match=r"^action\.seat: missing"):
        action_from_json(short)


BAD_ACTIONS: list[tuple[object, str]] = [
    ([], r"^action: must be an object, not a list"),
    ("play 10H", r"^action: must be an object, not a string"),
    ({"seat": 1, "card": "KS"}, r"^action\.type: missing"),
    ({"type": "jump", "seat": 1}, r"^action\.type: must be one of bid, call, .*'jump'"),
    ({"type": 3, "seat": 1}, r"^action\.type: must be one of"),
    ({"type": "play", "seat": 1}, r"^action\.card: missing"),
    ({"type": "play", "seat": 1, "card": "ZZ"}, r"^action\.card: unknown card 'ZZ'"),
    ({"type": "play", "seat": 1, "card": "10h"}, r"^action\.card: unknown card '10h'"),
    ({"type": "play", "seat": 1, "card": 10}, r"^action\.card: must be a card"),
    ({"type": "play", "seat": 1, "card": 77}, r"^action\.card: must be a card"),
    ({"type": "play", "seat": "1", "card": "KS"}, r"^action\.seat: must be an integer"),
    ({"type": "play", "seat": True, "card": "KS"}, r"^action\.seat: must be an integer"),
    ({"type": "play", "seat": -1, "card": "KS"}, r"^action\.seat: must be from 0"),
    ({"type": "play", "seat": 1, "card": "KS", "x": 1}, r"^action: unknown field 'x'"),
    ({"type": "bid", "seat": 1, "contract": "Garde"}, r"^action\.contract: must be one of pass"),
    ({"type": "bid", "seat": 1, "contract": 2}, r"^action\.contract: must be one of"),
    ({"type": "bid", "seat": 1}, r"^action\.contract: missing"),
    ({"type": "call", "seat": 4, "card": None}, r"^action\.card: must be a card"),
    ({"type": "ecart", "seat": 1, "cards": "2C 3C"}, r"^action\.cards: must be a list"),
    ({"type": "ecart", "seat": 1, "cards": ["2C", "XX"]}, r"^action\.cards\[1\]: unknown card"),
    ({"type": "poignee", "seat": 1, "cards": [1, 2]}, r"^action\.cards\[0\]: must be a card"),
    ({"type": "slam", "seat": 1, "announce": "yes"}, r"^action\.announce: must be true or false"),
    ({"type": "slam", "seat": 1, "announce": 1}, r"^action\.announce: must be true or false"),
    ({"type": "misere", "seat": 1, "card": "KS"}, r"^action: unknown field 'card'"),
]


@pytest.mark.parametrize(("obj", "message"), BAD_ACTIONS, ids=lambda x: repr(x)[:40])
def test_malformed_actions(obj: object, message: str) -> None:
    with pytest.raises(ValueError, match=message) as info:
        action_from_json(obj)
    assert isinstance(info.value, SerialError)
    assert info.value.field.startswith("action")


# ----- views over random deals -----------------------------------------------------------------

RULE_SETS = [
    {},
    {"misere": True, "garde_contre_multiplier": 8},
    {"prise_allowed": False, "poignee_bonus": (20, 40, 60), "shuffle": "cut"},
]


def round_trip(v: DealView) -> dict[str, Any]:
    form = view_to_json(v)
    text = json.dumps(form)
    back = view_from_json(json.loads(text))
    assert back == v
    assert view_to_json(back) == form
    return form


def drive(rng: random.Random, deal: Deal, seen: set[str]) -> None:
    """Play the deal to its end with random legal choices (sometimes a whole écart at once,
    poignées and misères whenever offered), checking every seat's view at every step."""
    n = deal.n
    while True:
        for seat in (None, *range(n)):
            form = round_trip(view(deal, seat))
            seen.add(form["phase"])
            if form["poignees"]:
                seen.add("poignee shown")
            if form["partner_known"]:
                seen.add("partner known")
            if form["petit_sec"]:
                seen.add("petit sec")
            if form["chien"] is not None:
                seen.add("chien shown")
            if form["miseres"]:
                seen.add("misere")
            if form["result"] is not None:
                seen.add(f"result {form['result']['outcome']}")
        if deal.done:
            return
        seat = deal.to_act
        legal = deal.legal_actions(seat)
        for a in legal:
            assert action_from_json(json.loads(json.dumps(action_to_json(a)))) == a
        special = [a for a in legal if isinstance(a, Poignee | Misere)]
        if special:
            action: Action = special[-1]
        elif deal.phase == Phase.ECART and rng.random() < 0.5:
            action = Ecart(seat, random_ecart(rng, deal))
            assert action_from_json(action_to_json(action)) == action
            seen.add("ecart")
        elif deal.phase == Phase.BIDDING:
            # Mostly pass or the lowest bid, so that the chien and the écart come up often.
            roll = rng.random()
            lowest = legal[min(1, len(legal) - 1)]
            action = legal[0] if roll < 0.5 else lowest if roll < 0.8 else rng.choice(legal)
        else:
            action = rng.choice(legal)
        deal.apply(action)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_views_round_trip_over_random_deals(players: int) -> None:
    rng = random.Random(players)
    seen: set[str] = set()
    for i in range(8):
        options: dict[str, Any] = RULE_SETS[i % len(RULE_SETS)]
        rules = Rules(players=players, **options)
        hands, chien = deal_cards(rng, rules, i % players)
        drive(rng, Deal(rules, i % players, hands, chien), seen)
    # A petit sec at the start of a deal, for its views too.
    while "petit sec" not in seen:
        rules = Rules(players=players)
        hands, chien = deal_cards(rng, rules, 0)
        deal = Deal(rules, 0, hands, chien)
        if deal.done:
            drive(rng, deal, seen)
    expected = {p.name.lower() for p in Phase} - ({"calling"} if players < 5 else set())
    expected |= {"chien shown", "result played", "ecart", "petit sec"}
    if players == 5:
        expected.add("partner known")
    assert expected <= seen


@pytest.mark.parametrize("players", [3, 4, 5])
def test_poignee_views_round_trip(players: int) -> None:
    """Poignées are rare in random deals, so seat 1 is dealt one (with the Excuse)."""
    trumps = " ".join(f"T{i}" for i in range(2, {3: 20, 4: 15, 5: 12}[players]))
    deal = make_deal(players, hands={1: trumps + " EX"})
    start_play(deal, taker=0, contract=Contract.GARDE)
    seen: set[str] = set()
    drive(random.Random(4), deal, seen)
    assert "poignee shown" in seen
    assert view_to_json(view(deal, 0))["poignees"]["1"][:2] == ["T2", "T3"]


def test_misere_views_round_trip() -> None:
    low = "1S 2S 3S 4S 5S 6S 7S 8S 9S 10S 1H 2H 3H 4H 5H 6H 7H 8H"
    deal = make_deal(4, hands={0: low}, rules=Rules(players=4, misere=True))
    start_play(deal, taker=1, contract=Contract.GARDE_SANS)
    seen: set[str] = set()
    drive(random.Random(5), deal, seen)
    assert "misere" in seen
    assert deal.result is not None and deal.result.misere_scores
    form = view_to_json(view(deal, 2))
    assert form["miseres"] == [0]
    assert form["result"]["misere_scores"] == list(deal.result.misere_scores)


def reach(players: int, seed: int, wanted: Callable[[Deal], bool]) -> Deal:
    """A random deal driven until ``wanted`` holds (new deals until one gets there)."""
    rng = random.Random(seed)
    rules = Rules(players=players)
    while True:
        hands, chien = deal_cards(rng, rules, 0)
        deal = Deal(rules, 0, hands, chien)
        while not deal.done and not wanted(deal):
            deal.apply(rng.choice(deal.legal_actions(deal.to_act)))
        if wanted(deal):
            return deal


def test_view_form_fields() -> None:
    """The documented field order, and the forms of a few fields."""
    deal = reach(5, 11, lambda d: len(d.tricks) >= 2 and not d.done)
    form = view_to_json(view(deal, deal.to_act))
    assert list(form) == [
        "rules",
        "seat",
        "dealer",
        "phase",
        "to_act",
        "bids",
        "contract",
        "taker",
        "called",
        "partner",
        "partner_known",
        "chien",
        "ecart_trumps",
        "slam_announced",
        "petit_chelem_announced",
        "poignees",
        "miseres",
        "hand_sizes",
        "tricks",
        "current",
        "petit_sec",
        "petit_imprenable",
        "result",
        "hand",
        "ecart",
        "legal",
    ]
    assert form["rules"] == {
        "players": 5,
        "round_to_ten": False,
        "petit_chelem": False,
        "petit_imprenable": False,
        "garde_contre_multiplier": 6,
        "prise_allowed": True,
        "poignee_bonus": [20, 30, 40],
        "misere": False,
        "shuffle": "full",
        "contracts": "fft",
        "auction": "single_round",
        "parole": False,
        "six_players": "twelve_cards",
    }
    assert all(isinstance(c, str) for c in form["hand"])
    assert set(form["tricks"][0]) == {"leader", "cards", "winner"}


def finished(deal: Deal) -> bool:
    return deal.result is not None and deal.result.outcome == "played"


def test_result_form_extends_the_replay_object() -> None:
    deal = reach(4, 3, finished)
    result = view_to_json(view(deal, 0))["result"]
    assert deal.result is not None
    replay_fields = deal.result.to_json()
    assert list(result)[: len(replay_fields)] == list(replay_fields)
    assert {k: result[k] for k in replay_fields} == replay_fields
    assert list(result)[len(replay_fields) :] == [
        "diff",
        "multiplier",
        "hand_score",
        "poignee_bonus",
        "chelem_bonus",
        "misere_scores",
    ]


# ----- malformed views -------------------------------------------------------------------------


def sample_form() -> dict[str, Any]:
    """A view in the middle of a 4-player deal, with a trick done and one under way."""
    deal = reach(4, 2, lambda d: len(d.tricks) >= 1 and bool(d.trick))
    return view_to_json(view(deal, deal.to_act))


SAMPLE = sample_form()


def set_path(form: dict[str, Any], path: str, value: object) -> dict[str, Any]:
    """A copy of ``form`` with the field at ``path`` (dots, ``[i]``) replaced or, for the
    special value DELETE, removed."""
    out = copy.deepcopy(form)
    parts = path.replace("[", ".").replace("]", "").split(".")
    target: Any = out
    for part in parts[:-1]:
        target = target[int(part)] if isinstance(target, list) else target[part]
    last: Any = int(parts[-1]) if isinstance(target, list) else parts[-1]
    if value is DELETE:
        del target[last]
    else:
        target[last] = value
    return out


DELETE = object()

BAD_VIEWS: list[tuple[str, object, str]] = [
    ("rules", DELETE, r"^view\.rules: missing"),
    ("rules.players", 7, r"^view\.rules: players must be 3, 4, 5 or 6"),
    ("rules.players", DELETE, r"^view\.rules\.players: missing"),
    ("rules.misere", "no", r"^view\.rules: misere must be true, false or 'split', not 'no'"),
    ("rules.colour", "red", r"^view\.rules: unknown rule option 'colour'"),
    ("seat", 4, r"^view\.seat: must be a seat from 0 to 3, not 4"),
    ("seat", DELETE, r"^view\.seat: missing"),
    ("dealer", None, r"^view\.dealer: must be a seat from 0 to 3, not null"),
    ("phase", "PLAYING", r"^view\.phase: must be one of bidding, calling, ecart"),
    ("to_act", "2", r"^view\.to_act: must be a seat"),
    ("bids", ["pass", "grande"], r"^view\.bids\[1\]: must be one of pass, prise"),
    ("bids", ["pass"] * 5, r"^view\.bids: at most 4 bids"),
    ("contract", "PRISE", r"^view\.contract: must be one of"),
    ("called", "KX", r"^view\.called: unknown card 'KX'"),
    ("partner_known", 0, r"^view\.partner_known: must be true or false"),
    ("chien", "none", r"^view\.chien: must be a list"),
    ("ecart_trumps", None, r"^view\.ecart_trumps: must be a list"),
    ("poignees", {"1": ["T1", "XX"]}, r"^view\.poignees\.1\[1\]: unknown card 'XX'"),
    ("poignees", {"01": ["T1"]}, r"^view\.poignees: keys must be seats written \"0\" to \"3\""),
    ("poignees", [], r"^view\.poignees: must be an object"),
    ("miseres", [7], r"^view\.miseres\[0\]: must be a seat from 0 to 3"),
    ("hand_sizes", [18, 18, 18], r"^view\.hand_sizes: must list 4 sizes, not 3"),
    ("hand_sizes", [18, 18, 18, -1], r"^view\.hand_sizes\[3\]: must be from 0"),
    ("tricks[0].leader", 9, r"^view\.tricks\[0\]\.leader: must be a seat"),
    ("tricks[0].cards[2]", "T22", r"^view\.tricks\[0\]\.cards\[2\]: unknown card 'T22'"),
    ("tricks[0].winner", DELETE, r"^view\.tricks\[0\]\.winner: missing"),
    ("tricks[0].extra", 1, r"^view\.tricks\[0\]: unknown field 'extra'"),
    ("current", [], r"^view\.current: must be an object"),
    ("current.cards", ["KS"] * 5, r"^view\.current\.cards: a trick has at most 4 cards"),
    ("petit_sec", {"x": []}, r"^view\.petit_sec: keys must be seats"),
    ("hand[0]", "ks", r"^view\.hand\[0\]: unknown card 'ks'"),
    ("ecart", 3, r"^view\.ecart: must be a list"),
    ("legal[0].type", "dance", r"^view\.legal\[0\]\.type: must be one of"),
    ("legal[0].seat", DELETE, r"^view\.legal\[0\]\.seat: missing"),
    ("legal[0].seat", 4, r"^view\.legal\[0\]\.seat: must be a seat from 0 to 3"),
    ("legal", {}, r"^view\.legal: must be a list"),
    ("comment", "hi", r"^view: unknown field 'comment'"),
    ("result", {"outcome": "played"}, r"^view\.result\.taker: missing"),
]


@pytest.mark.parametrize(("path", "value", "message"), BAD_VIEWS, ids=lambda x: str(x)[:30])
def test_malformed_views(path: str, value: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        view_from_json(set_path(SAMPLE, path, value))


def test_malformed_view_roots() -> None:
    assert view_from_json(SAMPLE) == view_from_json(json.loads(json.dumps(SAMPLE)))
    for bad in ([], "view", None, 3):
        with pytest.raises(SerialError, match=r"^view: must be an object"):
            view_from_json(bad)


RESULT_FORM = view_to_json(view(reach(4, 8, finished), 1))

BAD_RESULTS: list[tuple[str, object, str]] = [
    ("outcome", "won", r"^view\.result\.outcome: must be one of played, passed, petit_sec"),
    ("points", 45.25, r"^view\.result\.points: must be a number of half points"),
    ("points", "45", r"^view\.result\.points: must be a number of half points"),
    ("points", 92, r"^view\.result\.points: must be from 0 to 91"),
    ("scores", [1, 2, 3], r"^view\.result\.scores: must list 4 scores"),
    ("scores", [1, 2, 3, 4.5], r"^view\.result\.scores\[3\]: must be an integer"),
    ("oudlers", 4, r"^view\.result\.oudlers: must be from 0 to 3"),
    ("made", "yes", r"^view\.result\.made: must be true or false"),
    ("petit_au_bout", "both", r"^view\.result\.petit_au_bout: must be one of taker, defence"),
    ("slam", "grand", r"^view\.result\.slam: must be one of announced_made"),
    ("misere_scores", [1], r"^view\.result\.misere_scores: must list 0 or 4 scores"),
    ("hand_score", None, r"^view\.result\.hand_score: must be an integer"),
]


@pytest.mark.parametrize(("key", "value", "message"), BAD_RESULTS, ids=lambda x: str(x)[:30])
def test_malformed_results(key: str, value: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        view_from_json(set_path(RESULT_FORM, f"result.{key}", value))


def test_points_keep_their_half() -> None:
    for points in (45.5, 45, 0, 91, 40.5):
        form = set_path(RESULT_FORM, "result.points", points)
        result = view_from_json(form).result
        assert result is not None and result.points == points
