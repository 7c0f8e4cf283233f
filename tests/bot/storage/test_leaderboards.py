"""Leaderboards, on each backend: totals by hand, scopes, ranks, ratings, history; and
SQLite's recount of its leaderboard rows on an upgrade."""

import json
import random
import sqlite3
from collections.abc import Sequence
from pathlib import Path

import pytest
from openskill.models import BradleyTerryPart, BradleyTerryPartRating
from storage_backends import open_sqlite

from bot.storage import Storage, StorageError
from bot.storage.sqlite.schema import MIGRATIONS
from bot.storage.stats import GLOBAL
from tarot_core import Contract, DealResult, Outcome, Rules, to_record
from tarot_core.lab.bench import random_deal

RECORD = {"format": "tarot-deal/1", "note": "a stand-in: these tests never replay it"}


def played(
    taker: int, made: bool, scores: Sequence[int], contract: Contract = Contract.GARDE
) -> DealResult:
    return DealResult(Outcome.PLAYED, tuple(scores), taker=taker, contract=contract, made=made)


def redeal(players: int, outcome: Outcome = Outcome.PASSED) -> DealResult:
    return DealResult(outcome, (0,) * players)


async def new_game(db: Storage, guild_id: int | None, players: Sequence[int]) -> int:
    game = await db.create_game(
        guild_id=guild_id,
        channel_id=7,
        players=len(players),
        rules=Rules(players=len(players)).options(),
        deals_target=4,
        seed=1,
    )
    for seat, pid in enumerate(players):
        await db.seat(game, seat, pid)
    await db.set_status(game, "playing")
    return game


async def play(
    db: Storage, game: int, players: Sequence[int], deals: Sequence[DealResult]
) -> list[int]:
    """Record the deals and return each seat's total."""
    for number, deal in enumerate(deals, start=1):
        await db.record_deal(game, number, RECORD, deal, list(players))
    return [sum(d.scores[seat] for d in deals) for seat in range(len(players))]


async def users(db: Storage, names: str) -> list[int]:
    return [await db.player("user", name, name) for name in names]


MODEL = BradleyTerryPart()


def openskill(
    totals: Sequence[int], before: Sequence[tuple[float, float]] = ()
) -> list[BradleyTerryPartRating]:
    """What openskill itself says, every seat a team of one (defaults unless ``before``)."""
    before = before or [(25.0, 25 / 3)] * len(totals)
    teams = [[MODEL.rating(mu=mu, sigma=sigma)] for mu, sigma in before]
    return [team[0] for team in MODEL.rate(teams, scores=list(totals))]


# ----- totals by hand -------------------------------------------------------------------


async def test_a_hand_counted_game(db: Storage) -> None:
    a, b, c, d = ids = await users(db, "ABCD")
    game = await new_game(db, 1, ids)
    totals = await play(
        db,
        game,
        ids,
        [
            played(0, True, [150, -50, -50, -50]),
            played(1, False, [30, -90, 30, 30]),
            redeal(4),
            played(0, False, [-210, 70, 70, 70]),
            played(2, True, [-20, -20, 60, -20], Contract.PRISE),
            redeal(4, Outcome.PETIT_SEC),
        ],
    )
    assert totals == [-50, -90, 110, 30]
    await db.finish_game(game, totals)

    board = await db.leaderboard(1, min_games=1)
    assert [s.player_id for s in board] == [c, d, a, b]
    assert [s.rank for s in board] == [1, 2, 3, 4]
    by = {s.player_id: s for s in board}
    assert [by[p].points for p in ids] == [-50, -90, 110, 30]
    assert [by[p].deals for p in ids] == [4, 4, 4, 4]  # the two redeals are not deals
    assert [by[p].taken for p in ids] == [2, 1, 1, 0]
    assert [by[p].made for p in ids] == [1, 0, 1, 0]
    assert [by[p].games for p in ids] == [1, 1, 1, 1]
    assert [by[p].average for p in ids] == [-12.5, -22.5, 27.5, 7.5]
    assert [by[p].taker_rate for p in ids] == [0.5, 0.25, 0.25, 0.0]
    assert [by[p].success_rate for p in ids] == [0.5, 0.0, 1.0, None]
    assert [(s.name, s.kind, s.external_id) for s in board][0] == ("C", "user", "C")
    assert await db.leaderboard(None, min_games=1) == board  # the only game: same figures

    mine = await db.player_stats(a, 1, min_games=1)
    assert mine is not None
    assert (mine.rank, mine.ranked, mine.points, mine.average) == (3, 4, -50, -12.5)
    assert mine.rating == by[a].rating


