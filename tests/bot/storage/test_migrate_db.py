"""``python -m bot migrate-db``: a SQLite database filled through the storage interface is
copied into an empty PostgreSQL database (``pg_url``) and read back through the same
interface; a target that is not empty, a bad source, a server out of reach and a copy that
differs from its source are refused in one line with nothing committed."""

from __future__ import annotations

import asyncio
import random
import socket
import sqlite3
import subprocess
import sys
import time
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import asyncpg
import pytest
from cli_support import ROOT, clean_env, run

from bot.__main__ import main
from bot.storage import FinishedDeal, ParDeal, Storage, copying, open_storage
from bot.storage.copying import CopyMismatch, copy_database
from tarot_core import Rules, to_record
from tarot_core.lab.bench import random_deal

GUILD = 2**62 + 7
"""A guild id beyond 2**53, where a float would round it."""

TABLES = (
    "players games seats deals deal_scores actions player_stats game_results meta guild_settings"
    " routed_clicks challenges challenge_pars challenge_attempts challenge_ladder deal_reviews"
).split()


@dataclass(frozen=True)
class Filled:
    users: list[int]
    """Discord user ids of the humans, in the order of ``players``."""
    players: list[int]
    """Player ids: the humans, then a bot."""
    games: list[int]
    """A finished game in the guild, one outside any guild, a live game, a lobby."""
    challenge: int
    """A daily challenge with its pars, a finished attempt and its day on the ladder."""


async def fill(path: Path) -> Filled:
    """Something of everything the bot stores, written as the bot writes it."""
    db = await open_storage(path)
    try:
        users = [10**17 + 1, 10**17 + 2, 10**17 + 3]
        players = [await db.player("user", str(u), f"U{u % 10}") for u in users]
        players.append(await db.player("bot", "expert", "Expert"))
        await db.set_locale(users[0], "fr")
        games = [
            await finished_game(db, GUILD, players, host=players[0]),
            await finished_game(db, None, players[::-1], host=None),
        ]
        live = await db.create_game(
            guild_id=GUILD,
            channel_id=42,
            players=3,
            rules=Rules(players=3).options(),
            deals_target=3,
            seed=2**63 - 1,
            host_id=players[1],
            turn_timers=(30.0, 90.0),
        )
        for seat, pid in enumerate(players[1:]):
            await db.seat(live, seat, pid)
        await db.set_status(live, "playing")
        await db.set_away(live, 1, True)
        await db.set_dm_message(live, 0, 555, 666)
        await db.set_dm_closed(live, users[1], True)
        await db.set_table_message(live, 777)
        await db.set_table_thread(live, 888)
        for seq in range(3):
            await db.save_turn(live, seq, {"type": "bid", "seat": seq, "contract": "pass"})
        lobby = await db.create_game(
            guild_id=GUILD, channel_id=43, players=5, rules={}, deals_target=1, seed=7
        )
        await db.seat(lobby, 0, players[0])
        games += [live, lobby]
        await db.set_guild_settings(GUILD, {"players": 5, "threads": False})
        await db.set_meta("commands_hash", "abc123")
        await db.save_deal_review(games[0], 2, 1, 1, {"version": 1, "seat": 1, "decisions": []})
        challenge = await challenge_played(db, players)
    finally:
        await db.close()
    return Filled(users, players, games, challenge)


async def challenge_played(db: Storage, ids: list[int]) -> int:
    """A daily challenge of the guild, its pars, a member's finished attempt and its day on
    the ladder."""
    rules = Rules(players=4)
    challenge, _ = await db.create_challenge(
        scope="guild",
        guild_id=GUILD,
        day="2026-11-28",
        players=4,
        rules=rules.options(),
        deals=1,
        seat=0,
        variants=1,
        level="expert:64",
        seed=2**64 - 1,
        created_by=ids[0],
        opened_at=1.0e9,
        closes_at=1.0e9 + 86400,
    )
    deal = random_deal(random.Random(5), rules, 0)
    assert deal.result is not None
    await db.set_pars(challenge, [ParDeal.of(0, 0, 0, deal.result, to_record(deal))])
    seats = [ids[0], ids[3], ids[3], ids[3]]
    game = await db.start_attempt(
        challenge_id=challenge,
        player_id=ids[0],
        variant=0,
        guild_id=GUILD,
        channel_id=44,
        players=4,
        rules=rules.options(),
        deals_target=1,
        seed=9,
        seats=seats,
        started_at=1.0e9 + 60,
    )
    finished = FinishedDeal(1, to_record(deal), deal.result, seats)
    await db.save_turn(game, 0, {"type": "play"}, [finished], list(deal.result.scores))
    assert await db.record_ladder(challenge, [(ids[0], 62.5)]) == 1  # the day, closed
    return challenge


