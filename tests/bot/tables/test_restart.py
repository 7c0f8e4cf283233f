"""Restarts: a game closed in the middle of a deal and rebuilt from its file plays on to
exactly the end it would have had; lobbies and away seats come back too."""

from __future__ import annotations

from typing import Any

import pytest
from tables_support import (
    CHANNEL,
    GUESTS,
    GUILD,
    HOST,
    Harness,
    OpenTables,
    choose,
    drive,
    seat_table,
    user_at,
)

from bot.tables import TableSettings, TableSnapshot
from bot.tables.events import DealFinished, GameFinished, LobbyClosed, StandIn
from tarot_core import Phase

GUEST = GUESTS[0]
SEED = 4242
LEVELS = {HOST: "heuristic", GUEST: "random"}
BOTS = ("heuristic", "random")


async def new_game(h: Harness) -> TableSnapshot:
    return await seat_table(h, players=4, humans=2, bots=BOTS, deals=2, seed=SEED)


async def outcome(h: Harness, game_id: int) -> dict[str, Any]:
    """Everything a finished game leaves in storage, for comparing two runs."""
    stats = {}
    for s in await h.storage.seated(game_id):
        line = await h.storage.player_stats(s.player_id, GUILD, min_games=1)
        assert line is not None
        stats[s.seat] = (line.points, line.deals, line.games, line.mu, line.sigma)
    game = await h.storage.game(game_id)
    assert game is not None
    return {
        "status": game.status,
        "actions": await h.storage.actions(game_id),
        "records": await h.storage.deal_records(game_id),
        "deals": await h.storage.game_deals(game_id),
        "stats": stats,
    }


def mid_second_deal(s: TableSnapshot, u: int, v: Any) -> bool:
    return s.deals_played == 1 and v.phase == Phase.PLAYING and len(v.tricks) >= 4


@pytest.mark.parametrize("stop", ["human_to_act", "bot_reply_in_flight"])
async def test_a_game_restored_mid_deal_ends_as_if_never_stopped(
    open_tables: OpenTables, stop: str
) -> None:
    # Run A: the whole game without a break.
    a = await open_tables(name="a.sqlite3")
    game_a = (await new_game(a)).game_id
    moves_a = (await drive(a, LEVELS, base=1)).moves
    reference = await outcome(a, game_a)
    finished_a = a.recorder.events(GameFinished)
    assert reference["status"] == "finished" and len(finished_a) == 1

    # Run B: the same seeds and moves, closed in the middle of the second deal.
    b = await open_tables(name="b.sqlite3")
    game_b = (await new_game(b)).game_id
    first = await drive(b, LEVELS, base=1, until=mid_second_deal)
    before = b.snapshot()
    if stop == "bot_reply_in_flight":
        # The human moves and the storage closes before the bot's answer is settled.
        user = user_at(before, before.to_act)  # type: ignore[arg-type]
        _, seat, view = b.manager.private_view(CHANNEL, user)
        move = choose(view, LEVELS[user], 1, before.turn)
        first.moves.append((before.turn, seat, move))
        before = await b.manager.act(CHANNEL, user, before.turn, move)
    views = {
        u: b.manager.private_view(CHANNEL, u)[2] for u in (HOST, GUEST) if stop == "human_to_act"
    }
    assert 0 < before.turn < len(reference["actions"])
    assert before.deal_number >= 2 and before.status == "playing"
    await b.close()

    # Restart: a new storage and a new manager on the same file.
    c = await open_tables(name="b.sqlite3")
    assert await c.manager.restore() == 1
    restored = c.snapshot()
    await c.manager.settle()
    assert restored.game_id == game_b
    if stop == "human_to_act":
        # Exactly where it was: the turn, the seat to act, every public and private fact.
        for key in ("turn", "to_act", "view", "seats", "totals", "deal_number", "deals_played"):
            assert getattr(restored, key) == getattr(before, key), key
        assert restored.rules == before.rules and restored.host_id == HOST
        for user, seen in views.items():
            assert c.manager.private_view(CHANNEL, user)[2] == seen
        told = c.recorder.told(before.to_act)
        assert told and told[-1].snapshot.turn == before.turn
    else:
        assert restored.turn >= before.turn
    # No deal of the first part is announced again.
    finished_before = [e.number for e in b.recorder.events(DealFinished)]
    assert not set(finished_before) & {e.number for e in c.recorder.events(DealFinished)}

    rest = await drive(c, LEVELS, base=1)
    assert c.manager.table(CHANNEL) is None
    assert c.recorder.events(GameFinished) == finished_a
    assert await outcome(c, game_b) == reference
    numbers = [d.number for d in reference["deals"]]
    assert numbers == sorted(set(numbers))
    assert finished_before + [e.number for e in c.recorder.events(DealFinished)] == numbers
    # The humans made the same moves in both runs.
    assert first.moves + rest.moves == moves_a