async def test_a_player_in_three_seats_counts_each_deal_once(db: Storage) -> None:
    (alice,) = await users(db, "A")
    bot = await db.player("bot", "heuristic", "Heuristic")
    seats = [alice, bot, bot, bot]
    game = await new_game(db, 1, seats)
    await play(db, game, seats, [played(2, True, [-40, -40, 120, -40]), redeal(4)])
    stats = await db.player_stats(bot, None, min_games=0)
    assert stats is not None
    # One deal played; its three seats' scores summed; one of them took and made it.
    assert (stats.points, stats.deals, stats.taken, stats.made) == (40, 1, 1, 1)
    assert (stats.average, stats.taker_rate, stats.success_rate) == (40, 1.0, 1.0)
    defending = await new_game(db, 1, seats)
    await play(db, defending, seats, [played(0, False, [-150, 50, 50, 50])])
    stats = await db.player_stats(bot, 1, min_games=0)
    assert stats is not None
    assert (stats.points, stats.deals, stats.taken, stats.made) == (190, 2, 1, 1)
    assert stats.taker_rate == 0.5


async def test_two_heuristic_bots_of_a_one_deal_game_are_one_row_of_one_deal(
    db: Storage,
) -> None:
    """Seen on /leaderboard: "games 1 · deals 2" for a game of one deal."""
    alice, bob = await users(db, "AB")
    bot = await db.player("bot", "heuristic", "Heuristic bot")
    seats = [alice, bot, bob, bot]
    game = await new_game(db, 1, seats)
    totals = await play(db, game, seats, [played(0, True, [120, -40, -40, -40])])
    await db.finish_game(game, totals)
    for scope in (1, None):
        board = {s.player_id: s for s in await db.leaderboard(scope, min_games=1)}
        assert set(board) == {alice, bob, bot}
        assert (board[bot].games, board[bot].deals, board[bot].points) == (1, 1, -80)
        assert all(line.deals <= 1 and line.games == 1 for line in board.values())
        assert sum(line.points for line in board.values()) == 0


