"""What only the PostgreSQL backend does, on a real server (``pg_url``: a fresh database per
test): its migrations, its refusals at start, transactions of several tasks at once, and
64-bit Discord ids. The behaviour both backends share is the shared storage suite's."""

from __future__ import annotations

import asyncio
import random
import sqlite3
from contextlib import closing
from pathlib import Path

import asyncpg
import pytest

from bot.storage import (
    DatabaseTooNew,
    DatabaseUnusable,
    FinishedDeal,
    Storage,
    StorageError,
    open_storage,
)
from bot.storage.errors import Conflict
from bot.storage.postgres import PostgresStorage
from bot.storage.postgres.schema import MIGRATIONS, Migration, migrate, schema_version
from tarot_core import Rules, to_record
from tarot_core.lab.bench import random_deal

BIG = 2**63 - 5
"""A Discord id beyond 2**53 (where a float would round it) and near BIGINT's end."""


async def raw(url: str, sql: str, *args: object) -> list[asyncpg.Record]:
    conn = await asyncpg.connect(url)
    try:
        return await conn.fetch(sql, *args)
    finally:
        await conn.close()


async def open_pg(url: str) -> PostgresStorage:
    db = await open_storage(url)
    assert isinstance(db, PostgresStorage)
    return db


def sqlite_schema(path: Path) -> tuple[dict[str, list[str]], set[str]]:
    """Each table's columns in order, and the named indexes, of a new SQLite database."""
    with closing(sqlite3.connect(path)) as conn:
        tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        columns = {t: [r[1] for r in conn.execute(f"PRAGMA table_info({t})")] for t in tables}
        indexes = {
            r[0]
            for r in conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL"
            )
        }
    return columns, indexes


async def test_the_schema_is_sqlites_and_is_applied_once(pg_url: str, tmp_path: Path) -> None:
    sqlite_db = await open_storage(tmp_path / "t.sqlite3")
    await sqlite_db.close()
    want_columns, want_indexes = sqlite_schema(tmp_path / "t.sqlite3")

    first = await open_pg(pg_url)
    await first.close()
    again = await open_pg(pg_url)  # reopening applies nothing twice
    assert await again.schema_version() == len(MIGRATIONS)
    await again.close()

    rows = await raw(
        pg_url,
        "SELECT table_name, column_name FROM information_schema.columns"
        " WHERE table_schema = 'public' ORDER BY table_name, ordinal_position",
    )
    columns: dict[str, list[str]] = {}
    for table, column in rows:
        columns.setdefault(table, []).append(column)
    assert columns.pop("schema_migrations") == ["version", "applied_at"]
    assert columns == want_columns
    named = await raw(
        pg_url,
        "SELECT indexname FROM pg_indexes WHERE schemaname = 'public'"
        " AND indexname NOT LIKE '%pkey' AND indexname NOT LIKE '%key'",
    )
    assert {r[0] for r in named} == want_indexes
    versions = await raw(pg_url, "SELECT version FROM schema_migrations ORDER BY version")
    assert [r[0] for r in versions] == list(range(1, len(MIGRATIONS) + 1))


async def test_two_processes_starting_at_once_migrate_once(pg_url: str) -> None:
    both = await asyncio.gather(open_pg(pg_url), open_pg(pg_url), open_pg(pg_url))
    for db in both:
        await db.close()
    versions = await raw(pg_url, "SELECT version FROM schema_migrations")
    assert sorted(r[0] for r in versions) == list(range(1, len(MIGRATIONS) + 1))


async def test_a_database_of_a_newer_version_is_refused_with_no_connection_left(
    pg_url: str,
) -> None:
    db = await open_pg(pg_url)
    await db.close()
    await raw(pg_url, "INSERT INTO schema_migrations VALUES ($1, 0)", len(MIGRATIONS) + 1)
    with pytest.raises(DatabaseTooNew) as refused:
        await open_storage(pg_url)
    message = str(refused.value)
    assert "\n" not in message and "newer version" in message
    assert f"schema {len(MIGRATIONS) + 1}" in message and pg_url.rsplit("/", 1)[1] in message
    database = pg_url.rsplit("/", 1)[1]
    left = await raw(
        pg_url,
        "SELECT count(*) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()",
        database,
    )
    assert left[0][0] == 0


