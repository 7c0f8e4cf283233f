"""``--rule NAME=VALUE`` on the command line: one flag for every option of the registry."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from tarot_command import tarot

from tarot_core.lab.arena import ArenaConfig, ArenaError, load_results
from tarot_core.rule_flags import parse_rules
from tarot_core.rules import OPTIONS, Rules, RulesError


def test_every_option_of_the_registry_is_a_flag_with_each_of_its_values() -> None:
    for option in OPTIONS:
        for value in option.allowed:
            if isinstance(value, bool):
                written = "true" if value else "false"
            elif isinstance(value, tuple):
                written = ",".join(map(str, value))
            else:
                written = str(value)
            chosen = parse_rules([f"{option.name}={written}"])
            assert chosen == {option.name: option.to_json(value)}
            rules = Rules.from_options(4, chosen)
            assert getattr(rules, option.name) == value


@pytest.mark.parametrize(
    ("flag", "message"),
    [
        ("misere", "--rule misere: write NAME=VALUE"),
        ("colour=red", "--rule colour=red: no rule option 'colour' (there are "),
        ("misere=maybe", "--rule misere=maybe: misere must be true"),
        ("garde_contre_multiplier=7", "garde_contre_multiplier must be 6 or 8, not 7"),
        ("prise_allowed=1", "prise_allowed must be true or false, not 1"),
    ],
)
def test_a_bad_flag_names_itself_and_the_rule(flag: str, message: str) -> None:
    with pytest.raises(RulesError) as e:
        parse_rules([flag])
    assert message in str(e.value)


def test_bench_takes_rule_options_and_reports_them() -> None:
    done = tarot("bench", "--players", "3", "--deals", "50", "--json", "--rule", "misere=true")
    assert done.returncode == 0, done.stderr
    figures = json.loads(done.stdout)
    assert figures["players"] == 3 and figures["rules"] == {"misere": True}
    refused = tarot("bench", "--rule", "shuffle=riffle")
    assert refused.returncode == 2 and refused.stdout == ""
    assert refused.stderr == (
        "bench: --rule shuffle=riffle: shuffle must be 'full' or 'cut', not 'riffle'\n"
    )


def test_arena_plays_under_the_rules_it_was_given_and_keeps_them_in_its_results(
    tmp_path: Path,
) -> None:
    results = tmp_path / "r.jsonl"
    args = ["arena", "--candidate", "random", "--baseline", "random", "--deals", "2"]
    done = tarot(*args, "--rule", "misere=true", "--json", "--results", str(results))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["rules"] == {"misere": True}
    header = json.loads(results.read_text().splitlines()[0])
    assert header["rules"] == {"misere": True}
    # The same file under other rules is another experiment: refused, not merged.
    plain = ArenaConfig(4, "random", "random", header["think_ms"], header["seed"])
    with pytest.raises(ArenaError, match="rules"):
        load_results(results, plain)
    # Without options the header is what it always was, so older files still resume.
    assert "rules" not in plain.header()


def test_the_terminal_game_refuses_a_bad_rule_in_one_line() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bot", "play", "--rule", "prise_allowed=sometimes"],
        capture_output=True,
        text=True,
        timeout=60,
        stdin=subprocess.DEVNULL,
    )
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == (
        "python -m bot play: --rule prise_allowed=sometimes: prise_allowed must be true or false,"
        " not 'sometimes'\n"
    )