async def finished_game(db: Storage, guild_id: int | None, ids: list[int], host: int | None) -> int:
    rules = Rules(players=4)
    game = await db.create_game(
        guild_id=guild_id,
        channel_id=41,
        players=4,
        rules=rules.options(),
        deals_target=2,
        seed=11,
        host_id=host,
    )
    for seat, pid in enumerate(ids):
        await db.seat(game, seat, pid)
    await db.set_status(game, "playing")
    totals = [0] * 4
    for number in (1, 2):
        deal = random_deal(random.Random(number), rules, number - 1)
        assert deal.result is not None
        totals = [t + s for t, s in zip(totals, deal.result.scores, strict=True)]
        finished = FinishedDeal(number, to_record(deal), deal.result, ids)
        last = totals if number == 2 else None
        await db.save_turn(game, number - 1, {"type": "play", "n": number}, [finished], last)
    return game


async def everything(db: Storage, filled: Filled) -> dict[str, Any]:
    """All that the bot can read back of ``filled``, through the storage interface."""
    seen: dict[str, Any] = {
        "boards": [await db.leaderboard(g, min_games=0, limit=100) for g in (None, GUILD)],
        "live": await db.live_games(),
        "settings": await db.guild_settings(GUILD),
        "meta": await db.meta("commands_hash"),
        "challenge": (
            await db.challenge(filled.challenge),
            await db.pars(filled.challenge),
            await db.attempts(filled.challenge),
            await db.challenge_results(filled.challenge),
            await db.ladder("guild", GUILD, "2026-11", 20, 10),
        ),
        "users": [
            (await db.locale(u), await db.dm_closed(filled.games[2], u)) for u in filled.users
        ],
    }
    for pid in filled.players:
        seen[f"player {pid}"] = (
            await db.player_by_id(pid),
            await db.player_stats(pid, None, min_games=0),
            await db.player_stats(pid, GUILD, min_games=0),
            await db.recent_games(pid),
        )
    for game in filled.games:
        seen[f"game {game}"] = (
            await db.game(game),
            await db.seated(game),
            await db.actions(game),
            await db.deal_records(game),
            await db.game_deals(game),
            await db.table_message(game),
            await db.table_thread(game),
            [await db.dm_message(game, seat) for seat in range(5)],
            await db.deal_review(game, 2, 1, 1),
        )
    return seen


async def row_counts(url: str) -> dict[str, int]:
    conn = await asyncpg.connect(url)
    try:
        return {t: int(await conn.fetchval(f"SELECT count(*) FROM {t}")) for t in TABLES}
    finally:
        await conn.close()


async def foreign_keys(url: str) -> list[str]:
    conn = await asyncpg.connect(url)
    try:
        rows = await conn.fetch(
            "SELECT conrelid::regclass || ' ' || pg_get_constraintdef(oid) FROM pg_constraint"
            " WHERE contype = 'f' ORDER BY 1"
        )
    finally:
        await conn.close()
    return [str(r[0]) for r in rows]


@pytest.fixture
async def source(tmp_path: Path) -> tuple[Path, Filled]:
    path = tmp_path / "tarot.sqlite3"
    return path, await fill(path)


async def test_everything_is_copied_with_its_ids_and_reads_back_the_same(
    source: tuple[Path, Filled], pg_url: str
) -> None:
    path, filled = source
    report = await copy_database(path, pg_url, seed=1)
    assert report.tables["deals"] == 5 and report.tables["actions"] == 8
    assert report.tables["player_stats"] == 8  # 4 players, globally and in the guild
    src, dst = await open_storage(path), await open_storage(pg_url)
    try:
        before, after = await everything(src, filled), await everything(dst, filled)
    finally:
        await src.close()
        await dst.close()
    assert after == before
    # ... and what was compared is there, not two empty databases alike
    live = after[f"game {filled.games[2]}"]
    assert live[0].turn_timers == (30.0, 90.0) and live[0].seed == 2**63 - 1
    assert [s.away for s in live[1]] == [False, True, False] and len(live[2]) == 3
    assert live[5:7] == (777, 888) and live[7][0] == (555, 666)
    assert len(after[f"game {filled.games[0]}"][3]) == 2 and after["boards"][1]
    assert after["users"] == [("fr", False), (None, True), (None, False)]
    assert after["settings"] == {"players": 5, "threads": False}
    assert after["meta"] == "abc123"
    assert [g.id for g in after["live"]] == filled.games[2:]
    assert after["challenge"][0].seed == 2**64 - 1 and len(after["challenge"][3]) == 1


