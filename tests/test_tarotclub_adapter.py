"""scripts/tarotclub_bot.js, the adapter that seats TarotClub's JavaScript AI at our tables.

TarotClub is GPL-3 and none of its code is in this repository, so most tests load a stand-in
AI of our own, written below into a temporary directory the way TarotClub lays its AI out
(package.json listing the scripts, API functions called by the host): it logs every call
through the host's ``systemPrint`` and answers what the test tells it. The arena test runs
the real AI; it needs a copy (``TAROTCLUB_AI``: TarotClub's ``assets/ai`` directory) and is
skipped without one. Every test needs Node.js: skipped without it, failed in CI.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from ci import missing
from tarot_command import ROOT, tarot

from tarot_core import Deal, Rules, view
from tarot_core.actions import Action, Bid
from tarot_core.bots import RandomBot
from tarot_core.dealing import deal as deal_cards
from tarot_core.rules import Contract
from tarot_core.serial import view_to_json

NODE = shutil.which("node")
SCRIPT = ROOT / "scripts" / "tarotclub_bot.js"
PLACES = ["South", "East", "North", "West"]


@pytest.fixture(autouse=True)
def node() -> None:
    """Node.js runs the adapter: without it a test is skipped, or fails in CI."""
    if NODE is None:
        missing("Node.js", "node is not installed", "install nodejs", os.environ)


STAND_IN = {
    "package.json": json.dumps({"files": ["lib/first.js", "main.js"]}),
    "lib/first.js": "var ORDER = ['first.js'];\n",
    "main.js": """
