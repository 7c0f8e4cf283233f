"""/leaderboard, /stats and /history end to end: the real TarotBot against the fake Discord,
on a database filled beforehand with games whose figures can be checked by hand.

The games (min_games = 2; "bot" is the heuristic computer player):

=====  ============  ===================================  =========================
game   server        deals (taker first)                  end
=====  ============  ===================================  =========================
1      Tarot Club    alice makes +150/-50 x3;             finished: alice 190, carol
                     bob fails -120/+40 x3                -10, bot -10, bob -170
2      Tarot Club    alice makes +90/-30 x3               finished
3      another       dave makes +60/-20 x3 (alice, bob,   finished
                     dave, bot)
4      another       two real random deals (dave, erin    stopped: deals count, no game
                     and two bots)
=====  ============  ===================================  =========================

On Tarot Club: alice 2 games, 3 deals, 280 points (+93.3 a deal), took 2 of 3, made 2 of
2; bob 2, 3, -200 (-66.7), took 1, made 0; carol and the bot 2, 3, -40 (-13.3), never
took: equal in everything, they share rank 2. Everywhere: alice 3 games, 4 deals, 260
(+65.0), 50%, 100%; bob 3, 4, -220 (-55.0), 25%, 0%; the bot 3, 4, -60 (-15.0); carol
as on Tarot Club; dave has one game and is not ranked.
"""

from __future__ import annotations

import json
import logging
import random
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from fake_discord import FakeChannel, FakeDiscord, FakeMessage, FakeUser, World, run_client

from bot.discord.client import TarotBot
from bot.i18n import day_of_month, month_of_year, t
from bot.periods import Period, period_start
from bot.pictures import jobs
from bot.settings import Settings, load_settings
from bot.storage import open_storage
from tarot_core import Contract, DealResult, Outcome, Rules, to_record
from tarot_core.lab.bench import random_deal

OTHER_GUILD = 999
NBSP = "\xa0"
"""CLDR's space before a French percent sign (``67 %``), as Babel writes it."""


def played(taker: int, made: bool, scores: Sequence[int]) -> DealResult:
    return DealResult(
        Outcome.PLAYED, tuple(scores), taker=taker, contract=Contract.GARDE, made=made
    )


def stand_in(game: int, number: int) -> dict[str, Any]:
    """A record for a hand-scored deal (these deals are never replayed here)."""
    return {"format": "tarot-deal/1", "stand_in": f"game {game}, deal {number}"}


@dataclass
class Filled:
    ids: dict[str, int]
    """Player ids by name."""
    records: dict[str, dict[str, Any]]
    """The stored records of game 4, by file name."""


async def fill(path: Path, world: World) -> Filled:
    db = await open_storage(path)
    try:
        ids = {
            "alice": await db.player("user", world.alice.id, "Alice_"),
            "bob": await db.player("user", world.bob.id, "bob"),
            "carol": await db.player("user", world.carol.id, "carol"),
            "dave": await db.player("user", world.outsider.id, "dave"),
            "erin": await db.player("user", "4242", "erin"),
            "bot": await db.player("bot", "heuristic", "Heuristic bot"),
            "random": await db.player("bot", "random", "Random bot"),
            "expert": await db.player("bot", "expert", "Expert bot"),
        }

        async def game(guild: int, names: Sequence[str], deals: Sequence[Any]) -> int:
            seats = [ids[n] for n in names]
            game_id = await db.create_game(
                guild_id=guild,
                channel_id=int(world.table.id),
                players=4,
                rules=Rules(players=4).options(),
                deals_target=len(deals),
                seed=1,
            )
            for seat, player in enumerate(seats):
                await db.seat(game_id, seat, player)
            await db.set_status(game_id, "playing")
            totals = [0] * 4
            for number, deal in enumerate(deals, start=1):
                if isinstance(deal, DealResult):
                    record, result = stand_in(game_id, number), deal
                else:
                    record, result = to_record(deal), deal.result
                await db.record_deal(game_id, number, record, result, seats)
                totals = [a + b for a, b in zip(totals, result.scores, strict=True)]
            if all(isinstance(d, DealResult) for d in deals):
                await db.finish_game(game_id, totals)
            else:
                await db.set_status(game_id, "stopped")
            return game_id

        club = int(world.guild.id)
        four = ("alice", "bob", "carol", "bot")
        assert (
            await game(
                club,
                four,
                [played(0, True, (150, -50, -50, -50)), played(1, False, (40, -120, 40, 40))],
            )
            == 1
        )
        await game(club, four, [played(0, True, (90, -30, -30, -30))])
        await game(
            OTHER_GUILD, ("alice", "bob", "dave", "bot"), [played(2, True, (-20, -20, 60, -20))]
        )
        rng = random.Random(5)
        real = [random_deal(rng, Rules(players=4), dealer) for dealer in range(2)]
        last = await game(OTHER_GUILD, ("dave", "erin", "random", "expert"), real)
        records = {
            f"deal-{last}-{n}.json": json.loads(json.dumps(to_record(d)))
            for n, d in enumerate(real, start=1)
        }
        for name, record in records.items():
            number = int(name.removesuffix(".json").rsplit("-", 1)[1])
            assert await db.deal_record(last, number) == record
        return Filled(ids, records)
    finally:
        await db.close()


