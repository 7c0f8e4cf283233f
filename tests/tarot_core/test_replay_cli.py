"""``python -m tarot_core replay`` (and ``bench``) against docs/records.md, through real
subprocesses.

Valid records print exactly one JSON object with exactly the fields of docs/records.md, in that
order. Invalid records are made from valid random records (``bench.random_deal`` and
``to_record``) with exactly one defect each; every one must be refused with exit status 2, one
line on standard error naming the offending step and why, nothing on standard output and no
traceback. Most defects are checked in-process (``replay_text``); a representative subset goes
through the command line.
"""

from __future__ import annotations

import functools
import json
import random
import re
import subprocess
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from tarot_command import replay_command, tarot

from tarot_core import Bid, Contract, Deal, Misere, Phase, Play, Rules, read_deal, replay, to_record
from tarot_core.cards import format_card, parse_card
from tarot_core.lab.bench import random_deal
from tarot_core.record import RecordError, replay_text

FIELDS = [
    "outcome",
    "taker",
    "contract",
    "partner",
    "oudlers",
    "points",
    "target",
    "made",
    "petit_au_bout",
    "slam",
    "scores",
]
NULL_WHEN_VOID = FIELDS[1:-1]
BIDS = ["pass", "prise", "garde", "garde_sans", "garde_contre"]
HAND_SIZE = {3: 24, 4: 18, 5: 15}
CHIEN_SIZE = {3: 6, 4: 6, 5: 3}
THRESHOLDS = {3: (13, 15, 18), 4: (10, 13, 15), 5: (8, 10, 13)}
SUIT_NAME = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
OUDLERS = ("T1", "T21", "EX")
DECK = [format_card(c) for c in range(78)]


# ----- cards as text (docs/rules.md §1) -----------------------------------------------------------


def is_trump(card: str) -> bool:
    return card.startswith("T")


def suit(card: str) -> str:
    return "X" if card == "EX" else "T" if is_trump(card) else card[-1]


def trump_rank(card: str) -> int:
    return int(card[1:])


def low_to_high(cards: Any) -> tuple[str, ...]:
    rank = {str(r): r for r in range(1, 11)} | {"J": 11, "C": 12, "Q": 13, "K": 14}
    return tuple(sorted(cards, key=lambda c: trump_rank(c) if is_trump(c) else rank[c[:-1]]))


def is_king(card: str) -> bool:
    return suit(card) in SUIT_NAME and card[:-1] == "K"


def mask(cards: Any) -> int:
    return sum(1 << parse_card(c) for c in cards)


# ----- the command line ------------------------------------------------------------------------


def ordered_json(text: str) -> list[tuple[str, Any]]:
    """The single JSON object ``text`` holds, as its (key, value) pairs in order."""
    pairs: list[list[tuple[str, Any]]] = []

    def hook(items: list[tuple[str, Any]]) -> dict[str, Any]:
        pairs.append(items)
        return dict(items)

    value = json.loads(text, object_pairs_hook=hook)
    assert isinstance(value, dict), text
    return pairs[-1]


def check_valid_output(
    proc: subprocess.CompletedProcess[str], record: dict[str, Any]
) -> dict[str, Any]:
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    pairs = ordered_json(proc.stdout)
    assert [k for k, _ in pairs] == FIELDS
    out = dict(pairs)
    assert out == replay(record).to_json()
    assert sum(out["scores"]) == 0 and len(out["scores"]) == record["players"]
    assert all(type(s) is int for s in out["scores"])
    return out


def check_refused(proc: subprocess.CompletedProcess[str], defect: Defect) -> None:
    assert proc.returncode == 2, (proc.returncode, proc.stdout, proc.stderr)
    assert proc.stdout == ""
    assert "Traceback" not in proc.stderr
    assert proc.stderr.endswith("\n") and proc.stderr.count("\n") == 1, repr(proc.stderr)
    defect.check(proc.stderr[:-1])


# ----- valid records ---------------------------------------------------------------------------


@functools.cache
def _record_text(players: int, index: int, options: tuple[tuple[str, Any], ...]) -> str:
    rng = random.Random(f"replay-cli {players} {index} {options}")
    rules = Rules(players=players, **dict(options))
    return json.dumps(to_record(random_deal(rng, rules, index % players)))


def record(players: int, index: int, **options: Any) -> dict[str, Any]:
    """The index-th random valid record at ``players``, a fresh copy each time."""
    return json.loads(_record_text(players, index, tuple(sorted(options.items()))))


def deal_from_hands(rules: Rules, dealer: int, hands: list[list[str]], chien: list[str]) -> Deal:
    return Deal(rules, dealer, [mask(h) for h in hands], mask(chien))


def rigged_record(players: int, seed: int, special: str, **options: Any) -> dict[str, Any]:
    """A finished deal's record where seat 1 holds a special hand (``petit_sec`` or
    ``misere``), everything else random; a misère is declared whenever it may be."""
    rng = random.Random(f"rigged {players} {seed} {special}")
    size = HAND_SIZE[players]
    plain = [c for c in DECK if suit(c) in SUIT_NAME]
    if special == "petit_sec":
        hand = ["T1", *rng.sample(plain, size - 1)]
    else:
        hand = rng.sample([c for c in plain if c[:-1] not in ("J", "C", "Q", "K")], size)
    rest = [c for c in DECK if c not in hand]
    rng.shuffle(rest)
    hands = [rest[i * size : (i + 1) * size] for i in range(players - 1)]
    hands.insert(1, hand)
    rules = Rules(players=players, **options)
    deal = deal_from_hands(rules, seed % players, hands, rest[(players - 1) * size :])
    while not deal.done:
        actions = deal.legal_actions(deal.to_act)
        miseres = [a for a in actions if isinstance(a, Misere)]
        if deal.phase == Phase.BIDDING:
            actions = [a for a in actions if a.contract <= Contract.GARDE]
        deal.apply(miseres[0] if miseres else rng.choice(actions))
    return to_record(deal)


