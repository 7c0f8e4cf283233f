"""``python -m bot play``: the options of a game in the terminal, then the game."""

from __future__ import annotations

import argparse
import os
import secrets
import sys
from collections.abc import Mapping, Sequence

from tarot_core import LEVELS, MAX_THINK_MS, PLAYER_COUNTS, Rules, RulesError, make_bot
from tarot_core.command_line import PLAYERS, THINK_MS, Parser, whole
from tarot_core.rule_flags import add_rule_argument, parse_rules
from tarot_core.rules import POIGNEE_BONUSES

from ..i18n import LANGUAGES
from ..i18n.locales import DEFAULT, locale_of
from ..tables.settings import MAX_DEALS
from .game import TerminalGame

DEFAULT_LEVEL = "expert"
DEFAULT_THINK_MS = 200
"""Brisk: the expert plays as well at 200 ms a decision as at 1 s; a trick then takes 0.3 s
(3 players) to 0.7 s (6) on two busy cores."""
LANGUAGE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")
"""Where a terminal says its language, the first one set winning (as for gettext)."""


def language_of(environ: Mapping[str, str]) -> str:
    """The language of the terminal (``fr_FR.UTF-8`` is French) when it is one of ours,
    else English."""
    for variable in LANGUAGE_VARIABLES:
        value = environ.get(variable, "")
        if value:
            return locale_of(value.split(".")[0].split("@")[0])  # fr_FR.UTF-8@euro: fr
    return DEFAULT


def poignee_bonus(text: str) -> str:
    """``20,30,40`` or ``20,40,60`` (spaces and slashes allowed)."""
    value = text.replace(" ", "").replace("/", ",")
    allowed = [",".join(map(str, bonuses)) for bonuses in POIGNEE_BONUSES]
    if value not in allowed:
        raise argparse.ArgumentTypeError(f"choose {' or '.join(allowed)}, not {text!r}")
    return value


def parser(environ: Mapping[str, str]) -> argparse.ArgumentParser:
    p = Parser(
        prog="python -m bot play",
        description=(
            "Play French Tarot in the terminal: you sit at seat 1 against computer players."
        ),
    )
    p.add_argument(
        "--players",
        type=PLAYERS,
        default=4,
        metavar="N",
        help=f"{PLAYER_COUNTS[0]} to {PLAYER_COUNTS[-1]} (default: 4)",
    )
    p.add_argument(
        "--bots",
        choices=LEVELS,
        default=DEFAULT_LEVEL,
        help=(
            f"the computer players' level (default: {DEFAULT_LEVEL}, thinking {DEFAULT_THINK_MS}"
            " ms a decision by default: under a second a trick)"
        ),
    )
    p.add_argument(
        "--think-ms",
        type=THINK_MS,
        default=DEFAULT_THINK_MS,
        metavar="MS",
        help=f"the expert's time per decision, 1 to {MAX_THINK_MS} (default: {DEFAULT_THINK_MS})",
    )
    p.add_argument(
        "--deals",
        type=whole(1, MAX_DEALS),
        default=None,
        metavar="N",
        help=f"deals to play, 1 to {MAX_DEALS} (default: one per player)",
    )
    p.add_argument("--seed", type=whole(0), default=None, help="the same seed deals the same cards")
    default_lang = language_of(environ)
    p.add_argument(
        "--lang",
        choices=LANGUAGES,
        default=default_lang,
        help=f"the language of the game (default: from LC_ALL or LANG, now {default_lang})",
    )
    p.add_argument(
        "--garde-contre-multiplier",
        type=int,
        choices=(6, 8),
        default=6,
        help="6 (FFT, the default) or 8",
    )
    p.add_argument("--no-prise", action="store_true", help="Garde is the lowest bid")
    p.add_argument(
        "--poignee-bonus",
        type=poignee_bonus,
        default="20,30,40",
        metavar="BONUSES",
        help="the poignée bonuses: 20,30,40 (FFT, the default) or 20,40,60",
    )
    p.add_argument("--misere", action="store_true", help="allow the misère (not an FFT rule)")
    p.add_argument(
        "--shuffle",
        choices=("full", "cut"),
        default="full",
        help="shuffle before every deal (full, the default) or gather and cut",
    )
    add_rule_argument(p)
    return p


def main(argv: Sequence[str], environ: Mapping[str, str] | None = None) -> int:
    """Play one game on standard input and output; the exit status."""
    p = parser(os.environ if environ is None else environ)
    args = p.parse_args(list(argv))
    assert args.players in PLAYER_COUNTS
    chosen: dict[str, object] = {
        "garde_contre_multiplier": args.garde_contre_multiplier,
        "prise_allowed": not args.no_prise,
        "poignee_bonus": [int(b) for b in args.poignee_bonus.split(",")],
        "misere": args.misere,
        "shuffle": args.shuffle,
    }
    try:
        chosen.update(parse_rules(args.rule))
        rules = Rules.from_options(args.players, chosen)
    except RulesError as e:
        p.error(str(e))
    seed = args.seed if args.seed is not None else secrets.randbits(64)
    others = range(1, args.players)
    bots = {s: make_bot(args.bots, seed=seed + s, think_ms=args.think_ms) for s in others}
    game = TerminalGame(
        rules,
        lang=args.lang,
        bots=bots,
        levels={s: args.bots for s in others},
        ask=input,
        out=sys.stdout,
        deals=args.deals,
        seed=seed,
        think_ms=args.think_ms if args.bots == "expert" else None,
    )
    try:
        return game.run()
    except BrokenPipeError:  # the reader went away: nothing left to say
        sys.stderr.close()
        return 0
