"""The table service in play, on real SQLite files: whole games with simulated humans and
bots, two clicks on one turn, refusals that change nothing, host controls, storage faults."""

from __future__ import annotations

import asyncio
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

import pytest
from tables_support import (
    CHANNEL,
    FAST,
    GUESTS,
    GUILD,
    HOST,
    Harness,
    OpenTables,
    Recorder,
    break_writes,
    drive,
    mend_writes,
    refused,
    replay_game,
    seat_table,
    user_at,
)

from bot.storage import open_storage, rating
from bot.tables import ManualClock, Refused, TableManager, TableSnapshot
from bot.tables.events import (
    AllPassed,
    ContractMade,
    DealFinished,
    GameFinished,
    GameStarted,
    GameStopped,
    KingCalled,
    SeatReplaced,
)
from bot.tables.thinking import decision_seed, think
from tarot_core import Bid, Contract, DealView, Phase, Play, format_card, replay, to_record

GUEST = GUESTS[0]
BOTS_4 = ("heuristic", "random")
SIGMA = rating.DEFAULT_SIGMA


def plays(view: DealView) -> list[Play]:
    return [a for a in view.legal if isinstance(a, Play)]


def ranks(totals: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(1 + sum(o > t for o in totals) for t in totals)


async def results(h: Harness, game_id: int) -> list[tuple[int, int, int, int]]:
    async with h.storage.conn.execute(
        "SELECT seat, player_id, total, rank FROM game_results WHERE game_id = ? ORDER BY seat",
        (game_id,),
    ) as cur:
        return [(int(a), int(b), int(c), int(d)) for a, b, c, d in await cur.fetchall()]


# ----- whole games --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "bots"),
    [(3, ("heuristic",)), (4, ("heuristic", "random")), (5, ("heuristic", "heuristic", "random"))],
)
async def test_a_whole_game_from_lobby_to_standings(
    tables: Harness, players: int, bots: tuple[str, ...]
) -> None:
    h = tables
    seed = 900 + players
    snap = await seat_table(h, players=players, humans=2, bots=bots, deals=2, seed=seed)
    game_id = snap.game_id
    done = await drive(h, {HOST: "heuristic", GUEST: "random"}, base=players)

    # The table is over and gone; storage says finished.
    assert done.final is not None and done.final.status == "finished"
    assert h.manager.table(CHANNEL) is None and len(h.manager) == 0
    stored = await h.storage.game(game_id)
    assert stored is not None and stored.status == "finished"

    # The deals: numbered in order, two of them played, redeals scoring nothing.
    deals = await h.storage.game_deals(game_id)
    records = await h.storage.deal_records(game_id)
    assert [d.number for d in deals] == list(range(1, len(deals) + 1)) and len(records) == len(
        deals
    )
    assert sum(d.outcome == "played" for d in deals) == 2
    assert all(d.scores == (0,) * players for d in deals if d.outcome != "played")
    for deal in deals:
        assert sum(deal.scores) == 0 and len(deal.scores) == players

    # Each record replays, through the engine, to the scores stored beside it.
    for record, deal in zip(records, deals, strict=True):
        result = replay(record)
        assert result.scores == deal.scores and result.outcome == deal.outcome
        assert result.taker == deal.taker
        assert (result.contract.text if result.contract else None) == deal.contract

    # The announcements: started once, every deal once with running totals, then the end.
    totals = tuple(sum(d.scores[seat] for d in deals) for seat in range(players))
    started = h.recorder.events(GameStarted)
    assert started == [GameStarted(records[0]["dealer"])]
    finished = h.recorder.events(DealFinished)
    assert [e.number for e in finished] == [d.number for d in deals]
    running = [0] * players
    history = []
    for event, deal, record in zip(finished, deals, records, strict=True):
        running = [r + s for r, s in zip(running, deal.scores, strict=True)]
        history.append(tuple(running))
        assert event.result.scores == deal.scores and event.totals == tuple(running)
        assert event.record == record  # what the deal's picture is drawn from
    expected = GameFinished(totals, ranks(totals), tuple(history))
    assert h.recorder.events(GameFinished) == [expected]
    assert done.final.totals == totals
    announced = [c for c in h.recorder.calls if c.method == "announce"]
    assert announced[-1].event == expected
    # Then only each human's last word: the finished table, with nothing left to do.
    after = h.recorder.calls[h.recorder.calls.index(announced[-1]) + 1 :]
    assert after, "the humans were not told the game's end"
    assert all(c.method == "tell_seat" and c.snapshot.status == "finished" for c in after)
    assert all(c.view is not None and not c.view.legal for c in after)
    contracts = h.recorder.events(ContractMade)
    assert [(e.taker, e.contract.text) for e in contracts] == [
        (d.taker, d.contract) for d in deals if d.outcome == "played"
    ]
    assert len(h.recorder.events(AllPassed)) == sum(d.outcome == "passed" for d in deals)
    called = [r["called"] for r in records if r["called"] is not None]
    assert [format_card(e.card) for e in h.recorder.events(KingCalled)] == called
    if players == 5:
        assert called

    # The action log holds exactly the moves made, the humans' ones among them.
    actions = await h.stored_actions(game_id)
    assert len(actions) == done.final.turn
    for turn, seat, action in done.moves:
        assert actions[turn] == action and action.seat == seat
    humans = {user_at(snap, 0): 0, user_at(snap, 1): 1}
    assert {seat for _, seat, _ in done.moves} == set(humans.values())
    assert {a.seat for a in actions} == set(range(players))

    # The log replays to the stored records, and every bot move is the one its level makes
    # with the seed of (game, turn, seat): a game replays identically.
    game, views = replay_game(snap, seed, actions)
    assert [to_record(d) for d in game.deals] == records and tuple(game.totals) == totals
    bot_turns = 0
    for turn, (action, seen) in enumerate(zip(actions, views, strict=True)):
        info = snap.seats[action.seat]
        assert info is not None
        if info.level is not None:
            bot_turns += 1
            decided = think(info.level, decision_seed(seed, turn, action.seat), 1, seen)
            assert decided == action, f"turn {turn}: the bot at seat {action.seat} played {action}"
    assert bot_turns == len(actions) - len(done.moves) > 0

    # Standings, and each distinct player's figures in the guild and globally.
    seats_of: dict[int, list[int]] = {}
    for info in snap.seats:
        assert info is not None
        seats_of.setdefault(info.player_id, []).append(info.seat)
    assert await results(h, game_id) == [
        (seat, snap.seats[seat].player_id, totals[seat], ranks(totals)[seat])  # type: ignore[union-attr]
        for seat in range(players)
    ]
    for scope in (GUILD, None):
        for player_id, seats in seats_of.items():
            line = await h.storage.player_stats(player_id, scope, min_games=1)
            assert line is not None
            assert line.games == 1
            assert line.deals == 2  # each played deal once, however many seats
            assert line.points == sum(totals[s] for s in seats)
            assert line.taken == sum(d.taker in seats for d in deals if d.outcome == "played")
            assert line.sigma < SIGMA  # rated once
        board = await h.storage.leaderboard(scope, min_games=1, limit=10)
        assert {line.player_id for line in board} == set(seats_of)
        assert [line.rank for line in board] == sorted(line.rank for line in board)
    summary = (await h.storage.recent_games(user_player(snap, HOST)))[0]
    assert summary.id == game_id and summary.status == "finished"
    assert [s.total for s in summary.seats] == list(totals)


