"""Which events a change gives, as pure functions of the game: no table, no I/O.

``action_events`` reads what one action did to its deal (a contract made, the chien shown,
a poignée...), ``deal_events`` the deals finished since the last record and the game's
end. A new line in the channel is an ``Event`` in ``events`` and its derivation here.
"""

from __future__ import annotations

from tarot_core import (
    Action,
    Bid,
    Call,
    DeclareSlam,
    Discard,
    Ecart,
    Game,
    Misere,
    Phase,
    Poignee,
    ranks,
    to_record,
    view,
)

from .events import (
    AllPassed,
    ChienShown,
    ContractMade,
    DealFinished,
    EcartTrumps,
    Event,
    GameFinished,
    KingCalled,
    MisereDeclared,
    PoigneeShown,
    SlamAnnounced,
)


def action_events(game: Game, action: Action, index: int, phase: Phase) -> list[Event]:
    """What ``action``, just applied to deal ``index`` (0-based) in ``phase``, showed."""
    deal = game.deals[index]
    events: list[Event] = []
    if isinstance(action, Bid) and deal.phase != Phase.BIDDING:
        if deal.taker is not None and deal.contract is not None:
            events.append(ContractMade(deal.taker, deal.contract))
        else:
            events.append(AllPassed())
    if isinstance(action, Call):
        events.append(KingCalled(action.seat, action.card))
    if phase < Phase.ECART <= deal.phase:  # the auction is over: the engine says if the
        shown = view(deal).chien  # chien is shown (Prise, Pousse, Garde), not this module
        if shown:
            events.append(ChienShown(shown))
    if isinstance(action, Ecart | Discard) and deal.phase > Phase.ECART:
        trumps = view(deal).ecart_trumps
        if trumps:
            events.append(EcartTrumps(trumps))
    if isinstance(action, DeclareSlam) and action.announce:
        events.append(SlamAnnounced(action.seat, action.petit))
    if isinstance(action, Poignee):
        events.append(PoigneeShown(action.seat, tuple(sorted(action.cards))))
    if isinstance(action, Misere):
        events.append(MisereDeclared(action.seat, action.kind))
    return events


def deal_events(game: Game, recorded_before: int, *, finished: bool) -> list[Event]:
    """Each deal finished after the first ``recorded_before`` with the running totals,
    then, if the game is ``finished``, its standings."""
    events: list[Event] = []
    totals = [0] * game.rules.players
    history: list[tuple[int, ...]] = []
    for number, deal in enumerate(game.deals, start=1):
        if deal.result is None:
            break
        totals = [t + s for t, s in zip(totals, deal.result.scores, strict=True)]
        history.append(tuple(totals))
        if number > recorded_before:
            events.append(DealFinished(number, deal.result, tuple(totals), to_record(deal)))
    if finished:
        final = tuple(game.totals)
        events.append(GameFinished(final, ranks(final), tuple(history)))
    return events
