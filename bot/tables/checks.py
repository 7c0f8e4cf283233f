"""Who may act when: the checks that refuse with a reason, read a table and change nothing.

The engine decides every rule of the game; these decide the table's own (the phase a call
belongs to, who is seated, what only the host may do, the seat and level asked for). Each
refuses with its ``RefusalCode``; a new table rule is a check here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

from tarot_core import LEVELS

from .errors import RefusalCode, Refused
from .status import TableStatus
from .table import Table

HostAction = Literal["start", "cancel", "remove", "replace", "stop_table", "stop_game", "rules"]
HOST_ACTIONS: dict[HostAction, str] = {
    "start": "start the game",
    "rules": "change the rules",
    "cancel": "cancel the lobby",
    "remove": "remove a player",
    "replace": "replace a player",
    "stop_table": "stop the table",
    "stop_game": "stop the game",
}
"""What only the host may do; the key travels with the refusal for translation."""


def lobby(table: Table) -> None:
    if table.status != TableStatus.LOBBY:
        raise Refused(RefusalCode.NOT_LOBBY, "the game has already started")


def playing(table: Table) -> None:
    if table.status != TableStatus.PLAYING:
        raise Refused(RefusalCode.NOT_PLAYING, "the game has not started yet")


def seated(table: Table, user_id: int) -> int:
    """The seat of ``user_id``."""
    seat = table.seat_of(user_id)
    if seat is None:
        raise Refused(RefusalCode.NOT_SEATED, "you are not seated at this table")
    return seat


def not_challenge(table: Table) -> None:
    """A challenge's attempt is played to its end by its member alone: stopping it would
    trade a bad deal for the par, a bot in the seat would play it for them."""
    if table.challenge_id is not None:
        raise Refused(RefusalCode.CHALLENGE, "a challenge is played to its end by its player alone")


def host(table: Table, user_id: int, action: HostAction, *, moderators: bool = False) -> None:
    """Only the host may; ``moderators``: so may a member who manages the channel (the
    refusal says so, so that such a member knows the way)."""
    if user_id != table.host_id:
        what = HOST_ACTIONS[action]
        who = "the host or a member who manages the channel" if moderators else "the host"
        params: dict[str, object] = {"action": action}
        if moderators:
            params["moderators"] = True
        raise Refused(RefusalCode.NOT_HOST, f"only {who} can {what}", **params)


def free_channel(tables: Mapping[int, Table], channel_id: int) -> None:
    if channel_id in tables:
        raise Refused(RefusalCode.TABLE_EXISTS, "a table is already open in this channel")


def known_level(level: str) -> None:
    if level not in LEVELS:
        raise Refused(
            RefusalCode.BAD_LEVEL,
            f"unknown bot level {level!r}: {', '.join(LEVELS)}",
            level=level,
            levels=", ".join(LEVELS),
        )


def seat_at(table: Table, seat: int) -> int:
    if not 0 <= seat < table.players:
        raise Refused(RefusalCode.BAD_SEAT, f"there is no seat {seat + 1}", seat=seat + 1)
    return seat


def free_seat(table: Table) -> int:
    for i, s in enumerate(table.seats):
        if s is None:
            return i
    raise Refused(RefusalCode.TABLE_FULL, "every seat is taken")


def name(table: Table, seat: int | None) -> str:
    """Who holds ``seat``, as a refusal names them."""
    holder = table.seats[seat] if seat is not None else None
    return holder.name if holder is not None else "nobody"
