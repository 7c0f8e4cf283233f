"""The storage benchmark: a database at production scale, then the bot's queries on it.

``python -m bot.benchmarks storage --db LOCATION`` opens a new SQLite file or an empty
PostgreSQL database (``postgresql://...``) with ``open_storage`` (so the migrations apply),
fills it in bulk, around ``Storage`` (sqlite3's ``executemany``, PostgreSQL's binary COPY
in ``pg_fill.py``) with the same rows on both: players, 3-, 4- and 5-player games across
guilds, real deal records cycled from a pool of random deals, standings, and the
leaderboard totals and openskill ratings computed game by game as ``Storage`` would. Then
it times each read and write the bot makes through the real async ``Storage``, the same
report for both backends. The leaderboards must answer within 50 ms at 10,000 players and
1,000,000 deals.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import sqlite3
import statistics
import sys
import time
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.storage import DatabaseUnusable, Storage, open_storage, rating, sqlite_path
from bot.storage.locations import shown
from bot.storage.stats import GLOBAL, deal_figures
from tarot_core import Rules, to_record
from tarot_core import ranks as tarot_ranks
from tarot_core.command_line import SEED, Parser, whole
from tarot_core.lab.bench import random_deal

from . import pg_fill

GUILDS = 50
POOL = 300
"""Real deals played at random, cycled as the deals' records and results."""
BOT_LEVELS = ("random", "heuristic", "expert")
TARGET_MS = 50.0
YEAR = 365 * 86400.0
RATINGS = "openskill Bradley-Terry (partial), every finished game in order, as finish_game does"


def register(commands: argparse._SubParsersAction[Parser]) -> None:
    parser = commands.add_parser(
        "storage", help="fill a database at scale, then time the leaderboard queries"
    )
    parser.add_argument(
        "--db",
        required=True,
        help="a new SQLite file to create, or an empty PostgreSQL database (postgresql://...)",
    )
    parser.add_argument(
        "--players",
        type=whole(len(BOT_LEVELS) + 3, 100_000_000),
        default=10_000,
        help="players in all (at least a table of people beside one of each bot level)",
    )
    parser.add_argument("--deals", type=whole(1, 1_000_000_000), default=1_000_000)
    parser.add_argument("--seed", type=SEED, default=1)
    parser.add_argument("--runs", type=whole(1, 100_000), default=20, help="timed calls per query")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(run=run)


class Refused(Exception):
    """The location cannot take the benchmark (one line, printed as it is)."""


def run(args: argparse.Namespace) -> int:
    try:
        figures = asyncio.run(benchmark(args.db, args.players, args.deals, args.seed, args.runs))
    except (Refused, DatabaseUnusable) as e:
        print(e, file=sys.stderr)
        return 2
    print(json.dumps(figures) if args.json else table(figures))
    return 0


async def benchmark(
    location: str, players: int, deals: int, seed: int, runs: int
) -> dict[str, Any]:
    refused = await pg_fill.refusal(location)
    if refused is not None:
        raise Refused(refused)
    db = await open_storage(location)
    await db.close()
    path = sqlite_path(location)
    started = time.perf_counter()
    filler = Filler(players, random.Random(seed))
    if path is None:
        await pg_fill.copy_batches(location, COLUMNS, filler.batches(deals))
    else:
        fill_sqlite(path, filler.batches(deals))
    filled = filler.filled
    seconds = time.perf_counter() - started
    progress(f"filled in {seconds:.1f} s; timing the queries")
    queries = await measure(location, filled, runs, random.Random(seed))
    figures: dict[str, Any] = {
        "backend": "sqlite" if path is not None else "postgresql",
        "location": shown(location),
        "players": players,
        "deals": deals,
        "games": filled.games,
        "seat_deals": filled.seat_deals,
        "guilds": GUILDS,
        "seed": seed,
        "fill_seconds": round(seconds, 1),
    }
    if path is None:
        facts = await pg_fill.server_facts(location)
        figures["db_megabytes"] = round(facts["bytes"] / 1e6, 1)
        figures["server"] = {"version": facts["version"], **facts["settings"]}
    else:
        figures["db_megabytes"] = round(path.stat().st_size / 1e6, 1)
    figures |= {"ratings": RATINGS, "target_ms": TARGET_MS, "queries": queries}
    return figures