def passed_record(players: int, dealer: int) -> dict[str, Any]:
    for i in range(1000):
        rng = random.Random(f"passed {players} {i}")
        deal = random_deal(rng, Rules(players=players), dealer)
        rec = to_record(deal)
        if rec["bids"]:
            hands = [mask(h) for h in rec["hands"]]
            deal = Deal(Rules(players=players), dealer, hands, mask(rec["chien"]))
            for _ in range(players):
                deal.apply(Bid(deal.to_act, Contract.PASS))
            return to_record(deal)
    raise AssertionError("no deal without a petit sec")


@pytest.mark.parametrize("players", [3, 4, 5])
def test_valid_records_print_one_object_with_the_fields_of_records_md(
    players: int, tmp_path: Path
) -> None:
    for index in range(2):
        rec = record(players, index)
        path = tmp_path / f"deal{index}.json"
        path.write_text(json.dumps(rec, indent=1), encoding="utf-8")
        out = check_valid_output(replay_command(path), rec)
        assert out["outcome"] == "played" and out["taker"] is not None
        assert out["contract"] in BIDS[1:]
        assert out["made"] == (out["points"] >= out["target"])
        assert out["target"] == {0: 56, 1: 51, 2: 41, 3: 36}[out["oudlers"]]
        if players != 5:
            assert out["partner"] is None


def test_replay_reads_standard_input_with_a_dash() -> None:
    rec = record(5, 7)
    check_valid_output(replay_command(rec), rec)


@pytest.mark.parametrize("kind", ["passed", "petit_sec"])
def test_a_voided_deal_scores_zero_with_nulls(kind: str, tmp_path: Path) -> None:
    rec = passed_record(4, 2) if kind == "passed" else rigged_record(4, 3, "petit_sec")
    if kind == "passed":
        assert rec["bids"] == ["pass"] * 4 and rec["tricks"] == []
    else:
        assert rec["bids"] == [] and rec["tricks"] == []
    path = tmp_path / "void.json"
    path.write_text(json.dumps(rec), encoding="utf-8")
    out = check_valid_output(replay_command(path), rec)
    assert out["outcome"] == kind
    assert out["scores"] == [0, 0, 0, 0]
    assert all(out[k] is None for k in NULL_WHEN_VOID)


@pytest.mark.parametrize("players", [3, 5])
def test_voided_deals_in_process(players: int) -> None:
    for rec in (passed_record(players, 0), rigged_record(players, 1, "petit_sec")):
        out = replay(json.loads(json.dumps(rec))).to_json()
        assert list(out) == FIELDS
        assert out["scores"] == [0] * players
        assert all(out[k] is None for k in NULL_WHEN_VOID)


def test_a_misere_is_settled_apart_and_replays(tmp_path: Path) -> None:
    rec = rigged_record(4, 5, "misere", misere=True)
    assert rec["miseres"] == [1]
    path = tmp_path / "misere.json"
    path.write_text(json.dumps(rec), encoding="utf-8")
    out = check_valid_output(replay_command(path), rec)
    without = json.loads(json.dumps(rec))
    without["miseres"] = []
    base = replay(without).to_json()
    misere = [a - b for a, b in zip(out["scores"], base["scores"], strict=True)]
    assert misere == [-10, 30, -10, -10]  # seat 1 gains 10 from each other player


def test_optional_fields_may_be_absent() -> None:
    """``called``, ``ecart``, ``slam``, ``poignees``, ``miseres`` and ``rules`` may be absent
    (or ``null``, ``[]``, ``false``, ``{}``, ``[]``); missing rules take the defaults."""
    empties = {"called": None, "ecart": [], "slam": False, "poignees": {}, "miseres": []}
    checked = 0
    for players in (3, 4, 5):
        for index in range(30):
            rec = record(players, index)
            result = replay(rec)
            absent = {k: v for k, v in rec.items() if k not in empties or v != empties[k]}
            del absent["rules"]
            assert replay(absent) == result
            partial = json.loads(json.dumps(rec))
            partial["rules"] = {"garde_contre_multiplier": 6}
            if players == 4:
                partial.pop("called")
            assert replay(partial) == result
            checked += 1
    assert checked == 90


def played_record(players: int) -> dict[str, Any]:
    """A played deal's record without poignées or misères."""
    return next(
        r
        for i in range(100)
        if (r := record(players, i))["tricks"] and not r["poignees"] and not r["miseres"]
    )


