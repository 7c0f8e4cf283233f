"""Every command line of the project, walked through its parsers: each number an option
takes has a range, refused outside it in one line on standard error with exit status 2
and nothing on standard output; no ``--help`` shows reST markup or a source file's path;
``python -m tarot_core --help`` names every one of its commands."""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import pytest

import bot.__main__ as bot_main
import bot.benchmarks.__main__ as benchmarks_main
import bot.pictures.__main__ as pictures_main
import tarot_core.__main__ as tarot_main
from tarot_core.command_line import Decimal, Whole

ROOT = Path(__file__).resolve().parents[2]
COMMANDS: dict[str, tuple[Callable[[], argparse.ArgumentParser], Callable[..., int]]] = {
    "tarot_core": (tarot_main.parser, tarot_main.main),
    "bot": (bot_main.parser, bot_main.main),
    "bot.benchmarks": (benchmarks_main.parser, benchmarks_main.main),
    "bot.pictures": (pictures_main.parser, pictures_main.main),
}
"""Each module run with ``python -m``: its parser and its ``main(argv)``."""


def subcommands(
    p: argparse.ArgumentParser, path: tuple[str, ...] = ()
) -> Iterator[tuple[tuple[str, ...], argparse.ArgumentParser]]:
    """The parser and every subcommand's, each with the words that lead to it."""
    yield path, p
    for action in p._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from subcommands(sub, (*path, name))


def every_parser() -> Iterator[tuple[str, tuple[str, ...], argparse.ArgumentParser]]:
    for module, (make, _) in COMMANDS.items():
        for path, p in subcommands(make()):
            yield module, path, p


def out_of_range() -> Iterator[tuple[str, tuple[str, ...], str, str]]:
    """For every numeric option, a value just below its range and, if it has a top, one
    just above."""
    for module, path, p in every_parser():
        for action in p._actions:
            if not action.option_strings:
                continue
            kind = action.type
            assert kind not in (int, float), f"{module} {path} {action.option_strings}: no range"
            if isinstance(kind, Whole | Decimal):
                step = 1 if isinstance(kind, Whole) else 0.001
                option = action.option_strings[-1]
                if kind.low is not None:
                    yield module, path, option, f"{kind.low - step:g}"
                if kind.high is not None:
                    yield module, path, option, str(kind.high + step)


CASES = list(out_of_range())


def call(module: str, args: Sequence[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    """``main(args)`` of ``python -m module``: its status and what it said on stderr (it
    must say nothing on stdout)."""
    main = COMMANDS[module][1]
    try:
        status = main(list(args))
    except SystemExit as e:
        status = e.code if isinstance(e.code, int) else 1
    said = capsys.readouterr()
    assert said.out == ""
    return status, said.err


@pytest.mark.parametrize(("module", "path", "option", "value"), CASES)
def test_every_number_outside_its_range_is_refused_in_one_line(
    module: str,
    path: tuple[str, ...],
    option: str,
    value: str,
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, err = call(module, [*path, option, value], capsys)
    assert status == 2
    assert err.count("\n") == 1 and f"argument {option}: " in err, err


SUBPROCESS_CASES = [
    ("tarot_core", "bench", "--deals", "-5"),
    ("tarot_core", "arena", "--deals", "-1"),
    ("tarot_core", "arena", "--think-ms", "-5"),
    ("tarot_core", "bidding", "--seed", "x"),
    ("tarot_core", "taker-bias", "--rollouts", "0"),
    ("tarot_core", "bot", "--think-ms", "60001"),
    ("tarot_core", "positions", "--limit", "-1"),
    ("bot.benchmarks", "storage", "--runs", "0"),
    ("bot.benchmarks", "load", "--seconds", "nan"),
    ("bot.benchmarks", "game", "--deals", "0"),
    ("bot.benchmarks", "pictures", "--repeat", "-2"),
    ("bot.benchmarks", "route", "--concurrency", "0"),
    ("bot.pictures", "cards", "--height", "2000"),
]
"""One bad number for each command that takes numbers, run as a user would: each of these
commands must also be among those the parsers' walk finds."""


def test_every_command_with_numbers_is_walked() -> None:
    walked = {(module, path) for module, path, _, _ in CASES}
    for module, command, _, _ in SUBPROCESS_CASES:
        assert (module, (command,)) in walked


@pytest.mark.parametrize(("module", "command", "option", "value"), SUBPROCESS_CASES)
def test_a_bad_number_ends_the_command_in_one_line(
    module: str, command: str, option: str, value: str
) -> None:
    done = subprocess.run(
        [sys.executable, "-m", module, command, option, value],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
    )
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.count("\n") == 1
    assert done.stderr.startswith(f"python -m {module} {command}: argument {option}: ")


@pytest.mark.parametrize(
    ("module", "path"),
    [(module, path) for module, path, _ in every_parser()],
)
def test_no_help_shows_markup_or_a_source_path(module: str, path: tuple[str, ...]) -> None:
    parsers = {(m, p): parser for m, p, parser in every_parser()}
    text = parsers[module, path].format_help()
    assert "``" not in text
    assert not re.search(r"\w\.(py|md)\b", text), text
    assert "§" not in text


def test_the_engines_help_names_every_command() -> None:
    p = tarot_main.parser()
    [names] = [a.choices for a in p._actions if isinstance(a, argparse._SubParsersAction)]
    description = " ".join((p.description or "").split())
    assert list(names) and all(
        f" {name}," in description or f" {name}." in description for name in names
    )


def test_the_game_is_no_longer_a_command_of_the_engine(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert call("tarot_core", ["play", "--players", "5"], capsys) == (
        2,
        "python -m tarot_core: the terminal game is python -m bot play\n",
    )