def progress(text: str) -> None:
    print(f"storage bench: {text}", file=sys.stderr, flush=True)


# ----- the fill ---------------------------------------------------------------------------


@dataclass(frozen=True)
class PoolDeal:
    outcome: str
    taker: int | None
    contract: str | None
    made: int | None
    scores: tuple[int, ...]
    record: str


def deal_pool(rng: random.Random) -> dict[int, list[PoolDeal]]:
    pool: dict[int, list[PoolDeal]] = {}
    for size in (3, 4, 5):
        rules = Rules(players=size)
        pool[size] = []
        for i in range(POOL // 3):
            deal = random_deal(rng, rules, i % size)
            r = deal.result
            assert r is not None
            pool[size].append(
                PoolDeal(
                    r.outcome,
                    r.taker,
                    r.contract.text if r.contract is not None else None,
                    None if r.made is None else int(r.made),
                    r.scores,
                    json.dumps(to_record(deal)),
                )
            )
    return pool


@dataclass
class Filled:
    deals: int = 0
    games: int = 0
    seat_deals: int = 0
    busiest_guild: int = 0
    bots: dict[str, int] = field(default_factory=dict)


COLUMNS = {
    "players": "id, kind, external_id, name, created_at",
    "games": "id, guild_id, channel_id, players, rules, deals_target, seed, status,"
    " created_at, finished_at, host_id",
    "seats": "game_id, seat, player_id, away",
    "deals": "id, game_id, number, outcome, taker_seat, contract, made, record, finished_at",
    "deal_scores": "deal_id, seat, player_id, score, took",
    "game_results": "game_id, seat, player_id, total, rank",
    "player_stats": "scope, player_id, points, deals, taken, made, games, mu, sigma, rating",
}
"""The columns the fill writes, per table, parents before the tables that refer to them."""

Batch = dict[str, list[tuple[Any, ...]]]
"""Rows to insert, per table (of ``COLUMNS``)."""


class Filler:
    """Makes up the games one after the other, keeping the totals as ``Storage`` would,
    and hands their rows over in batches for either backend to insert."""

    def __init__(self, players: int, rng: random.Random) -> None:
        self.rng = rng
        self.pool = deal_pool(rng)
        self.rules = {n: json.dumps(Rules(players=n).options()) for n in (3, 4, 5)}
        self.start = time.time() - YEAR
        self.stats: dict[tuple[int, int], list[float]] = {}
        self.rows: Batch = {}
        self.deal_id = 0
        self.seat_deals = 0
        self.bots = {level: i + 1 for i, level in enumerate(BOT_LEVELS)}
        self.guilds = [10**17 + 1000 * g for g in range(GUILDS)]
        humans = list(range(len(BOT_LEVELS) + 1, players + 1))
        self.add_players(humans)
        # Guild sizes and players' activity are both skewed, as on Discord.
        guild_weights = [1 / (g + 1) ** 0.8 for g in range(GUILDS)]
        self.members: list[list[int]] = [[] for _ in range(GUILDS)]
        for pid in humans:
            homes = {rng.choices(range(GUILDS), guild_weights)[0]}
            if rng.random() < 0.2:
                homes.add(rng.randrange(GUILDS))
            for g in homes:
                self.members[g].append(pid)
        self.activity = {pid: rng.paretovariate(1.2) for pid in humans}
        self.cum = [self.cumulative(m) for m in self.members]
        self.everyone = humans
        self.everyone_cum = self.cumulative(humans)
        self.sizes = [len(m) for m in self.members]
        self.busiest = self.guilds[self.sizes.index(max(self.sizes))]
        self.filled = Filled(busiest_guild=self.busiest, bots=dict(self.bots))

    def cumulative(self, members: list[int]) -> list[float]:
        total, out = 0.0, []
        for pid in members:
            total += self.activity[pid]
            out.append(total)
        return out

    def add_players(self, humans: list[int]) -> None:
        rows = [(pid, "bot", level, level.title(), self.start) for level, pid in self.bots.items()]
        rows += [(pid, "user", str(10**18 + pid), f"Player {pid}", self.start) for pid in humans]
        self.rows["players"] = rows

    def batches(self, deals: int) -> Iterator[Batch]:
        """The rows of ``deals`` deals, batch after batch, the leaderboard totals last;
        ``filled`` holds the counts once the last batch is taken."""
        filled = self.filled
        step = YEAR / (deals / 5)  # games average about 6 deals: they end before now
        done = 0
        tenth = max(1, deals // 10)
        started = time.perf_counter()
        while done < deals:
            filled.games += 1
            made = self.game(filled.games, deals - done, self.start + filled.games * step)
            if (done + made) // tenth > done // tenth:
                percent = 100 * (done + made) // deals
                elapsed = time.perf_counter() - started
                progress(f"{percent}% ({done + made:,} deals, {elapsed:.0f} s)")
            done += made
            if len(self.rows.get("deal_scores", ())) > 100_000:
                yield self.taken()
        yield self.taken()
        yield {"player_stats": self.stats_rows()}
        filled.seat_deals = self.seat_deals
        filled.deals = self.deal_id

    def taken(self) -> Batch:
        rows, self.rows = self.rows, {}
        return rows

    def seats_for(self, size: int, guild: int | None) -> list[int]:
        rng = self.rng
        bots = rng.randint(1, size - 1) if rng.random() < 0.35 else 0
        if guild is None:
            members, cum = self.everyone, self.everyone_cum
        else:
            g = self.guilds.index(guild)
            members, cum = self.members[g], self.cum[g]
        humans: set[int] = set()
        for _ in range(4 * size):
            if len(humans) >= size - bots or not members:
                break
            humans.add(rng.choices(members, cum_weights=cum)[0])
        level = self.bots[rng.choice(BOT_LEVELS)]
        seats = list(humans) + [level] * (size - len(humans))
        rng.shuffle(seats)
        return seats

    def game(self, game_id: int, room: int, created: float) -> int:
        """Add one game of at most ``room`` deals; returns its number of deals."""
        rng = self.rng
        size = rng.choices((3, 4, 5), (1, 2, 1))[0]
        guild = None if rng.random() < 0.03 else rng.choices(self.guilds, self.sizes)[0]
        seats = self.seats_for(size, guild)
        target = rng.choice((3, 4, 6, 8, 10))
        stopped = rng.random() < 0.08
        count = min(room, rng.randint(1, target - 1) if stopped else target)
        status = "stopped" if stopped else "finished"
        ended = created + 300 * count + 60
        channel = (guild or 0) + 1 + rng.randrange(5)
        host = next((p for p in seats if p > len(BOT_LEVELS)), None)
        self.add(
            "games",
            (game_id, guild, channel, size, self.rules[size], target, str(game_id), status)
            + (created, ended, host),
        )
        for seat, pid in enumerate(seats):
            self.add("seats", (game_id, seat, pid, 0))
        totals = [0] * size
        per_player: dict[int, list[int]] = {}  # points, deals, taken, made, as Storage counts
        for number in range(1, count + 1):
            deal = self.pool[size][rng.randrange(len(self.pool[size]))]
            self.deal_id += 1
            deal_id = self.deal_id
            self.add(
                "deals",
                (deal_id, game_id, number, deal.outcome, deal.taker, deal.contract, deal.made)
                + (deal.record, created + 300 * number),
            )
            for seat, score in enumerate(deal.scores):
                took = seat == deal.taker
                self.add("deal_scores", (deal_id, seat, seats[seat], score, int(took)))
                totals[seat] += score
            for pid, f in deal_figures(deal, seats).items():
                figures = per_player.setdefault(pid, [0, 0, 0, 0])
                for i, value in enumerate((f.points, f.deals, f.taken, f.made)):
                    figures[i] += value
        self.seat_deals += count * size
        scopes = (GLOBAL,) if guild is None else (GLOBAL, guild)
        for scope in scopes:
            for pid, figures in per_player.items():
                line = self.line(scope, pid)
                for i in range(4):
                    line[i] += figures[i]
        if not stopped:
            ranks = tarot_ranks(totals)
            for seat, pid in enumerate(seats):
                self.add("game_results", (game_id, seat, pid, totals[seat], ranks[seat]))
            for scope in scopes:
                before = {pid: self.skill(scope, pid) for pid in seats}
                for pid, (mu, sigma) in rating.rate_players(seats, before, totals).items():
                    line = self.line(scope, pid)
                    line[4] += 1
                    line[5], line[6] = mu, sigma
        return count

    def line(self, scope: int, pid: int) -> list[float]:
        key = (scope, pid)
        if key not in self.stats:
            self.stats[key] = [0, 0, 0, 0, 0, *rating.DEFAULT]
        return self.stats[key]

    def skill(self, scope: int, pid: int) -> rating.Skill:
        line = self.stats.get((scope, pid))
        return rating.DEFAULT if line is None else (line[5], line[6])

    def add(self, table: str, row: tuple[Any, ...]) -> None:
        self.rows.setdefault(table, []).append(row)

    def stats_rows(self) -> list[tuple[Any, ...]]:
        return [
            (scope, pid, *(int(x) for x in line[:5]), line[5], line[6], rating.ordinal(skill))
            for (scope, pid), line in self.stats.items()
            for skill in [(line[5], line[6])]
        ]


def fill_sqlite(path: Path, batches: Iterator[Batch]) -> None:
    """Fill the migrated, empty file at ``path`` in one bulk transaction, then flush it to
    disk: otherwise the first checkpoint of the timed writes would pay for the whole fill."""
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        conn.execute("PRAGMA journal_mode = OFF")
        conn.execute("PRAGMA synchronous = OFF")
        conn.execute("PRAGMA cache_size = -1000000")
        conn.execute("BEGIN")
        for batch in batches:
            for table, names in COLUMNS.items():
                rows = batch.get(table)
                if rows:
                    marks = ", ".join("?" * len(rows[0]))
                    conn.executemany(f"INSERT INTO {table} ({names}) VALUES ({marks})", rows)
        conn.execute("COMMIT")
        conn.execute("PRAGMA journal_mode = WAL")
    finally:
        conn.close()
    with open(path, "rb") as f:
        os.fsync(f.fileno())


# ----- the measures -------------------------------------------------------------------------


async def timed(runs: int, call: Callable[[int], Awaitable[object]]) -> dict[str, float]:
    """Median and maximum of ``runs`` calls, in milliseconds; the first one is cold."""
    times = []
    for i in range(runs):
        started = time.perf_counter()
        await call(i)
        times.append((time.perf_counter() - started) * 1000)
    return {
        "median_ms": round(statistics.median(times), 3),
        "max_ms": round(max(times), 3),
        "runs": runs,
    }


async def middle_player(db: Storage, guild_id: int | None) -> int:
    """A mid-ranked player of the board (of everyone in it if nobody is ranked yet)."""
    for min_games in (5, 0):
        count = await db.ranked_count(guild_id, min_games=min_games)
        if count:
            page = await db.leaderboard(guild_id, min_games=min_games, offset=count // 2)
            return page[0].player_id
    raise RuntimeError(f"nobody played in scope {guild_id}")


async def random_deals(
    location: str, filled: Filled, runs: int, rng: random.Random
) -> list[tuple[int, int]]:
    """(game, number) of ``runs`` deals drawn at random from those the fill wrote (read
    around ``Storage``, which finds deals by game only)."""
    ids = [rng.randint(1, filled.deals) for _ in range(runs)]
    path = sqlite_path(location)
    if path is None:
        return await pg_fill.deal_keys(location, ids)
    with contextlib.closing(sqlite3.connect(path)) as conn:
        found = [
            conn.execute("SELECT game_id, number FROM deals WHERE id = ?", (i,)).fetchone()
            for i in ids
        ]
    return [(int(game), int(number)) for game, number in found]


async def measure(
    location: str, filled: Filled, runs: int, rng: random.Random
) -> dict[str, dict[str, float]]:
    db = await open_storage(location)
    try:
        guild = filled.busiest_guild
        player = await middle_player(db, None)
        local = await middle_player(db, guild)
        bot = filled.bots["heuristic"]
        middle_page = await db.ranked_count(None, min_games=5) // 2
        exports = await random_deals(location, filled, runs, rng)
        result: dict[str, dict[str, float]] = {}
        result["global_leaderboard"] = await timed(runs, lambda i: db.leaderboard(None))
        result["global_leaderboard_middle_page"] = await timed(
            runs, lambda i: db.leaderboard(None, offset=middle_page)
        )
        result["server_leaderboard"] = await timed(runs, lambda i: db.leaderboard(guild))
        result["player_stats_global"] = await timed(runs, lambda i: db.player_stats(player, None))
        result["player_stats_server"] = await timed(runs, lambda i: db.player_stats(local, guild))
        result["recent_games_player"] = await timed(runs, lambda i: db.recent_games(player))
        result["recent_games_bot"] = await timed(runs, lambda i: db.recent_games(bot))
        result["game_deals"] = await timed(runs, lambda i: db.game_deals(exports[i][0]))
        result["deal_record"] = await timed(runs, lambda i: db.deal_record(*exports[i]))

        seats = [player, local, bot, filled.bots["expert"]]
        games = []
        for _ in range(runs + 1):
            game = await db.create_game(
                guild_id=guild,
                channel_id=guild + 1,
                players=4,
                rules=Rules().options(),
                deals_target=runs,
                seed=1,
            )
            for seat, pid in enumerate(seats):
                await db.seat(game, seat, pid)
            await db.set_status(game, "playing")
            games.append(game)
        deal = random_deal(rng, Rules(), 0)
        assert deal.result is not None
        record, outcome = to_record(deal), deal.result
        result["record_deal"] = await timed(
            runs, lambda i: db.record_deal(games[-1], i + 1, record, outcome, seats)
        )
        result["finish_game"] = await timed(
            runs, lambda i: db.finish_game(games[i], [60, -20, -10, -30])
        )
        return result
    finally:
        await db.close()


LABELS = {
    "global_leaderboard": "global leaderboard, top 10",
    "global_leaderboard_middle_page": "global leaderboard, a middle page",
    "server_leaderboard": "server leaderboard (largest server), top 10",
    "player_stats_global": "personal stats, mid-ranked, global",
    "player_stats_server": "personal stats, mid-ranked, server",
    "recent_games_player": "recent games of a player (10)",
    "recent_games_bot": "recent games of the heuristic bot (10)",
    "game_deals": "a game's deal list",
    "deal_record": "a deal record export",
    "record_deal": "record_deal (deal + totals, committed)",
    "finish_game": "finish_game (standings + ratings, committed)",
}


def table(figures: dict[str, Any]) -> str:
    server = figures.get("server")
    settings = (
        ""
        if server is None
        else f"; PostgreSQL {server['version']}, "
        + ", ".join(f"{k} {v}" for k, v in server.items() if k != "version")
    )
    lines = [
        f"storage benchmark on {figures['backend']} ({figures['location']}{settings})",
        f"{figures['players']:,} players, {figures['deals']:,} deals,"
        f" {figures['games']:,} games, {figures['seat_deals']:,} seat-deals,"
        f" {figures['guilds']} servers, seed {figures['seed']}",
        f"fill: {figures['fill_seconds']} s, database {figures['db_megabytes']:,} MB;"
        f" ratings: {figures['ratings']}",
        "",
        f"{'':46} {'runs':>5} {'median ms':>10} {'max ms':>10}",
    ]
    for name, t in figures["queries"].items():
        slow = "  SLOW" if t["median_ms"] > figures["target_ms"] else ""
        lines.append(
            f"{LABELS.get(name, name):46} {t['runs']:>5} {t['median_ms']:>10.2f}"
            f" {t['max_ms']:>10.2f}{slow}"
        )
    lines.append(f"target: every query under {figures['target_ms']:g} ms")
    return "\n".join(lines)