ORDER.push('main.js');
function log(name, args) { systemPrint(name + '|' + Array.prototype.join.call(args, '|')); }
function EnterGame(place, mode) { log('EnterGame', arguments); }
function ReceiveCards(cards) { log('ReceiveCards', arguments); }
function AnnounceBid() { log('AnnounceBid', arguments); return ANSWERS.bid(); }
function AnnounceSlam() { log('AnnounceSlam', arguments); return false; }
function BuildDiscard(dog) { log('BuildDiscard', arguments); return ANSWERS.discard(); }
function StartDeal(taker, contract) { log('StartDeal', arguments); }
function AskForHandle() { log('AskForHandle', arguments); return ''; }
function ShowHandle(handle, team) { log('ShowHandle', arguments); }
function PlayCard() { log('PlayCard', arguments); return ANSWERS.card(); }
function PlayedCard(card, place) { log('PlayedCard', arguments); }
systemPrint('loaded ' + ORDER.join(','));
""",
}


def stand_in(tmp_path: Path, answers: str) -> Path:
    """A stand-in AI in ``tmp_path/ai``; ``answers`` is the JS object literal of its
    ``bid``, ``discard`` and ``card`` functions."""
    ai = tmp_path / "ai"
    for name, text in {**STAND_IN, "answers.js": f"var ANSWERS = {answers};\n"}.items():
        (ai / name).parent.mkdir(parents=True, exist_ok=True)
        (ai / name).write_text(text)
    package = json.loads(STAND_IN["package.json"])
    (ai / "package.json").write_text(json.dumps({"files": ["answers.js", *package["files"]]}))
    return ai


def run(ai: Path, *requests: dict[str, Any], args: tuple[str, ...] = ()) -> tuple[list[Any], str]:
    """The adapter's answers to ``requests`` (then ``quit``) and its standard error."""
    lines = "".join(json.dumps(r) + "\n" for r in (*requests, {"type": "quit"}))
    done = subprocess.run(
        [str(NODE), str(SCRIPT), "--ai", str(ai), "--verbose", *args],
        input=lines,
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert done.returncode == 0, done.stderr
    return [json.loads(line) for line in done.stdout.splitlines()], done.stderr


def calls(stderr: str) -> list[list[str]]:
    """The stand-in's log: each call of the API as [name, arg, ...]."""
    prefix = "tarotclub: "
    lines = [line[len(prefix) :] for line in stderr.splitlines() if line.startswith(prefix)]
    return [line.split("|") for line in lines if "|" in line]


def theirs(card: str) -> str:
    """Our card notation in TarotClub's ("NN-S"), written out independently of the adapter."""
    if card == "EX":
        return "00-T"
    if card[0] == "T":
        return f"{int(card[1:]):02d}-T"
    rank = {"J": 11, "C": 12, "Q": 13, "K": 14}.get(card[:-1]) or int(card[:-1])
    return f"{rank:02d}-{card[-1]}"


def views_of_a_deal(seed: int) -> list[dict[str, Any]]:
    """Every decision's view in a 4-player deal where the first speaker takes a Prise and the
    others pass, the rest played by random bots."""
    rules = Rules(players=4)
    hands, chien = deal_cards(random.Random(seed), rules, 0)
    deal = Deal(rules, 0, hands, chien)
    bot = RandomBot(seed)
    forms = []
    while not deal.done:
        seat = deal.to_act
        assert seat is not None
        v = view(deal, seat)
        forms.append(view_to_json(v))
        action: Action
        if forms[-1]["phase"] == "bidding":
            action = Bid(seat, Contract.PRISE if not v.bids else Contract.PASS)
        else:
            action = bot.act(v)
        deal.apply(action)
    return forms


def act(form: dict[str, Any], ident: int = 1) -> dict[str, Any]:
    return {"type": "act", "id": ident, "view": form}


@pytest.fixture(scope="module")
def forms() -> list[dict[str, Any]]:
    return views_of_a_deal(11)


def first(forms: list[dict[str, Any]], phase: str, trick: int = 0) -> dict[str, Any]:
    return next(f for f in forms if f["phase"] == phase and len(f["tricks"]) >= trick)


# ----- the host's calls, replayed from a view -------------------------------------------------


def test_a_card_replays_the_host_calls_in_order_and_maps_the_answer_back(
    tmp_path: Path, forms: list[dict[str, Any]]
) -> None:
    form = next(f for f in forms if len(f["tricks"]) == 3 and f["current"])
    target = form["legal"][-1]["card"]
    ai = stand_in(tmp_path, f"{{card: () => '{theirs(target)}'}}")
    answers, stderr = run(ai, act(form))
    assert answers == [{"type": "action", "id": 1, "action": form["legal"][-1]}]
    assert "tarotclub: loaded first.js,main.js" in stderr  # package.json's order
    log = calls(stderr)
    seat = form["seat"]
    assert log[0] == ["EnterGame", PLACES[seat], "one_deal"]
    assert log[1][0] == "ReceiveCards"
    mine = [
        card
        for trick in [*form["tricks"], form["current"]]
        for i, card in enumerate(trick["cards"])
        if (trick["leader"] + i) % 4 == seat
    ]
    # Its hand as its host would have it: the cards it holds and has played (for the taker,
    # after its écart).
    assert sorted(log[1][1].split(";")) == sorted(theirs(c) for c in [*form["hand"], *mine])
    assert log[2] == ["StartDeal", PLACES[form["taker"]], "Take"]
    played = [
        ["PlayedCard", theirs(card), PLACES[(trick["leader"] + i) % 4]]
        for trick in [*form["tricks"], form["current"]]
        for i, card in enumerate(trick["cards"])
    ]
    assert log[3:] == [*played, ["PlayCard", ""]]


def test_the_ecart_gives_the_chien_to_build_discard_and_maps_its_answer(
    tmp_path: Path, forms: list[dict[str, Any]]
) -> None:
    form = first(forms, "ecart")
    cards = [a["card"] for a in form["legal"] if a["type"] == "discard"][-6:]
    answer = ";".join(theirs(c) for c in cards)
    ai = stand_in(tmp_path, f"{{discard: () => '{answer}'}}")
    answers, stderr = run(ai, act(form))
    assert answers[0]["action"] == {"type": "ecart", "seat": form["seat"], "cards": cards}
    log = calls(stderr)
    assert sorted(log[1][1].split(";")) == sorted(
        theirs(c) for c in form["hand"] if c not in form["chien"]
    )
    assert log[2] == ["BuildDiscard", ";".join(theirs(c) for c in form["chien"])]
    assert "0 fallbacks" in stderr


def test_a_bid_and_math_random_are_seeded_by_the_seed_and_the_view(
    tmp_path: Path, forms: list[dict[str, Any]]
) -> None:
    form = first(forms, "bidding")
    ai = stand_in(tmp_path, "{bid: () => (systemPrint('random|' + Math.random()), 'Guard')}")
    answers, stderr = run(ai, act(form, 1), act(form, 2))
    assert [a["action"] for a in answers] == [
        {"type": "bid", "seat": form["seat"], "contract": "garde"}
    ] * 2
    draws = [line for line in calls(stderr) if line[0] == "random"]
    assert len(draws) == 2 and draws[0] == draws[1]
    _, other = run(ai, act(form, 1), args=("--seed", "5"))
    assert [line for line in calls(other) if line[0] == "random"] != draws[:1]


# ----- fallbacks: what TarotClub's host does with an answer it cannot use ---------------------


def test_an_illegal_card_becomes_the_first_legal_card_of_its_hand(
    tmp_path: Path, forms: list[dict[str, Any]]
) -> None:
    form = next(f for f in forms if f["phase"] == "playing" and len(f["legal"]) > 2)
    ai = stand_in(tmp_path, "{card: () => '99-X'}")
    stats = tmp_path / "stats.jsonl"
    answers, stderr = run(ai, act(form), args=("--stats", str(stats)))
    order = calls(stderr)[1][1].split(";")
    legal = {theirs(a["card"]): a for a in form["legal"]}
    assert answers[0]["action"] == legal[next(c for c in order if c in legal)]
    assert "fallback 1 (playing, card): its card '99-X' is not legal here" in stderr
    counts = json.loads(stats.read_text())
    assert (counts["decisions"], counts["fallbacks"], counts["by_reason"]) == (1, 1, {"card": 1})


def test_a_discard_that_never_ends_is_stopped_and_replaced_by_a_legal_ecart(
    tmp_path: Path, forms: list[dict[str, Any]]
) -> None:
    form = first(forms, "ecart")
    ai = stand_in(tmp_path, "{discard: () => { for (;;) {} }}")
    answers, stderr = run(ai, act(form), args=("--timeout-ms", "200"))
    action = answers[0]["action"]
    allowed = {a["card"] for a in form["legal"] if a["type"] == "discard"}
    assert action["type"] == "ecart" and len(set(action["cards"])) == 6
    assert set(action["cards"]) <= allowed
    assert "fallback 1 (ecart, script): its script failed" in stderr


def test_a_bid_at_or_below_the_contract_is_a_pass_as_its_host_makes_it(
    tmp_path: Path, forms: list[dict[str, Any]]
) -> None:
    form = next(f for f in forms if f["phase"] == "bidding" and f["contract"] == "prise")
    ai = stand_in(tmp_path, "{bid: () => 'Take'}")
    answers, stderr = run(ai, act(form))
    assert answers[0]["action"]["contract"] == "pass"
    assert "0 fallbacks, 1 bids at or below the contract passed" in stderr


# ----- refusals -------------------------------------------------------------------------------


def test_a_view_at_three_players_gets_an_error_and_the_adapter_carries_on(
    tmp_path: Path, forms: list[dict[str, Any]]
) -> None:
    form = {**first(forms, "bidding"), "rules": {**forms[0]["rules"], "players": 3}}
    answers, _ = run(stand_in(tmp_path, "{}"), act(form), {"type": "hello", "id": 2})
    assert answers[0]["type"] == "error" and answers[0]["id"] == 1
    assert answers[0]["message"].startswith("view.rules.players: TarotClub's AI plays at 4")
    assert answers[1] == {"type": "hello", "id": 2, "name": "TarotClub", "protocol": 1}


@pytest.mark.parametrize(
    ("damage", "said"),
    [
        (lambda ai: shutil.rmtree(ai), "no such directory"),
        (lambda ai: (ai / "main.js").write_text("function ("), "main.js: cannot load it"),
        (lambda ai: (ai / "main.js").write_text("var x = 1;"), "no function EnterGame"),
        (lambda ai: (ai / "package.json").unlink(), "package.json: cannot read"),
    ],
    ids=["no directory", "a syntax error", "no API", "no package.json"],
)
def test_an_ai_that_cannot_load_is_one_line_and_exit_status_2(
    tmp_path: Path, damage: Any, said: str
) -> None:
    ai = stand_in(tmp_path, "{}")
    damage(ai)
    done = subprocess.run(
        [str(NODE), str(SCRIPT), "--ai", str(ai)],
        input="",
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and said in done.stderr, done.stderr


# ----- the real AI in a real arena ------------------------------------------------------------


def test_tarotclub_plays_a_short_arena_legally() -> None:
    ai = os.environ.get("TAROTCLUB_AI")
    if not ai or not (Path(ai) / "package.json").is_file():
        pytest.skip("TarotClub's AI is not available: set TAROTCLUB_AI to its assets/ai directory")
    baseline = f"cmd:{NODE} scripts/tarotclub_bot.js --ai {ai}"
    done = tarot(
        "arena", "--players", "4", "--candidate", "heuristic", "--baseline", baseline,
        "--deals", "2", "--seed", "1", "--jobs", "1", "--json",
        timeout=120,
    )  # fmt: skip
    # The arena stops on the first illegal action or broken answer: finishing is the check.
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert summary["deals"] == 2
    assert summary["decision_ms"][baseline]["count"] > 2 * 4 * 10
