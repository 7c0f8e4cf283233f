"""The rule set of a table: player count, the options of docs/rules.md, and what follows from
them."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any

from .quoting import quote


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class Contract(IntEnum):
    """Bids in increasing order; PASS is the lowest so that ``>`` compares bids."""

    PASS = 0
    PRISE = 1
    """The Petite under ``contracts: fixed`` (written ``prise`` everywhere)."""
    POUSSE = 2
    """Only with ``contracts: pousse`` or ``fixed`` (docs/rules.md §11.4). The numbers are never
    stored nor sent (records and the wire use ``text``), so inserting it changed nothing."""
    GARDE = 3
    GARDE_SANS = 4
    GARDE_CONTRE = 5
    PAROLE = -1
    """With ``parole`` (docs/rules.md §11.5): said instead of passing or bidding in the first round;
    it commits to nothing. Below PASS, so that it never outranks a bid; never in ``Rules.bids``."""

    @property
    def text(self) -> str:
        return self.name.lower()

    @classmethod
    def parse(cls, text: str) -> Contract:
        for c in cls:
            if c.text == text:
                return c
        raise ValueError(f"unknown bid {quote(text)}")


class RulesError(ValueError):
    """A rule option that does not exist or has a value docs/rules.md does not allow."""


PLAYER_COUNTS = (3, 4, 5, 6)
"""The player counts a table may have: the one place that says so."""


def or_list(items: Sequence[object]) -> str:
    """``3, 4, 5 or 6``: the choices a message names."""
    *first, last = map(str, items)
    return f"{', '.join(first)} or {last}" if first else last


PLAYERS_TEXT = or_list(PLAYER_COUNTS)
"""They in words, for messages: "3, 4, 5 or 6"."""

POIGNEE_BONUSES = ((20, 30, 40), (20, 40, 60))
CONTRACTS = ("fft", "pousse", "fixed")
AUCTIONS = ("single_round", "open")
SIX_PLAYERS = ("twelve_cards", "dealer_sits_out")
"""docs/rules.md §11.1: the two ways six play; ignored unless ``players`` is 6 (its option
applies to 6 only)."""
FIXED_VALUES = {
    Contract.PRISE: 10,
    Contract.POUSSE: 20,
    Contract.GARDE: 40,
    Contract.GARDE_SANS: 80,
    Contract.GARDE_CONTRE: 160,
}
"""A contract's worth under ``contracts: fixed`` (docs/rules.md §11.4), instead of a multiplier."""
_MULTIPLIERS = {
    Contract.PASS: 0,
    Contract.PRISE: 1,
    Contract.POUSSE: 1,
    Contract.GARDE: 2,
    Contract.GARDE_SANS: 4,
}
SHUFFLES = ("full", "cut")
MISERE_KINDS = ("trumps", "faces")
"""With ``misere: "split"``: misère d'atout (no trump, no Excuse) and de têtes (no J, C, Q, K)."""

_SIZES = {3: (24, 6, 4), 4: (18, 6, 3), 5: (15, 3, 3), 6: (12, 6, 3)}
_POIGNEE_THRESHOLDS = {3: (13, 15, 18), 4: (10, 13, 15), 5: (8, 10, 13), 6: (6, 8, 10)}
POIGNEE_LEVELS = ("simple", "double", "triple")


