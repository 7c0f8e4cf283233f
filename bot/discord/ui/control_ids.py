"""What a control's ``custom_id`` says: which table, which game, which turn, what to do.

A button made at turn 37 of game 12 in some channel still says so after a restart, so the
table service can answer it ("no longer current" if the table has moved on) without any
view kept in memory. Discord allows 100 characters; every id here stays well under.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

PREFIX = "tarot"
MAX_LENGTH = 100


class ControlKind(StrEnum):
    """What a control is for; its value is the word written in the ``custom_id``, so a
    button from before a restart still parses. ``ecart`` is a select menu (its values are
    the cards); ``lobby`` and ``hand`` carry no turn that matters (0)."""

    BID = "bid"
    CARD = "card"
    CALL = "call"
    SLAM = "slam"
    POIGNEE = "poignee"
    MISERE = "misere"
    ECART = "ecart"
    HAND = "hand"
    LOBBY = "lobby"
    BACK = "back"


KINDS: tuple[ControlKind, ...] = tuple(ControlKind)


def pattern(kinds: tuple[str, ...] = KINDS, arg: str = r"[a-z0-9_]{0,40}") -> str:
    """The regular expression of the ids of ``kinds`` whose argument matches ``arg``: a
    ``DynamicItem`` template (buttons and selects each take their own share)."""
    return (
        rf"{PREFIX}:(?P<kind>{'|'.join(kinds)}):(?P<channel>[0-9]{{1,20}})"
        rf":(?P<game>[0-9]{{1,12}}):(?P<turn>[0-9]{{1,6}}):(?P<arg>{arg})"
    )


PATTERN = pattern()
"""Every control id."""
_FULL = re.compile(PATTERN + r"\Z")


class ControlIdError(ValueError):
    pass


@dataclass(frozen=True)
class ControlId:
    kind: ControlKind
    channel_id: int
    game_id: int
    turn: int
    arg: str = ""
    """What the control does: a contract (``garde``), a card id (``63``), a level..."""

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ControlIdError(f"unknown control kind {self.kind!r}")
        object.__setattr__(self, "kind", ControlKind(self.kind))
        if not re.fullmatch(r"[a-z0-9_]{0,40}", self.arg):
            raise ControlIdError(f"control argument {self.arg!r} is not a short lowercase word")
        if min(self.channel_id, self.game_id, self.turn) < 0:
            raise ControlIdError("control numbers cannot be negative")

    def __str__(self) -> str:
        text = f"{PREFIX}:{self.kind}:{self.channel_id}:{self.game_id}:{self.turn}:{self.arg}"
        if len(text) > MAX_LENGTH or not _FULL.match(text):
            raise ControlIdError(f"control id {text!r} does not fit Discord's custom_id")
        return text

    @classmethod
    def parse(cls, text: str) -> ControlId:
        match = _FULL.match(text)
        if match is None:
            raise ControlIdError(f"not a Tarot control id: {text[:MAX_LENGTH]!r}")
        return cls(
            kind=ControlKind(match["kind"]),
            channel_id=int(match["channel"]),
            game_id=int(match["game"]),
            turn=int(match["turn"]),
            arg=match["arg"],
        )
