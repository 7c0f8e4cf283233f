"""Every refusal of the engine says which rule it applies as data: a stable code
(``IllegalActionCode``) and plain parameters, reached here by playing into each rule, with
its English message and ``about_seat`` unchanged."""

from __future__ import annotations

import ast
import json
import pickle
from pathlib import Path

import pytest
from builders import make_deal, refused
from refusal_cases import CASES, Case, card, ids, led

import tarot_core
from tarot_core.actions import IllegalAction, Play
from tarot_core.refusals import IllegalActionCode


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_each_refusal_carries_its_code_and_params(case: Case) -> None:
    error = case.make()
    assert (error.code, error.params, str(error)) == (case.code, case.params, case.message)


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_params_are_plain_json(case: Case) -> None:
    params = case.make().params
    for value in params.values():
        plain = isinstance(value, int | str) or (
            isinstance(value, tuple) and all(isinstance(v, int) for v in value)
        )
        assert plain and not isinstance(value, bool), (case.name, value)
    as_json = {k: list(v) if isinstance(v, tuple) else v for k, v in params.items()}
    assert json.loads(json.dumps(params)) == as_json


def test_every_code_is_reached_by_a_case() -> None:
    assert {case.code for case in CASES} == set(IllegalActionCode)


def _raise_sites() -> list[tuple[str, int, set[str]]]:
    """Each ``IllegalAction(...)`` built in tarot_core: file, line, keywords passed."""
    sites = []
    for path in sorted(Path(tarot_core.__file__).parent.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "IllegalAction"
            ):
                sites.append((path.name, node.lineno, {k.arg or "**" for k in node.keywords}))
    return sites


def test_every_raise_site_names_a_code_and_every_code_is_used() -> None:
    sites = _raise_sites()
    assert len(sites) >= 25  # the walk still finds them
    assert [(f, line) for f, line, keywords in sites if "code" not in keywords] == []
    used = set()
    for path in Path(tarot_core.__file__).parent.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        used |= {
            node.attr
            for node in ast.walk(tree)
            if isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in ("Code", "IllegalActionCode")
        }
    assert used == {member.name for member in IllegalActionCode}


def test_about_seat_is_unchanged() -> None:
    deal = led({0: "5S", 1: "T4 T9 4H"}, {1: "STX"}, "5S")
    error = refused(deal, Play(1, card("4H")))
    assert error.about_seat == "4H is not allowed: seat 1 must play a trump (holds T4, T9)"
    assert error.params["cards"] == ids("T4 T9")
    other = refused(make_deal(), Play(1, 0))
    assert other.about_seat == str(other)  # no seat-specific wording: the same sentence


def test_a_refusal_survives_pickling() -> None:
    """Refusals can cross a process boundary (bot workers) with their code and params."""
    deal = led({0: "5S", 1: "T4 T9 4H"}, {1: "STX"}, "5S")
    error = refused(deal, Play(1, card("4H")))
    copy = pickle.loads(pickle.dumps(error))
    assert isinstance(copy, IllegalAction)
    assert (str(copy), copy.about_seat, copy.code, copy.params) == (
        str(error),
        error.about_seat,
        error.code,
        error.params,
    )