def user_player(snap: TableSnapshot, user: int) -> int:
    seat = snap.seat_of(user)
    assert seat is not None
    info = snap.seats[seat]
    assert info is not None
    return info.player_id


async def test_only_bots_after_the_humans_finish_on_their_own(tables: Harness) -> None:
    """The host gives away their own seat at the first turn: the bots play to the end."""
    h = tables
    snap = await seat_table(h, players=3, humans=1, bots=("random", "heuristic"), seed=33)
    await h.manager.replace(CHANNEL, HOST, 0, "random")
    await h.manager.settle()
    assert h.manager.table(CHANNEL) is None
    stored = await h.storage.game(snap.game_id)
    assert stored is not None and stored.status == "finished"
    host = await h.storage.player_stats(user_player(snap, HOST), GUILD, min_games=1)
    assert host is not None and host.games == 0 and host.deals == 0
    assert len(h.recorder.events(GameFinished)) == 1


# ----- two clicks on one turn ---------------------------------------------------------------


@pytest.mark.parametrize("same_card", [True, False])
async def test_two_clicks_for_one_turn_apply_once(tables: Harness, same_card: bool) -> None:
    h = tables
    snap = await seat_table(h, players=3, humans=1, bots=("heuristic", "random"), seed=41)
    await drive(h, until=lambda s, u, v: v.phase == Phase.PLAYING and len(plays(v)) >= 2)
    before, seat, view = h.manager.private_view(CHANNEL, HOST)
    turn = before.turn
    first, other = plays(view)[:2]
    second = first if same_card else other

    outcomes = await asyncio.gather(
        h.manager.act(CHANNEL, HOST, turn, first),
        h.manager.act(CHANNEL, HOST, turn, second),
        return_exceptions=True,
    )
    applied = [
        a for a, o in zip((first, second), outcomes, strict=True) if not isinstance(o, Exception)
    ]
    errors = [o for o in outcomes if isinstance(o, Exception)]
    assert len(applied) == 1 and len(errors) == 1
    assert isinstance(errors[0], Refused) and errors[0].code == "stale"
    won = next(o for o in outcomes if isinstance(o, TableSnapshot))
    assert won.turn == turn + 1

    await h.manager.settle()
    stored = await h.stored_actions(snap.game_id)
    assert stored[turn] == applied[0]
    rows = await h.count(
        "SELECT COUNT(*) FROM actions WHERE game_id = ? AND seq = ?", snap.game_id, turn
    )
    assert rows == 1
    assert sum(1 for a in stored if a == applied[0]) == 1
    # The hand lost the card played, and only it (the human has not acted since).
    hand = h.manager.private_view(CHANNEL, HOST)[2].hand
    assert set(hand) == set(view.hand) - {applied[0].card}


