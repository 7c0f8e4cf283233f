"""Storage, on each backend: players, games and their action log, atomic writes, deal
records; and SQLite's own files: its WAL mode and an upgrade from an old schema."""

import json
import random
import sqlite3
from pathlib import Path

import pytest
from openskill.models import BradleyTerryPart
from storage_backends import Storages, open_sqlite

from bot.storage import Storage, StorageError
from bot.storage.sqlite.schema import MIGRATIONS
from tarot_core import Rules, to_record
from tarot_core.lab.bench import random_deal


async def test_a_new_file_gets_the_whole_schema_in_wal_mode(tmp_path: Path) -> None:
    """SQLite only: its schema version, journal mode and foreign keys are PRAGMAs."""
    db = await open_sqlite(tmp_path / "t.sqlite3")
    try:
        assert await db.schema_version() == len(MIGRATIONS)
        async with db.conn.execute("PRAGMA journal_mode") as cur:
            assert (await cur.fetchone()) == ("wal",)
        async with db.conn.execute("PRAGMA foreign_keys") as cur:
            assert (await cur.fetchone()) == (1,)
    finally:
        await db.close()
    again = await open_sqlite(tmp_path / "t.sqlite3")  # reopening migrates nothing twice
    assert await again.schema_version() == len(MIGRATIONS)
    await again.close()


async def test_players_are_created_once_and_renamed(db: Storage) -> None:
    a = await db.player("user", "123", "Alice")
    assert await db.player("user", "123", "Alice B.") == a
    assert await db.player("bot", "123", "expert") != a
    renamed = await db.player_by_id(a)
    assert renamed is not None and (renamed.name, renamed.kind) == ("Alice B.", "user")
    found = await db.find_player("user", "123")
    assert found == renamed


async def make_game(db: Storage) -> tuple[int, list[int]]:
    game = await db.create_game(
        guild_id=1, channel_id=2, players=4, rules=Rules().options(), deals_target=4, seed=99
    )
    ids = [await db.player("user", str(s), f"P{s}") for s in range(4)]
    for seat, pid in enumerate(ids):
        await db.seat(game, seat, pid)
    return game, ids


async def test_a_game_and_its_log_survive_reopening(storages: Storages) -> None:
    db = await storages.open()
    game, ids = await make_game(db)
    await db.set_status(game, "playing")
    await db.save_turn(game, 0, {"type": "bid", "seat": 1, "contract": "pass"})
    await db.save_turn(game, 1, {"type": "bid", "seat": 2, "contract": "garde"})

    db = await storages.reopen(db)
    stored = await db.game(game)
    assert stored is not None and stored.status == "playing" and stored.seed == 99
    assert stored.rules == Rules().options()
    assert [g.id for g in await db.live_games()] == [game]
    assert await db.seats(game) == ids
    assert [a["contract"] for a in await db.actions(game)] == ["pass", "garde"]
    with pytest.raises(StorageError, match="already stored"):
        await db.save_turn(game, 1, {"type": "bid", "seat": 3, "contract": "pass"})


SNOWFLAKE = 1_180_000_000_000_000_000
"""A Discord id of today (about 2**60): ids and seeds must not be cut to 32 bits."""


async def rules_of(db: Storage, game_id: int) -> dict[str, object]:
    stored = await db.game(game_id)
    assert stored is not None
    return stored.rules