async def test_schema_6_recounts_the_bots_rows_and_keeps_the_users(tmp_path: Path) -> None:
    """A database of schema 5 where two bots of one level shared deals (each seat counted).
    SQLite only: an upgrade of a file written by an old version."""
    path = tmp_path / "old.sqlite3"
    start = "25.0, 25.0 / 3, 25.0 - 25.0"
    with sqlite3.connect(path) as old:
        old.executescript("".join(MIGRATIONS[:5]) + "PRAGMA user_version = 5;")
        old.executescript(
            f"""
            INSERT INTO players (id, kind, external_id, name, created_at) VALUES
                (1, 'user', '1', 'A', 0), (2, 'user', '2', 'B', 0),
                (3, 'bot', 'heuristic', 'H', 0), (4, 'bot', 'expert', 'E', 0);
            INSERT INTO games (id, guild_id, channel_id, players, rules, deals_target, seed,
                status, created_at) VALUES (1, 9, 1, 4, '{{}}', 1, '1', 'finished', 0),
                (2, NULL, 1, 4, '{{}}', 2, '1', 'stopped', 0);
            INSERT INTO deals VALUES (1, 1, 1, 'played', 3, 'garde', 1, '{{}}', 0),
                (2, 2, 1, 'played', 1, 'prise', 0, '{{}}', 0),
                (3, 2, 2, 'passed', NULL, NULL, NULL, '{{}}', 0);
            INSERT INTO deal_scores VALUES
                (1, 0, 1, -40, 0), (1, 1, 3, -40, 0), (1, 2, 2, -40, 0), (1, 3, 3, 120, 1),
                (2, 0, 4, 20, 0), (2, 1, 1, -60, 1), (2, 2, 4, 20, 0), (2, 3, 4, 20, 0),
                (3, 0, 4, 0, 0), (3, 1, 1, 0, 0), (3, 2, 4, 0, 0), (3, 3, 4, 0, 0);
            INSERT INTO player_stats (scope, player_id, points, deals, taken, made, games,
                mu, sigma, rating) VALUES
                (0, 1, -100, 2, 1, 0, 1, 24.0, 8.0, 0.0), (9, 1, -40, 1, 0, 0, 1, 24.0, 8.0, 0.0),
                (0, 2, -40, 1, 0, 0, 1, 23.0, 8.0, -1.0), (9, 2, -40, 1, 0, 0, 1, 23.0, 8.0, -1.0),
                (0, 3, 80, 2, 1, 1, 1, 27.0, 7.0, 6.0), (9, 3, 80, 2, 1, 1, 1, 27.0, 7.0, 6.0),
                (0, 4, 60, 3, 0, 0, 0, {start});
            """
        )
        users_before = old.execute(
            "SELECT * FROM player_stats WHERE player_id IN (1, 2) ORDER BY scope, player_id"
        ).fetchall()
    db = await open_sqlite(path)
    try:
        assert await db.schema_version() == len(MIGRATIONS)
        heuristic = {scope: await db.player_stats(3, scope, min_games=0) for scope in (9, None)}
        for line in heuristic.values():
            assert line is not None
            assert (line.points, line.deals, line.taken, line.made, line.games) == (80, 1, 1, 1, 1)
            assert (line.mu, line.sigma, line.rating) == (27.0, 7.0, 6.0)  # ratings kept
        expert = await db.player_stats(4, None, min_games=0)
        assert expert is not None  # the stopped game: one deal played, one redeal
        assert (expert.points, expert.deals, expert.taken, expert.games) == (60, 1, 0, 0)
        async with db.conn.execute(
            "SELECT * FROM player_stats WHERE player_id IN (1, 2) ORDER BY scope, player_id"
        ) as cur:
            assert [tuple(r) for r in await cur.fetchall()] == users_before
        async with db.conn.execute(
            "SELECT COUNT(*) FROM player_stats WHERE scope = 9 AND player_id = 4"
        ) as cur:
            assert await cur.fetchone() == (0,)  # no row made where no game was
    finally:
        await db.close()


# ----- scopes, cutoffs and ranks -------------------------------------------------------


async def test_a_guild_counts_its_own_games_and_the_global_board_counts_all(
    db: Storage,
) -> None:
    a, b, c, d, e = await users(db, "ABCDE")
    g1 = await new_game(db, 1, [a, b, c])
    await db.finish_game(g1, await play(db, g1, [a, b, c], [played(0, True, [80, -40, -40])]))
    g2 = await new_game(db, 2, [a, d, e])
    await db.finish_game(g2, await play(db, g2, [a, d, e], [played(1, True, [-30, 60, -30])]))
    g3 = await new_game(db, None, [a, b, e])  # outside any guild: global only
    await db.finish_game(g3, await play(db, g3, [a, b, e], [played(2, False, [10, 10, -20])]))

    one = {s.player_id: s for s in await db.leaderboard(1, min_games=1)}
    two = {s.player_id: s for s in await db.leaderboard(2, min_games=1)}
    every = {s.player_id: s for s in await db.leaderboard(None, min_games=1)}
    assert set(one) == {a, b, c} and set(two) == {a, d, e} and set(every) == {a, b, c, d, e}
    assert (one[a].points, two[a].points, every[a].points) == (80, -30, 60)
    assert (one[a].games, two[a].games, every[a].games) == (1, 1, 3)
    assert (one[b].points, every[b].points, every[b].deals) == (-40, -30, 2)
    assert every[e].taken == 1 and every[e].made == 0 and every[e].success_rate == 0.0

    # Each scope rates from its own history: guild 1 saw one game from the start.
    first = openskill([80, -40, -40])
    assert (one[a].mu, one[a].sigma) == pytest.approx((first[0].mu, first[0].sigma))
    assert one[a].rating == pytest.approx(first[0].ordinal())
    assert every[a].mu != pytest.approx(one[a].mu)
    no_guild = await db.player_stats(c, 2)
    assert no_guild is not None and (no_guild.games, no_guild.points, no_guild.rank) == (0, 0, None)
    assert no_guild.rating == pytest.approx(MODEL.rating().ordinal())