# ----- refusals ------------------------------------------------------------------------------


def has_illegal_card(view: DealView) -> bool:
    legal = {a.card for a in plays(view)}
    return view.phase == Phase.PLAYING and view.current is not None and bool(set(view.hand) - legal)


async def test_refusals_in_play_say_why_and_change_nothing(tables: Harness) -> None:
    h = tables
    snap = await seat_table(h, players=3, humans=2, bots=("heuristic",), deals=2, seed=58)
    await drive(
        h, {HOST: "heuristic", GUEST: "heuristic"}, until=lambda s, u, v: has_illegal_card(v)
    )
    to_act = h.snapshot().to_act
    assert to_act is not None
    me = user_at(h.snapshot(), to_act)
    now, seat, view = h.manager.private_view(CHANNEL, me)
    other = GUEST if me == HOST else HOST
    other_seat = now.seat_of(other)
    assert other_seat is not None
    other_hand = h.manager.private_view(CHANNEL, other)[2].hand
    turn = now.turn
    legal = plays(view)[0]
    illegal = sorted(set(view.hand) - {a.card for a in plays(view)})[0]
    m = h.manager

    await refused(h, "not_seated", lambda: m.act(CHANNEL, 4242, turn, legal), says="not seated")
    error = await refused(
        h,
        "not_your_turn",
        lambda: m.act(CHANNEL, other, turn, Play(other_seat, other_hand[0])),
        says=now.seats[seat].name,  # type: ignore[union-attr]
    )
    assert error.params == {"name": now.seats[seat].name}  # type: ignore[union-attr]
    await refused(h, "stale", lambda: m.act(CHANNEL, me, turn - 1, legal), says="no longer")
    await refused(h, "stale", lambda: m.act(CHANNEL, me, turn + 1, legal), says="no longer")
    await refused(
        h,
        "not_your_seat",
        lambda: m.act(CHANNEL, me, turn, Play(other_seat, other_hand[0])),
        says="another seat",
    )
    error = await refused(
        h,
        "illegal",
        lambda: m.act(CHANNEL, me, turn, Play(seat, illegal)),
        says=[format_card(illegal), "you must"],
    )
    assert "follow" in str(error) or "trump" in str(error)
    # The engine's rule and its cards, for translation; its English words as a fallback.
    assert error.params["reason"] == str(error)
    assert error.params["rule"] in ("must_follow", "must_trump", "must_overtrump")
    rule_params = error.params["rule_params"]
    assert isinstance(rule_params, dict) and rule_params["card"] == illegal
    await refused(
        h,
        "illegal",
        lambda: m.act(CHANNEL, me, turn, Play(seat, other_hand[0])),
        says="you do not hold it",
    )
    await refused(
        h,
        "illegal",
        lambda: m.act(CHANNEL, me, turn, Bid(seat, Contract.GARDE)),
        says="not allowed",
    )
    await refused(h, "not_away", lambda: m.back(CHANNEL, me), says="not marked away")
    await refused(h, "not_seated", lambda: m.back(CHANNEL, 4242))
    await refused(h, "no_table", lambda: m.act(CHANNEL + 1, me, turn, legal), says="no table")
    with pytest.raises(Refused) as info:
        m.private_view(CHANNEL, 4242)
    assert info.value.code == "not_seated"

    # After all that, the right move still goes through.
    after = await m.act(CHANNEL, me, turn, legal)
    assert after.turn == turn + 1
    assert (await h.stored_actions(snap.game_id))[turn] == legal