async def test_a_game_keeps_its_fields_and_its_seats(db: Storage) -> None:
    host = await db.player("user", str(SNOWFLAKE), "Host")
    bot = await db.player("bot", "expert", "Expert")
    other = await db.player("user", str(SNOWFLAKE + 1), "Other")
    game = await db.create_game(
        guild_id=SNOWFLAKE,
        channel_id=SNOWFLAKE + 2,
        players=6,
        rules=Rules(players=6).options(),
        deals_target=6,
        seed=2**63 - 1,  # the largest seed a table draws
        host_id=host,
        turn_timers=(5.0, 10.5),
    )
    stored = await db.game(game)
    assert stored is not None
    assert (stored.guild_id, stored.channel_id, stored.players, stored.deals_target) == (
        SNOWFLAKE,
        SNOWFLAKE + 2,
        6,
        6,
    )
    assert (stored.seed, stored.status, stored.host_id) == (2**63 - 1, "lobby", host)
    assert stored.rules == Rules(players=6).options() and stored.turn_timers == (5.0, 10.5)
    assert await db.game(game + 1) is None

    for seat, pid in enumerate([host, bot, bot]):
        await db.seat(game, seat, pid)
    await db.set_away(game, 1, True)
    assert [
        (s.seat, s.player_id, s.kind, s.external_id, s.name, s.away) for s in await db.seated(game)
    ] == [
        (0, host, "user", str(SNOWFLAKE), "Host", False),
        (1, bot, "bot", "expert", "Expert", True),
        (2, bot, "bot", "expert", "Expert", False),
    ]
    await db.unseat(game, 2)
    await db.seat(game, 1, other)  # a seat taken again: its new player
    assert await db.seats(game) == [host, other]
    assert await db.seat_names(game) == ["Host", "Other"]

    changed = Rules(players=6, misere=True).options()
    await db.set_rules(game, changed)
    assert await rules_of(db, game) == changed
    await db.set_status(game, "playing")
    with pytest.raises(StorageError, match="not a lobby"):
        await db.set_rules(game, Rules(players=6).options())
    assert await rules_of(db, game) == changed  # a game in play keeps its rules

    plain = await db.create_game(
        guild_id=None, channel_id=1, players=3, rules={}, deals_target=1, seed=0
    )
    bare = await db.game(plain)
    assert bare is not None and (bare.guild_id, bare.host_id, bare.turn_timers) == (
        None,
        None,
        None,
    )
    assert [g.id for g in await db.live_games()] == [game, plain]
    await db.set_status(game, "stopped")
    await db.set_status(plain, "cancelled")
    assert await db.live_games() == []


async def test_a_failed_transaction_stores_nothing(db: Storage) -> None:
    game, ids = await make_game(db)
    deal = random_deal(random.Random(4), Rules(), 0)
    assert deal.result is not None
    with pytest.raises(RuntimeError):
        async with db.transaction():
            await db.record_deal(game, 1, to_record(deal), deal.result, ids)
            raise RuntimeError("the engine refused the next step")
    assert await db.deal_records(game) == []


async def test_a_deal_is_recorded_exactly_once(db: Storage) -> None:
    game, ids = await make_game(db)
    deal = random_deal(random.Random(4), Rules(), 0)
    assert deal.result is not None
    record = to_record(deal)
    await db.record_deal(game, 1, record, deal.result, ids)
    with pytest.raises(StorageError, match="already recorded"):
        await db.record_deal(game, 1, record, deal.result, ids)
    assert await db.deal_records(game) == [json.loads(json.dumps(record))]
    [summary] = await db.game_deals(game)
    assert (summary.number, summary.scores) == (1, deal.result.scores)


async def test_deals_stored_before_the_leaderboards_are_counted_on_upgrade(
    tmp_path: Path,
) -> None:
    """SQLite only: an upgrade of a file written by an old version (PostgreSQL starts at
    today's schema)."""
    path = tmp_path / "old.sqlite3"
    with sqlite3.connect(path) as old:
        old.executescript(MIGRATIONS[0] + MIGRATIONS[1] + "PRAGMA user_version = 2;")
        old.executescript(
            """
            INSERT INTO players VALUES (1, 'user', '1', 'A', 0), (2, 'bot', 'expert', 'E', 0);
            INSERT INTO games (id, guild_id, channel_id, players, rules, deals_target, seed,
                status, created_at) VALUES (1, 9, 1, 3, '{}', 2, '1', 'playing', 0);
            INSERT INTO deals VALUES (1, 1, 1, 'played', 0, 'garde', 1, '{}', 0),
                (2, 1, 2, 'passed', NULL, NULL, NULL, '{}', 0);
            INSERT INTO deal_scores VALUES (1, 0, 1, 100, 1), (1, 1, 2, -50, 0),
                (1, 2, 2, -50, 0), (2, 0, 1, 0, 0), (2, 1, 2, 0, 0), (2, 2, 2, 0, 0);
            """
        )
    db = await open_sqlite(path)
    try:
        for scope in (None, 9):
            a = await db.player_stats(1, scope, min_games=0)
            e = await db.player_stats(2, scope, min_games=0)
            assert a is not None and e is not None
            assert (a.points, a.deals, a.taken, a.made, a.games) == (100, 1, 1, 1, 0)
            # Its two seats of one deal: one deal (schema 6), their scores summed.
            assert (e.points, e.deals, e.taken, e.made, e.games) == (-100, 1, 0, 0, 0)
            assert (e.mu, e.sigma, e.rating) == (
                25.0,
                25 / 3,
                BradleyTerryPart().rating().ordinal(),
            )
    finally:
        await db.close()