async def test_a_row_made_after_the_copy_gets_a_fresh_id(
    source: tuple[Path, Filled], pg_url: str
) -> None:
    path, filled = source
    await copy_database(path, pg_url)
    dst = await open_storage(pg_url)
    try:
        newcomer = await dst.player("user", "99", "New")
        assert await dst.player("user", str(filled.users[0]), "U1") == filled.players[0]
        game = await dst.create_game(
            guild_id=None, channel_id=1, players=4, rules={}, deals_target=1, seed=1
        )
        for seat, pid in enumerate(filled.players):
            await dst.seat(game, seat, pid)
        deal = random_deal(random.Random(3), Rules(), 0)
        assert deal.result is not None
        deal_id = await dst.record_deal(game, 1, to_record(deal), deal.result, filled.players)
    finally:
        await dst.close()
    assert newcomer == max(filled.players) + 1
    assert game == max(filled.games) + 2  # past the challenge attempt's game too
    assert deal_id == 6  # five deals were copied


async def test_the_command_copies_and_reports_each_table(
    source: tuple[Path, Filled], pg_url: str, tmp_path: Path
) -> None:
    path, _ = source
    done = run(["migrate-db", "--from", f"sqlite://{path}", "--to", pg_url], {}, tmp_path)
    assert (done.returncode, done.stderr) == (0, ""), done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == f"Copied sqlite://{path} to {pg_url}:"
    shown = [line.split() for line in lines[1:] if line.startswith("  ")]
    assert {name: int(rows.replace(",", "")) for name, rows in shown} == await row_counts(pg_url)
    assert "Verified before committing: the row counts of 16 tables" in done.stdout
    assert "2 leaderboards, every page (8 lines)" in done.stdout
    assert "2 live games" in done.stdout