def settings_for(tmp_path: Path) -> Settings:
    env = {
        "DISCORD_TOKEN": "a.fake.token",
        "TAROT_DB": str(tmp_path / "tarot.sqlite3"),
        "TAROT_MIN_GAMES": "2",
        "TAROT_BOT_WORKERS": "1",
    }
    return load_settings(env, None)


@dataclass
class Running:
    bot: TarotBot
    filled: Filled
    settings: Settings


@pytest.fixture
async def tarot(
    fake: FakeDiscord, world: World, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> AsyncIterator[Running]:
    settings = settings_for(tmp_path)
    filled = await fill(settings.database, world)
    caplog.set_level(logging.INFO, logger="bot")
    async with run_client(fake, TarotBot(settings, guild_ready_timeout=0.05)) as bot:
        yield Running(bot, filled, settings)
    errors = [r.getMessage() for r in caplog.get_records("call") if r.levelno >= logging.ERROR]
    assert errors == [], "an error was logged (a test that causes one on purpose clears it)"


async def answer(
    fake: FakeDiscord, user: FakeUser, command: str, channel: FakeChannel, **kw: Any
) -> FakeMessage:
    """Invoke a command as ``user`` in ``channel`` and get the answer, checking it came
    within Discord's 3 seconds."""
    handle = await fake.slash(user, channel, command, **kw)
    msg = await handle.message()
    assert handle.response_delay is not None and handle.response_delay < 3
    return msg


async def rating(bot: TarotBot, player: int, guild: int | None, comma: bool = False) -> str:
    stats = await bot.storage.player_stats(player, guild, min_games=2)
    assert stats is not None
    text = f"{stats.rating:.1f}"
    return text.replace(".", ",") if comma else text


# ----- /leaderboard ------------------------------------------------------------------------


async def test_the_server_leaderboard_by_hand(fake: FakeDiscord, world: World, tarot: Running):
    msg = await answer(fake, world.bob, "leaderboard", world.table)
    assert not msg.ephemeral and msg.ephemeral_for is None  # for the whole channel
    [embed] = msg.embeds
    assert embed["title"] == "Leaderboard of this server"
    ids, bot, club = tarot.filled.ids, tarot.bot, int(world.guild.id)
    r = {name: await rating(bot, ids[name], club) for name in ("alice", "bob", "carol", "bot")}
    assert embed["description"].split("\n") == [
        f"**1.** Alice\\_: rating **{r['alice']}** · games 2 · deals 3 · per deal +93.3"
        " · taken 67% · made 100%",
        f"**2.** carol: rating **{r['carol']}** · games 2 · deals 3 · per deal -13.3"
        " · taken 0% · made n/a",
        f"**2.** Heuristic bot: rating **{r['bot']}** · games 2 · deals 3 · per deal -13.3"
        " · taken 0% · made n/a",
        f"**4.** bob: rating **{r['bob']}** · games 2 · deals 3 · per deal -66.7"
        " · taken 33% · made 0%",
    ]
    assert embed["footer"]["text"] == "A player is ranked after 2 games."


async def test_the_global_leaderboard_in_french(fake: FakeDiscord, world: World, tarot: Running):
    msg = await answer(fake, world.alice, "leaderboard", world.table, options={"scope": "global"})
    [embed] = msg.embeds
    assert embed["title"] == "Classement global"
    figures = {  # games, deals, average, taken, made
        "alice": ("Alice\\_", 3, 4, "+65,0", f"50{NBSP}%", f"100{NBSP}%"),
        "bob": ("bob", 3, 4, "-55,0", f"25{NBSP}%", f"0{NBSP}%"),
        "carol": ("carol", 2, 3, "-13,3", f"0{NBSP}%", "n.d."),
        "bot": ("Heuristic bot", 3, 4, "-15,0", f"0{NBSP}%", "n.d."),
    }
    expected = []
    for key, (name, games, deals, average, taken, made) in figures.items():
        stats = await tarot.bot.storage.player_stats(tarot.filled.ids[key], None, min_games=2)
        assert stats is not None and stats.rank is not None
        rated = f"{stats.rating:.1f}".replace(".", ",")
        line = (
            f"**{stats.rank}.** {name} : cote **{rated}** · parties {games} · donnes {deals}"
            f" · par donne {average} · prises {taken} · réussies {made}"
        )
        expected.append((-stats.rating, stats.rank, line))
    assert embed["description"].split("\n") == [line for *_, line in sorted(expected)]
    assert embed["description"].startswith("**1.** Alice")  # won two games of three
    assert "dave" not in embed["description"]  # one game: not ranked
    assert embed["footer"]["text"] == "Un joueur est classé après 2 parties."


async def test_the_leaderboard_in_a_dm_is_the_global_one(
    fake: FakeDiscord, world: World, tarot: Running
):
    msg = await answer(fake, world.bob, "leaderboard", fake.dm_channel(world.bob))
    assert msg.embeds[0]["title"] == "Global leaderboard"
    assert msg.embeds[0]["description"].count("\n") == 3  # alice, bob, carol, the bot


async def test_an_empty_leaderboard_says_why(fake: FakeDiscord, world: World, tarot: Running):
    lonely = fake.add_guild("Empty")
    channel = lonely.add_text_channel("general")
    msg = await answer(fake, world.bob, "leaderboard", channel, locale="fr")
    assert msg.embeds[0]["description"] == (
        "Personne n'est encore classé : un joueur est classé après 2 parties."
    )


# ----- /leaderboard period: a week, a month ------------------------------------------------


def period_title(board: str, period: Period, locale: str) -> str:
    """The title a period's board has now (a test run across Monday 00:00 UTC, or the 1st,
    would see the period change under it)."""
    start = period_start(period, datetime.now(UTC))
    if period == "week":
        named = t(locale, "lb.period.week", date=day_of_month(start.date(), locale))
    else:
        named = t(locale, "lb.period.month", month=month_of_year(start.date(), locale))
    return t(locale, "lb.title.period", board=board, period=named)


async def test_this_week_s_board_ranks_the_deals_by_points(
    fake: FakeDiscord, world: World, tarot: Running
):
    """Every deal stored in the fixture ended this week: Tarot Club's three, by points,
    with no rating and no minimum of games."""
    msg = await answer(fake, world.bob, "leaderboard", world.table, options={"period": "week"})
    assert not msg.ephemeral
    [embed] = msg.embeds
    assert embed["title"] == period_title("Leaderboard of this server", "week", "en")
    assert embed["title"].startswith("Leaderboard of this server · This week (since Monday ")
    assert embed["description"].split("\n") == [
        "**1.** Alice\\_: **+280** pts · deals 3 · per deal +93.3 · taken 67% · made 100%",
        "**2.** carol: **-40** pts · deals 3 · per deal -13.3 · taken 0% · made n/a",
        "**2.** Heuristic bot: **-40** pts · deals 3 · per deal -13.3 · taken 0% · made n/a",
        "**4.** bob: **-200** pts · deals 3 · per deal -66.7 · taken 33% · made 0%",
    ]
    assert embed["footer"]["text"] == (
        "Table games only (challenges do not count), from 00:00 UTC."
    )
    everything = await answer(
        fake, world.bob, "leaderboard", world.table, options={"scope": "global", "period": "week"}
    )
    described = everything.embeds[0]["description"]
    assert everything.embeds[0]["title"].startswith("Global leaderboard · This week")
    assert "rating" not in described
    for name in ("dave", "erin"):  # one game, or one stopped: no minimum of games
        assert f"{name}: **" in described


async def test_this_month_leaves_out_last_month_and_the_challenges(
    fake: FakeDiscord, world: World, tarot: Running, monkeypatch: pytest.MonkeyPatch
):
    """In French: a table game of this month counts; a deal that ended just before the
    1st, and a challenge's attempt this month, do not."""
    room = fake.add_guild("Monthly club")
    channel = room.add_text_channel("tarot")
    ids, db, guild = tarot.filled.ids, tarot.bot.storage, int(room.id)
    seats = [ids["alice"], ids["bob"], ids["carol"], ids["bot"]]
    before = period_start("month", datetime.now(UTC)).timestamp() - 1
    with monkeypatch.context() as m:
        m.setattr("bot.storage.sql.deals.time", SimpleNamespace(time=lambda: before))
        await finished_game(
            tarot.bot, guild, int(channel.id), seats, played(1, True, (-90, 270, -90, -90))
        )
    await finished_game(
        tarot.bot, guild, int(channel.id), seats, played(0, False, (-60, 20, 20, 20))
    )
    challenge_id, _ = await db.create_challenge(
        scope="guild",
        guild_id=guild,
        day=None,
        players=4,
        rules=Rules(players=4).options(),
        deals=1,
        seat=0,
        variants=1,
        level="heuristic",
        seed=3,
        created_by=ids["carol"],
        opened_at=before,
        closes_at=before + 86_400 * 40,
    )
    attempt = [ids["carol"], ids["bot"], ids["bot"], ids["bot"]]
    game = await db.start_attempt(
        challenge_id=challenge_id,
        player_id=ids["carol"],
        variant=0,
        guild_id=guild,
        channel_id=int(channel.id),
        players=4,
        rules=Rules(players=4).options(),
        deals_target=1,
        seed=4,
        seats=attempt,
        started_at=before,
    )
    await db.record_deal(
        game, 1, stand_in(game, 1), played(0, True, (600, -200, -200, -200)), attempt
    )

    msg = await answer(fake, world.alice, "leaderboard", channel, options={"period": "month"})
    [embed] = msg.embeds
    assert embed["title"] == period_title("Classement de ce serveur", "month", "fr")
    assert embed["title"].endswith(f"{datetime.now(UTC).year})")

    def row(rank: int, name: str, points: str, taken: str, made: str) -> str:
        return (
            f"**{rank}.** {name} : **{points}** pts · donnes 1 · par donne {points},0"
            f" · prises {taken} · réussies {made}"
        )

    zero, whole = f"0{NBSP}%", f"100{NBSP}%"
    assert embed["description"].split("\n") == [
        row(1, "bob", "+20", zero, "n.d."),
        row(1, "carol", "+20", zero, "n.d."),
        row(1, "Heuristic bot", "+20", zero, "n.d."),
        row(4, "Alice\\_", "-60", whole, zero),
    ]
    # All time, as before: the two table games, not the challenge's.
    board = await answer(fake, world.alice, "leaderboard", channel, options={"period": "all"})
    assert board.embeds[0]["title"] == "Classement de ce serveur"
    assert "parties 2 · donnes 2" in board.embeds[0]["description"]
    assert "+600" not in board.embeds[0]["description"]


async def test_an_empty_period_says_so(fake: FakeDiscord, world: World, tarot: Running):
    lonely = fake.add_guild("Quiet")
    channel = lonely.add_text_channel("general")
    msg = await answer(fake, world.bob, "leaderboard", channel, options={"period": "month"})
    assert msg.embeds[0]["title"] == period_title("Leaderboard of this server", "month", "en")
    assert msg.embeds[0]["description"] == "No deal of a table game has ended in this period yet."
    with pytest.raises(ValueError, match="not a choice of 'period'"):
        await fake.slash(world.bob, channel, "leaderboard", options={"period": "year"})


async def finished_game(
    bot: TarotBot, guild: int, channel: int, seats: Sequence[int], deal: DealResult
) -> None:
    """Store a finished game of one deal, as the table service would."""
    db = bot.storage
    game_id = await db.create_game(
        guild_id=guild,
        channel_id=channel,
        players=len(seats),
        rules=Rules(players=len(seats)).options(),
        deals_target=1,
        seed=1,
    )
    for seat, player in enumerate(seats):
        await db.seat(game_id, seat, player)
    await db.set_status(game_id, "playing")
    await db.record_deal(game_id, 1, stand_in(game_id, 1), deal, list(seats))
    await db.finish_game(game_id, list(deal.scores))


async def test_two_bots_of_one_level_in_a_game_count_each_deal_once(
    fake: FakeDiscord, world: World, tarot: Running
):
    """Seen: two heuristic bots of a one-deal game shown as "games 1 · deals 2". A bot level
    is one player: a deal counts once for it, with the sum of its seats' scores."""
    room = fake.add_guild("Bots welcome")
    channel = room.add_text_channel("tarot")
    ids = tarot.filled.ids
    seats = [ids["alice"], ids["bot"], ids["bob"], ids["bot"]]
    where = (int(room.id), int(channel.id))
    await finished_game(tarot.bot, *where, seats, played(0, True, (150, -50, -50, -50)))
    await finished_game(tarot.bot, *where, seats, played(2, False, (40, 40, -120, 40)))
    msg = await answer(fake, world.bob, "leaderboard", channel)
    rows = msg.embeds[0]["description"].split("\n")
    assert len(rows) == 3 and all("· games 2 · deals 2 ·" in row for row in rows)
    rated = await rating(tarot.bot, ids["bot"], int(room.id))
    assert rows[1] == (  # -50 - 50 in the first deal, +40 + 40 in the second
        f"**2.** Heuristic bot: rating **{rated}** · games 2 · deals 2 · per deal -10.0"
        " · taken 0% · made n/a"
    )
    stats = await answer(fake, world.bob, "stats", channel, options={"player": world.alice})
    assert (fields(stats)["Games"], fields(stats)["Deals"]) == ("2", "2")


async def test_a_reply_speaks_its_invoker_s_language_and_the_table_the_server_s(
    fake: FakeDiscord, world: World, tarot: Running
):
    """The rule: what someone asked for is in their language, even when the whole channel
    sees it (/leaderboard); the table, which nobody in particular asked for, is in the
    server's. Alice reads French, Bob English; Tarot Club speaks French."""
    english = fake.add_guild("English club", preferred_locale="en-US")
    channel = english.add_text_channel("tarot")
    # A French user in an English server.
    board = await answer(fake, world.alice, "leaderboard", channel, options={"scope": "global"})
    assert not board.ephemeral and board.embeds[0]["title"] == "Classement global"
    assert board.embeds[0]["footer"]["text"] == "Un joueur est classé après 2 parties."
    assert "· par donne +65,0 ·" in board.embeds[0]["description"]
    mine = await answer(fake, world.alice, "stats", channel, options={"scope": "global"})
    assert mine.ephemeral_for is world.alice and fields(mine)[t("fr", "stats.average")] == "+65,0"
    new = await fake.slash(
        world.alice, channel, "tarot", subcommand="new", options={"players": 4, "deals": 3}
    )
    await new.response()

    def lobby() -> FakeMessage | None:
        return next(
            (
                m
                for m in fake.channel_messages(channel)
                if any(":join" in c for c in m.custom_ids())
            ),
            None,
        )

    await fake.wait_for(lambda: lobby() is not None, 10)
    table = lobby()
    assert table is not None
    assert t("en-US", "lobby.deals", deals=3) in table.all_text()
    assert t("fr", "lobby.deals", deals=3) not in table.all_text()
    # The reverse: an English user in a French server.
    board = await answer(fake, world.bob, "leaderboard", world.table, options={"scope": "global"})
    assert not board.ephemeral and board.embeds[0]["title"] == "Global leaderboard"
    assert "· per deal +65.0 ·" in board.embeds[0]["description"]
    mine = await answer(fake, world.bob, "stats", world.table)
    assert mine.ephemeral_for is world.bob and fields(mine)["Average per deal"] == "-66.7"


async def test_numbers_in_the_reader_s_notation(fake: FakeDiscord, world: World, tarot: Running):
    """Spanish (Spain) and Polish write a decimal comma, which French alone used to get."""
    spanish = await answer(fake, world.bob, "stats", world.table, locale="es-ES")
    assert fields(spanish)[t("es-ES", "stats.average")] == "-66,7"
    assert fields(spanish)[t("es-ES", "stats.taker_rate")] == f"33{NBSP}%"
    polish = await answer(
        fake, world.bob, "leaderboard", world.table, locale="pl", options={"scope": "global"}
    )
    assert "-55,0" in polish.embeds[0]["description"]
    assert "25%" in polish.embeds[0]["description"]
    mexican = await answer(fake, world.bob, "stats", world.table, locale="es-419")
    assert fields(mexican)[t("es-419", "stats.average")] == "-66.7"


# ----- /stats -----------------------------------------------------------------------------


def fields(msg: FakeMessage) -> dict[str, str]:
    return {f["name"]: f["value"] for f in msg.embeds[0]["fields"]}


async def test_stats_for_yourself_ranked(fake: FakeDiscord, world: World, tarot: Running):
    msg = await answer(fake, world.bob, "stats", world.table)
    assert msg.ephemeral_for is world.bob
    embed = msg.embeds[0]
    assert embed["title"] == "Statistics: bob"
    assert embed["description"] == "on this server\nRank 4 of 4"
    assert fields(msg) == {
        "Rating": await rating(tarot.bot, tarot.filled.ids["bob"], int(world.guild.id)),
        "Points": "-200",
        "Games": "2",
        "Deals": "3",
        "Average per deal": "-66.7",
        "Deals taken": "33%",
        "Contracts made": "0%",
    }
    # The chart of bob's points over his games here (games 1 and 2: -170, then -30).
    (chart,) = msg.attachments
    assert embed["image"]["url"] == f"attachment://{chart.filename}"
    assert chart.data == jobs.points_chart([-170, -200], "en")


async def test_stats_for_another_player_not_ranked_yet(
    fake: FakeDiscord, world: World, tarot: Running
):
    msg = await answer(
        fake,
        world.alice,
        "stats",
        world.table,
        options={"player": world.outsider, "scope": "global"},
    )
    assert msg.ephemeral_for is world.alice
    assert msg.embeds[0]["title"] == "Statistiques : dave"
    assert msg.embeds[0]["description"] == (
        "sur tous les serveurs\nPas encore classé : 1 parties jouées sur 2"
    )
    assert (
        fields(msg)["Parties"] == "1" and fields(msg)["Donnes"] == "3"
    )  # 1 + the stopped game's 2
    assert msg.attachments == []  # one finished game: no chart to draw
    # On this server dave has played nothing: zeros, not an error.
    here = await answer(fake, world.bob, "stats", world.table, options={"player": world.outsider})
    assert here.embeds[0]["description"] == "on this server\nNot ranked yet: 0 of 2 games played"
    assert fields(here)["Average per deal"] == "n/a" and fields(here)["Points"] == "0"


async def test_stats_of_someone_who_never_played(fake: FakeDiscord, world: World, tarot: Running):
    newcomer = fake.add_user("zoé", guild=world.guild)
    msg = await answer(fake, world.bob, "stats", world.table, options={"player": newcomer})
    assert msg.content == "zoé has not played yet." and msg.ephemeral_for is world.bob
    assert msg.embeds == []


# ----- /history ---------------------------------------------------------------------------


async def test_history_with_the_deal_records_as_files(
    fake: FakeDiscord, world: World, tarot: Running
):
    msg = await answer(fake, world.outsider, "history", world.table)
    assert msg.ephemeral_for is world.outsider
    embed = msg.embeds[0]
    assert embed["title"] == "Recent games: dave"
    lines = embed["description"].split("\n")
    channel = f"<#{world.table.id}>"
    assert lines[0].startswith("**Game 4** · <t:") and lines[0].endswith(
        f":f> · {channel} · stopped · deals: 2"
    )
    assert lines[1].startswith("dave ") and "erin" in lines[1] and "Expert bot" in lines[1]
    assert lines[2].startswith("**Game 3** · <t:") and lines[2].endswith(
        f"{channel} · finished · deals: 1"
    )
    assert lines[3] == "2. Alice\\_ -20 · 2. bob -20 · 1. dave +60 · 2. Heuristic bot -20"
    assert lines[4] == "Deal records of game 4 attached: 2 of 2."
    files = {a.filename: a for a in msg.attachments}
    assert sorted(files) == sorted(tarot.filled.records)
    for name, record in tarot.filled.records.items():
        assert json.loads(files[name].data) == record
        assert files[name].description is not None and "game 4" in files[name].description


async def test_history_of_another_player_in_french(fake: FakeDiscord, world: World, tarot: Running):
    msg = await answer(fake, world.alice, "history", world.table, options={"player": world.bob})
    assert msg.ephemeral_for is world.alice
    lines = msg.embeds[0]["description"].split("\n")
    assert [line.split(" · ")[0] for line in lines[0:6:2]] == [
        "**Partie 3**",
        "**Partie 2**",
        "**Partie 1**",
    ]
    assert lines[5] == "1. Alice\\_ +190 · 4. bob -170 · 2. carol -10 · 2. Heuristic bot -10"
    assert lines[6] == "Enregistrements des donnes de la partie 3 joints : 1 sur 1."
    [record] = msg.attachments
    assert record.filename == "deal-3-1.json"
    assert json.loads(record.data) == stand_in(3, 1)
    empty = await answer(
        fake, world.bob, "history", world.table, options={"player": fake.add_user("yves")}
    )
    assert empty.content == "yves has no game yet." and empty.attachments == []


# ----- failures, sync ---------------------------------------------------------------------


async def test_a_failure_answers_privately_and_is_logged(
    fake: FakeDiscord, world: World, tarot: Running, caplog: pytest.LogCaptureFixture
):
    async def broken(*args: Any, **kw: Any) -> Any:
        raise RuntimeError("the disk is on fire")

    tarot.bot.storage.leaderboard = broken  # type: ignore[method-assign]
    msg = await answer(fake, world.alice, "leaderboard", world.table)
    assert msg.content == t("fr", "ui.error") and msg.ephemeral_for is world.alice
    assert "fire" not in msg.all_text() and "Traceback" not in msg.all_text()
    [logged] = [r for r in caplog.records if r.name == "bot.discord.errors"]
    assert logged.levelno == logging.ERROR and "RuntimeError" in logged.getMessage()
    assert "fire" not in logged.getMessage() and logged.exc_info is None  # never its text
    caplog.clear()


async def test_commands_synced_once_and_not_again_on_restart(
    fake: FakeDiscord, world: World, tmp_path: Path
):
    settings = settings_for(tmp_path)
    await fill(settings.database, world)
    async with run_client(fake, TarotBot(settings, guild_ready_timeout=0.05)):
        assert fake.sync_counts == {"global": 1}
        names = {c["name"] for c in fake.global_commands}
        assert {"tarot", "leaderboard", "stats", "history"} <= names
        board = next(c for c in fake.global_commands if c["name"] == "leaderboard")
        assert board["description_localizations"] == {
            code: t(code, "cmd.leaderboard") for code in ("fr", "es-ES", "es-419", "pl")
        }
    async with run_client(fake, TarotBot(settings, guild_ready_timeout=0.05)):
        assert fake.identify_count == 2
        assert fake.sync_counts == {"global": 1}  # the same command set: no sync
        msg = await answer(fake, world.bob, "leaderboard", world.table, options={"scope": "global"})
        assert msg.embeds[0]["title"] == "Global leaderboard"