async def test_only_players_with_enough_games_are_ranked(db: Storage) -> None:
    a, b, c, d = await users(db, "ABCD")
    for players, totals in (([a, b, c], [30, -60, 30]), ([a, b, d], [-20, 40, -20])):
        game = await new_game(db, 5, players)
        await db.finish_game(game, totals)
    assert {s.player_id for s in await db.leaderboard(5, min_games=2)} == {a, b}
    assert {s.player_id for s in await db.leaderboard(5, min_games=1)} == {a, b, c, d}
    assert await db.leaderboard(5, min_games=3) == []
    assert await db.leaderboard(5) == []  # the default cutoff is 5 games

    c_stats = await db.player_stats(c, 5, min_games=2)
    assert c_stats is not None and c_stats.rank is None and c_stats.ranked == 2
    a_stats = await db.player_stats(a, 5, min_games=2)
    board = await db.leaderboard(5, min_games=2)
    assert a_stats is not None
    assert a_stats.rank == next(s.rank for s in board if s.player_id == a)
    assert await db.player_stats(9999, 5) is None


async def test_equal_rating_and_points_share_a_rank_across_pages(db: Storage) -> None:
    a, b, c, d, e, f, g, h = await users(db, "ABCDEFGH")
    # Same standings, so the same ratings; the second table played for bigger stakes.
    for players, stake in (([a, b, c, d], 20), ([e, f, g, h], 30)):
        scores = [3 * stake, -stake, -stake, -stake]
        game = await new_game(db, 3, players)
        await db.finish_game(game, await play(db, game, players, [played(0, True, scores)]))

    board = await db.leaderboard(3, min_games=1)
    assert board[0].rating == board[1].rating  # a and e: equal ratings, e has more points
    assert [(s.player_id, s.rank) for s in board] == [
        (e, 1),
        (a, 2),
        (b, 3),
        (c, 3),
        (d, 3),
        (f, 6),
        (g, 6),
        (h, 6),
    ]
    for offset in range(8):
        page = await db.leaderboard(3, min_games=1, limit=3, offset=offset)
        assert page == board[offset : offset + 3]
    stats = await db.player_stats(d, 3, min_games=1)
    assert stats is not None and stats.rank == 3 and stats.ranked == 8


# ----- ratings -------------------------------------------------------------------------


async def test_the_rating_after_one_game_is_openskills(db: Storage) -> None:
    ids = await users(db, "ABCD")
    game = await new_game(db, 1, ids)
    totals = [35, 118, -98, -55]
    await db.finish_game(game, totals)
    expected = openskill(totals)
    for scope in (1, None):
        mine = [await db.player_stats(p, scope, min_games=1) for p in ids]
        assert [s.mu for s in mine if s] == pytest.approx([r.mu for r in expected])
        assert [s.sigma for s in mine if s] == pytest.approx([r.sigma for r in expected])
        assert [s.rating for s in mine if s] == pytest.approx([r.ordinal() for r in expected])
        ordinals = [s.mu - 3 * s.sigma for s in mine if s]
        assert ordinals == pytest.approx([s.rating for s in mine if s])
    board = await db.leaderboard(None, min_games=1)
    assert [s.player_id for s in board] == [ids[1], ids[0], ids[3], ids[2]]
    assert board[0].mu > 25 > board[-1].mu
    assert all(s.sigma < 25 / 3 for s in board)
    [finished] = await db.recent_games(ids[0])
    assert finished.id == game and finished.deals == 0  # the totals are the game's, not deals'
    rows = [(s.seat, s.total, s.rank) for s in finished.seats]
    assert rows == [(0, 35, 2), (1, 118, 1), (2, -98, 4), (3, -55, 3)]


