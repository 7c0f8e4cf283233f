"""The shape of every argument the table service takes, checked before anything is looked
up or changed, so that a bad value never reaches the engine, storage or a table.

Who can cause a bad value decides how it is answered. What only code can get wrong (a
wrong type, a bool for a number, a Discord id the database cannot hold, an empty name, a
seed out of range) is a programming error: ``TypeError`` or ``ValueError`` naming the
argument, raised here. The table's limits that a player can meet (3 to 6 players, 1 to
100 deals, a known bot level, a seat of this table, a turn gone by) stay refusals,
checked by the manager beside its other rules. An action must be one of the
engine's with fields of the right types; a card id outside the deck is refused as an
illegal move, as the engine refuses a card that is not in the hand.
"""

from __future__ import annotations

from typing import TypeGuard

from tarot_core import (
    DECK_SIZE,
    Action,
    Bid,
    Call,
    Contract,
    DeclareSlam,
    Discard,
    Ecart,
    Misere,
    Play,
    Poignee,
)

from .errors import RefusalCode, Refused

MAX_ID = 2**63 - 1
"""SQLite's largest INTEGER: Discord ids (snowflakes) and seeds are stored as one."""
ACTIONS = (Bid, Call, Discard, Ecart, DeclareSlam, Poignee, Misere, Play)


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _int(label: str, value: object) -> int:
    if not _is_int(value):
        raise TypeError(f"{label} must be an int, not {value!r}")
    return value


def integers(**named: object) -> None:
    """Counts, seats and turns: ints, never a bool or a float (their range is the table's
    to refuse)."""
    for label, value in named.items():
        _int(label, value)


def ids(**named: object) -> None:
    """Discord ids (channel, user, guild): ints from 0 to 2**63 - 1."""
    for label, value in named.items():
        if not 0 <= _int(label, value) <= MAX_ID:
            raise ValueError(f"{label} must be a Discord id (0 to 2**63 - 1), not {value}")


def optional_id(label: str, value: object) -> None:
    if value is not None:
        ids(**{label: value})


def name(label: str, value: object) -> None:
    """A display name: shown on the table, so never empty."""
    if not isinstance(value, str):
        raise TypeError(f"{label} must be a str, not {value!r}")
    if not value.strip():
        raise ValueError(f"{label} must not be empty")


def level(value: object) -> None:
    """A bot level's type; whether it is a known level is the table's to refuse."""
    if not isinstance(value, str):
        raise TypeError(f"level must be a str, not {value!r}")


def options(value: object) -> None:
    """Rule options' type; the rules themselves are the engine's to check."""
    if value is not None and not isinstance(value, dict):
        raise TypeError(f"options must be a dict, not {value!r}")


def seed(value: object) -> None:
    """A game's seed: stored as an SQLite INTEGER, so 0 to 2**63 - 1 (or None: drawn)."""
    if value is not None and not 0 <= _int("seed", value) <= MAX_ID:
        raise ValueError(f"seed must be from 0 to 2**63 - 1, not {value}")


def flags(**named: object) -> None:
    for label, value in named.items():
        if not isinstance(value, bool):
            raise TypeError(f"{label} must be a bool, not {value!r}")


# ----- actions -------------------------------------------------------------------------------


def _card(value: object) -> None:
    if not _is_int(value):
        # The type only: a caller's log must not name a card of someone's hand.
        kind = type(value).__name__
        raise TypeError(f"a card must be an int from 0 to {DECK_SIZE - 1}, not a {kind}")
    if not 0 <= value < DECK_SIZE:
        message = f"card {value} is not a card (cards are 0 to {DECK_SIZE - 1})"
        raise Refused(RefusalCode.ILLEGAL, message, reason=message)


def action(value: object) -> None:
    """One of the engine's actions with fields of the right types (``TypeError``), and
    cards from the deck (else refused as ``illegal``). Whether the seat is the one to act
    and the move is allowed is the table's and the engine's to say.

    The engine trusts its callers (a card id indexes its tables), so this belongs in
    ``tarot_core.actions`` in time; the table service checks it here meanwhile."""
    if not isinstance(value, ACTIONS):
        names = ", ".join(a.__name__ for a in ACTIONS)
        raise TypeError(f"action must be one of {names}, not a {type(value).__name__}")
    integers(seat=value.seat)
    if isinstance(value, Bid):
        if not isinstance(value.contract, Contract):
            raise TypeError(f"a bid's contract must be a Contract, not {value.contract!r}")
    elif isinstance(value, Call | Discard | Play):
        _card(value.card)
    elif isinstance(value, Ecart | Poignee):
        if not isinstance(value.cards, tuple):
            raise TypeError(f"the cards of {type(value).__name__} must be a tuple")
        for card in value.cards:
            _card(card)
    elif isinstance(value, DeclareSlam):
        flags(announce=value.announce)


def is_action(value: object) -> TypeGuard[Action]:
    """Whether a bot's answer is a well-formed action (a malformed one is not applied)."""
    try:
        action(value)
    except (TypeError, Refused):
        return False
    return True