async def test_acting_before_the_start_and_after_the_end(tables: Harness) -> None:
    h = tables
    snap = await seat_table(h, players=3, humans=1, bots=("random", "random"), start=False)
    m = h.manager
    play = Play(0, 0)
    await refused(h, "not_playing", lambda: m.act(CHANNEL, HOST, 0, play), says="not started")
    await refused(h, "not_playing", lambda: m.back(CHANNEL, HOST))
    await refused(h, "not_playing", lambda: m.replace(CHANNEL, HOST, 1, "random"))
    with pytest.raises(Refused) as info:
        m.private_view(CHANNEL, HOST)
    assert info.value.code == "not_playing"

    await m.start(CHANNEL, HOST)
    await drive(h, "random")
    assert h.manager.table(CHANNEL) is None
    calls = len(h.recorder.calls)
    actions = await h.storage.actions(snap.game_id)
    for attempt in (
        lambda: m.act(CHANNEL, HOST, len(actions), play),
        lambda: m.back(CHANNEL, HOST),
        lambda: m.stop(CHANNEL, HOST),
    ):
        with pytest.raises(Refused) as info:
            await attempt()
        assert info.value.code == "no_table"
    assert await h.storage.actions(snap.game_id) == actions
    assert len(h.recorder.calls) == calls


# ----- host controls ------------------------------------------------------------------------


