"""Storage on real SQLite files: migrations, atomic writes, the action log, deal records."""

import json
import random
import sqlite3
from pathlib import Path

import pytest
from openskill.models import BradleyTerryPart

from bot.storage import Storage, StorageError, open_storage
from bot.storage.sqlite.schema import MIGRATIONS
from tarot_core import Rules, to_record
from tarot_core.bench import random_deal


async def test_a_new_file_gets_the_whole_schema_in_wal_mode(tmp_path: Path) -> None:
    db = await open_storage(tmp_path / "t.sqlite3")
    try:
        assert await db.schema_version() == len(MIGRATIONS)
        async with db.conn.execute("PRAGMA journal_mode") as cur:
            assert (await cur.fetchone())[0] == "wal"  # type: ignore[index]
        async with db.conn.execute("PRAGMA foreign_keys") as cur:
            assert (await cur.fetchone())[0] == 1  # type: ignore[index]
    finally:
        await db.close()
    again = await open_storage(tmp_path / "t.sqlite3")  # reopening migrates nothing twice
    assert await again.schema_version() == len(MIGRATIONS)
    await again.close()


async def test_players_are_created_once_and_renamed(tmp_path: Path) -> None:
    db = await open_storage(tmp_path / "t.sqlite3")
    a = await db.player("user", "123", "Alice")
    assert await db.player("user", "123", "Alice B.") == a
    assert await db.player("bot", "123", "expert") != a
    async with db.conn.execute("SELECT name FROM players WHERE id = ?", (a,)) as cur:
        assert (await cur.fetchone())[0] == "Alice B."  # type: ignore[index]
    await db.close()


async def make_game(db: Storage) -> tuple[int, list[int]]:
    game = await db.create_game(
        guild_id=1, channel_id=2, players=4, rules=Rules().options(), deals_target=4, seed=99
    )
    ids = [await db.player("user", str(s), f"P{s}") for s in range(4)]
    for seat, pid in enumerate(ids):
        await db.seat(game, seat, pid)
    return game, ids


async def test_a_game_and_its_log_survive_reopening(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    db = await open_storage(path)
    game, ids = await make_game(db)
    await db.set_status(game, "playing")
    async with db.transaction():
        await db.append_action(game, 0, {"type": "bid", "seat": 1, "contract": "pass"})
        await db.append_action(game, 1, {"type": "bid", "seat": 2, "contract": "garde"})
    await db.close()

    db = await open_storage(path)
    stored = await db.game(game)
    assert stored is not None and stored.status == "playing" and stored.seed == 99
    assert stored.rules == Rules().options()
    assert [g.id for g in await db.live_games()] == [game]
    assert await db.seats(game) == ids
    assert [a["contract"] for a in await db.actions(game)] == ["pass", "garde"]
    with pytest.raises(StorageError, match="action 1 of game"):
        await db.append_action(game, 1, {"type": "bid", "seat": 3, "contract": "pass"})
    await db.close()


async def test_a_failed_transaction_stores_nothing(tmp_path: Path) -> None:
    db = await open_storage(tmp_path / "t.sqlite3")
    game, _ = await make_game(db)
    with pytest.raises(RuntimeError):
        async with db.transaction():
            await db.append_action(game, 0, {"type": "bid", "seat": 1, "contract": "pass"})
            raise RuntimeError("the engine refused the next step")
    assert await db.actions(game) == []
    await db.close()


async def test_a_deal_is_recorded_exactly_once(tmp_path: Path) -> None:
    db = await open_storage(tmp_path / "t.sqlite3")
    game, ids = await make_game(db)
    deal = random_deal(random.Random(4), Rules(), 0)
    assert deal.result is not None
    record = to_record(deal)
    await db.record_deal(game, 1, record, deal.result, ids)
    with pytest.raises(StorageError, match="already recorded"):
        await db.record_deal(game, 1, record, deal.result, ids)
    assert await db.deal_records(game) == [json.loads(json.dumps(record))]
    await db.close()
    with sqlite3.connect(tmp_path / "t.sqlite3") as plain:
        scores = plain.execute("SELECT score FROM deal_scores ORDER BY seat").fetchall()
    assert [s for (s,) in scores] == list(deal.result.scores)


async def test_deals_stored_before_the_leaderboards_are_counted_on_upgrade(
    tmp_path: Path,
) -> None:
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
    db = await open_storage(path)
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
