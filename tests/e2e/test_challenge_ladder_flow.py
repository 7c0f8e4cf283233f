"""``/challenge ladder`` and the streak through the real discord.py client and the fake
Discord: a server's ladder of its daily challenges over its ``ladder_days`` best days, the
member's place on the instance's ladder, a month refused unless written YYYY-MM, and a
member's streak in a daily challenge's results. The days are stored directly (playing
them is the challenge flow's test): what is tested here is the command and its words."""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from drivers import make_bot
from fake_discord import FakeDiscord, FakeUser, World, run_client

from bot.challenges import seasons
from bot.discord.client import TarotBot
from bot.i18n import t
from bot.render.challenge_ladder import month_name
from bot.storage import Storage
from tarot_core import Rules


@pytest.fixture
def bot(tmp_path: Path) -> TarotBot:
    return make_bot(tmp_path, TAROT_CHALLENGE_LEVEL="heuristic")


async def daily(db: Storage, guild_id: int | None, day: str, *, closes_at: float) -> int:
    challenge_id, _ = await db.create_challenge(
        scope="guild" if guild_id is not None else "instance",
        guild_id=guild_id,
        day=day,
        players=4,
        rules=Rules(players=4).options(),
        deals=1,
        seat=0,
        variants=1,
        level="heuristic",
        seed=7,
        created_by=None,
        opened_at=closes_at - 86_400,
        closes_at=closes_at,
    )
    return challenge_id


async def member(db: Storage, user: FakeUser) -> int:
    return await db.player("user", str(user.id), user.username)


async def finished_attempt(db: Storage, challenge_id: int, player_id: int, at: float) -> None:
    """An attempt at the challenge, ended at once (no deal played)."""
    bot = await db.player("bot", "heuristic", "Expert bot")
    game_id = await db.start_attempt(
        challenge_id=challenge_id,
        player_id=player_id,
        variant=0,
        guild_id=None,
        channel_id=1,
        players=4,
        rules=Rules(players=4).options(),
        deals_target=1,
        seed=1,
        seats=[player_id, bot, bot, bot],
        started_at=at,
    )
    await db.save_turn(game_id, 0, {"type": "end"}, [], [0, 0, 0, 0])


async def ladder(fake: FakeDiscord, world: World, user: FakeUser, **options: object) -> str:
    handle = await fake.slash(user, world.table, "challenge", subcommand="ladder", options=options)
    return (await handle.message()).content


async def test_the_ladder_adds_up_the_servers_best_days_and_shows_ones_place_everywhere(
    fake: FakeDiscord, world: World, bot: TarotBot
) -> None:
    now = time.time()
    month = seasons.month_of(now)
    guild = int(world.guild.id)
    async with run_client(fake, bot):
        db = bot.storage
        bob, alice = await member(db, world.bob), await member(db, world.alice)
        days = [f"{month}-0{n}" for n in (1, 2, 3)]
        scores = [{bob: 80.0, alice: 25.0}, {bob: 10.0, alice: 62.5}, {alice: 50.0}]
        for day, of_day in zip(days, scores, strict=True):
            written = await db.record_ladder(
                await daily(db, guild, day, closes_at=now - 1), list(of_day.items())
            )
            assert written == len(of_day)
        everyone = await daily(db, None, days[0], closes_at=now - 1)
        await db.record_ladder(everyone, [(alice, 90.0), (bob, 45.5)])

        # The default: each member's best 20 days, so every day counts.
        text = await ladder(fake, world, world.bob)
        lines = text.splitlines()
        assert lines[0] == t(
            "en-US", "challenge.ladder.title", month=month_name("en", month), best=20
        )
        assert lines[1] == t(
            "en-US", "challenge.ladder.row", rank=1, name="alice", total="137.5", days=3
        )
        assert lines[2] == t(
            "en-US", "challenge.ladder.row", rank=2, name="bob", total="90.0", days=2
        )
        assert lines[-1] == t(
            "en-US", "challenge.ladder.everywhere", best=20, rank=2, count=2, total="45.5", days=1
        )

        await db.set_guild_settings(guild, {"ladder_days": 1})
        text = await ladder(fake, world, world.alice, month=f" {month} ")  # Alice reads French
        lines = text.splitlines()
        assert "80,0" in lines[1] and "bob" in lines[1]  # his best day alone
        assert "62,5" in lines[2] and "alice" in lines[2]
        assert (
            t("fr", "challenge.ladder.everywhere", best=20, rank=1, count=2, total="90,0", days=1)
            in text
        )

        empty = await ladder(fake, world, world.bob, month="2001-02")
        assert t("en-US", "challenge.ladder.empty", month="February 2001") in empty
        refused = await ladder(fake, world, world.bob, month="2026-13")
        assert refused == t("en-US", "challenge.ladder.bad_month", example=month)


async def test_a_daily_challenges_results_show_the_members_streak(
    fake: FakeDiscord, world: World, bot: TarotBot
) -> None:
    now = time.time()
    today = datetime.fromtimestamp(now, UTC).date()
    guild = int(world.guild.id)
    async with run_client(fake, bot):
        db = bot.storage
        bob = await member(db, world.bob)
        for back in (3, 1, 0):  # the day before yesterday missed
            day = (today - timedelta(days=back)).isoformat()
            challenge_id = await daily(db, guild, day, closes_at=now + 3600 - back * 86_400)
            await finished_attempt(db, challenge_id, bob, now)
        handle = await fake.slash(
            world.bob,
            world.table,
            "challenge",
            subcommand="results",
            options={"challenge": challenge_id},
        )
        text = (await handle.message()).content
        assert t("en-US", "challenge.streak", count=2) in text.splitlines()

        on_demand, _ = await db.create_challenge(
            **{
                "scope": "guild",
                "guild_id": guild,
                "day": None,
                "players": 4,
                "rules": Rules(players=4).options(),
                "deals": 1,
                "seat": 0,
                "variants": 1,
                "level": "heuristic",
                "seed": 3,
                "created_by": None,
                "opened_at": now - 60,
                "closes_at": now + 3600,
            }
        )
        await finished_attempt(db, on_demand, bob, now)
        handle = await fake.slash(
            world.bob,
            world.table,
            "challenge",
            subcommand="results",
            options={"challenge": on_demand},
        )
        assert "Streak" not in (await handle.message()).content
