"""Whatever comes in, the answer is short and comes at once, through the real commands.

``python -m tarot_core bot`` answers a view that no deal can produce with one ``error`` line
(naming the field) and carries on, instead of searching for ever; ``replay`` and the protocol
quote a huge bad value by a short prefix and its length, never whole.
"""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from tarot_command import replay_command
from time_limit import within

from tarot_core import Deal, Rules, view
from tarot_core.bots import RandomBot, make_bot
from tarot_core.dealing import deal as deal_cards
from tarot_core.lab.bench import random_deal
from tarot_core.protocol import Server
from tarot_core.record import RecordError, replay_text, to_record
from tarot_core.serial import view_to_json

ROOT = Path(__file__).resolve().parents[2]
HUGE = 2_000_000
"""Characters of a huge bad value: enough to show it is not echoed, quick to parse."""
SHORT = 300


def bidding_form(seed: int = 1) -> dict[str, Any]:
    rules = Rules(players=4)
    hands, chien = deal_cards(random.Random(seed), rules, 0)
    deal = Deal(rules, 0, hands, chien)
    return view_to_json(view(deal, deal.to_act))


def impossible_form() -> dict[str, Any]:
    """The bidding view of the seat to act, with its own six first cards as the chien: the
    expert used to search for ever for a world to fit it."""
    form = bidding_form()
    form["chien"] = form["hand"][:6]
    return form


def act(ident: int, form: dict[str, Any]) -> str:
    return json.dumps({"type": "act", "id": ident, "view": form}) + "\n"


# ----- the bot protocol ------------------------------------------------------------------------


def test_the_expert_answers_an_impossible_view_with_an_error_and_carries_on() -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "tarot_core", "bot", "--level", "expert", "--think-ms", "200"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    requests = act(1, impossible_form()) + act(2, bidding_form()) + '{"type": "quit"}\n'
    try:
        out, err = proc.communicate(requests, timeout=30)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        pytest.fail("the expert did not answer within 30 s")
    assert proc.returncode == 0, err
    first, second = (json.loads(line) for line in out.splitlines())
    assert first["type"] == "error" and first["id"] == 1
    assert re.match(r"^view\.chien: \w+ is also in the seat's own hand$", first["message"])
    assert second["type"] == "action" and second["id"] == 2
    assert second["action"] in bidding_form()["legal"]


IMPOSSIBLE_FIELDS: list[tuple[str, Any, str]] = [
    ("chien", lambda f: f["hand"][:6], r"^view\.chien: "),
    ("hand_sizes", lambda f: [17, 18, 18, 18], r"^view\.hand_sizes\[\d\]: "),
    ("hand", lambda f: [f["hand"][0], *f["hand"][:-1]], r"^view\.hand: "),
    ("to_act", lambda f: (f["to_act"] + 2) % 4, r"^view\.to_act: "),
    ("phase", lambda f: "playing", r"^view\.phase: "),
    ("bids", lambda f: ["garde", "pass"], r"^view\.(bids|taker|contract|to_act)"),
    ("ecart_trumps", lambda f: ["T5"], r"^view\.ecart_trumps: "),
]


@pytest.mark.parametrize(("field", "value", "message"), IMPOSSIBLE_FIELDS)
def test_every_level_refuses_an_impossible_view_in_one_error_line(
    field: str, value: Any, message: str
) -> None:
    form = bidding_form()
    form[field] = value(form)
    for level in ("random", "heuristic", "expert"):
        server = Server(make_bot(level, seed=1, think_ms=50))
        answer = within(10, lambda server=server: server.answer(act(7, form)))
        assert answer is not None and answer["type"] == "error", (level, answer)
        assert re.match(message, answer["message"]), answer["message"]
        after = server.answer(act(8, bidding_form()))
        assert after is not None and after["type"] == "action"


@pytest.mark.parametrize(
    ("where", "message"),
    [
        ("hand", r"^view\.hand\[0\]: unknown card 'XXXX+…' \(2000000 characters\)$"),
        ("chien", r"^view\.chien\[0\]: unknown card 'XXXX+…' \(2000000 characters\)$"),
        ("field", r"^view: unknown field 'XXXX+…' \(2000000 characters\)$"),
        ("phase", r"^view\.phase: must be one of .*, not 'XXXX+…' \(2000000 characters\)$"),
        ("rules", r"^view\.rules: shuffle must be 'full' or 'cut', not 'XXXX+…' \(2000000 "),
        ("protocol", r"^protocol: this program speaks version 1, not 'XXXX+…' \(2000000 "),
    ],
)
def test_a_huge_bad_value_in_a_request_gets_a_short_error(where: str, message: str) -> None:
    huge = "X" * HUGE
    form = bidding_form()
    if where == "hand":
        form["hand"][0] = huge
    elif where == "chien":
        form["chien"] = [huge]
    elif where == "field":
        form[huge] = 1
    elif where == "phase":
        form["phase"] = huge
    elif where == "rules":
        form["rules"]["shuffle"] = huge
    line = act(3, form)
    if where == "protocol":
        line = json.dumps({"type": "hello", "id": 3, "protocol": huge})
    answer = Server(RandomBot(1)).answer(line)
    assert answer is not None and answer["type"] == "error" and answer["id"] == 3
    assert len(json.dumps(answer)) < SHORT, len(json.dumps(answer))
    assert re.match(message, answer["message"]), answer["message"][:200]