@pytest.mark.parametrize("field", ["poignees", "miseres"])
@pytest.mark.parametrize("value", [False, 0, ""], ids=["false", "0", "empty string"])
def test_poignees_and_miseres_are_not_empty_when_false_0_or_an_empty_string(
    field: str, value: object
) -> None:
    """Only absent, ``null`` and ``{}`` (poignees) or ``[]`` (miseres) are empty (docs/records.md):
    a value of another type is an error, as in every other field."""
    rec = played_record(4)
    rec[field] = value
    with pytest.raises(RecordError) as refused:
        replay(rec)
    kind = "an object from seat to cards" if field == "poignees" else "a list of seats"
    assert str(refused.value) == f"{field}: must be {kind}, not {value!r}"


def test_the_command_refuses_poignees_given_as_false(tmp_path: Path) -> None:
    rec = played_record(5)
    rec["poignees"] = False
    path = tmp_path / "false.json"
    path.write_text(json.dumps(rec), encoding="utf-8")
    check_refused(replay_command(path), Defect("", r"poignees: ", r"object.*False"))


def test_the_empty_forms_of_poignees_and_miseres_replay() -> None:
    for players in (3, 4, 5):
        rec = played_record(players)
        result = replay(rec)
        for poignees in (None, {}, "absent"):
            for miseres in (None, [], "absent"):
                other = json.loads(json.dumps(rec))
                for key, value in (("poignees", poignees), ("miseres", miseres)):
                    if value == "absent":
                        del other[key]
                    else:
                        other[key] = value
                assert replay(other) == result