async def test_equal_totals_give_equal_ratings(db: Storage) -> None:
    ids = await users(db, "ABCDE")
    game = await new_game(db, 1, ids)
    await db.finish_game(game, [120, -30, -30, -30, -30])
    mine = [await db.player_stats(p, 1, min_games=1) for p in ids]
    assert len({(s.mu, s.sigma) for s in mine if s}) == 2
    assert [s.rank for s in mine if s] == [1, 2, 2, 2, 2]


@pytest.mark.parametrize(
    "totals", [[-120, -60, 60, 60, 60], [10, 10, -5, -15], [-40, 20, 20, 0], [0, 0, 0]]
)
async def test_a_better_total_never_rates_lower_and_ties_rate_alike(
    db: Storage, totals: list[int]
) -> None:
    # Plackett-Luce in openskill 6.2 breaks this with ties (a seat below a tie gaining more).
    ids = await users(db, "ABCDE"[: len(totals)])
    game = await new_game(db, None, ids)
    await db.finish_game(game, totals)
    rating = {}
    for p, total in zip(ids, totals, strict=True):
        stats = await db.player_stats(p, None, min_games=1)
        assert stats is not None
        rating[p] = (total, stats.rating)
    for t1, r1 in rating.values():
        for t2, r2 in rating.values():
            if t1 > t2:
                assert r1 > r2
            elif t1 == t2:
                assert r1 == pytest.approx(r2)


async def test_a_bot_in_several_seats_gets_the_mean_of_its_seats(db: Storage) -> None:
    alice, bob = await users(db, "AB")
    bot = await db.player("bot", "heuristic", "Heuristic")
    first = await new_game(db, 1, [alice, bot, bot, bot])
    await db.finish_game(first, [-90, 60, 10, 20])
    seats = openskill([-90, 60, 10, 20])
    mu = sum(r.mu for r in seats[1:]) / 3
    sigma = sum(r.sigma for r in seats[1:]) / 3
    stats = await db.player_stats(bot, 1, min_games=1)
    assert stats is not None
    assert stats.games == 1
    assert (stats.mu, stats.sigma) == pytest.approx((mu, sigma))
    assert stats.rating == pytest.approx(mu - 3 * sigma)

    # The next game starts every bot seat from that mean, alice and bob from their own.
    second = await new_game(db, 1, [bot, alice, bot, bob])
    await db.finish_game(second, [10, 50, -40, -20])
    before = [(mu, sigma), (seats[0].mu, seats[0].sigma), (mu, sigma), (25.0, 25 / 3)]
    again = openskill([10, 50, -40, -20], before)
    stats = await db.player_stats(bot, 1, min_games=1)
    alice_stats = await db.player_stats(alice, 1, min_games=1)
    assert stats is not None and alice_stats is not None
    assert stats.games == 2
    assert stats.mu == pytest.approx((again[0].mu + again[2].mu) / 2)
    assert stats.sigma == pytest.approx((again[0].sigma + again[2].sigma) / 2)
    assert (alice_stats.mu, alice_stats.sigma) == pytest.approx((again[1].mu, again[1].sigma))


async def test_a_stopped_game_keeps_its_deals_but_is_not_rated(db: Storage) -> None:
    ids = await users(db, "ABC")
    game = await new_game(db, 1, ids)
    await play(db, game, ids, [played(0, True, [100, -50, -50])])
    await db.set_status(game, "stopped")
    with pytest.raises(StorageError, match="stopped"):
        await db.finish_game(game, [100, -50, -50])
    stats = await db.player_stats(ids[0], None, min_games=0)
    assert stats is not None
    assert (stats.points, stats.deals, stats.games) == (100, 1, 0)
    assert (stats.mu, stats.sigma) == (25.0, 25 / 3)
    assert await db.leaderboard(None, min_games=1) == []
    [stopped] = await db.recent_games(ids[0])  # no standings: its totals are its deals'
    assert [(s.total, s.rank) for s in stopped.seats] == [(100, None), (-50, None), (-50, None)]