@dataclass(frozen=True)
class RuleOption:
    """One option of docs/rules.md: everything else (validation, a record's ``rules`` object,
    the command line's ``--rule``, the bot's choices and rule lines) is derived from these."""

    name: str
    allowed: tuple[Any, ...]
    """Every value allowed, in the order offered; lists as tuples."""
    default: Any
    summary: str
    """What it does, in one English line (translations key on ``rule.about.<name>``)."""
    players: tuple[int, ...] = PLAYER_COUNTS
    """The player counts at which it changes anything; at the others it is ignored (and
    not shown with a table's rules)."""

    def applies_to(self, players: int) -> bool:
        """Whether it changes anything at a table of ``players``."""
        return players in self.players

    def check(self, value: object) -> Any:
        """``value`` (as JSON gives it) in the form ``Rules`` holds, or RulesError."""
        if isinstance(value, list):
            value = tuple(value)
        for allowed in self.allowed:
            if _same(value, allowed):
                return allowed
        choices = or_list([_shown(a) for a in self.allowed])
        raise RulesError(f"{self.name} must be {choices}, not {quote(value)}")

    def to_json(self, value: Any) -> Any:
        return list(value) if isinstance(value, tuple) else value

    def parse(self, text: str) -> Any:
        """A value from the command line (``--rule name=value``): JSON, or a bare word."""
        try:
            value = json.loads(text)
        except ValueError:
            value = text
        return self.check(value)


def _same(value: object, allowed: object) -> bool:
    """Equal and of the same kind: ``True`` is not ``1``, nor ``1`` ``True``."""
    if isinstance(value, tuple) and isinstance(allowed, tuple):
        return len(value) == len(allowed) and all(map(_same, value, allowed))
    return type(value) is type(allowed) and value == allowed


