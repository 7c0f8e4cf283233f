"""The rule set of a table: player count, the options of RULES.md, and what follows from them."""

from __future__ import annotations

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
    GARDE = 2
    GARDE_SANS = 3
    GARDE_CONTRE = 4

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
    """A rule option that does not exist or has a value RULES.md does not allow."""


POIGNEE_BONUSES = ((20, 30, 40), (20, 40, 60))
SHUFFLES = ("full", "cut")

_SIZES = {3: (24, 6, 4), 4: (18, 6, 3), 5: (15, 3, 3)}
_POIGNEE_THRESHOLDS = {3: (13, 15, 18), 4: (10, 13, 15), 5: (8, 10, 13)}
POIGNEE_LEVELS = ("simple", "double", "triple")


@dataclass(frozen=True)
class Rules:
    players: int = 4
    garde_contre_multiplier: int = 6
    prise_allowed: bool = True
    poignee_bonus: tuple[int, int, int] = (20, 30, 40)
    misere: bool = False
    shuffle: str = "full"
    hand_size: int = field(init=False)
    chien_size: int = field(init=False)
    packet: int = field(init=False)
    poignee_thresholds: tuple[int, int, int] = field(init=False)

    def __post_init__(self) -> None:
        if not _is_int(self.players) or self.players not in _SIZES:
            raise RulesError(f"players must be 3, 4 or 5, not {quote(self.players)}")
        if not _is_int(self.garde_contre_multiplier) or self.garde_contre_multiplier not in (6, 8):
            raise RulesError(
                f"garde_contre_multiplier must be 6 or 8, not {quote(self.garde_contre_multiplier)}"
            )
        if not isinstance(self.prise_allowed, bool):
            raise RulesError(
                f"prise_allowed must be true or false, not {quote(self.prise_allowed)}"
            )
        bonus: object = self.poignee_bonus
        if (
            not isinstance(bonus, tuple | list)
            or not all(_is_int(b) for b in bonus)
            or tuple(bonus) not in POIGNEE_BONUSES
        ):
            shown = quote(self.poignee_bonus)
            raise RulesError(f"poignee_bonus must be [20, 30, 40] or [20, 40, 60], not {shown}")
        if not isinstance(self.misere, bool):
            raise RulesError(f"misere must be true or false, not {quote(self.misere)}")
        if not isinstance(self.shuffle, str) or self.shuffle not in SHUFFLES:
            raise RulesError(f"shuffle must be 'full' or 'cut', not {quote(self.shuffle)}")
        hand, chien, packet = _SIZES[self.players]
        object.__setattr__(self, "poignee_bonus", tuple(self.poignee_bonus))
        object.__setattr__(self, "hand_size", hand)
        object.__setattr__(self, "chien_size", chien)
        object.__setattr__(self, "packet", packet)
        object.__setattr__(self, "poignee_thresholds", _POIGNEE_THRESHOLDS[self.players])

    @property
    def tricks(self) -> int:
        return self.hand_size

    def poignee_level(self, shown: int) -> int:
        """The level (0 simple, 1 double, 2 triple) of a poignée of ``shown`` cards."""
        return self.poignee_thresholds.index(shown)

    def multiplier(self, contract: Contract) -> int:
        if contract == Contract.GARDE_CONTRE:
            return self.garde_contre_multiplier
        return (0, 1, 2, 4)[contract]

    def options(self) -> dict[str, Any]:
        """The options as a record's ``rules`` object."""
        return {
            "garde_contre_multiplier": self.garde_contre_multiplier,
            "prise_allowed": self.prise_allowed,
            "poignee_bonus": list(self.poignee_bonus),
            "misere": self.misere,
            "shuffle": self.shuffle,
        }

    @classmethod
    def from_options(cls, players: int, options: object) -> Rules:
        """Rules from a record's ``rules`` object: missing keys take the defaults."""
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise RulesError("must be an object")
        known = {"garde_contre_multiplier", "prise_allowed", "poignee_bonus", "misere", "shuffle"}
        for key in options:
            if key not in known:
                raise RulesError(f"unknown rule option {quote(key)}")
        values = dict(options)
        if "poignee_bonus" in values:
            bonus = values["poignee_bonus"]
            if not isinstance(bonus, list) or any(
                isinstance(b, bool) or not isinstance(b, int) for b in bonus
            ):
                raise RulesError(
                    f"poignee_bonus must be [20, 30, 40] or [20, 40, 60], not {quote(bonus)}"
                )
        return cls(players=players, **values)