async def test_a_failed_migration_leaves_nothing_of_itself(pg_url: str) -> None:
    steps = (
        Migration(1, "0001_a.sql", "CREATE TABLE a (x INTEGER)"),
        Migration(2, "0002_b.sql", "CREATE TABLE b (x INTEGER); SELECT 1 / 0"),
    )
    pool = await asyncpg.create_pool(pg_url, min_size=1, max_size=1)
    try:
        async with pool.acquire() as conn:
            with pytest.raises(DatabaseUnusable) as refused:
                await migrate(conn, "the server", steps)
            assert await schema_version(conn) == 1
            assert await conn.fetchval("SELECT to_regclass('b')") is None
    finally:
        await pool.close()
    message = str(refused.value)
    assert message.startswith("the server: migration 0002_b.sql (2 of 2) failed")
    assert "division by zero" in message and "nothing of it was applied" in message


@pytest.mark.parametrize(
    ("change", "cause"),
    [
        ("port", "connecting failed"),
        ("database", 'database "no_such_db" does not exist'),
        ("user", 'role "nobody" does not exist'),
    ],
)
async def test_a_server_that_cannot_be_used_is_refused_in_one_line_without_the_password(
    pg_url: str, change: str, cause: str
) -> None:
    port = pg_url.rsplit(":", 1)[1].split("/")[0]
    user = "nobody" if change == "user" else pg_url.split("//", 1)[1].split("@", 1)[0]
    database = "no_such_db" if change == "database" else pg_url.rsplit("/", 1)[1]
    if change == "port":
        port = "1"  # nothing listens there
    url = f"postgresql://{user}:s3cret-pw@127.0.0.1:{port}/{database}"
    with pytest.raises(DatabaseUnusable) as refused:
        await open_storage(url)
    message = str(refused.value)
    assert "\n" not in message and "s3cret-pw" not in message
    assert message.startswith(f"postgresql://{user}@127.0.0.1:{port}/{database}: ")
    assert cause in message


async def games(db: Storage, count: int, guild_id: int = 1) -> tuple[list[int], list[int]]:
    ids = [await db.player("user", str(s), f"P{s}") for s in range(4)]
    made = []
    for _ in range(count):
        game = await db.create_game(
            guild_id=guild_id,
            channel_id=2,
            players=4,
            rules=Rules().options(),
            deals_target=1,
            seed=1,
        )
        for seat, pid in enumerate(ids):
            await db.seat(game, seat, pid)
        await db.set_status(game, "playing")
        made.append(game)
    return made, ids


def bid(seat: int) -> dict[str, object]:
    return {"type": "bid", "seat": seat, "contract": "pass"}


async def record(db: Storage, game: int, number: int, ids: list[int]) -> None:
    """Record a deal: a write that joins the task's transaction."""
    deal = random_deal(random.Random(number), Rules(), 0)
    assert deal.result is not None
    await db.record_deal(game, number, to_record(deal), deal.result, ids)


async def test_transactions_of_two_tasks_run_at_once_and_both_commit(pg_url: str) -> None:
    db = await open_pg(pg_url)
    (a, b), _ = await games(db, 2)
    both_inside = asyncio.Barrier(2)

    async def write(game: int) -> None:
        async with db.transaction():
            await db.set_away(game, 0, True)
            await both_inside.wait()  # SQLite's one connection would wait here forever
            await db.set_away(game, 1, True)

    await asyncio.wait_for(asyncio.gather(write(a), write(b)), timeout=10)
    for game in (a, b):
        assert [s.away for s in await db.seated(game)] == [True, True, False, False]
    await db.close()


