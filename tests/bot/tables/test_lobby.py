"""Lobbies on real SQLite files: seats kept in step with storage, host controls, refusals
that change nothing, and expiry on a manual clock."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from tables_support import (
    CHANNEL,
    GUESTS,
    GUILD,
    HOST,
    Harness,
    OpenTables,
    break_writes,
    mend_writes,
    refused,
    state_of,
)

from bot.tables import Refused, TableSettings, TableSnapshot
from bot.tables.events import GameStarted, LobbyClosed
from tarot_core import Rules


async def assert_persisted(h: Harness, snap: TableSnapshot) -> None:
    """The snapshot's seats are exactly those stored, and the presenter saw this state."""
    stored = await h.storage.seated(snap.game_id)
    shown = [(i.seat, i.player_id, i.name, "bot" if i.is_bot else "user") for i in snap.seats if i]
    assert [(s.seat, s.player_id, s.name, s.kind) for s in stored] == shown
    for s, info in zip(stored, [i for i in snap.seats if i], strict=True):
        expected = info.level if info.is_bot else str(info.user_id)
        assert s.external_id == expected and not s.away
    assert h.recorder.calls[-1].method == "table_changed"
    assert h.recorder.calls[-1].snapshot == snap
    assert h.snapshot() == snap


def holders(snap: TableSnapshot) -> list[Any]:
    return [None if i is None else (i.user_id or i.level) for i in snap.seats]


async def games_in_storage(h: Harness) -> int:
    return await h.count("SELECT COUNT(*) FROM games")


async def test_seats_come_and_go_and_storage_follows(tables: Harness) -> None:
    h = tables
    m = h.manager
    snap = await m.create(CHANNEL, HOST, "Host", guild_id=GUILD, players=5, deals=3, seed=9)
    assert snap.status == "lobby" and snap.view is None and snap.deals_target == 3
    assert holders(snap) == [HOST, None, None, None, None]
    stored = await h.storage.game(snap.game_id)
    assert stored is not None
    assert (stored.status, stored.players, stored.deals_target, stored.seed) == ("lobby", 5, 3, 9)
    assert (stored.guild_id, stored.channel_id) == (GUILD, CHANNEL)
    await assert_persisted(h, snap)

    a, b = GUESTS[:2]
    steps: list[tuple[Callable[[], Awaitable[TableSnapshot]], list[Any]]] = [
        (lambda: m.join(CHANNEL, a, "Ann"), [HOST, a, None, None, None]),
        (lambda: m.join(CHANNEL, b, "Bob"), [HOST, a, b, None, None]),
        (lambda: m.add_bot(CHANNEL, b, "heuristic"), [HOST, a, b, "heuristic", None]),
        (lambda: m.leave(CHANNEL, a), [HOST, None, b, "heuristic", None]),
        (lambda: m.add_bot(CHANNEL, HOST, "random"), [HOST, "random", b, "heuristic", None]),
        (lambda: m.add_bot(CHANNEL, HOST, "random"), [HOST, "random", b, "heuristic", "random"]),
        (lambda: m.remove_bot(CHANNEL, HOST, 3), [HOST, "random", b, None, "random"]),
        (lambda: m.remove_bot(CHANNEL, b), [HOST, "random", b, None, None]),
        (lambda: m.join(CHANNEL, a, "Ann again"), [HOST, "random", b, a, None]),
    ]
    for step, expected in steps:
        calls = len(h.recorder.calls)
        snap = await step()
        assert holders(snap) == expected
        assert len(h.recorder.calls) == calls + 1  # one table_changed per change
        await assert_persisted(h, snap)
    # Both random bots are the same player; the new name of a returning user is kept.
    assert snap.seats[3].name == "Ann again"  # type: ignore[union-attr]

    await refused(h, "no_bot_seat", lambda: m.remove_bot(CHANNEL, HOST, 2), says="seat 3")
    await refused(h, "not_seated", lambda: m.leave(CHANNEL, 4242))
    await refused(h, "not_seated", lambda: m.add_bot(CHANNEL, 4242, "random"))
    await m.remove_bot(CHANNEL, HOST)
    await refused(h, "no_bot", lambda: m.remove_bot(CHANNEL, HOST), says="no bot")

    await m.add_bot(CHANNEL, HOST, "heuristic")
    lobby = await m.add_bot(CHANNEL, HOST, "random")
    assert None not in lobby.seats
    started = await m.start(CHANNEL, HOST)
    await m.settle()
    assert started.status == "playing" and started.seats == lobby.seats
    assert h.recorder.events(GameStarted) == [GameStarted(started.view.dealer)]  # type: ignore[union-attr]
    stored = await h.storage.game(snap.game_id)
    assert stored is not None and stored.status == "playing"
    assert [s.player_id for s in await h.storage.seated(snap.game_id)] == [
        i.player_id for i in started.seats if i
    ]


