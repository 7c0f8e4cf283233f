"""JSON forms of actions and views, in the card notation of docs/rules.md (never card ids).

They are a public, stable interface (docs/bot-protocol.md): the bot protocol sends them to
programs outside the project, and action logs store them. So the reading side is strict: a
missing or unknown field, a wrong type or an unknown card is a ``SerialError`` whose message
starts with the path of the offending field (``view.tricks[3].winner: ...``), and
``view_from_json(view_to_json(v)) == v`` for every view.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .actions import Action, Bid, Call, DeclareSlam, Discard, Ecart, Misere, Play, Poignee
from .auction import max_calls, speakers
from .cards import Card, CardError, format_card, parse_card
from .deal import Phase
from .quoting import quote
from .rules import MISERE_KINDS, Contract, Rules, RulesError
from .scoring import DealResult, Outcome, voided
from .view import DealView, TrickView

ACTION_TYPES = ("bid", "call", "discard", "ecart", "slam", "poignee", "misere", "play")
PHASES = {p.name.lower(): p for p in Phase}
OUTCOMES = tuple(Outcome)
PETIT_AU_BOUT = ("taker", "defence")
SLAMS = (
    "announced_made",
    "announced_failed",
    "made",
    "defence",
    "petit_announced_made",
    "petit_announced_failed",
    "petit_made",
)


class SerialError(ValueError):
    """A JSON form that does not describe an action or a view; ``field`` is the path of the
    offending field, so that a program on the other side of a pipe knows what to fix."""

    def __init__(self, field: str, reason: str) -> None:
        super().__init__(f"{field}: {reason}")
        self.field = field
        self.reason = reason


# ----- writing -------------------------------------------------------------------------------


def _texts(cards: Iterable[Card]) -> list[str]:
    return [format_card(c) for c in cards]


def action_to_json(action: Action) -> dict[str, Any]:
    """``{"type": ..., "seat": ..., <fields>}``; keys always in this order.

    The slam forms: ``{"type": "slam", "seat": 1, "announce": true|false}`` (a chelem, or
    none) and, with ``petit_chelem``, ``{"type": "slam", "seat": 1, "announce": true,
    "petit": true}`` (a petit chelem); ``"petit": false`` may be written and means a chelem.
    The misère: ``{"type": "misere", "seat": 2}``, or with ``misere: "split"``
    ``{"type": "misere", "seat": 2, "kind": "trumps"|"faces"}``; a view's ``miseres`` is
    then a list of ``{"seat": 2, "kind": "trumps"}`` objects, as in a record.
    """
    out: dict[str, Any]
    if isinstance(action, Bid):
        out = {"type": "bid", "seat": action.seat, "contract": action.contract.text}
    elif isinstance(action, Call):
        out = {"type": "call", "seat": action.seat, "card": format_card(action.card)}
    elif isinstance(action, Discard):
        out = {"type": "discard", "seat": action.seat, "card": format_card(action.card)}
    elif isinstance(action, Ecart):
        out = {"type": "ecart", "seat": action.seat, "cards": _texts(action.cards)}
    elif isinstance(action, DeclareSlam):
        out = {"type": "slam", "seat": action.seat, "announce": action.announce}
        if action.petit:  # written only when true: the older forms stay as they were
            out["petit"] = True
    elif isinstance(action, Poignee):
        out = {"type": "poignee", "seat": action.seat, "cards": _texts(action.cards)}
    elif isinstance(action, Misere):
        out = {"type": "misere", "seat": action.seat}
        if action.kind is not None:  # misere: "split"
            out["kind"] = action.kind
    elif isinstance(action, Play):
        out = {"type": "play", "seat": action.seat, "card": format_card(action.card)}
    else:  # pragma: no cover - the union is closed
        raise TypeError(f"not an action: {action!r}")
    return out


def _trick_to_json(trick: TrickView) -> dict[str, Any]:
    return {"leader": trick.leader, "cards": _texts(trick.cards), "winner": trick.winner}


def _seat_map(cards: dict[int, tuple[Card, ...]]) -> dict[str, list[str]]:
    return {str(seat): _texts(shown) for seat, shown in sorted(cards.items())}


def result_to_json(result: DealResult) -> dict[str, Any]:
    """The ``replay`` object of docs/records.md, followed by the details of the score."""
    out = result.to_json()
    out.update(
        diff=result.diff,
        multiplier=result.multiplier,
        hand_score=result.hand_score,
        poignee_bonus=result.poignee_bonus,
        chelem_bonus=result.chelem_bonus,
        misere_scores=list(result.misere_scores),
    )
    return out


def miseres_to_json(rules: Rules, seats: Iterable[int], kinds: Iterable[str | None]) -> list[Any]:
    """Seats; with ``misere: "split"``, ``{"seat": 2, "kind": "trumps"}`` objects: the one
    form of a record's and a view's ``miseres`` (docs/records.md)."""
    if rules.misere != "split":
        return list(seats)
    return [{"seat": s, "kind": k} for s, k in zip(seats, kinds, strict=True)]


def _speaking(view: DealView) -> dict[str, Any]:
    """``speakers`` (the seat of each bid) where the bids are not one per seat in turn
    (``auction: open`` or ``parole``, or a dealer who sits out and does not speak); older
    tables' forms stay as they were."""
    rules = view.rules
    if rules.auction == "open" or rules.parole or rules.sits_out:
        return {"speakers": list(view.speakers)}
    return {}