async def test_a_lobby_comes_back_after_a_restart(open_tables: OpenTables) -> None:
    settings = TableSettings(bot_pause=0, lobby_expiry=600)
    h = await open_tables(settings, name="lobby.sqlite3")
    await h.manager.create(CHANNEL, HOST, "Host", guild_id=GUILD, players=3, deals=1, seed=5)
    await h.manager.join(CHANNEL, GUEST, "Ann")
    lobby = await h.manager.add_bot(CHANNEL, GUEST, "random")
    await h.close()

    h2 = await open_tables(settings, name="lobby.sqlite3")
    assert await h2.manager.restore() == 1
    back = h2.snapshot()
    assert back.status == "lobby" and back.seats == lobby.seats and back.host_id == HOST
    assert (back.deals_target, back.rules, back.guild_id) == (1, lobby.rules, GUILD)
    h2.clock.advance(599)
    await h2.manager.settle()
    assert h2.manager.table(CHANNEL) is not None
    h2.clock.advance(1)
    await h2.manager.settle()
    assert h2.recorder.events(LobbyClosed) == [LobbyClosed("expired")]
    stored = await h2.storage.game(back.game_id)
    assert stored is not None and stored.status == "cancelled"
    assert await h2.manager.restore() == 0


async def test_a_restored_lobby_starts_and_plays(open_tables: OpenTables) -> None:
    h = await open_tables(name="lobby2.sqlite3")
    await h.manager.create(CHANNEL, HOST, "Host", guild_id=GUILD, players=3, deals=1, seed=6)
    await h.manager.join(CHANNEL, GUEST, "Ann")
    await h.close()
    h2 = await open_tables(name="lobby2.sqlite3")
    await h2.manager.restore()
    await h2.manager.add_bot(CHANNEL, HOST, "heuristic")
    await h2.manager.start(CHANNEL, HOST)
    await drive(h2, "random")
    assert len(h2.recorder.events(GameFinished)) == 1


async def test_an_away_seat_stays_away_after_a_restart(open_tables: OpenTables) -> None:
    settings = TableSettings(bot_pause=0, reminder_after=60, stand_in_after=120)
    h = await open_tables(settings, name="away.sqlite3")
    snap = await seat_table(h, players=3, humans=2, bots=("random",), deals=1, seed=17)
    seat = snap.to_act
    assert seat is not None
    user = user_at(snap, seat)
    h.clock.advance(120)
    await h.manager.settle()
    assert h.recorder.events(StandIn) == [StandIn(seat, user, "heuristic")]
    now = h.snapshot()
    assert now.seats[seat].away and now.to_act != seat  # type: ignore[union-attr]
    await h.close()

    h2 = await open_tables(settings, name="away.sqlite3")
    await h2.manager.restore()
    await h2.manager.settle()
    restored = h2.snapshot()
    assert restored.turn == now.turn and restored.seats == now.seats
    # The other human moves; the away seat's turns are played for it, untimed.
    played_for = 0
    for _ in range(30):
        await drive(h2, "random", moves=1)
        assert h2.snapshot().to_act != seat and h2.snapshot().seats[seat].away  # type: ignore[union-attr]
        actions = await h2.stored_actions(snap.game_id)
        played_for = sum(a.seat == seat for a in actions[now.turn :])
        if played_for >= 2:
            break
    assert played_for >= 2
    assert h2.recorder.events(StandIn) == []


async def test_a_tables_own_turn_timers_survive_a_restart_and_play_again(
    open_tables: OpenTables,
) -> None:
    """A server's delays (here 5 s, then a stand-in at 10 s, where the process says 60 and
    120) are stored with the game: the restored table and the next game keep them."""
    settings = TableSettings(bot_pause=0, reminder_after=60, stand_in_after=120)
    h = await open_tables(settings, name="timers.sqlite3")
    m = h.manager
    await m.create(
        CHANNEL, HOST, "Host", guild_id=GUILD, players=3, deals=1, seed=17, turn_timers=(5, 10)
    )
    await m.join(CHANNEL, GUESTS[0], "Ann")
    await m.add_bot(CHANNEL, HOST, "random")
    await m.start(CHANNEL, HOST)
    await m.settle()
    first = h.snapshot()
    assert first.deadline == h.clock.now() + 10
    await h.close()

    h2 = await open_tables(settings, name="timers.sqlite3")
    assert await h2.manager.restore() == 1
    await h2.manager.settle()
    assert h2.snapshot().deadline == h2.clock.now() + 10
    await drive(h2, "random")
    assert h2.manager.table(CHANNEL) is None
    await h2.manager.play_again(CHANNEL, first.game_id, HOST, "Host")
    await h2.manager.start(CHANNEL, HOST)
    await h2.manager.settle()
    again = h2.snapshot()
    assert again.game_id != first.game_id and again.deadline == h2.clock.now() + 10
