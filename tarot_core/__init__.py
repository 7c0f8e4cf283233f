"""French Tarot rules engine: pure, synchronous, deterministic under a seed."""

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
from .cards import Card, CardError, format_card, parse_card
from .deal import Deal, Phase
from .game import Game, ranks
from .record import RecordError, read_deal, replay, to_record
from .rules import Contract, Rules, RulesError
from .scoring import DealResult, Outcome
from .view import DealView, view
from .view_check import ImpossibleView, check_view

__all__ = [
    "Action",
    "Bid",
    "Call",
    "Card",
    "CardError",
    "Contract",
    "Deal",
    "DealResult",
    "Outcome",
    "DealView",
    "DeclareSlam",
    "Discard",
    "Ecart",
    "Game",
    "IllegalAction",
    "ImpossibleView",
    "Misere",
    "Phase",
    "Play",
    "Poignee",
    "RecordError",
    "Rules",
    "RulesError",
    "check_view",
    "format_card",
    "parse_card",
    "ranks",
    "read_deal",
    "replay",
    "to_record",
    "view",
]
