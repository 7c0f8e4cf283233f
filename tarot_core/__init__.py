"""French Tarot rules engine: pure, synchronous, deterministic under a seed.

What the bot and other programs use is exported here, and ``__all__`` is the list: a
``Game`` of deals (``Deal``) under ``Rules``, the actions a deal checks (refused with
``IllegalAction``, coded by ``IllegalActionCode``), what a seat may see (``view``,
``DealView``, ``check_view``), the cards (ids 0..77 and their notation), the results
(``DealResult``, ``Outcome``), records (``to_record``, ``read_deal``, ``replay``), the
challenges' duplicate play (``DuplicateGame``, ``challenge_deal``, ``par_deal``,
``opponent_seed``, ``matchpoints``, ``secret_seed``, ``variant_seed``), the JSON forms of
actions and views (``serial``) and the computer players (``make_bot``).

The other modules are the engine's own parts; a few details are imported from them where a
caller needs them (``rules``' option texts, ``refusals``' parameter names, ``cards``' masks).
The command line (``python -m tarot_core``) and its argument types (``command_line``,
``rule_flags``, also used by the bot's commands) stay at the top; the measuring tools it
runs are in ``lab/``, which the engine never imports. ``ENGINE`` says whether the compiled
core or the pure Python modules run (``_engine``).
"""

from ._engine import ENGINE  # first: it decides whether the compiled modules are imported
from .actions import (
    Action,
    Bid,
    Call,
    DeclareSlam,
    Discard,
    Ecart,
    IllegalAction,
    Misere,
    Play,
    Poignee,
)
from .bots import DEFAULT_THINK_MS, LEVELS, MAX_THINK_MS, Bot, make_bot
from .cards import (
    DECK_SIZE,
    EXCUSE,
    PETIT,
    Card,
    CardError,
    cards_of,
    display_key,
    format_card,
    parse_card,
    rank_of,
    suit_card,
    suit_of,
    trump,
)
from .deal import Deal, Phase, sitting_out, trick_seats
from .duplicate import (
    DuplicateGame,
    challenge_deal,
    field_matchpoints,
    matchpoints,
    opponent_seed,
    par_deal,
    secret_seed,
    variant_seed,
)
from .game import Game, ranks
from .record import RecordError, read_deal, replay, to_record
from .refusals import ActionKind, IllegalActionCode
from .rules import OPTIONS, PLAYER_COUNTS, Contract, RuleOption, Rules, RulesError
from .scoring import DealResult, Outcome
from .serial import SerialError, action_from_json, action_to_json, view_from_json, view_to_json
from .view import DealView, TrickView, view
from .view_check import ImpossibleView, check_view

__all__ = [
    "DECK_SIZE",
    "DEFAULT_THINK_MS",
    "ENGINE",
    "EXCUSE",
    "LEVELS",
    "MAX_THINK_MS",
    "OPTIONS",
    "PETIT",
    "PLAYER_COUNTS",
    "Action",
    "ActionKind",
    "Bid",
    "Bot",
    "Call",
    "Card",
    "CardError",
    "Contract",
    "Deal",
    "DealResult",
    "DealView",
    "DeclareSlam",
    "Discard",
    "DuplicateGame",
    "Ecart",
    "Game",
    "IllegalAction",
    "IllegalActionCode",
    "ImpossibleView",
    "Misere",
    "Outcome",
    "Phase",
    "Play",
    "Poignee",
    "RecordError",
    "RuleOption",
    "Rules",
    "RulesError",
    "SerialError",
    "TrickView",
    "action_from_json",
    "action_to_json",
    "cards_of",
    "challenge_deal",
    "check_view",
    "display_key",
    "field_matchpoints",
    "format_card",
    "make_bot",
    "matchpoints",
    "opponent_seed",
    "par_deal",
    "parse_card",
    "rank_of",
    "ranks",
    "read_deal",
    "replay",
    "secret_seed",
    "sitting_out",
    "suit_card",
    "suit_of",
    "to_record",
    "trick_seats",
    "trump",
    "variant_seed",
    "view",
    "view_from_json",
    "view_to_json",
]