def view_to_json(view: DealView) -> dict[str, Any]:
    """Every field of the view, keys in the order of docs/bot-protocol.md."""
    return {
        "rules": {"players": view.rules.players, **view.rules.options()},
        "seat": view.seat,
        "dealer": view.dealer,
        "phase": view.phase.name.lower(),
        "to_act": view.to_act,
        "bids": [b.text for b in view.bids],
        **_speaking(view),
        "contract": view.contract.text if view.contract is not None else None,
        "taker": view.taker,
        "called": format_card(view.called) if view.called is not None else None,
        "partner": view.partner,
        "partner_known": view.partner_known,
        "chien": _texts(view.chien) if view.chien is not None else None,
        "ecart_trumps": _texts(view.ecart_trumps),
        "slam_announced": view.slam_announced,
        "petit_chelem_announced": view.petit_chelem_announced,
        "poignees": _seat_map(view.poignees),
        "miseres": miseres_to_json(view.rules, view.miseres, view.misere_kinds),
        "hand_sizes": list(view.hand_sizes),
        "tricks": [_trick_to_json(t) for t in view.tricks],
        "current": _trick_to_json(view.current) if view.current is not None else None,
        "petit_sec": _seat_map(view.petit_sec),
        "petit_imprenable": view.petit_imprenable,
        "result": result_to_json(view.result) if view.result is not None else None,
        "hand": _texts(view.hand),
        "ecart": _texts(view.ecart) if view.ecart is not None else None,
        "legal": [action_to_json(a) for a in view.legal],
    }


# ----- reading -------------------------------------------------------------------------------


class _Obj:
    """A JSON object being read, with the path used in error messages."""

    def __init__(
        self, value: object, where: str, keys: Iterable[str], optional: Iterable[str] = ()
    ):
        if not isinstance(value, dict):
            raise SerialError(where, f"must be an object, not {_kind(value)}")
        self.value: dict[Any, Any] = value
        self.where = where
        known = set(keys) | set(optional)
        for key in value:
            if key not in known:
                raise SerialError(where, f"unknown field {quote(key)}")
        for key in keys:
            if key not in value:
                raise SerialError(f"{where}.{key}", "missing")

    def path(self, key: str) -> str:
        return f"{self.where}.{key}"

    def raw(self, key: str) -> Any:
        return self.value.get(key)

    def integer(self, key: str, low: int | None = None, high: int | None = None) -> int:
        return _int(self.raw(key), self.path(key), low, high)

    def opt_integer(self, key: str, low: int | None = None, high: int | None = None) -> int | None:
        value = self.raw(key)
        return None if value is None else _int(value, self.path(key), low, high)

    def seat(self, key: str, players: int) -> int:
        return _seat(self.raw(key), self.path(key), players)

    def opt_seat(self, key: str, players: int) -> int | None:
        value = self.raw(key)
        return None if value is None else _seat(value, self.path(key), players)

    def boolean(self, key: str) -> bool:
        return _bool(self.raw(key), self.path(key))

    def opt_boolean(self, key: str) -> bool | None:
        value = self.raw(key)
        return None if value is None else _bool(value, self.path(key))

    def card(self, key: str) -> Card:
        return _card(self.raw(key), self.path(key))

    def opt_card(self, key: str) -> Card | None:
        value = self.raw(key)
        return None if value is None else _card(value, self.path(key))

    def cards(self, key: str) -> tuple[Card, ...]:
        return _cards(self.raw(key), self.path(key))

    def opt_cards(self, key: str) -> tuple[Card, ...] | None:
        value = self.raw(key)
        return None if value is None else _cards(value, self.path(key))

    def contract(self, key: str) -> Contract:
        return _contract(self.raw(key), self.path(key))

    def opt_contract(self, key: str) -> Contract | None:
        value = self.raw(key)
        return None if value is None else _contract(value, self.path(key))

    def choice(self, key: str, choices: Iterable[str], nullable: bool = False) -> str | None:
        value = self.raw(key)
        if value is None and nullable:
            return None
        options = tuple(choices)
        if not isinstance(value, str) or value not in options:
            allowed = ", ".join(options) + (" or null" if nullable else "")
            raise SerialError(self.path(key), f"must be one of {allowed}, not {_show(value)}")
        return value

    def items(self, key: str) -> list[Any]:
        return _list(self.raw(key), self.path(key))


