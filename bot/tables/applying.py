"""Applying an action and storing it: the engine first (a refusal changes nothing), then
one transaction for the action, the deals it finished and the game's result, or neither.

Every move, a human's or a bot's, goes through ``apply``; what the table stores besides
moves (a seat away, a status that must be put back) is here too.
"""

from __future__ import annotations

import json
import logging

from tarot_core import Action, IllegalAction, action_to_json, to_record

from ..failures import log_failure
from ..storage import ActionLog, FinishedDeal, Games
from . import derive
from .errors import RefusalCode, Refused
from .events import Event
from .status import TableStatus
from .table import Table

log = logging.getLogger(__name__)


async def apply(storage: ActionLog, table: Table, action: Action) -> list[Event]:
    """Engine first (a refusal changes nothing), then storage, or undo both; the events
    the action gives."""
    game = table.game
    assert game is not None
    index = len(game.deals) - 1
    phase = game.current.phase
    try:
        game.apply(action)
    except IllegalAction as e:
        raise Refused(
            RefusalCode.ILLEGAL,
            str(e),
            reason=str(e),
            rule=e.code.value,
            rule_params=e.params,
        ) from None
    table.log.append(json.dumps(action_to_json(action)))
    before = table.recorded
    try:
        await store(storage, table, action)
    except BaseException:
        table.log.pop()
        table.recorded = before
        table.rebuild()
        raise
    finished = table.status == TableStatus.FINISHED
    return derive.action_events(game, action, index, phase) + derive.deal_events(
        game, before, finished=finished
    )


async def store(storage: ActionLog, table: Table, action: Action | None) -> None:
    """The action, the deals it finished and the game's end: all or nothing. With no
    action, only what is left unrecorded (a deal finished as it was dealt, or a crash)."""
    game = table.game
    assert game is not None
    unrecorded = table.unrecorded()
    over = game.over
    if action is None and not unrecorded and not over:
        return
    players = [s.player_id if s is not None else 0 for s in table.seats]
    deals = [
        FinishedDeal(number, to_record(deal), deal.result, players)
        for number, deal in unrecorded
        if deal.result is not None
    ]
    try:
        await storage.save_turn(
            table.game_id,
            table.turn - 1,
            action_to_json(action) if action is not None else None,
            deals,
            list(game.totals) if over else None,
        )
    except Exception as e:  # its text may quote the action, an écart's cards
        log_failure(log, f"game {table.game_id}: storing turn {table.turn}", e)
        raise Refused(RefusalCode.STORAGE, "the table could not save this; try again") from None
    table.recorded += len(unrecorded)
    if over:
        table.status = TableStatus.FINISHED


async def set_away(storage: Games, table: Table, seat: int, away: bool) -> None:
    """Away is a display and a stand-in policy, not part of the game: if it cannot be
    stored, play goes on (after a restart the seat would show its old flag)."""
    holder = table.seats[seat]
    assert holder is not None
    holder.away = away
    try:
        await storage.set_away(table.game_id, seat, away)
    except Exception as e:
        log_failure(log, f"game {table.game_id}: storing seat {seat} away={away}", e)


async def set_status_anyway(storage: Games, table: Table, status: TableStatus) -> None:
    """Put a status back after a failure: logged, never raised over the first error."""
    try:
        await storage.set_status(table.game_id, status)
    except Exception as e:
        log_failure(log, f"game {table.game_id}: storing status {status}", e)