# ----- replay ----------------------------------------------------------------------------------


def record(players: int, seed: int = 3) -> dict[str, Any]:
    """A random finished deal with a taker (so that every field is used)."""
    for i in range(200):
        rng = random.Random(f"bounded {players} {seed} {i}")
        deal = random_deal(rng, Rules(players=players), 0)
        if deal.taker is not None and deal.result and deal.result.outcome == "played":
            return to_record(deal)
    raise AssertionError("no played deal")


def run_replay(text: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    path = tmp_path / "record.json"
    path.write_text(text, encoding="utf-8")
    return replay_command(path)


def _huge_card_in_hand(rec: dict[str, Any], huge: str) -> str:
    rec["hands"][1][4] = huge
    return r"hands \(seat 1\): unknown card"


def _huge_card_in_trick(rec: dict[str, Any], huge: str) -> str:
    rec["tricks"][2][1] = huge
    return r"trick 3, card 2 \(seat \d\): unknown card"


def _set(key: str, step: str, wrap: Any = None) -> Any:
    def mutate(rec: dict[str, Any], huge: str) -> str:
        rec[key] = wrap(huge) if wrap else huge
        return step

    return mutate


HUGE_VALUES: dict[str, Any] = {
    "card in a hand": _huge_card_in_hand,
    "card in a trick": _huge_card_in_trick,
    "format": _set("format", r"format: must be 'tarot-deal/1', not"),
    "dealer": _set("dealer", r"dealer: must be a seat"),
    "bids": _set("bids", r"bids: must be a list of 5 bids"),
    "a bid": _set("bids", r"bid 1 \(seat 1\): unknown bid", lambda h: [h] * 5),
    "rules key": _set("rules", r"rules: unknown rule option", lambda h: {h: 1}),
    "rules value": _set("rules", r"rules: shuffle must be", lambda h: {"shuffle": h}),
    "called": _set("called", r"called: unknown card"),
    "called in a list": _set("called", r"called: unknown card \['X", lambda h: [h]),
    "players": _set("players", r"players: must be 3, 4, 5 or 6"),
    "a poignée seat": _set("poignees", r"poignees: 'X", lambda h: {h: []}),
    "miseres": _set("miseres", r"miseres: must be a list of seats", lambda h: [h]),
    "slam": _set("slam", r'slam: must be true, false or "petit_chelem"'),
}
THROUGH_THE_COMMAND = ("card in a hand", "card in a trick", "dealer", "bids", "rules value")


@pytest.mark.parametrize("name", sorted(HUGE_VALUES))
def test_a_huge_bad_value_in_a_record_is_quoted_short(name: str) -> None:
    rec = record(5)
    step = HUGE_VALUES[name](rec, "X" * HUGE)
    with pytest.raises(RecordError) as refused:
        replay_text(json.dumps(rec))
    line = str(refused.value)
    assert len(line) < SHORT and "\n" not in line, line[:SHORT]
    assert re.match(step, line), line[:SHORT]
    assert "…" in line


@pytest.mark.parametrize("name", THROUGH_THE_COMMAND)
def test_replay_prints_one_short_line_for_a_huge_bad_value(name: str, tmp_path: Path) -> None:
    rec = record(5)
    step = HUGE_VALUES[name](rec, "X" * HUGE)
    proc = run_replay(json.dumps(rec), tmp_path)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.count("\n") == 1 and proc.stderr.endswith("\n"), proc.stderr[:SHORT]
    assert len(proc.stderr) < SHORT, proc.stderr[:SHORT]
    assert re.match(step, proc.stderr), proc.stderr
    assert re.search(r"'XXXX+…' \(2000000 characters\)", proc.stderr), proc.stderr


def test_control_characters_in_a_bad_value_stay_on_one_line(tmp_path: Path) -> None:
    rec = record(4)
    rec["hands"][0][0] = "K\nS\r\u2028" + "\x00" * 100
    proc = run_replay(json.dumps(rec), tmp_path)
    assert proc.returncode == 2
    assert proc.stderr.count("\n") == 1 and len(proc.stderr) < SHORT, proc.stderr
    assert "\\n" in proc.stderr and "\\x00" in proc.stderr


@pytest.mark.parametrize(
    "text",
    ['{"format": "' + "X" * HUGE, "[" + "1" * HUGE + "]", '{"format": ' + "x" * HUGE + "}"],
    ids=["unterminated string", "huge number", "huge bare word"],
)
def test_malformed_json_with_a_huge_value_gets_a_short_error(text: str) -> None:
    with pytest.raises(RecordError) as refused:
        replay_text(text)
    assert str(refused.value).startswith("JSON: malformed: ")
    assert len(str(refused.value)) < SHORT
    answer = Server(RandomBot(1)).answer(text)
    assert answer is not None and answer["type"] == "error"
    assert answer["message"].startswith("not a JSON object: ") and len(answer["message"]) < SHORT