async def test_a_lobby_takes_the_players_count_as_its_deals_by_default(tables: Harness) -> None:
    snap = await tables.manager.create(CHANNEL, HOST, "Host", players=3)
    assert snap.deals_target == 3 and snap.players == 3 and snap.guild_id is None
    assert snap.rules == Rules(players=3)


@pytest.mark.parametrize("closer", ["host_leaves", "cancel", "moderator_stop"])
async def test_closing_a_lobby(tables: Harness, closer: str) -> None:
    h = tables
    m = h.manager
    snap = await m.create(CHANNEL, HOST, "Host", guild_id=GUILD, players=3)
    await m.join(CHANNEL, GUESTS[0], "Ann")
    await m.add_bot(CHANNEL, HOST, "random")
    await refused(h, "not_host", lambda: m.cancel(CHANNEL, GUESTS[0]), says="host")
    await refused(h, "not_host", lambda: m.stop(CHANNEL, GUESTS[0]), says="host")
    if closer == "host_leaves":
        await m.leave(CHANNEL, HOST)
    elif closer == "cancel":
        await m.cancel(CHANNEL, HOST)
    else:
        await m.stop(CHANNEL, 4242, moderator=True)
    closed = h.recorder.announced(LobbyClosed)
    assert [e for _, e in closed] == [LobbyClosed("cancelled")]
    assert closed[0][0].status == "cancelled"
    assert m.table(CHANNEL) is None and len(m) == 0
    stored = await h.storage.game(snap.game_id)
    assert stored is not None and stored.status == "cancelled"
    assert await h.storage.live_games() == []
    await refused(h, "no_table", lambda: m.join(CHANNEL, GUESTS[1], "Cy"))
    # The channel is free again.
    again = await m.create(CHANNEL, GUESTS[0], "Ann", players=3)
    assert again.game_id != snap.game_id and again.host_id == GUESTS[0]


async def test_lobby_refusals_say_why_and_change_nothing(tables: Harness) -> None:
    h = tables
    m = h.manager
    await m.create(CHANNEL, HOST, "Host", guild_id=GUILD, players=3)
    await refused(
        h, "table_exists", lambda: m.create(CHANNEL, GUESTS[0], "Ann"), says="already open"
    )
    await m.join(CHANNEL, GUESTS[0], "Ann")
    await refused(h, "already_seated", lambda: m.join(CHANNEL, GUESTS[0], "Ann"), says="already")
    await refused(h, "already_seated", lambda: m.join(CHANNEL, HOST, "Host"))
    error = await refused(h, "not_host", lambda: m.start(CHANNEL, GUESTS[0]), says="only the host")
    assert error.params == {"action": "start"}  # translated with the action's own key
    await refused(h, "seats_empty", lambda: m.start(CHANNEL, HOST), says="1 seat still empty")
    await refused(
        h, "bad_level", lambda: m.add_bot(CHANNEL, HOST, "grandmaster"), says="'grandmaster'"
    )
    await m.add_bot(CHANNEL, HOST, "random")
    await refused(h, "table_full", lambda: m.join(CHANNEL, GUESTS[1], "Bob"), says="every seat")
    await refused(h, "table_full", lambda: m.add_bot(CHANNEL, HOST, "random"))
    await m.start(CHANNEL, HOST)
    await m.settle()
    await refused(h, "not_lobby", lambda: m.join(CHANNEL, GUESTS[1], "Bob"), says="started")
    await refused(h, "not_lobby", lambda: m.leave(CHANNEL, GUESTS[0]))
    await refused(h, "not_lobby", lambda: m.add_bot(CHANNEL, HOST, "random"))
    await refused(h, "not_lobby", lambda: m.remove_bot(CHANNEL, HOST))
    await refused(h, "not_lobby", lambda: m.start(CHANNEL, HOST))
    await refused(h, "not_lobby", lambda: m.cancel(CHANNEL, HOST))


async def test_a_five_seat_lobby_with_two_seats_empty(tables: Harness) -> None:
    h = tables
    await h.manager.create(CHANNEL, HOST, "Host", players=5)
    await h.manager.join(CHANNEL, GUESTS[0], "Ann")
    await h.manager.add_bot(CHANNEL, HOST, "random")
    await refused(h, "seats_empty", lambda: h.manager.start(CHANNEL, HOST), says="2 seats")


@pytest.mark.parametrize(
    ("kwargs", "code", "says"),
    [
        ({"players": 2}, "bad_players", "not 2"),
        ({"players": 7}, "bad_players", "not 7"),
        ({"options": {"jokers": True}}, "bad_rules", "'jokers'"),
        ({"options": {"poignee_bonus": [1, "x"]}}, "bad_rules", "poignee_bonus"),
        ({"options": {"misere": "yes"}}, "bad_rules", "misere"),
        ({"deals": 0}, "bad_deals", "not 0"),
        ({"deals": 101}, "bad_deals", "not 101"),
    ],
)
async def test_a_table_that_cannot_be_created(
    tables: Harness, kwargs: dict[str, Any], code: str, says: str
) -> None:
    h = tables
    games = await games_in_storage(h)
    before = await state_of(h)
    await refused(h, code, lambda: h.manager.create(CHANNEL, HOST, "Host", **kwargs), says=says)
    assert await games_in_storage(h) == games
    assert await state_of(h) == before and h.manager.table(CHANNEL) is None
    assert await h.storage.find_player("user", str(HOST)) is None


