"""Rule options on the command line: ``--rule NAME=VALUE``, repeated, for every option of
the registry (``rules.OPTIONS``), so that a new option needs no new flag."""

from __future__ import annotations

import argparse
from typing import Any

from .rules import OPTION, OPTIONS, RulesError, value_word


def add_rule_argument(p: argparse.ArgumentParser) -> None:
    names = ", ".join(f"{o.name} ({'/'.join(map(value_word, o.allowed))})" for o in OPTIONS)
    p.add_argument(
        "--rule",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help=f"a rule option, repeated as needed: {names}",
    )


def parse_rules(texts: list[str]) -> dict[str, Any]:
    """``["petit_chelem=true", ...]`` as a record's ``rules`` object; RulesError names the
    flag that is wrong. A list value may be written without brackets (``20,40,60``)."""
    chosen: dict[str, Any] = {}
    for text in texts:
        name, sep, raw = text.partition("=")
        name = name.strip()
        if not sep:
            raise RulesError(f"--rule {text}: write NAME=VALUE")
        option = OPTION.get(name)
        if option is None:
            known = ", ".join(OPTION)
            raise RulesError(f"--rule {text}: no rule option {name!r} (there are {known})")
        raw = raw.strip()
        if "," in raw and not raw.startswith("["):
            raw = f"[{raw}]"
        try:
            chosen[name] = option.to_json(option.parse(raw))
        except RulesError as e:
            raise RulesError(f"--rule {text}: {e}") from None
    return chosen