async def test_the_host_replaces_a_human_by_a_bot(tables: Harness) -> None:
    h = tables
    m = h.manager
    snap = await seat_table(h, players=3, humans=2, bots=("heuristic",), deals=1, seed=77)
    await drive(
        h,
        {HOST: "heuristic", GUEST: "random"},
        until=lambda s, u, v: u == GUEST and v.phase == Phase.PLAYING and len(v.tricks) >= 2,
    )
    now = h.snapshot()
    turn, seat = now.turn, now.to_act
    assert seat == 1
    await refused(h, "not_host", lambda: m.replace(CHANNEL, GUEST, 1, "random"), says="host")
    await refused(h, "bad_seat", lambda: m.replace(CHANNEL, HOST, 3, "random"), says="seat 4")
    await refused(h, "not_human", lambda: m.replace(CHANNEL, HOST, 2, "random"), says="bot")
    await refused(h, "bad_level", lambda: m.replace(CHANNEL, HOST, 1, "genius"), says="genius")

    replaced = await m.replace(CHANNEL, HOST, 1, "random")
    info = replaced.seats[1]
    assert info is not None and info.is_bot and info.level == "random"
    assert h.recorder.events(SeatReplaced) == [SeatReplaced(1, GUEST, "random")]
    stored_seat = (await h.storage.seated(snap.game_id))[1]
    assert (stored_seat.kind, stored_seat.external_id, stored_seat.away) == ("bot", "random", False)
    assert stored_seat.player_id == info.player_id

    await m.settle()
    actions = await h.stored_actions(snap.game_id)
    assert len(actions) > turn and actions[turn].seat == 1  # the new bot played the turn
    with pytest.raises(Refused) as refusal:
        await m.act(CHANNEL, GUEST, h.snapshot().turn, actions[turn])
    assert refusal.value.code == "not_seated"

    await drive(h, "heuristic")
    assert h.manager.table(CHANNEL) is None
    final = await results(h, snap.game_id)
    assert final[1][1] == info.player_id
    bot_line = await h.storage.player_stats(info.player_id, GUILD, min_games=1)
    guest_line = await h.storage.player_stats(user_player(snap, GUEST), GUILD, min_games=1)
    assert bot_line is not None and bot_line.games == 1 and bot_line.deals == 1
    assert guest_line is not None and guest_line.games == 0 and guest_line.deals == 0


@pytest.mark.parametrize("who", ["host", "moderator"])
async def test_stopping_a_game_keeps_its_finished_deals(tables: Harness, who: str) -> None:
    h = tables
    m = h.manager
    snap = await seat_table(h, players=3, humans=2, bots=("random",), deals=3, seed=12)
    await drive(
        h,
        {HOST: "random", GUEST: "random"},
        until=lambda s, u, v: s.deals_played == 1 and v.phase == Phase.PLAYING,
    )
    now = h.snapshot()
    recorded = await h.storage.game_deals(snap.game_id)
    assert sum(d.outcome == "played" for d in recorded) == 1 and now.status == "playing"
    await refused(h, "not_host", lambda: m.stop(CHANNEL, GUEST), says="host")
    await refused(h, "not_host", lambda: m.stop(CHANNEL, 4242), says="host")

    by = HOST if who == "host" else 4242
    await m.stop(CHANNEL, by, moderator=who == "moderator")
    stopped = h.recorder.announced(GameStopped)
    assert [e for _, e in stopped] == [GameStopped("host", by)]
    assert stopped[0][0].status == "stopped"
    assert h.manager.table(CHANNEL) is None
    stored = await h.storage.game(snap.game_id)
    assert stored is not None and stored.status == "stopped"
    assert await h.storage.game_deals(snap.game_id) == recorded
    assert await results(h, snap.game_id) == []
    totals = [sum(d.scores[s] for d in recorded) for s in range(3)]
    for info in snap.seats:
        assert info is not None
        line = await h.storage.player_stats(info.player_id, GUILD, min_games=1)
        assert line is not None
        assert (line.games, line.deals, line.points) == (0, 1, totals[info.seat])
        assert line.sigma == SIGMA  # never rated
    summary = (await h.storage.recent_games(user_player(snap, HOST)))[0]
    assert summary.status == "stopped" and [s.total for s in summary.seats] == totals
    assert all(s.rank is None for s in summary.seats)
    with pytest.raises(Refused) as late:
        await m.act(CHANNEL, HOST, now.turn, Play(0, 0))
    assert late.value.code == "no_table"


# ----- storage faults -----------------------------------------------------------------------


async def test_a_failed_write_refuses_and_the_same_move_then_succeeds(tables: Harness) -> None:
    h = tables
    snap = await seat_table(h, players=3, humans=1, bots=("heuristic", "random"), seed=5)
    await drive(h, until=lambda s, u, v: v.phase == Phase.PLAYING)
    now, seat, view = h.manager.private_view(CHANNEL, HOST)
    action = plays(view)[0]
    await break_writes(h, "actions")
    await refused(
        h, "storage", lambda: h.manager.act(CHANNEL, HOST, now.turn, action), says="try again"
    )
    await mend_writes(h)
    after = await h.manager.act(CHANNEL, HOST, now.turn, action)
    assert after.turn == now.turn + 1
    assert (await h.stored_actions(snap.game_id))[now.turn] == action
    await h.manager.settle()
    assert len(await h.storage.actions(snap.game_id)) == h.snapshot().turn