async def test_a_game_is_finished_once_with_a_total_per_seat(db: Storage) -> None:
    ids = await users(db, "ABC")
    game = await new_game(db, 1, ids)
    with pytest.raises(StorageError, match="3 seats|totals"):
        await db.finish_game(game, [10, -10])
    await db.finish_game(game, [20, -10, -10])
    stored = await db.game(game)
    assert stored is not None and stored.status == "finished"
    with pytest.raises(StorageError, match="finished, not playing"):
        await db.finish_game(game, [20, -10, -10])
    stats = await db.player_stats(ids[0], 1, min_games=1)
    assert stats is not None and stats.games == 1


async def test_a_failed_outer_transaction_rates_nothing(db: Storage) -> None:
    ids = await users(db, "ABC")
    game = await new_game(db, 1, ids)
    with pytest.raises(RuntimeError):
        async with db.transaction():
            await db.record_deal(game, 1, RECORD, played(0, True, [80, -40, -40]), ids)
            await db.finish_game(game, [80, -40, -40])
            raise RuntimeError("the message could not be sent")
    stored = await db.game(game)
    assert stored is not None and stored.status == "playing"
    stats = await db.player_stats(ids[0], None, min_games=0)
    assert stats is not None and (stats.points, stats.deals, stats.games) == (0, 0, 0)


async def test_a_deal_recorded_twice_is_counted_once(db: Storage) -> None:
    ids = await users(db, "ABCD")
    game = await new_game(db, None, ids)
    deal = played(3, True, [-30, -30, -30, 90])
    await db.record_deal(game, 1, RECORD, deal, ids)
    with pytest.raises(StorageError, match="already recorded"):
        await db.record_deal(game, 1, RECORD, deal, ids)
    stats = await db.player_stats(ids[3], None, min_games=0)
    assert stats is not None and (stats.points, stats.deals, stats.taken) == (90, 1, 1)


# ----- kept current = recounted --------------------------------------------------------

Figures = tuple[int, int, int, int, int]
"""A leaderboard row's points, deals, taken, made and games."""


def recount(result: DealResult, seats: Sequence[int]) -> dict[int, Figures]:
    """What one deal adds to each distinct player, counted here from its result alone: its
    seats' scores summed, the deal once if played, taken (and made) if one of its seats
    took it."""
    added: dict[int, Figures] = {}
    for player in set(seats):
        mine = [seat for seat, p in enumerate(seats) if p == player]
        took = int(result.taker in mine)
        added[player] = (
            sum(result.scores[seat] for seat in mine),
            int(result.outcome == Outcome.PLAYED),
            took,
            int(took and bool(result.made)),
            0,
        )
    return added


async def test_the_totals_kept_deal_by_deal_equal_a_recount_of_every_deal(db: Storage) -> None:
    """Random games in two guilds and outside any, finished or stopped: each scope's
    leaderboard, every player listed (``min_games=0``), against a count made here."""
    rng = random.Random(11)
    people = await users(db, "ABCDEFGH")
    bots = [await db.player("bot", level, level) for level in ("random", "expert")]
    expected: dict[int, dict[int, Figures]] = {}
    """Scope (``GLOBAL`` or a guild id), then player: the recounted figures."""

    def add(guild: int | None, player: int, figures: Figures) -> None:
        for scope in (GLOBAL,) if guild is None else (GLOBAL, guild):
            p, d, t, m, g = expected.setdefault(scope, {}).get(player, (0, 0, 0, 0, 0))
            dp, dd, dt, dm, dg = figures
            expected[scope][player] = (p + dp, d + dd, t + dt, m + dm, g + dg)

    for game_number in range(12):
        size = rng.choice((3, 4, 5))
        seats = [rng.choice(people + bots * 2) for _ in range(size)]
        guild = rng.choice((1, 2, None))
        game = await new_game(db, guild, seats)
        totals = [0] * size
        for number in range(1, rng.randint(2, 6)):
            deal = random_deal(rng, Rules(players=size), number % size)
            assert deal.result is not None
            await db.record_deal(game, number, to_record(deal), deal.result, seats)
            totals = [t + s for t, s in zip(totals, deal.result.scores, strict=True)]
            for player, figures in recount(deal.result, seats).items():
                add(guild, player, figures)
        if game_number % 4 == 3:
            await db.set_status(game, "stopped")
        else:
            await db.finish_game(game, totals)
            for player in set(seats):
                add(guild, player, (0, 0, 0, 0, 1))

    assert set(expected) == {GLOBAL, 1, 2}
    assert any(deals for rows in expected.values() for _, deals, *_ in rows.values())
    for scope, rows in expected.items():
        board = await db.leaderboard(scope if scope != GLOBAL else None, min_games=0, limit=100)
        stored = {s.player_id: (s.points, s.deals, s.taken, s.made, s.games) for s in board}
        assert stored == rows, f"scope {scope}"


