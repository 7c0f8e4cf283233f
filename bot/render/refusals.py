"""A refusal in the reader's language.

``Refused`` carries a ``code``, an English message and ``params`` (the player to act, the
seat, the engine's reason, the host-only action...). The text is ``refused.<code>`` filled
with those params; names are escaped, a host action and bot levels are translated, and the
player to act is named from the snapshot when there is one (a bot by its translated name).
A refusal whose params do not fill its text (an older or newer wording) says the English
message through ``refused.generic`` rather than a wrong or half-filled sentence.

A move the rules refuse (``illegal``) carries the engine's rule as ``params["rule"]`` (an
``IllegalActionCode``) and ``params["rule_params"]``; it is said by
``refused.illegal.<rule>`` with every parameter in the reader's terms (cards in their
notation, seats by name, contracts, suits, phases and actions translated), so no English
sentence of the engine reaches the reader. Only an illegal refusal without a rule (or with
one this version cannot say) falls back to ``refused.illegal`` and the English reason.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from tarot_core import DECK_SIZE, LEVELS, ActionKind, Contract, IllegalActionCode, Phase
from tarot_core.refusals import CARD_PARAMS, CARDS_PARAMS, CONTRACT_PARAMS, SEAT_PARAMS
from tarot_core.rules import MISERE_KINDS

from ..i18n import has, t
from ..i18n.catalog import placeholders, text_of
from ..tables.errors import Refused
from ..tables.snapshot import TableSnapshot
from .cards import card_short
from .table import contract_name, escape, level_name, seat_name

_COUNT = re.compile(r"^(\d+) seats?\b")
"""``seats_empty`` says its count only in its message."""

RULES = frozenset(code.value for code in IllegalActionCode)
ACTIONS = frozenset(kind.value for kind in ActionKind)
PHASES = frozenset(phase.name.lower() for phase in Phase)
SUITS = range(4)
SEATS = range(5)
CALL_RANKS = range(12, 15)
"""The ranks a call may need all four of (``above``): Knights, Queens, Kings."""


def refusal_text(locale: str | None, refused: Refused, table: TableSnapshot | None = None) -> str:
    """What to tell the user whose action was refused (ephemerally)."""
    code, message = refused.code, refused.message
    params: dict[str, object] = dict(getattr(refused, "params", {}) or {})
    key = f"refused.{code}"
    if code == "illegal":
        rule = rule_text(locale, params.get("rule"), params.get("rule_params"), table)
        if rule is not None:
            return rule
    elif code == "not_your_turn":
        if table is not None and table.to_act is not None:
            params["name"] = seat_name(locale, table, table.to_act)
        elif "name" in params:
            params["name"] = escape(str(params["name"]))
    elif code == "not_host":
        action = params.get("action")
        if not isinstance(action, str) or not has(f"host_action.{action}"):
            return t(locale, "refused.not_host")
        moderators = params.get("moderators") is True
        key = "refused.not_host_or_moderator" if moderators else "refused.not_host_action"
        params["action"] = t(locale, f"host_action.{action}")
    elif code == "bad_level":
        params["level"] = repr(str(params.get("level", "?")))
        params["levels"] = ", ".join(level_name(locale, level) for level in LEVELS)
    elif code == "seats_empty" and "count" not in params:
        match = _COUNT.match(message)
        if match:
            params["count"] = int(match.group(1))
    elif code == "other_channel":
        channel = _int(params.get("channel_id"), range(1, 2**64))
        if channel is None:
            return t(locale, "refused.other_channel_anon")
        params["channel"] = f"<#{channel}>"
    said = _filled(locale, key, params)
    return said if said is not None else t(locale, "refused.generic", reason=message)


def rule_text(
    locale: str | None, rule: object, params: object, table: TableSnapshot | None = None
) -> str | None:
    """The engine's refusal ``rule`` (an ``IllegalActionCode`` value) with its ``params``,
    in the reader's language; None when it cannot be said whole (no rule, an unknown one, a
    parameter of the wrong shape), for the caller to fall back on."""
    if not isinstance(rule, str) or rule not in RULES:
        return None
    if params is None:
        params = {}
    if not isinstance(params, Mapping):
        return None
    values: dict[str, object] = {}
    for name, value in params.items():
        text = _param(locale, str(name), value, table)
        if text is None:
            return None
        values[str(name)] = text
    if "action" in values:  # said with the card or contract it names
        action = _filled(locale, f"refused.action.{values['action']}", values)
        if action is None:
            return None
        values["action"] = action
    return _filled(locale, f"refused.illegal.{rule}", values)


def _filled(locale: str | None, key: str, values: dict[str, object]) -> str | None:
    """``key`` filled from ``values``, or None if it needs one they do not have."""
    template = text_of(locale, key)
    if template is None or not placeholders(template) <= values.keys():
        return None
    return t(locale, key, **values)


def _int(value: object, allowed: range) -> int | None:
    if isinstance(value, int) and not isinstance(value, bool) and value in allowed:
        return value
    return None


def _card(locale: str | None, value: object) -> str | None:
    card = _int(value, range(DECK_SIZE))
    return card_short(card, locale) if card is not None else None


def _cards(locale: str | None, value: object) -> str | None:
    """Cards in the order the engine gave them: ``4★, 9★``."""
    if not isinstance(value, list | tuple) or not value:
        return None
    shown = [_card(locale, card) for card in value]
    return ", ".join(s for s in shown if s is not None) if None not in shown else None


def _seat(locale: str | None, value: object, table: TableSnapshot | None) -> str | None:
    seat = _int(value, SEATS)
    if seat is None:
        return None
    if table is not None and seat < len(table.seats):
        return seat_name(locale, table, seat)
    return t(locale, "seat.n", seat=seat + 1)


def _contract(locale: str | None, value: object) -> str | None:
    if not isinstance(value, str):
        return None
    try:
        return contract_name(locale, Contract.parse(value))
    except ValueError:
        return None


def _sizes(locale: str | None, value: object) -> str | None:
    """``(10, 13, 15)`` as "10, 13 or 15" ("10, 13 ou 15")."""
    if not isinstance(value, list | tuple) or not value:
        return None
    sizes = [_int(v, range(DECK_SIZE + 1)) for v in value]
    if None in sizes:
        return None
    *first, last = (str(size) for size in sizes)
    return t(locale, "refused.list_or", items=", ".join(first), last=last) if first else last


def _param(locale: str | None, name: str, value: object, table: TableSnapshot | None) -> object:
    """One engine parameter in the reader's terms, by the naming convention of
    ``tarot_core.refusals`` (a count stays a number, for plural forms); None for a value
    that does not fit its name."""
    if name in CARD_PARAMS:
        return _card(locale, value)
    if name in CARDS_PARAMS:
        return _cards(locale, value)
    if name in SEAT_PARAMS:
        return _seat(locale, value, table)
    if name in CONTRACT_PARAMS:
        return _contract(locale, value)
    if name == "sizes":
        return _sizes(locale, value)
    if name == "misere":  # a split misère's kind
        return t(locale, f"misere.kind.{value}") if value in MISERE_KINDS else None
    if name == "action":
        return value if isinstance(value, str) and value in ACTIONS else None
    if name == "phase":
        known = isinstance(value, str) and value in PHASES
        return t(locale, f"refused.phase.{value}") if known else None
    if name == "suit":
        suit = _int(value, SUITS)
        return t(locale, f"card.suit.{suit}") if suit is not None else None
    if name == "above":
        rank = _int(value, CALL_RANKS)
        return t(locale, f"refused.ranks.{rank}") if rank is not None else None
    count = _int(value, range(DECK_SIZE + 1))
    if count is not None:
        return count
    if isinstance(value, str):
        return escape(value)
    return None