async def test_a_failed_bot_write_is_tried_again_later(tables: Harness) -> None:
    h = tables
    snap = await seat_table(h, players=3, humans=1, bots=("heuristic", "random"), seed=6)
    await drive(h, until=lambda s, u, v: v.phase == Phase.PLAYING and v.current is None)
    now, seat, view = h.manager.private_view(CHANNEL, HOST)
    reply = now.turn + 1  # the bot's answer to the human's lead
    await break_writes(h, "actions", f"NEW.seq = {reply}")
    await h.manager.act(CHANNEL, HOST, now.turn, plays(view)[0])
    await h.manager.settle()
    stuck = h.snapshot()
    assert stuck.turn == reply and stuck.to_act != seat
    assert len(await h.storage.actions(snap.game_id)) == reply
    await mend_writes(h)
    h.clock.advance(0.5)
    await h.manager.settle()
    assert h.snapshot().turn == reply  # not before its second
    h.clock.advance(0.5)
    await h.manager.settle()
    moved = h.snapshot()
    assert moved.turn > reply
    assert len(await h.storage.actions(snap.game_id)) == moved.turn
    assert (await h.stored_actions(snap.game_id))[reply].seat == stuck.to_act


def last_card_of_the_deal(s: TableSnapshot, u: int, v: DealView) -> bool:
    trick = v.current.cards if v.current is not None else ()
    return v.phase == Phase.PLAYING and len(v.hand) == 1 and len(trick) == v.players - 1


async def test_a_deal_is_stored_with_its_last_card_or_not_at_all(tables: Harness) -> None:
    """Three humans: the last card of a deal cannot record the deal, so it is not stored
    either; once the deal can be recorded, the same card stores both."""
    h = tables
    snap = await seat_table(h, players=3, humans=3, deals=2, seed=8)
    await drive(h, "heuristic", until=last_card_of_the_deal)
    now = h.snapshot()
    assert now.to_act is not None
    user = user_at(now, now.to_act)
    _, seat, view = h.manager.private_view(CHANNEL, user)
    action = view.legal[0]
    records = len(await h.storage.deal_records(snap.game_id))
    assert records == len(h.recorder.events(DealFinished)) == now.deal_number - 1
    await break_writes(h, "deals")
    await refused(h, "storage", lambda: h.manager.act(CHANNEL, user, now.turn, action))
    assert len(await h.storage.deal_records(snap.game_id)) == records
    await mend_writes(h)

    after = await h.manager.act(CHANNEL, user, now.turn, action)
    assert after.deals_played == now.deals_played + 1 and after.turn == now.turn + 1
    assert after.deal_number == now.deal_number + 1
    assert len(await h.storage.deal_records(snap.game_id)) == records + 1
    assert [e.number for e in h.recorder.events(DealFinished)] == list(range(1, records + 2))
    assert len(await h.storage.actions(snap.game_id)) == now.turn + 1


# ----- a petit sec dealt at the start -------------------------------------------------------

PETIT_SEC_FIRST = 174
"""At 4 players this seed deals a petit sec at once: the first deal is void before any bid."""


async def test_a_petit_sec_at_the_start_is_recorded_and_the_game_goes_on(tables: Harness) -> None:
    h = tables
    snap = await seat_table(
        h, players=4, humans=2, bots=BOTS_4, deals=1, seed=PETIT_SEC_FIRST, start=False
    )
    started = await h.manager.start(CHANNEL, HOST)
    assert started.deal_number == 2 and started.deals_played == 0 and started.turn == 0
    first = h.recorder.events(DealFinished)
    assert len(first) == 1 and first[0].number == 1 and first[0].result.outcome == "petit_sec"
    assert h.recorder.events()[:2] == [h.recorder.events(GameStarted)[0], first[0]]
    deals = await h.storage.game_deals(snap.game_id)
    assert [(d.number, d.outcome) for d in deals] == [(1, "petit_sec")]
    await drive(h, "random")
    deals = await h.storage.game_deals(snap.game_id)
    assert deals[0].outcome == "petit_sec" and [d.outcome for d in deals].count("played") == 1
    assert [e.number for e in h.recorder.events(DealFinished)] == [d.number for d in deals]