# ----- history and export ----------------------------------------------------------------


async def test_recent_games_newest_first_with_standings(db: Storage) -> None:
    a, b, c, d = await users(db, "ABCD")
    first = await new_game(db, 1, [a, b, c])
    await play(db, first, [a, b, c], [played(0, True, [80, -40, -40]), redeal(3)])
    await db.finish_game(first, [80, -40, -40])
    second = await new_game(db, None, [d, a, b, c])
    await play(db, second, [d, a, b, c], [played(1, False, [20, -60, 20, 20])])
    await db.set_status(second, "stopped")
    third = await new_game(db, 1, [b, c, d])  # a is not in it

    games = await db.recent_games(a)
    assert [g.id for g in games] == [second, first]
    assert [g.status for g in games] == ["stopped", "finished"]
    assert [g.deals for g in games] == [1, 2]
    assert [g.guild_id for g in games] == [None, 1]
    assert all(g.finished_at is not None and g.finished_at >= g.created_at for g in games)
    assert [(s.name, s.total, s.rank) for s in games[1].seats] == [
        ("A", 80, 1),
        ("B", -40, 2),
        ("C", -40, 2),
    ]
    assert [(s.seat, s.name, s.total, s.rank) for s in games[0].seats] == [
        (0, "D", 20, None),
        (1, "A", -60, None),
        (2, "B", 20, None),
        (3, "C", 20, None),
    ]
    assert [g.id for g in await db.recent_games(a, limit=1)] == [second]
    assert [g.id for g in await db.recent_games(b)] == [third, second, first]
    assert (await db.recent_games(b))[0].seats[0].total == 0  # nothing recorded yet
    assert await db.recent_games(9999) == []


async def test_a_games_deals_and_their_records_for_export(db: Storage) -> None:
    rng = random.Random(3)
    ids = await users(db, "ABCD")
    game = await new_game(db, 1, ids)
    deals = [random_deal(rng, Rules(), dealer) for dealer in range(3)]
    for number, deal in enumerate(deals, start=1):
        assert deal.result is not None
        await db.record_deal(game, number, to_record(deal), deal.result, ids)
    await db.record_deal(game, 4, RECORD, redeal(4), ids)

    listed = await db.game_deals(game)
    assert [d.number for d in listed] == [1, 2, 3, 4]
    for summary, deal in zip(listed, deals, strict=False):
        result = deal.result
        assert result is not None
        assert summary.outcome == result.outcome and summary.taker == result.taker
        assert summary.contract == (result.contract.text if result.contract else None)
        assert summary.made == result.made and summary.scores == result.scores
    assert (listed[3].outcome, listed[3].taker, listed[3].made) == ("passed", None, None)
    assert listed[3].scores == (0, 0, 0, 0)

    assert await db.deal_record(game, 2) == json.loads(json.dumps(to_record(deals[1])))
    assert await db.deal_record(game, 4) == RECORD
    assert await db.deal_record(game, 5) is None
    assert await db.game_deals(game + 1) == []


async def test_a_player_is_found_without_being_created(db: Storage) -> None:
    pid = await db.player("user", "42", "Alice")
    found = await db.find_player("user", "42")
    assert found is not None and (found.id, found.name, found.kind) == (pid, "Alice", "user")
    assert await db.find_player("bot", "42") is None
    assert await db.find_player("user", "43") is None
    # Looked for twice: had the first look made a player, the second would find it.
    assert await db.find_player("bot", "42") is None
    assert await db.find_player("user", "43") is None
    assert await db.player_by_id(pid) == found