async def test_a_nested_transaction_joins_and_a_duplicate_keeps_it_usable(pg_url: str) -> None:
    db = await open_pg(pg_url)
    (a,), ids = await games(db, 1)
    await record(db, a, 1, ids)
    with pytest.raises(RuntimeError):
        async with db.transaction():
            async with db.transaction():
                await record(db, a, 2, ids)
            with pytest.raises(StorageError, match="deal 1 of game"):
                await record(db, a, 1, ids)
            await record(db, a, 3, ids)  # the transaction goes on, as in SQLite
            assert len(await db.deal_records(a)) == 3  # it reads its own writes
            raise RuntimeError("rolled back")
    assert len(await db.deal_records(a)) == 1
    await db.close()


async def test_a_conflict_names_the_constraint_never_the_row(pg_url: str) -> None:
    """PostgreSQL quotes a row that breaks a CHECK ("Failing row contains (...)"), and a
    deal's row holds its record: every hand and the écart."""
    db = await open_pg(pg_url)
    (a,), _ = await games(db, 1)
    with pytest.raises(Conflict) as refused:
        async with db.writes() as rows:
            await rows.execute(
                "INSERT INTO deals (game_id, number, outcome, record, finished_at)"
                " VALUES ($1, 1, 'misplayed', $2, 0)",
                a,
                '{"ecart": ["21T"]}',
            )
    assert "deals_outcome_check" in str(refused.value)
    assert "21T" not in str(refused.value) and refused.value.__cause__ is None
    await db.close()


async def test_a_task_started_inside_a_transaction_has_its_own(pg_url: str) -> None:
    """Two tasks cannot share one connection: the child commits alone, on another."""
    db = await open_pg(pg_url)
    (a, b), _ = await games(db, 2)
    with pytest.raises(RuntimeError):
        async with db.transaction():
            await db.set_away(a, 0, True)
            await asyncio.create_task(db.set_away(b, 0, True))
            raise RuntimeError("rolled back")
    assert [s.away for s in await db.seated(a)] == [False] * 4
    assert [s.away for s in await db.seated(b)] == [True, False, False, False]
    await db.close()


async def test_a_bad_turn_in_a_batch_is_refused_alone_and_the_others_land(pg_url: str) -> None:
    db = await open_pg(pg_url)
    (a, b, c), ids = await games(db, 3)
    await db.save_turn(b, 0, bid(0))
    deal = random_deal(random.Random(2), Rules(), 0)
    assert deal.result is not None
    finished = FinishedDeal(1, to_record(deal), deal.result, ids)
    results = await asyncio.gather(
        db.save_turn(a, 0, bid(0), [finished], list(deal.result.scores)),
        db.save_turn(b, 0, bid(3)),  # turn 0 of b is already stored: a replayed click
        db.save_turn(c, 0, bid(0)),
        return_exceptions=True,
    )
    assert results[0] is None and results[2] is None
    assert isinstance(results[1], StorageError)
    assert [x["seat"] for x in await db.actions(b)] == [0]
    assert len(await db.actions(a)) == 1 and len(await db.actions(c)) == 1
    assert len(await db.deal_records(a)) == 1
    stored = await db.game(a)
    assert stored is not None and stored.status == "finished"
    await db.close()