async def test_a_start_that_cannot_be_stored_leaves_the_lobby_as_it_was(tables: Harness) -> None:
    """The petit sec dealt at the start must be recorded with the start: if it cannot be,
    the game does not start (and can be started once storage works again)."""
    h = tables
    snap = await seat_table(
        h, players=4, humans=2, bots=BOTS_4, deals=1, seed=PETIT_SEC_FIRST, start=False
    )
    await break_writes(h, "deals")
    await refused(h, "storage", lambda: h.manager.start(CHANNEL, HOST))
    await mend_writes(h)
    assert h.snapshot().status == "lobby"
    started = await h.manager.start(CHANNEL, HOST)
    assert started.status == "playing"
    assert len(await h.storage.deal_records(snap.game_id)) == 1


# ----- two tables at once -------------------------------------------------------------------


async def test_two_tables_at_once_play_as_each_would_alone(open_tables: OpenTables) -> None:
    """Two games in two channels of one manager, moves interleaved, end exactly as each
    game played alone on its own file."""

    async def play(h: Harness, channel: int, seed: int) -> tuple[Any, ...]:
        snap = await seat_table(
            h, players=4, humans=2, bots=BOTS_4, deals=1, seed=seed, channel=channel
        )
        await drive(h, "heuristic", channel=channel, base=seed)
        return (
            await h.storage.actions(snap.game_id),
            await h.storage.deal_records(snap.game_id),
            await h.storage.game_deals(snap.game_id),
        )

    both = await open_tables(name="both.sqlite3")
    together = await asyncio.gather(play(both, CHANNEL, 61), play(both, CHANNEL + 1, 62))
    assert len(both.manager) == 0 and len(both.recorder.events(GameFinished)) == 2
    alone = [
        await play(await open_tables(name="one.sqlite3"), CHANNEL, 61),
        await play(await open_tables(name="two.sqlite3"), CHANNEL + 1, 62),
    ]
    assert list(together) == alone


# ----- a presenter that fails ---------------------------------------------------------------


class BrokenPresenter(Recorder):
    """Keeps every call, then raises as a flaky Discord layer would."""

    async def table_changed(self, table: TableSnapshot) -> None:
        await super().table_changed(table)
        raise RuntimeError("discord is down")

    async def announce(self, table: TableSnapshot, event: Any) -> None:
        await super().announce(table, event)
        raise RuntimeError("discord is down")

    async def tell_seat(self, table: TableSnapshot, seat: int, user_id: int, view: Any) -> None:
        await super().tell_seat(table, seat, user_id, view)
        raise RuntimeError("discord is down")


async def test_a_failing_presenter_does_not_stop_the_game(
    tmp_path: Path, pool: Executor, caplog: pytest.LogCaptureFixture
) -> None:
    storage = await open_storage(tmp_path / "broken.sqlite3")
    presenter = BrokenPresenter()
    clock = ManualClock()
    manager = TableManager(storage, presenter, FAST, clock=clock, executor=pool)
    h = Harness(tmp_path, storage, manager, presenter, clock)
    try:
        snap = await seat_table(h, players=3, humans=1, bots=("random", "random"), seed=3)
        await drive(h, "random")
        assert manager.table(CHANNEL) is None
        stored = await storage.game(snap.game_id)
        assert stored is not None and stored.status == "finished"
        assert len(presenter.events(GameFinished)) == 1 and presenter.problems == []
        assert any("presenter" in r.getMessage() for r in caplog.records)
    finally:
        await h.close()
