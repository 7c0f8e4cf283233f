"""Whether a seat's next move is the next step of its turn (no bot pause) is read from the
actions logged, so that a table rebuilt from storage (a restart) knows it as the live one
did."""

from __future__ import annotations

import json

from bot.tables.table import Table
from tarot_core import Action, Bid, Contract, DeclareSlam, Discard, Phase, Rules
from tarot_core.serial import action_to_json


def _rebuilt(log: list[str]) -> Table:
    """A table as ``restore`` makes it: its log read back, its game replayed."""
    table = Table(
        game_id=1,
        channel_id=1,
        guild_id=None,
        host_id=1,
        rules=Rules(players=3),
        deals_target=1,
        seed=5,
        seats=[None] * 3,
        log=log,
    )
    table.rebuild()
    return table


def _apply(table: Table, action: Action) -> None:
    """As ``applying.apply`` does it, storage aside."""
    assert table.game is not None
    table.game.apply(action)
    table.log.append(json.dumps(action_to_json(action)))


def test_a_rebuilt_table_knows_the_takers_slam_follows_its_ecart() -> None:
    live = _rebuilt([])
    assert live.game is not None
    deal = live.game.current
    while deal.phase == Phase.BIDDING:  # the first to speak takes, the others pass
        contract = Contract.PRISE if deal.taker is None else Contract.PASS
        _apply(live, Bid(deal.to_act, contract))
    while deal.phase == Phase.ECART:
        _apply(live, next(a for a in deal.legal_actions(deal.to_act) if isinstance(a, Discard)))
    taker = deal.taker
    assert taker is not None and deal.phase == Phase.SLAM

    restarted = _rebuilt(list(live.log))
    for table in (restarted, live):
        assert table.continuing(taker)
        assert not any(table.continuing(s) for s in range(3) if s != taker)
    slam = DeclareSlam(taker, False)
    restarted.log.append(json.dumps(action_to_json(slam)))
    assert not restarted.continuing(taker)  # the first card is a new turn
    assert not _rebuilt([]).continuing(0)
