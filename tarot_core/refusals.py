"""Why the engine refused an action, as data a program can translate.

``IllegalAction`` keeps its English sentence for the command line, logs and records; it
also carries a stable ``code`` (one per rule of the engine, below) and ``params``: plain
JSON values named by a fixed convention, so that a reader (the Discord bot) can say the
same thing in its own language, with cards in its own notation:

- ``card``, ``beat``: one card id; ``cards``: a tuple of card ids;
- ``seat``, ``to_act``: seats (0-based ints);
- ``contract``, ``highest``, ``lowest``: contracts by ``Contract.text`` (``"garde_sans"``;
  ``"parole"`` too, docs/rules.md §11.5);
- ``action``: an ``ActionKind`` (what was attempted); ``phase``: a ``Phase`` name in lower
  case (``"ecart"``);
- ``suit``: a suit 0..3 (Spades, Hearts, Diamonds, Clubs); ``above``: a rank 12..14 whose
  four cards a taker must have been dealt;
- ``needed``, ``count``, ``players``: counts; ``sizes``: a tuple of counts;
- ``kind``: a Python type name (an object that is no action at all);
- ``misere``: a misère kind (``"trumps"`` or ``"faces"``, docs/rules.md §11.7).
"""

from __future__ import annotations

from enum import StrEnum

RuleParam = int | str | tuple[int, ...]
"""A refusal's parameter: an int (card, seat, count, suit, rank), a name, or ids/counts."""


class IllegalActionCode(StrEnum):
    """One member per rule the engine enforces; the values are stable (translations and
    other programs key on them)."""

    GAME_OVER = "game_over"
    DEAL_OVER = "deal_over"
    UNKNOWN_ACTION = "unknown_action"
    WRONG_PHASE = "wrong_phase"
    NOT_YOUR_TURN = "not_your_turn"
    BID_TOO_LOW = "bid_too_low"
    PRISE_NOT_ALLOWED = "prise_not_allowed"
    POUSSE_NOT_ALLOWED = "pousse_not_allowed"
    PASSED_ALREADY = "passed_already"
    NO_PAROLE_SAID = "no_parole_said"
    PAROLE_OFF = "parole_off"
    PAROLE_FIRST_ROUND = "parole_first_round"
    CALL_NOT_KING = "call_not_king"
    CALL_LOWER_RANK = "call_lower_rank"
    ECART_NOT_IN_HAND = "ecart_not_in_hand"
    ECART_KING = "ecart_king"
    ECART_OUDLER = "ecart_oudler"
    ECART_TRUMP_NOT_NEEDED = "ecart_trump_not_needed"
    ECART_SIZE = "ecart_size"
    ECART_DUPLICATE = "ecart_duplicate"
    AFTER_FIRST_CARD = "after_first_card"
    POIGNEE_ALREADY = "poignee_already"
    POIGNEE_SIZE = "poignee_size"
    POIGNEE_DUPLICATE = "poignee_duplicate"
    POIGNEE_NOT_TRUMP = "poignee_not_trump"
    POIGNEE_NOT_IN_HAND = "poignee_not_in_hand"
    POIGNEE_EXCUSE = "poignee_excuse"
    MISERE_OFF = "misere_off"
    PETIT_CHELEM_OFF = "petit_chelem_off"
    MISERE_ALREADY = "misere_already"
    MISERE_HAND = "misere_hand"
    MISERE_KIND = "misere_kind"
    NOT_IN_HAND = "not_in_hand"
    MUST_FOLLOW = "must_follow"
    MUST_OVERTRUMP = "must_overtrump"
    MUST_TRUMP = "must_trump"


class ActionKind(StrEnum):
    """What a refused action tried to do, for the refusals that name it (wrong phase, not
    this seat's turn, too late for an announcement)."""

    BID = "bid"
    PASS = "pass"
    CALL = "call"
    DISCARD = "discard"
    ECART = "ecart"
    SLAM = "slam"
    NO_SLAM = "no_slam"
    PETIT_CHELEM = "petit_chelem"
    POIGNEE = "poignee"
    MISERE = "misere"
    PLAY = "play"


CARD_PARAMS = ("card", "beat")
CARDS_PARAMS = ("cards",)
SEAT_PARAMS = ("seat", "to_act")
CONTRACT_PARAMS = ("contract", "highest", "lowest")
