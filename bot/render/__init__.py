"""Text rendering of cards, tables, events, scores and refusals, in the reader's language.

Public texts are built from a ``TableSnapshot`` (public view) only; ``private_text`` alone
takes a seat's own view.
"""

from .cards import card_long, card_short, cards_short, hand_groups, hand_lines, hand_text
from .controls import action_label
from .refusals import refusal_text
from .table import (
    event_line,
    lobby_text,
    private_text,
    rules_text,
    score_sheet,
    seat_name,
    standings_text,
    table_text,
)

__all__ = [
    "action_label",
    "card_long",
    "card_short",
    "cards_short",
    "event_line",
    "hand_groups",
    "hand_lines",
    "hand_text",
    "lobby_text",
    "private_text",
    "refusal_text",
    "rules_text",
    "score_sheet",
    "seat_name",
    "standings_text",
    "table_text",
]