def test_bench_prints_one_json_object() -> None:
    proc = tarot("bench", "--players", "4", "--deals", "50", "--seed", "1", "--json", timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    assert proc.stdout.strip().count("\n") == 0
    out = json.loads(proc.stdout)
    assert isinstance(out, dict)
    assert out["players"] == 4 and out["deals"] == 50
    assert isinstance(out["deals_per_second"], int | float) and out["deals_per_second"] > 0


# ----- defective records -----------------------------------------------------------------------


@dataclass(frozen=True)
class Defect:
    text: str
    """The whole record, as JSON text."""
    step: str
    """Regex for the start of the error line: the step it names, with its colon."""
    why: str
    """Regex searched for in the rest of the line."""
    holds: tuple[str, ...] | None = None
    """For an illegal card: the cards listed in ``(holds ...)``, low to high as in the example
    of docs/records.md ``(holds T4, T9)``."""

    def check(self, line: str) -> None:
        assert "\n" not in line
        head = re.match(self.step, line)
        assert head, f"{line!r} does not start with /{self.step}/"
        assert re.search(self.why, line[head.end() :]), f"{line!r}: why not /{self.why}/"
        if self.holds is not None:
            held = re.search(r"\(holds ([^()]*)\)$", line)
            assert held, line
            assert tuple(held.group(1).split(", ")) == self.holds, line


@dataclass
class Move:
    trick: int
    """1-based, like ``card`` and the error messages."""
    card_no: int
    seat: int
    card: str
    before: list[str]
    """The cards already in the trick."""
    hands: list[set[str]]
    """Every seat's hand just before the card."""


def taker_and_contract(rec: dict[str, Any]) -> tuple[int | None, str]:
    n, taker, contract = rec["players"], None, "pass"
    for j, bid in enumerate(rec["bids"]):
        if bid != "pass":
            taker, contract = (rec["dealer"] + 1 + j) % n, bid
    return taker, contract


def moves(rec: dict[str, Any]) -> list[Move]:
    deal = read_deal(json.loads(json.dumps(rec)))
    n = rec["players"]
    hands = [set(h) for h in rec["hands"]]
    taker, contract = taker_and_contract(rec)
    if taker is not None and contract in ("prise", "garde"):
        hands[taker] = (hands[taker] | set(rec["chien"])) - set(rec["ecart"])
    out = []
    for t, trick in enumerate(rec["tricks"]):
        for i, card in enumerate(trick):
            seat = (deal.leaders[t] + i) % n
            out.append(Move(t + 1, i + 1, seat, card, trick[:i], [set(h) for h in hands]))
            hands[seat].remove(card)
    return out


def swap_in_tricks(rec: dict[str, Any], move: Move, card: str) -> None:
    """Play ``card`` at ``move`` instead, and the card it replaces where ``card`` came later."""
    tricks = rec["tricks"]
    old = tricks[move.trick - 1][move.card_no - 1]
    later = False
    for t, trick in enumerate(tricks):
        for i, c in enumerate(trick):
            if (t + 1, i + 1) == (move.trick, move.card_no):
                later = True
            elif later and c == card:
                trick[i] = old
    tricks[move.trick - 1][move.card_no - 1] = card


def replace_elsewhere(rec: dict[str, Any], card: str, by: str) -> None:
    for trick in rec["tricks"]:
        for i, c in enumerate(trick):
            if c == card:
                trick[i] = by


def expected_card_error(move: Move, card: str) -> Defect | None:
    """The docs/records.md line for playing ``card`` at ``move``, or None if it is legal there."""
    hand = move.hands[move.seat]
    step = re.escape(f"trick {move.trick}, card {move.card_no} (seat {move.seat}): ")
    if card not in hand:
        why = "^" + re.escape(f"{card} is not allowed: seat {move.seat} does not hold it") + "$"
        return Defect("", step, why)
    if card == "EX":
        return None
    prior = [c for c in move.before if c != "EX"]
    if not prior:
        return None
    led = suit(prior[0])
    follow = {c for c in hand if suit(c) == led}
    if led != "T" and follow:
        if suit(card) == led:
            return None
        rule, holds = f"follow {SUIT_NAME[led]}", follow
    else:
        trumps = {c for c in hand if is_trump(c)}
        if not trumps:
            return None
        best = max((trump_rank(c) for c in prior if is_trump(c)), default=0)
        over = {c for c in trumps if trump_rank(c) > best}
        if card in (over or trumps):
            return None
        if best and over:
            rule, holds = f"play a trump higher than T{best}", over
        else:
            rule, holds = "play a trump", trumps
    why = "^" + re.escape(f"{card} is not allowed: seat {move.seat} must {rule} (holds ") + ".*"
    return Defect("", step, why, low_to_high(holds))


Builder = Callable[[dict[str, Any], random.Random], Defect | None]
BUILDERS: dict[str, tuple[tuple[int, ...], dict[str, Any], Builder]] = {}


def defect(name: str, players: tuple[int, ...] = (3, 4, 5), **options: Any) -> Any:
    def register(fn: Builder) -> Builder:
        BUILDERS[name] = (players, options, fn)
        return fn

    return register


@functools.cache
def build(name: str) -> Defect:
    """Search the random valid records for one where the defect ``name`` can be made."""
    players, options, fn = BUILDERS[name]
    rng = random.Random(name)
    turn = rng.randrange(len(players))
    players = players[turn:] + players[:turn]  # not always the first player count that fits
    for index in range(3000):
        for n in players:
            rec = record(n, index, **options)
            made = fn(rec, rng)
            if made is not None:
                text = made.text or json.dumps(rec)
                return Defect(text, made.step, made.why, made.holds)
    raise AssertionError(f"no record where {name!r} can be made")


def mutated(step: str, why: str) -> Defect:
    """A defect whose record is the (mutated) record handed to the builder."""
    return Defect("", step, why)


@defect("malformed JSON")
def _(rec: dict[str, Any], rng: random.Random) -> Defect:
    return Defect(json.dumps(rec)[:-1], r"JSON: ", r"malformed")


@defect("not a JSON object")
def _(rec: dict[str, Any], rng: random.Random) -> Defect:
    return Defect(json.dumps([rec]), r"record: ", r"object")


@defect("wrong format string")
def _(rec: dict[str, Any], rng: random.Random) -> Defect:
    rec["format"] = "tarot-deal/2"
    return mutated(r"format: ", r"tarot-deal/1")


@defect("wrong players")
def _(rec: dict[str, Any], rng: random.Random) -> Defect:
    rec["players"] = 7
    return mutated(r"players: ", r"\b7\b")


@defect("dealer not a seat")
def _(rec: dict[str, Any], rng: random.Random) -> Defect:
    rec["dealer"] = rec["players"]
    return mutated(r"dealer: ", rf"\b{rec['players']}\b")


@defect("unknown card in a hand")
def _(rec: dict[str, Any], rng: random.Random) -> Defect:
    rec["hands"][1][rng.randrange(len(rec["hands"][1]))] = "11S"
    return mutated(r"hands( \(seat 1\))?: ", r"unknown card.*11S")


@defect("unknown card in the chien")
def _(rec: dict[str, Any], rng: random.Random) -> Defect:
    rec["chien"][0] = "t21"
    return mutated(r"chien: ", r"unknown card.*t21")


@defect("unknown card in a trick")
def _(rec: dict[str, Any], rng: random.Random) -> Defect | None:
    if not rec["tricks"]:
        return None
    move = rng.choice(moves(rec))
    rec["tricks"][move.trick - 1][move.card_no - 1] = "T22"
    step = re.escape(f"trick {move.trick}, card {move.card_no} (seat {move.seat}): ")
    return mutated(step, r"unknown card.*T22")


@defect("card dealt twice")
def _(rec: dict[str, Any], rng: random.Random) -> Defect:
    card = rng.choice(rec["hands"][0])
    rec["hands"][2][rng.randrange(len(rec["hands"][2]))] = card
    return mutated(r"hands: ", rf"\b{card}\b.*twice")


@defect("card dealt twice, in the chien")
def _(rec: dict[str, Any], rng: random.Random) -> Defect:
    card = rng.choice(rec["hands"][1])
    rec["chien"][-1] = card
    return mutated(r"chien: ", rf"\b{card}\b.*twice")


@defect("wrong hand size")
def _(rec: dict[str, Any], rng: random.Random) -> Defect:
    size = HAND_SIZE[rec["players"]]
    rec["hands"][1].append(rec["hands"][0].pop())
    return mutated(r"hands: ", rf"seat 0\b.*\b{size - 1}\b.*\b{size}\b")


@defect("wrong number of hands")
def _(rec: dict[str, Any], rng: random.Random) -> Defect:
    rec["chien"] += rec["hands"].pop()
    return mutated(r"hands: ", rf"\b{rec['players']}\b")


@defect("wrong chien size")
def _(rec: dict[str, Any], rng: random.Random) -> Defect:
    size = CHIEN_SIZE[rec["players"]]
    rec["chien"].pop(rng.randrange(size))
    return mutated(r"chien: ", rf"\b{size - 1}\b.*\b{size}\b")


def _bid_step(rec: dict[str, Any], j: int) -> str:
    return re.escape(f"bid {j + 1} (seat {(rec['dealer'] + 1 + j) % rec['players']}): ")


@defect("bid not higher")
def _(rec: dict[str, Any], rng: random.Random) -> Defect | None:
    bids = rec["bids"]
    spots = [
        (j, k)
        for j in range(len(bids))
        for k in range(j + 1, len(bids))
        if bids[j] != "pass" and bids[k] == "pass" and all(b == "pass" for b in bids[j + 1 : k])
    ]
    if not spots:
        return None
    j, k = rng.choice(spots)
    lower = BIDS[rng.randint(1, BIDS.index(bids[j]))]
    bids[k] = lower
    return mutated(_bid_step(rec, k), rf"^{lower}\b.*higher than {bids[j]}\b")


@defect("prise when prise is not allowed", prise_allowed=False)
def _(rec: dict[str, Any], rng: random.Random) -> Defect | None:
    if rec["bids"][:1] != ["pass"]:
        return None
    rec["bids"][0] = "prise"
    return mutated(_bid_step(rec, 0), r"^prise\b.*garde")


@defect("unknown bid")
def _(rec: dict[str, Any], rng: random.Random) -> Defect | None:
    if not rec["bids"]:
        return None
    j = rng.randrange(len(rec["bids"]))
    rec["bids"][j] = "Garde"
    return mutated(_bid_step(rec, j), r"Garde")


@defect("too few bids")
def _(rec: dict[str, Any], rng: random.Random) -> Defect | None:
    if not rec["bids"]:
        return None
    rec["bids"].pop()
    return mutated(r"bids: ", rf"\b{rec['players']}\b")


@defect("too many bids")
def _(rec: dict[str, Any], rng: random.Random) -> Defect | None:
    if not rec["bids"]:
        return None
    rec["bids"].append("pass")
    return mutated(r"bids: ", rf"\b{rec['players']}\b")


@defect("bids after a petit sec")
def _(rec: dict[str, Any], rng: random.Random) -> Defect:
    sec = rigged_record(rec["players"], rng.randrange(1000), "petit_sec")
    assert sec["bids"] == []
    sec["bids"] = ["pass"] * rec["players"]
    return Defect(json.dumps(sec), r"bids: ", r"petit sec")


@defect("tricks after all passed")
def _(rec: dict[str, Any], rng: random.Random) -> Defect | None:
    if not rec["tricks"]:
        return None
    passed = passed_record(rec["players"], rec["dealer"])
    passed["tricks"] = rec["tricks"][:1]
    return Defect(json.dumps(passed), r"tricks: ", r"pass")


def _ecart_swap(rec: dict[str, Any], rng: random.Random, wanted: Callable[[str], bool]) -> Any:
    """Put a card of the taker's that ``wanted`` accepts into the écart, in place of an écart
    card (that the taker then plays instead)."""
    if not rec["ecart"] or any(is_trump(c) for c in rec["ecart"]):
        return None
    taker, _ = taker_and_contract(rec)
    assert taker is not None
    held = (set(rec["hands"][taker]) | set(rec["chien"])) - set(rec["ecart"])
    choices = sorted(c for c in held if wanted(c))
    if not choices:
        return None
    card = rng.choice(choices)
    j = rng.randrange(len(rec["ecart"]))
    replace_elsewhere(rec, card, rec["ecart"][j])
    rec["ecart"][j] = card
    return card


@defect("King in the écart")
def _(rec: dict[str, Any], rng: random.Random) -> Defect | None:
    card = _ecart_swap(rec, rng, is_king)
    return card and mutated(r"ecart: ", rf"\b{card}\b.*King")


@defect("oudler in the écart")
def _(rec: dict[str, Any], rng: random.Random) -> Defect | None:
    card = _ecart_swap(rec, rng, lambda c: c in OUDLERS)
    return card and mutated(r"ecart: ", rf"\b{card}\b.*oudler")


@defect("trump in the écart when not forced")
def _(rec: dict[str, Any], rng: random.Random) -> Defect | None:
    card = _ecart_swap(rec, rng, lambda c: is_trump(c) and c not in OUDLERS)
    return card and mutated(r"ecart: ", rf"\b{card}\b.*trump")


@defect("wrong écart size")
def _(rec: dict[str, Any], rng: random.Random) -> Defect | None:
    if not rec["ecart"]:
        return None
    size = CHIEN_SIZE[rec["players"]]
    rec["ecart"].pop(rng.randrange(size))
    return mutated(r"ecart: ", rf"\b{size - 1}\b.*\b{size}\b")


@defect("écart card not held")
def _(rec: dict[str, Any], rng: random.Random) -> Defect | None:
    taker, _ = taker_and_contract(rec)
    if not rec["ecart"] or any(is_trump(c) for c in rec["ecart"]):
        return None
    other = rng.choice([s for s in range(rec["players"]) if s != taker])
    card = rng.choice([c for c in rec["hands"][other] if suit(c) in SUIT_NAME and not is_king(c)])
    rec["ecart"][0] = card
    return mutated(r"ecart: ", rf"\b{card}\b")


@defect("écart at garde sans")
def _(rec: dict[str, Any], rng: random.Random) -> Defect | None:
    taker, contract = taker_and_contract(rec)
    if contract != "garde_sans" or taker is None:
        return None
    rec["ecart"] = [c for c in rec["hands"][taker] if suit(c) in SUIT_NAME][:1]
    if not rec["ecart"]:
        return None
    return mutated(r"ecart: ", r"garde_sans|garde sans")


@defect("call of a Queen without the four Kings", players=(5,))
def _(rec: dict[str, Any], rng: random.Random) -> Defect | None:
    taker, _ = taker_and_contract(rec)
    if taker is None or sum(map(is_king, rec["hands"][taker])) == 4:
        return None
    queen = "Q" + rng.choice("SHDC")
    rec["called"] = queen
    return mutated(r"called: ", rf"\b{queen}\b.*Queen.*King")


@defect("call of a trump", players=(5,))
def _(rec: dict[str, Any], rng: random.Random) -> Defect | None:
    if rec["called"] is None:
        return None
    rec["called"] = "T14"
    return mutated(r"called: ", r"\bT14\b")


@defect("no call at 5 players", players=(5,))
def _(rec: dict[str, Any], rng: random.Random) -> Defect | None:
    if rec["called"] is None:
        return None
    rec["called"] = None
    return mutated(r"called: ", r"call")


@defect("a call at 4 players", players=(4,))
def _(rec: dict[str, Any], rng: random.Random) -> Defect | None:
    if not rec["tricks"]:
        return None
    rec["called"] = "KS"
    return mutated(r"called: ", r"\b4\b")


def _poignee(rec: dict[str, Any], rng: random.Random) -> tuple[int, list[str], set[str]] | None:
    """A poignée of the record, with the hand its seat holds when it shows it."""
    if not rec["poignees"]:
        return None
    key = rng.choice(sorted(rec["poignees"]))
    seat = int(key)
    first = next(m for m in moves(rec) if m.seat == seat)
    return seat, rec["poignees"][key], first.hands[seat]


def _poignee_step(seat: int) -> str:
    return re.escape(f"poignee (seat {seat}): ")


@defect("poignée of the wrong count")
def _(rec: dict[str, Any], rng: random.Random) -> Defect | None:
    found = _poignee(rec, rng)
    if found is None:
        return None
    seat, shown, _ = found
    shown.pop(rng.randrange(len(shown)))
    return mutated(_poignee_step(seat), rf"\b{len(shown)}\b")


@defect("poignée showing a suit card")
def _(rec: dict[str, Any], rng: random.Random) -> Defect | None:
    found = _poignee(rec, rng)
    if found is None:
        return None
    seat, shown, hand = found
    plain = sorted(c for c in hand if suit(c) in SUIT_NAME)
    if not plain:
        return None
    card = rng.choice(plain)
    shown[rng.randrange(len(shown))] = card
    return mutated(_poignee_step(seat), rf"\b{card}\b")


@defect("poignée with the Excuse hiding a trump", players=(5, 4, 3))
def _(rec: dict[str, Any], rng: random.Random) -> Defect | None:
    found = _poignee(rec, rng)
    if found is None or "EX" not in found[2] or "EX" in found[1]:
        return None
    seat, shown, _ = found
    hidden = shown[rng.randrange(len(shown))]
    shown[shown.index(hidden)] = "EX"
    return mutated(_poignee_step(seat), r"Excuse")


@defect("poignée with a trump not held")
def _(rec: dict[str, Any], rng: random.Random) -> Defect | None:
    found = _poignee(rec, rng)
    if found is None:
        return None
    seat, shown, hand = found
    card = rng.choice([c for c in DECK if is_trump(c) and c not in hand])
    shown[rng.randrange(len(shown))] = card
    return mutated(_poignee_step(seat), rf"\b{card}\b.*not")


@defect("poignée of no seat")
def _(rec: dict[str, Any], rng: random.Random) -> Defect | None:
    if not rec["tricks"]:
        return None
    rec["poignees"][str(rec["players"])] = [c for c in DECK if is_trump(c)][:13]
    return mutated(r"poignees: ", rf"\b{rec['players']}\b")


def _first_card_seat(rec: dict[str, Any], rng: random.Random) -> int | None:
    if not rec["tricks"]:
        return None
    return rng.randrange(rec["players"])


@defect("misère with the option off")
def _(rec: dict[str, Any], rng: random.Random) -> Defect | None:
    seat = _first_card_seat(rec, rng)
    if seat is None:
        return None
    assert rec["rules"]["misere"] is False
    rec["miseres"] = [seat]
    return mutated(re.escape(f"misere (seat {seat}): "), r"mis[eè]re")


@defect("misère with a hand that has trumps or faces", misere=True)
def _(rec: dict[str, Any], rng: random.Random) -> Defect | None:
    seat = _first_card_seat(rec, rng)
    if seat is None:
        return None
    spoilers = [c for c in rec["hands"][seat] if suit(c) in "TX" or c[:-1] in "JCQK"]
    rec["miseres"] = [seat]
    return mutated(re.escape(f"misere (seat {seat}): "), rf"mis[eè]re.*\b{spoilers[0]}\b")


@defect("misère of no seat")
def _(rec: dict[str, Any], rng: random.Random) -> Defect | None:
    if not rec["tricks"]:
        return None
    rec["miseres"] = [rec["players"] + 2]
    return mutated(r"miseres: ", rf"\b{rec['players'] + 2}\b")


def _illegal_card(kind: str) -> Builder:
    def make(rec: dict[str, Any], rng: random.Random) -> Defect | None:
        spots = []
        for m in moves(rec):
            hand = m.hands[m.seat]
            prior = [c for c in m.before if c != "EX"]
            led = suit(prior[0]) if prior else None
            best = max((trump_rank(c) for c in prior if is_trump(c)), default=0)
            if kind == "not following suit" and led in SUIT_NAME and suit(m.card) == led:
                others = [c for c in hand if suit(c) not in (led, "X")]
            elif kind == "not trumping" and led in SUIT_NAME and is_trump(m.card):
                others = [c for c in hand if suit(c) in SUIT_NAME]
            elif (
                kind == "not overtrumping"
                and best
                and is_trump(m.card)
                and trump_rank(m.card) > best
            ):
                others = [c for c in hand if is_trump(c) and trump_rank(c) < best]
            elif kind == "a card not held":
                others = [c for s, h in enumerate(m.hands) if s != m.seat for c in h]
            else:
                continue
            spots += [(m, c) for c in others]
        if not spots:
            return None
        move, card = rng.choice(spots)
        expected = expected_card_error(move, card)
        assert expected is not None, (move, card)
        swap_in_tricks(rec, move, card)
        return expected

    return make


for _kind in ("not following suit", "not trumping", "not overtrumping", "a card not held"):
    defect(f"illegal card: {_kind}")(_illegal_card(_kind))


@defect("too few tricks")
def _(rec: dict[str, Any], rng: random.Random) -> Defect | None:
    total = len(rec["tricks"])
    if not total:
        return None
    rec["tricks"].pop()
    return mutated(r"tricks: ", rf"too few.*\b{total - 1}\b.*\b{total}\b")


@defect("too many tricks")
def _(rec: dict[str, Any], rng: random.Random) -> Defect | None:
    total = len(rec["tricks"])
    if not total:
        return None
    rec["tricks"].append(list(rec["tricks"][rng.randrange(total)]))
    return mutated(rf"tricks?( {total + 1})?: ", rf"too many.*\b{total}\b")


@defect("a trick of too few cards")
def _(rec: dict[str, Any], rng: random.Random) -> Defect | None:
    if not rec["tricks"]:
        return None
    t = rng.randrange(len(rec["tricks"]))
    rec["tricks"][t].pop()
    return mutated(re.escape(f"trick {t + 1}: "), rf"\b{rec['players'] - 1}\b")


@defect("a trick of too many cards")
def _(rec: dict[str, Any], rng: random.Random) -> Defect | None:
    if len(rec["tricks"]) < 2:
        return None
    t = rng.randrange(len(rec["tricks"]) - 1)
    rec["tricks"][t].append(rec["tricks"][t + 1].pop())
    return mutated(re.escape(f"trick {t + 1}: "), rf"\b{rec['players'] + 1}\b")


@defect("slam not a boolean")
def _(rec: dict[str, Any], rng: random.Random) -> Defect | None:
    if not rec["tricks"]:
        return None
    rec["slam"] = "yes"
    return mutated(r"slam: ", r"yes")


@defect("unknown rules key")
def _(rec: dict[str, Any], rng: random.Random) -> Defect:
    rec["rules"]["grand_chelem"] = True
    return mutated(r"rules: ", r"grand_chelem")


BAD_RULES = {
    "garde_contre_multiplier": 7,
    "prise_allowed": 1,
    "poignee_bonus": [20, 30, 50],
    "misere": "yes",
    "shuffle": "riffle",
}
for _key, _value in BAD_RULES.items():

    def _bad(rec: dict[str, Any], rng: random.Random, key: str = _key, value: Any = _value) -> Any:
        rec["rules"][key] = value
        return mutated(r"rules: ", rf"\b{key}\b")

    defect(f"bad rules value: {_key}")(_bad)


@defect("rules not an object")
def _(rec: dict[str, Any], rng: random.Random) -> Defect:
    rec["rules"] = [["misere", True]]
    return mutated(r"rules: ", r"object")


CLI_SUBSET = [
    "malformed JSON",
    "wrong format string",
    "unknown card in a hand",
    "card dealt twice",
    "wrong hand size",
    "wrong chien size",
    "bid not higher",
    "bids after a petit sec",
    "King in the écart",
    "call of a Queen without the four Kings",
    "poignée showing a suit card",
    "misère with the option off",
    "illegal card: not trumping",
    "too few tricks",
    "too many tricks",
    "unknown rules key",
    "bad rules value: garde_contre_multiplier",
]


@pytest.mark.parametrize("name", sorted(BUILDERS))
def test_a_defective_record_is_refused_naming_the_step(name: str) -> None:
    made = build(name)
    with pytest.raises(RecordError) as refused:
        replay_text(made.text)
    line = str(refused.value)
    assert line.startswith(f"{refused.value.step}: ")
    made.check(line)


@pytest.mark.parametrize("name", CLI_SUBSET)
def test_the_command_refuses_a_defective_record(name: str, tmp_path: Path) -> None:
    made = build(name)
    path = tmp_path / "bad.json"
    path.write_text(made.text, encoding="utf-8")
    check_refused(replay_command(path), made)


def test_the_command_refuses_a_defective_record_on_standard_input() -> None:
    made = build("illegal card: not following suit")
    check_refused(replay_command(made.text), made)


def test_every_kind_of_illegal_card_is_refused_in_the_records_md_style() -> None:
    """Many instances of each kind, in-process, at every player count."""
    checked = 0
    for kind in ("not following suit", "not trumping", "not overtrumping", "a card not held"):
        make = _illegal_card(kind)
        rng = random.Random(kind)
        for players in (3, 4, 5):
            for index in range(8):
                rec = record(players, index)
                made = make(rec, rng)
                if made is None:
                    continue
                with pytest.raises(RecordError) as refused:
                    replay(rec)
                made.check(str(refused.value))
                checked += 1
    assert checked >= 80


# ----- the example line of docs/records.md --------------------------------------------------------


def records_md_example() -> tuple[dict[str, Any], str]:
    """A 4-player record whose first fault is exactly the example of docs/records.md: seat 2 plays
    5S as the third card of trick 7, void in the suit led and holding the trumps T4 and T9."""
    hands = [
        ["KD", "QD", "CD", "KH", "QH", "CH", "1C", *(f"T{n}" for n in range(11, 22))],
        ["1D", "2D", "3D", "1H", "2H", "3H", "2C", "3C", "4C", "EX"]
        + ["T1", "T2", "T3", "T5", "T6", "T7", "T8", "T10"],
        ["4D", "5D", "6D", "4H", "5H", "6H", "T4", "T9", "5S"]
        + ["1S", "2S", "3S", "4S", "6S", "7S", "8S", "9S", "10S"],
        ["7D", "8D", "9D", "7H", "8H", "9H", "JS", "CS", "QS", "KS"]
        + ["5C", "6C", "7C", "8C", "9C", "10C", "JC", "CC"],
    ]
    chien = ["JD", "10D", "10H", "JH", "QC", "KC"]
    deal = deal_from_hands(Rules(players=4), 3, hands, chien)
    for bid in (Contract.GARDE_SANS, Contract.PASS, Contract.PASS, Contract.PASS):
        deal.apply(Bid(deal.to_act, bid))
    deal.apply(deal.legal_actions(0)[0])  # no slam
    script = "KD 1D 4D 7D QD 2D 5D 8D CD 3D 6D 9D KH 1H 4H 7H QH 2H 5H 8H CH 3H 6H 9H 1C 2C T4"
    for card in script.split():
        deal.apply(Play(deal.to_act, parse_card(card)))
    rng = random.Random(7)
    while not deal.done:
        plays = [a for a in deal.legal_actions(deal.to_act) if isinstance(a, Play)]
        deal.apply(rng.choice(plays))
    rec = to_record(deal)
    assert rec["tricks"][6][:3] == ["1C", "2C", "T4"]
    replace_elsewhere(rec, "5S", "T4")
    rec["tricks"][6][2] = "5S"
    return rec, "trick 7, card 3 (seat 2): 5S is not allowed: seat 2 must play a trump"


def test_the_records_md_example_names_the_step_and_the_rule(tmp_path: Path) -> None:
    rec, start = records_md_example()
    path = tmp_path / "example.json"
    path.write_text(json.dumps(rec), encoding="utf-8")
    made = Defect("", re.escape(start), r"^ \(holds [^()]*\)$", ("T4", "T9"))
    check_refused(replay_command(path), made)


def test_the_records_md_example_line_to_the_letter() -> None:
    rec, _ = records_md_example()
    with pytest.raises(RecordError) as refused:
        replay(rec)
    assert str(refused.value) == (
        "trick 7, card 3 (seat 2): 5S is not allowed: seat 2 must play a trump (holds T4, T9)"
    )


# ----- found while writing these tests ---------------------------------------------------------


def test_a_float_multiplier_is_refused_or_the_same_as_the_integer() -> None:
    rec = next(
        r
        for i in range(300)
        if (r := record(4, i))["bids"] and taker_and_contract(r)[1] == "garde_contre"
    )
    expected = replay(rec).to_json()
    rec["rules"]["garde_contre_multiplier"] = 6.0
    try:
        out = replay_text(json.dumps(rec)).to_json()
    except RecordError as e:
        assert str(e).startswith("rules: ")
    else:
        assert json.dumps(out) == json.dumps(expected)


def test_a_poignee_key_that_is_not_a_seat_number_gives_one_line(tmp_path: Path) -> None:
    rec = record(4, 0)
    rec["poignees"] = {"\u00b2": ["T1"]}
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(rec), encoding="utf-8")
    check_refused(replay_command(path), Defect("", r"poignees: ", r"seat"))


def test_deeply_nested_json_gives_one_line() -> None:
    text = "[" * 100_000 + "]" * 100_000
    check_refused(replay_command(text), Defect("", r"(JSON|record): ", r"."))


def test_a_poignee_under_a_second_spelling_of_the_seat_is_not_ignored() -> None:
    rec = next(r for i in range(500) if (r := record(5, i))["poignees"])
    key, shown = next(iter(rec["poignees"].items()))
    rec["poignees"] = {key: ["5S"], "0" + key: shown}
    with pytest.raises(RecordError) as refused:
        replay(rec)
    assert re.match(r"poignees?( \(seat \d\))?: ", str(refused.value))


def test_a_voided_record_with_a_bad_tricks_value_is_refused() -> None:
    rec = passed_record(4, 0)
    rec["tricks"] = 0
    with pytest.raises(RecordError) as refused:
        replay(rec)
    assert str(refused.value).startswith("tricks: ")