def _kind(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def _show(value: object) -> str:
    """A short rendering of a bad value for an error message: the value itself (quoted,
    cut if long) for a scalar, its kind for a list or an object."""
    if value is None:
        return "null"
    if isinstance(value, str | int | float | bool):
        return quote(value)
    return _kind(value)


def _int(value: object, where: str, low: int | None = None, high: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise SerialError(where, f"must be an integer, not {_show(value)}")
    if (low is not None and value < low) or (high is not None and value > high):
        raise SerialError(where, f"must be from {low} to {high}, not {quote(value)}")
    return value


def _seat(value: object, where: str, players: int) -> int:
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < players:
        return value
    raise SerialError(where, f"must be a seat from 0 to {players - 1}, not {_show(value)}")


def _bool(value: object, where: str) -> bool:
    if not isinstance(value, bool):
        raise SerialError(where, f"must be true or false, not {_show(value)}")
    return value


def _card(value: object, where: str) -> Card:
    if not isinstance(value, str):
        raise SerialError(where, f'must be a card such as "KS" or "T21", not {_show(value)}')
    try:
        return parse_card(value)
    except CardError as e:
        raise SerialError(where, str(e)) from None


def _list(value: object, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise SerialError(where, f"must be a list, not {_kind(value)}")
    return value


def _cards(value: object, where: str) -> tuple[Card, ...]:
    return tuple(_card(v, f"{where}[{i}]") for i, v in enumerate(_list(value, where)))


def _contract(value: object, where: str) -> Contract:
    for c in Contract:
        if c.text == value:
            return c
    names = ", ".join(c.text for c in Contract)
    raise SerialError(where, f"must be one of {names}, not {_show(value)}")


_ACTION_FIELDS = {
    "bid": "contract",
    "call": "card",
    "discard": "card",
    "ecart": "cards",
    "slam": "announce",
    "poignee": "cards",
    "misere": None,
    "play": "card",
}


def action_from_json(obj: object, *, seat: int | None = None, where: str = "action") -> Action:
    """The action an object describes. ``seat`` fills in a missing ``seat`` field (a program
    answering for one seat may leave it out); without it the field is required."""
    if not isinstance(obj, dict):
        raise SerialError(where, f"must be an object, not {_kind(obj)}")
    kind = obj.get("type")
    if not isinstance(kind, str) or kind not in _ACTION_FIELDS:
        if "type" not in obj:
            raise SerialError(f"{where}.type", "missing")
        raise SerialError(
            f"{where}.type", f"must be one of {', '.join(ACTION_TYPES)}, not {_show(kind)}"
        )
    field = _ACTION_FIELDS[kind]
    required = ["type"] + ([field] if field else []) + (["seat"] if seat is None else [])
    optional = {"slam": ("seat", "petit"), "misere": ("seat", "kind")}.get(kind, ("seat",))
    o = _Obj(obj, where, required, optional=optional)
    who = o.integer("seat", 0) if "seat" in obj else seat
    assert who is not None
    if kind == "bid":
        return Bid(who, o.contract("contract"))
    if kind == "call":
        return Call(who, o.card("card"))
    if kind == "discard":
        return Discard(who, o.card("card"))
    if kind == "ecart":
        return Ecart(who, o.cards("cards"))
    if kind == "slam":
        announce = o.boolean("announce")
        petit = "petit" in obj and o.boolean("petit")
        if petit and not announce:
            raise SerialError(o.path("petit"), "a petit chelem needs announce true")
        return DeclareSlam(who, announce, petit)
    if kind == "poignee":
        return Poignee(who, o.cards("cards"))
    if kind == "misere":
        return Misere(who, o.choice("kind", MISERE_KINDS) if "kind" in obj else None)
    return Play(who, o.card("card"))


def _trick_from_json(value: object, where: str, players: int) -> TrickView:
    o = _Obj(value, where, ("leader", "cards", "winner"))
    cards = o.cards("cards")
    if len(cards) > players:
        raise SerialError(o.path("cards"), f"a trick has at most {players} cards")
    return TrickView(o.seat("leader", players), cards, o.opt_seat("winner", players))


def _seat_map_from_json(value: object, where: str, players: int) -> dict[int, tuple[Card, ...]]:
    if not isinstance(value, dict):
        raise SerialError(where, f"must be an object, not {_kind(value)}")
    out: dict[int, tuple[Card, ...]] = {}
    for key, cards in value.items():
        if key not in {str(s) for s in range(players)}:
            raise SerialError(
                where, f'keys must be seats written "0" to "{players - 1}", not {quote(key)}'
            )
        out[int(key)] = _cards(cards, f"{where}.{key}")
    return out


def _seats(value: object, where: str, players: int) -> tuple[int, ...]:
    items = _list(value, where)
    return tuple(_seat(v, f"{where}[{i}]", players) for i, v in enumerate(items))


def _ints(value: object, where: str, low: int | None = None) -> tuple[int, ...]:
    items = _list(value, where)
    return tuple(_int(v, f"{where}[{i}]", low) for i, v in enumerate(items))


_RESULT_KEYS = tuple(result_to_json(voided(Outcome.PASSED, 3)))
"""The fields of a result's JSON form, in order (the same for every outcome)."""


def _points_half(value: object, where: str) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or (2 * value) % 1:
        raise SerialError(
            where, f"must be a number of half points such as 45.5, not {quote(value)}"
        )
    if not 0 <= value <= 91:
        raise SerialError(where, f"must be from 0 to 91, not {quote(value)}")
    return int(2 * value)


def result_from_json(value: object, where: str, players: int) -> DealResult:
    o = _Obj(value, where, _RESULT_KEYS)
    scores = _ints(o.raw("scores"), o.path("scores"))
    if len(scores) != players:
        raise SerialError(o.path("scores"), f"must list {players} scores, not {len(scores)}")
    misere = _ints(o.raw("misere_scores"), o.path("misere_scores"))
    if len(misere) not in (0, players):
        raise SerialError(o.path("misere_scores"), f"must list 0 or {players} scores")
    return DealResult(
        outcome=Outcome(str(o.choice("outcome", OUTCOMES))),
        scores=scores,
        taker=o.opt_seat("taker", players),
        contract=o.opt_contract("contract"),
        partner=o.opt_seat("partner", players),
        oudlers=o.opt_integer("oudlers", 0, 3),
        points_half=_points_half(o.raw("points"), o.path("points")),
        target=o.opt_integer("target", 0),
        made=o.opt_boolean("made"),
        petit_au_bout=o.choice("petit_au_bout", PETIT_AU_BOUT, nullable=True),
        slam=o.choice("slam", SLAMS, nullable=True),
        diff=o.integer("diff", 0),
        multiplier=o.integer("multiplier", 0),
        hand_score=o.integer("hand_score"),
        poignee_bonus=o.integer("poignee_bonus"),
        chelem_bonus=o.integer("chelem_bonus"),
        misere_scores=misere,
    )


_VIEW_KEYS = (
    "rules",
    "seat",
    "dealer",
    "phase",
    "to_act",
    "bids",
    "contract",
    "taker",
    "called",
    "partner",
    "partner_known",
    "chien",
    "ecart_trumps",
    "slam_announced",
    "poignees",
    "miseres",
    "hand_sizes",
    "tricks",
    "current",
    "petit_sec",
    "result",
    "hand",
    "ecart",
    "legal",
)


def _rules_from_json(value: object, where: str) -> Rules:
    if not isinstance(value, dict):
        raise SerialError(where, f"must be an object, not {_kind(value)}")
    if "players" not in value:
        raise SerialError(f"{where}.players", "missing")
    options = {k: v for k, v in value.items() if k != "players"}
    try:
        return Rules.from_options(value["players"], options)
    except RulesError as e:
        raise SerialError(where, str(e)) from None


def _miseres_from_json(
    value: object, where: str, players: int, split: bool
) -> list[tuple[int, str | None]]:
    if not split:
        return [(s, None) for s in _seats(value, where, players)]
    out: list[tuple[int, str | None]] = []
    for i, item in enumerate(_list(value, where)):
        o = _Obj(item, f"{where}[{i}]", ("seat", "kind"))
        out.append((o.seat("seat", players), o.choice("kind", MISERE_KINDS)))
    return out


def view_from_json(obj: object, where: str = "view") -> DealView:
    """The view an object describes (as written by ``view_to_json``)."""
    if not isinstance(obj, dict):
        raise SerialError(where, f"must be an object, not {_kind(obj)}")
    rules = _rules_from_json(obj.get("rules"), f"{where}.rules") if "rules" in obj else None
    optional = ("petit_chelem_announced", "petit_imprenable", "speakers")
    o = _Obj(obj, where, _VIEW_KEYS, optional=optional)
    assert rules is not None
    n = rules.players
    bids = tuple(_contract(b, f"{where}.bids[{i}]") for i, b in enumerate(o.items("bids")))
    most = max_calls(rules)
    if len(bids) > most:
        raise SerialError(o.path("bids"), f"at most {most} bids, not {len(bids)}")
    hand_sizes = _ints(o.raw("hand_sizes"), o.path("hand_sizes"), 0)
    if len(hand_sizes) != n:
        raise SerialError(o.path("hand_sizes"), f"must list {n} sizes, not {len(hand_sizes)}")
    legal_path = o.path("legal")
    legal = []
    for i, item in enumerate(o.items("legal")):
        action = action_from_json(item, where=f"{legal_path}[{i}]")
        _seat(action.seat, f"{legal_path}[{i}].seat", n)
        legal.append(action)
    tricks_path = o.path("tricks")
    tricks = tuple(
        _trick_from_json(t, f"{tricks_path}[{i}]", n) for i, t in enumerate(o.items("tricks"))
    )
    current = o.raw("current")
    result = o.raw("result")
    miseres = _miseres_from_json(o.raw("miseres"), o.path("miseres"), n, rules.misere == "split")
    if "speakers" in obj:  # optional, worked out from the bids: it must agree with them
        said = _seats(o.raw("speakers"), o.path("speakers"), n)
        expected = speakers(rules, o.seat("dealer", n), bids)
        if said != expected:
            raise SerialError(
                o.path("speakers"),
                f"must be {list(expected)} (who made each of the bids), not {list(said)}",
            )
    return DealView(
        rules=rules,
        seat=o.opt_seat("seat", n),
        dealer=o.seat("dealer", n),
        phase=PHASES[str(o.choice("phase", PHASES))],
        to_act=o.opt_seat("to_act", n),
        bids=bids,
        contract=o.opt_contract("contract"),
        taker=o.opt_seat("taker", n),
        called=o.opt_card("called"),
        partner=o.opt_seat("partner", n),
        partner_known=o.boolean("partner_known"),
        chien=o.opt_cards("chien"),
        ecart_trumps=o.cards("ecart_trumps"),
        slam_announced=o.boolean("slam_announced"),
        poignees=_seat_map_from_json(o.raw("poignees"), o.path("poignees"), n),
        miseres=tuple(s for s, _ in miseres),
        hand_sizes=hand_sizes,
        tricks=tricks,
        current=None if current is None else _trick_from_json(current, o.path("current"), n),
        petit_sec=_seat_map_from_json(o.raw("petit_sec"), o.path("petit_sec"), n),
        result=None if result is None else result_from_json(result, o.path("result"), n),
        hand=o.cards("hand"),
        ecart=o.opt_cards("ecart"),
        legal=tuple(legal),
        petit_chelem_announced="petit_chelem_announced" in obj
        and o.boolean("petit_chelem_announced"),
        misere_kinds=tuple(k for _, k in miseres),
        petit_imprenable=o.opt_seat("petit_imprenable", n),
    )
