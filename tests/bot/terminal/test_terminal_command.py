"""``python -m bot play`` (``bot.terminal.main``): its options, its --help, its language,
and a real process that ends cleanly."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from bot.terminal.command import DEFAULT_THINK_MS, language_of, parser

ROOT = Path(__file__).resolve().parents[3]


def run(
    *args: str, stdin: str = "", env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot.terminal", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
        env={"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "PYTHONIOENCODING": "utf-8"} | (env or {}),
    )


def test_the_default_opponents_are_brisk_experts_and_help_says_so() -> None:
    args = parser({}).parse_args([])
    assert (args.bots, args.think_ms) == ("expert", DEFAULT_THINK_MS) == ("expert", 200)
    text = parser({}).format_help()
    assert "200 ms a decision" in " ".join(text.split())
    assert "under a second a trick" in " ".join(text.split())
    assert "{20,30,40,20,40,60}" not in text and "BONUSES" in text


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--think-ms", "0"], "argument --think-ms: choose 1 to 60000, not 0"),
        (["--think-ms", "60001"], "choose 1 to 60000, not 60001"),
        (["--players", "7"], "argument --players: choose 3 to 6, not 7"),
        (["--poignee-bonus", "20,30"], "choose 20,30,40 or 20,40,60, not '20,30'"),
        (["--lang", "de"], "argument --lang: invalid choice: 'de'"),
        (["--rule", "misere=maybe"], "--rule misere=maybe"),
    ],
)
def test_a_bad_option_is_one_line_and_status_2(args: list[str], said: str) -> None:
    done = run(*args)
    assert done.returncode == 2
    assert said in done.stderr and done.stderr.count("\n") == 1
    assert done.stderr.startswith("python -m bot play: ")


@pytest.mark.parametrize(
    ("environ", "lang"),
    [
        ({"LANG": "fr_FR.UTF-8"}, "fr"),
        ({"LC_ALL": "es_ES.UTF-8", "LANG": "fr_FR.UTF-8"}, "es"),
        ({"LANG": "pl_PL"}, "pl"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({}, "en"),
    ],
)
def test_the_language_comes_from_the_environment(environ: dict[str, str], lang: str) -> None:
    assert language_of(environ) == lang
    assert parser(environ).parse_args([]).lang == lang


def test_a_real_game_in_french_ends_cleanly_at_the_end_of_input() -> None:
    done = run("--players", "3", "--bots", "random", "--seed", "3", env={"LANG": "fr_FR.UTF-8"})
    assert done.returncode == 0, done.stderr
    assert "Tarot à 3 joueurs" in done.stdout
    assert done.stdout.rstrip().endswith("Partie abandonnée.")
    assert done.stderr == ""


def test_a_real_game_played_to_its_end_through_standard_input() -> None:
    """The person passes and then types every card of the deck in turn at each prompt:
    each card refused or not understood is said and asked again, and the game ends."""
    deck = [f"T{n}" for n in range(1, 22)] + ["EX"]
    deck += [f"{rank}{suit}" for suit in "SHDC" for rank in [*map(str, range(1, 11)), *"JCQK"]]
    typed = "\n".join(["pass", *deck * 30]) + "\n"
    done = run(
        *("--players", "3", "--bots", "random", "--seed", "4", "--deals", "1", "--lang", "en"),
        stdin=typed,
    )
    assert done.returncode == 0, done.stderr
    assert "Final standings" in done.stdout
    assert "Traceback" not in done.stderr and done.stderr == ""