async def test_a_quiet_lobby_expires(open_tables: OpenTables) -> None:
    h = await open_tables(TableSettings(bot_pause=0, lobby_expiry=900))
    m = h.manager
    snap = await m.create(CHANNEL, HOST, "Host", players=3)
    h.clock.advance(899)
    await m.settle()
    assert m.table(CHANNEL) is not None
    await m.join(CHANNEL, GUESTS[0], "Ann")  # activity: the lobby's clock starts again
    h.clock.advance(899)
    await m.settle()
    assert m.table(CHANNEL) is not None and h.recorder.events(LobbyClosed) == []
    await m.add_bot(CHANNEL, HOST, "random")
    await m.remove_bot(CHANNEL, HOST)
    h.clock.advance(899)
    await m.settle()
    assert m.table(CHANNEL) is not None
    h.clock.advance(1)
    await m.settle()
    closed = h.recorder.announced(LobbyClosed)
    assert [e for _, e in closed] == [LobbyClosed("expired")]
    assert closed[0][0].status == "cancelled"
    assert m.table(CHANNEL) is None
    stored = await h.storage.game(snap.game_id)
    assert stored is not None and stored.status == "cancelled"
    h.clock.advance(10_000)
    await m.settle()
    assert len(h.recorder.events(LobbyClosed)) == 1


async def test_a_started_game_does_not_expire_as_a_lobby(open_tables: OpenTables) -> None:
    h = await open_tables(
        TableSettings(
            bot_pause=0,
            lobby_expiry=900,
            idle_expiry=10**6,
            stand_in_after=10**6,
            reminder_after=10**6,
        )
    )
    m = h.manager
    await m.create(CHANNEL, HOST, "Host", players=3)
    await m.add_bot(CHANNEL, HOST, "random")
    await m.add_bot(CHANNEL, HOST, "random")
    await m.start(CHANNEL, HOST)
    await m.settle()
    h.clock.advance(901)
    await m.settle()
    snap = m.table(CHANNEL)
    assert snap is not None and snap.status == "playing"
    assert h.recorder.events(LobbyClosed) == []


async def test_a_lobby_whose_start_failed_still_expires(open_tables: OpenTables) -> None:
    """Known bug (fails today): start() cancels the lobby's expiry before trying to store
    the start, and a start refused for storage does not set it again."""
    h = await open_tables(TableSettings(bot_pause=0, lobby_expiry=900))
    m = h.manager
    await m.create(CHANNEL, HOST, "Host", players=4, deals=1, seed=174)  # a petit sec at once
    for level in ("random", "random", "random"):
        await m.add_bot(CHANNEL, HOST, level)
    await break_writes(h, "deals")
    with pytest.raises(Refused) as refusal:
        await m.start(CHANNEL, HOST)
    assert refusal.value.code == "storage"
    await mend_writes(h)
    h.clock.advance(900)
    await m.settle()
    assert h.recorder.events(LobbyClosed) == [LobbyClosed("expired")]
    assert m.table(CHANNEL) is None


async def test_two_creates_at_once_open_one_table(tables: Harness) -> None:
    h = tables
    outcomes = await asyncio.gather(
        h.manager.create(CHANNEL, HOST, "Host", players=3),
        h.manager.create(CHANNEL, GUESTS[0], "Ann", players=4),
        return_exceptions=True,
    )
    made = [o for o in outcomes if isinstance(o, TableSnapshot)]
    refusals = [o for o in outcomes if isinstance(o, Refused)]
    assert len(made) == 1 and [r.code for r in refusals] == ["table_exists"]
    assert await games_in_storage(h) == 1
    assert h.snapshot() == made[0]


async def test_two_joins_for_the_last_seat(tables: Harness) -> None:
    h = tables
    m = h.manager
    snap = await m.create(CHANNEL, HOST, "Host", players=3)
    await m.join(CHANNEL, GUESTS[0], "Ann")
    outcomes = await asyncio.gather(
        m.join(CHANNEL, GUESTS[1], "Bob"), m.join(CHANNEL, GUESTS[2], "Cy"), return_exceptions=True
    )
    assert [type(o) for o in outcomes].count(TableSnapshot) == 1
    assert [o.code for o in outcomes if isinstance(o, Refused)] == ["table_full"]
    seated = await h.storage.seated(snap.game_id)
    assert [s.seat for s in seated] == [0, 1, 2]
    assert [s.external_id for s in seated] == [str(i.user_id) for i in h.snapshot().seats if i]
