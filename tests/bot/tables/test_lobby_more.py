"""The host frees a seat of the lobby (a bot's or a player's), and a finished game is
played again by a new lobby with the same seats, rules and deals."""

from __future__ import annotations

from tables_support import CHANNEL, GUESTS, GUILD, HOST, Harness, drive, refused, seat_table

from bot.tables import TableSnapshot


def holders(snap: TableSnapshot) -> list[object]:
    return [None if i is None else (i.user_id or i.level) for i in snap.seats]


async def test_the_host_removes_a_bot_or_a_player_and_storage_follows(tables: Harness) -> None:
    h, m = tables, tables.manager
    await m.create(CHANNEL, HOST, "Host", guild_id=GUILD, players=4, seed=3)
    await m.join(CHANNEL, GUESTS[0], "Ann")
    await m.add_bot(CHANNEL, HOST, "expert")
    snap = await m.join(CHANNEL, GUESTS[1], "Bob")
    assert holders(snap) == [HOST, GUESTS[0], "expert", GUESTS[1]]

    snap = await m.remove_seat(CHANNEL, HOST, 1)  # a player who is not coming
    assert holders(snap) == [HOST, None, "expert", GUESTS[1]]
    snap = await m.remove_seat(CHANNEL, HOST, 2)  # a bot
    assert holders(snap) == [HOST, None, None, GUESTS[1]]
    stored = await h.storage.seated(snap.game_id)
    assert [(s.seat, s.external_id) for s in stored] == [(0, str(HOST)), (3, str(GUESTS[1]))]
    assert h.recorder.calls[-1].method == "table_changed"
    assert h.recorder.calls[-1].snapshot == snap
    # The freed seats are taken again as any empty seat is.
    snap = await m.join(CHANNEL, GUESTS[0], "Ann")
    assert holders(snap) == [HOST, GUESTS[0], None, GUESTS[1]]


async def test_removing_a_seat_is_the_hosts_and_refusals_change_nothing(tables: Harness) -> None:
    h, m = tables, tables.manager
    await m.create(CHANNEL, HOST, "Host", guild_id=GUILD, players=3, seed=3)
    snap = await m.join(CHANNEL, GUESTS[0], "Ann")
    ann = snap.seats[1]
    assert ann is not None
    error = await refused(h, "not_host", lambda: m.remove_seat(CHANNEL, GUESTS[0], 1))
    assert error.params == {"action": "remove"}
    await refused(h, "host_seat", lambda: m.remove_seat(CHANNEL, HOST, 0), says="own seat")
    await refused(h, "empty_seat", lambda: m.remove_seat(CHANNEL, HOST, 2), says="seat 3")
    await refused(h, "bad_seat", lambda: m.remove_seat(CHANNEL, HOST, 5), says="no seat 6")
    # A button made when Ann sat there does not remove whoever sits there now.
    await m.leave(CHANNEL, GUESTS[0])
    await m.join(CHANNEL, GUESTS[1], "Bob")
    await refused(
        h,
        "stale",
        lambda: m.remove_seat(CHANNEL, HOST, 1, player_id=ann.player_id),
        says="changed hands",
    )
    await m.add_bot(CHANNEL, HOST, "random")
    await m.start(CHANNEL, HOST)
    await m.settle()
    await refused(h, "not_lobby", lambda: m.remove_seat(CHANNEL, HOST, 1))


async def test_play_again_opens_a_lobby_with_the_same_seats_rules_and_deals(
    tables: Harness,
) -> None:
    h, m = tables, tables.manager
    options = {"misere": True, "garde_contre_multiplier": 8}
    first = await seat_table(
        h, players=4, humans=2, bots=("random", "heuristic"), deals=1, options=options
    )
    await drive(h)
    assert m.table(CHANNEL) is None  # finished: the channel is free
    stored = await h.storage.game(first.game_id)
    assert stored is not None and stored.status == "finished"

    # Not one who played it: refused, and nothing opened.
    await refused(h, "not_seated", lambda: m.play_again(CHANNEL, first.game_id, 4242, "Eve"))
    await refused(h, "stale", lambda: m.play_again(CHANNEL + 1, first.game_id, HOST, "Host"))
    # The guest asks: they host the new lobby, everyone seated where they were.
    again = await m.play_again(CHANNEL, first.game_id, GUESTS[0], "Ann")
    assert again.status == "lobby" and again.game_id != first.game_id
    assert again.host_id == GUESTS[0]
    assert holders(again) == holders(first) == [HOST, GUESTS[0], "random", "heuristic"]
    assert again.rules == first.rules and again.rules.misere
    assert again.deals_target == first.deals_target == 1
    new = await h.storage.game(again.game_id)
    assert new is not None
    assert (new.status, new.players, new.channel_id, new.guild_id) == ("lobby", 4, CHANNEL, GUILD)
    assert new.seed != stored.seed  # another deal of the cards
    assert [s.external_id for s in await h.storage.seated(again.game_id)] == [
        str(HOST),
        str(GUESTS[0]),
        "random",
        "heuristic",
    ]
    # Pressed again (or by another player): the channel has its table.
    await refused(h, "table_exists", lambda: m.play_again(CHANNEL, first.game_id, HOST, "Host"))
    # The new host runs it like any lobby: starts it at once with everyone seated.
    await refused(h, "not_host", lambda: m.start(CHANNEL, HOST))
    started = await m.start(CHANNEL, GUESTS[0])
    assert started.status == "playing"


async def test_only_a_finished_game_is_played_again(tables: Harness) -> None:
    h, m = tables, tables.manager
    snap = await seat_table(h, players=3, humans=1, bots=("random", "random"), start=False)
    await refused(h, "stale", lambda: m.play_again(CHANNEL + 1, snap.game_id, HOST, "Host"))
    await m.cancel(CHANNEL, HOST)
    await refused(h, "stale", lambda: m.play_again(CHANNEL, snap.game_id, HOST, "Host"))
    await refused(h, "stale", lambda: m.play_again(CHANNEL, 999_999, HOST, "Host"))