def test_a_target_that_is_not_empty_is_refused_and_left_unchanged(
    source: tuple[Path, Filled], pg_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path, _ = source

    async def one_setting() -> None:
        db = await open_storage(pg_url)
        await db.set_guild_settings(5, {"players": 3})
        await db.close()

    asyncio.run(one_setting())
    assert main(["migrate-db", "--from", str(path), "--to", pg_url]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "table guild_settings already has 1 row(s)" in err
    assert "nothing was changed" in err
    counts = asyncio.run(row_counts(pg_url))
    assert counts == dict.fromkeys(TABLES, 0) | {"guild_settings": 1}


def unused_port() -> int:
    with closing(socket.socket()) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


@pytest.mark.parametrize(
    ("case", "status", "says"),
    [
        ("missing", 2, "--from {path}: no such file"),
        ("not a database", 4, "{path}: not a SQLite database"),
        ("same", 2, "--from and --to are the same location"),
        ("from postgresql", 2, "migrate-db copies from a SQLite file"),
        ("to sqlite", 2, "migrate-db copies into a PostgreSQL database"),
        ("unreachable", 4, "postgresql://tarot@127.0.0.1:{port}/tarot: connecting failed"),
    ],
    ids=["missing", "not-a-database", "same", "from-postgresql", "to-sqlite", "unreachable"],
)
def test_a_bad_source_or_target_is_refused_in_one_line_without_a_password(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], case: str, status: int, says: str
) -> None:
    path = tmp_path / "tarot.sqlite3"
    port = unused_port()
    url = f"postgresql://tarot:s3cret@127.0.0.1:{port}/tarot"
    if case == "not a database":
        path.write_bytes(b"SQLite format 3\0" + bytes(range(256)) * 64)
    elif case == "unreachable":
        asyncio.run(fill(path))
    source, target = {
        "same": (url, url),
        "from postgresql": (url, url + "2"),
        "to sqlite": (str(path), str(tmp_path / "other.sqlite3")),
    }.get(case, (str(path), url))
    assert main(["migrate-db", "--from", source, "--to", target]) == status
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1, captured.err
    assert captured.err.startswith("migrate-db: ") and "s3cret" not in captured.err
    assert says.format(path=path, port=port) in captured.err
    assert not (tmp_path / "other.sqlite3").exists()
    if case == "missing":
        assert not path.exists()  # not created empty


@pytest.mark.parametrize(
    ("table", "tamper", "found"),
    [
        (
            "player_stats",  # the counts stay equal, a leaderboard does not
            "UPDATE player_stats SET points = points + 1 WHERE scope = 0 AND player_id = 1",
            "the global leaderboard differs in the target from line",
        ),
        (
            "actions",
            "UPDATE actions SET action = '{}' WHERE game_id = 3 AND seq = 1",
            "actions of game 3 differs in the target",
        ),
        (
            "seats",
            "UPDATE seats SET dm_message_id = 1 WHERE game_id = 3 AND seat = 0",
            "the DM of seat 0 of game 3 differs in the target",
        ),
        ("meta", "DELETE FROM meta WHERE key = 'commands_hash'", "table meta: 2 rows in the"),
    ],
    ids=["leaderboard", "action-log", "dm", "row-count"],
)
async def test_a_copy_that_differs_from_its_source_is_rolled_back(
    source: tuple[Path, Filled],
    pg_url: str,
    monkeypatch: pytest.MonkeyPatch,
    table: str,
    tamper: str,
    found: str,
) -> None:
    path, filled = source
    assert filled.games[2] == 3 and filled.players[0] == 1  # as the statements above say
    copy_table = copying._copy_table

    async def tampered(conn: Any, reading: Any, copied: copying.Table, at: Path) -> int:
        rows = await copy_table(conn, reading, copied, at)
        if copied.name == table:
            await conn.execute(tamper)
        return rows

    monkeypatch.setattr(copying, "_copy_table", tampered)
    db = await open_storage(pg_url)  # the schema, as a bot would make it
    await db.close()
    keys = await foreign_keys(pg_url)
    assert len(keys) == 19
    with pytest.raises(CopyMismatch, match=found):
        await copy_database(path, pg_url)
    assert await row_counts(pg_url) == dict.fromkeys(TABLES, 0)
    assert await foreign_keys(pg_url) == keys  # dropped for the copy, back with the rollback
    monkeypatch.undo()
    await copy_database(path, pg_url)
    assert await foreign_keys(pg_url) == keys  # added again after the rows


@pytest.mark.parametrize(
    ("damage", "refusal"),
    [
        (
            "UPDATE games SET channel_id = 'general' WHERE id = 2",
            "table games: a row of {path} cannot be copied (",
        ),
        (
            "UPDATE deal_scores SET player_id = 99 WHERE deal_id = 1 AND seat = 0",
            "table deal_scores: a row of {path} refers to nothing (",
        ),
    ],
    ids=["wrong-type", "dangling-reference"],
)
def test_a_row_the_target_cannot_take_is_named_and_nothing_is_committed(
    source: tuple[Path, Filled],
    pg_url: str,
    capsys: pytest.CaptureFixture[str],
    damage: str,
    refusal: str,
) -> None:
    path, _ = source
    with closing(sqlite3.connect(path)) as conn, conn:  # foreign keys off, as SQLite's default
        conn.execute(damage)
    assert main(["migrate-db", "--from", str(path), "--to", pg_url]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and refusal.format(path=path) in err, err
    assert "nothing was committed" in err
    assert asyncio.run(row_counts(pg_url)) == dict.fromkeys(TABLES, 0)


def test_a_bigger_file_is_copied_fast(tmp_path: Path, pg_url: str) -> None:
    """Reports the time of a copy of 20,000 deals (docs/operations.md's figures are for more)."""
    path = tmp_path / "big.sqlite3"
    subprocess.run(
        [sys.executable, "-m", "bot.benchmarks", "storage", "--db", str(path)]
        + ["--players", "300", "--deals", "20000", "--runs", "1", "--json"],
        check=True,
        capture_output=True,
        timeout=120,
        env=clean_env(),
        cwd=ROOT,
    )
    started = time.perf_counter()
    report = asyncio.run(copy_database(path, pg_url))
    seconds = time.perf_counter() - started
    assert report.tables["deals"] >= 20_000
    print(
        f"\nmigrate-db: {report.tables['deals']:,} deals,"
        f" {sum(report.tables.values()):,} rows in {seconds:.1f} s"
        f" (copy {report.copy_seconds:.1f} s, verification {report.verify_seconds:.1f} s)"
    )