async def test_discord_ids_beyond_2_53_round_trip_exactly(pg_url: str) -> None:
    db = await open_pg(pg_url)
    user = await db.player("user", str(BIG), "Big")
    game = await db.create_game(
        guild_id=BIG, channel_id=BIG - 1, players=3, rules={}, deals_target=1, seed=BIG + 10
    )
    await db.seat(game, 0, user)
    await db.set_table_message(game, BIG - 2)
    await db.set_table_thread(game, BIG - 3)
    await db.set_dm_message(game, 0, BIG - 4, BIG - 6)
    await db.set_dm_closed(game, BIG, True)
    await db.set_locale(BIG, "fr")
    await db.set_guild_settings(BIG, {"threads": False})
    stored = await db.game(game)
    assert stored is not None and (stored.guild_id, stored.channel_id) == (BIG, BIG - 1)
    assert stored.seed == BIG + 10
    assert await db.table_message(game) == BIG - 2 and await db.table_thread(game) == BIG - 3
    assert await db.dm_message(game, 0) == (BIG - 4, BIG - 6)
    assert await db.dm_closed(game, BIG) and await db.locale(BIG) == "fr"
    assert await db.guild_settings(BIG) == {"threads": False}
    found = await db.find_player("user", str(BIG))
    assert found is not None and found.external_id == str(BIG)
    await db.close()


async def test_the_whole_interface_works_end_to_end(pg_url: str) -> None:
    db = await open_pg(pg_url)
    (game,), ids = await games(db, 1, guild_id=7)
    deal = random_deal(random.Random(5), Rules(), 0)
    assert deal.result is not None and deal.result.outcome == "played"
    totals = list(deal.result.scores)
    await db.save_turn(
        game, 0, bid(0), [FinishedDeal(1, to_record(deal), deal.result, ids)], totals
    )
    with pytest.raises(StorageError, match="deal 1 of game .* already recorded"):
        await db.record_deal(game, 1, to_record(deal), deal.result, ids)
    with pytest.raises(StorageError, match="is finished, not playing"):
        await db.finish_game(game, totals)

    board = await db.leaderboard(7, min_games=1)
    assert sorted(s.player_id for s in board) == sorted(ids)
    assert board[0].rank == 1 and sum(s.points for s in board) == 0
    assert [s.rank for s in board] == sorted(s.rank for s in board)
    assert await db.ranked_count(None, min_games=1) == 4
    mine = await db.player_stats(ids[0], 7, min_games=1)
    assert mine is not None and (mine.games, mine.deals, mine.points) == (1, 1, totals[0])
    assert mine.rank is not None and mine.ranked == 4
    assert await db.player_stats(ids[0], 8) is not None  # known, nothing in this guild
    assert await db.player_stats(10**6, None) is None

    (summary,) = await db.recent_games(ids[1])
    assert summary.id == game and summary.status == "finished" and summary.deals == 1
    assert [s.total for s in summary.seats] == totals
    (played,) = await db.game_deals(game)
    assert played.scores == tuple(totals) and played.taker == deal.result.taker
    assert await db.deal_record(game, 1) == to_record(deal)
    assert await db.deal_record(game, 2) is None
    assert await db.seat_names(game) == ["P0", "P1", "P2", "P3"]
    seated = await db.seated(game)
    assert [s.player_id for s in seated] == ids and not any(s.away for s in seated)

    assert await db.set_guild_settings(7, {"threads": False, "players": 5}) == {
        "threads": False,
        "players": 5,
    }
    assert await db.set_guild_settings(7, {"players": None}) == {"threads": False}
    await asyncio.gather(*(db.set_guild_settings(9, {f"k{i}": i}) for i in range(5)))
    assert await db.guild_settings(9) == {f"k{i}": i for i in range(5)}  # none lost

    await db.set_meta("commands", "abc")
    await db.set_meta("commands", "def")
    assert await db.meta("commands") == "def" and await db.meta("other") is None
    assert await db.table_message(game) is None and await db.dm_message(game, 0) is None

    lobby = await db.create_game(
        guild_id=None,
        channel_id=3,
        players=5,
        rules={},
        deals_target=2,
        seed=4,
        turn_timers=(30.0, 90.0),
    )
    await db.set_rules(lobby, {"misere": True})
    stored = await db.game(lobby)
    assert stored is not None and stored.rules == {"misere": True}
    assert stored.turn_timers == (30.0, 90.0)
    assert [g.id for g in await db.live_games()] == [lobby]
    with pytest.raises(StorageError, match="not a lobby"):
        await db.set_rules(game, {})
    await db.close()