def value_word(value: object, sep: str = ",") -> str:
    """An option's value as one word: ``true``, ``8``, ``cut``, ``20,40,60`` (a list joined
    by ``sep``), for flags, keys and messages that name a value."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list | tuple):
        return sep.join(value_word(v, sep) for v in value)
    return str(value)


def _shown(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        return "[" + ", ".join(map(_shown, value)) + "]"
    return repr(value)


OPTIONS: tuple[RuleOption, ...] = (
    RuleOption("garde_contre_multiplier", (6, 8), 6, "what a Garde contre multiplies the score by"),
    RuleOption("prise_allowed", (True, False), True, "whether the Prise may be bid"),
    RuleOption("poignee_bonus", POIGNEE_BONUSES, POIGNEE_BONUSES[0], "the poignée bonuses"),
    RuleOption(
        "misere",
        (True, False, "split"),
        False,
        "whether a misère may be declared (split: d'atout and de têtes apart)",
    ),
    RuleOption("shuffle", SHUFFLES, "full", "a full shuffle, or the cut between deals"),
    RuleOption(
        "contracts", CONTRACTS, "fft", "the bids: FFT, with a Pousse, or the older fixed values"
    ),
    RuleOption("round_to_ten", (False, True), False, "whether deal scores are rounded to tens"),
    RuleOption(
        "petit_chelem", (False, True), False, "whether a petit chelem counts and may be announced"
    ),
    RuleOption(
        "petit_imprenable",
        (False, True),
        False,
        "whether a Petit dealt alone (no other trump, no Excuse) is protected, not a petit sec",
    ),
    RuleOption(
        "auction",
        AUCTIONS,
        "single_round",
        "one round of bids, or an open auction where an outbid seat may bid again",
    ),
    RuleOption("parole", (False, True), False, "whether a seat may say parole and speak once more"),
    RuleOption(
        "six_players",
        SIX_PLAYERS,
        "twelve_cards",
        "at 6 players: all play with 12 cards each, or the dealer sits out and five play",
        players=(6,),
    ),
)
"""The rule options, in the order they are offered."""

OPTION = {o.name: o for o in OPTIONS}


@dataclass(frozen=True)
class Rules:
    players: int = 4
    garde_contre_multiplier: int = 6
    prise_allowed: bool = True
    poignee_bonus: tuple[int, int, int] = (20, 30, 40)
    misere: bool | str = False
    """``True`` (docs/rules.md §6), ``False``, or ``"split"`` (§11.7: ``MISERE_KINDS`` apart)."""
    shuffle: str = "full"
    contracts: str = "fft"
    round_to_ten: bool = False
    petit_chelem: bool = False
    petit_imprenable: bool = False
    """docs/rules.md §11.2: a Petit dealt alone is protected instead of annulling the deal."""
    auction: str = "single_round"
    """docs/rules.md §11.5: ``single_round`` (§3) or ``open`` (an outbid seat may bid again)."""
    parole: bool = False
    """docs/rules.md §11.5: a seat may say parole in the first round and speak again (not open)."""
    six_players: str = "twelve_cards"
    """docs/rules.md §11.1: ``twelve_cards`` or ``dealer_sits_out``. Its default is the only value
    that means anything below 6 players (where it is ignored), so one default serves all."""
    hand_size: int = field(init=False)
    chien_size: int = field(init=False)
    packet: int = field(init=False)
    poignee_thresholds: tuple[int, int, int] = field(init=False)
    bids: tuple[Contract, ...] = field(init=False)
    """The contracts that may be bid, lowest first (``contracts`` and ``prise_allowed``)."""
    sits_out: bool = field(init=False)
    """Six seats and the dealer sits out (docs/rules.md §11.1 ``dealer_sits_out``): five play."""
    playing: int = field(init=False)
    """The seats dealt cards, who bid and play: ``players``, or 5 when the dealer sits out."""
    calls: bool = field(init=False)
    """The taker calls a card (docs/rules.md §4): five or more play."""

    def __post_init__(self) -> None:
        if not _is_int(self.players) or self.players not in PLAYER_COUNTS:
            raise RulesError(f"players must be {PLAYERS_TEXT}, not {quote(self.players)}")
        for option in OPTIONS:  # once per Rules, never during play
            object.__setattr__(self, option.name, option.check(getattr(self, option.name)))
        if self.parole and self.auction == "open":
            raise RulesError(
                'parole cannot be played with auction "open": parole is a single-round rule'
            )
        sits_out = self.players == 6 and self.six_players == "dealer_sits_out"
        playing = 5 if sits_out else self.players
        hand, chien, packet = _SIZES[playing]
        object.__setattr__(self, "sits_out", sits_out)
        object.__setattr__(self, "playing", playing)
        object.__setattr__(self, "calls", playing >= 5)
        object.__setattr__(self, "hand_size", hand)
        object.__setattr__(self, "chien_size", chien)
        object.__setattr__(self, "packet", packet)
        object.__setattr__(self, "poignee_thresholds", _POIGNEE_THRESHOLDS[playing])
        object.__setattr__(self, "bids", self._bids())

    def _bids(self) -> tuple[Contract, ...]:
        out = [c for c in Contract if c > Contract.PASS]
        if self.contracts == "fft":
            out.remove(Contract.POUSSE)
        if not self.prise_allowed:  # removes the Prise (the Petite), never the Pousse
            out.remove(Contract.PRISE)
        return tuple(out)

    @property
    def tricks(self) -> int:
        return self.hand_size

    def poignee_level(self, shown: int) -> int:
        """The level (0 simple, 1 double, 2 triple) of a poignée of ``shown`` cards."""
        return self.poignee_thresholds.index(shown)

    def multiplier(self, contract: Contract) -> int:
        """docs/rules.md §3's multiplier (the Pousse's is 1); ``contracts: fixed`` uses
        ``FIXED_VALUES``."""
        if contract == Contract.GARDE_CONTRE:
            return self.garde_contre_multiplier
        return _MULTIPLIERS[contract]

    def options(self) -> dict[str, Any]:
        """The options as a record's ``rules`` object."""
        return {o.name: o.to_json(getattr(self, o.name)) for o in OPTIONS}

    @classmethod
    def from_options(cls, players: int, options: object) -> Rules:
        """Rules from a record's ``rules`` object: missing keys take the defaults."""
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise RulesError("must be an object")
        for key in options:
            if key not in OPTION:
                raise RulesError(f"unknown rule option {quote(key)}")
        values = {key: OPTION[key].check(value) for key, value in options.items()}
        return cls(players=players, **values)
