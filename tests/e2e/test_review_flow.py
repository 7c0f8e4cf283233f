"""The coach's review through the real bot against the fake Discord: *Review my play* on a
finished game's score sheet answers privately with the player's own review (the progress
edited in place, then the review with *Share*), a second request comes from the kept
review with no worker job, ``/history``'s review menu and ``/tarot review`` give the same,
*Share* posts the summary without a card in the game's thread, only for the reviewer, and
a review past the queue limit is refused at once, in the user's language."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest
from counting_pool import CountingPool
from drivers import make_bot, play_to_the_end, seated, synced, table_of
from fake_discord import FakeDiscord, FakeInteraction, FakeMessage, World, run_client

from bot.discord import reviews
from bot.discord.client import TarotBot
from bot.i18n import t
from bot.render.cards import card_long, card_short
from bot.render.review import progress_text, review_text, share_text
from tarot_core import parse_card
from tarot_core.coach import DealReview, Kind

SAMPLES = 4
"""Worlds per decision in these tests (the default weighs far longer, to the same end)."""


def coached(bot: TarotBot) -> CountingPool:
    """The review service's pool counted, and its decisions weighed on few worlds."""
    assert bot.pool is not None
    counted = CountingPool(bot.pool)
    bot.reviews.pool = counted
    bot.reviews.samples = SAMPLES
    return counted


async def finished_game(
    fake: FakeDiscord, world: World, bot: TarotBot, deals: int
) -> tuple[int, int]:
    """Alice and Bob with two bots play ``deals`` deals to the end; the game id and the
    number of its last deal, a played one (a deal all passed is recorded, then dealt again)."""
    await seated(fake, world, bot, [world.bob], players=4, deals=deals)
    game_id: int = table_of(bot, int(world.table.id)).game_id
    await play_to_the_end(fake, world, bot)
    await bot.presenter.drain()
    return game_id, await bot.storage.recorded_deals(game_id)


def score_sheet(fake: FakeDiscord, world: World, game_id: int, number: int) -> FakeMessage:
    """The score sheet of deal ``number``: the public message with its review button."""
    wanted = f"tarot:review:{game_id}:{number}"
    found = [
        m
        for where in [world.table, *fake.threads(world.table)]
        for m in fake.channel_messages(where)
        if wanted in m.custom_ids()
    ]
    assert len(found) == 1, f"{len(found)} score sheets carry {wanted}"
    return found[0]


async def final_answer(fake: FakeDiscord, handle: FakeInteraction) -> FakeMessage:
    """The ephemeral answer once it holds the review (its Share button) or a refusal,
    no longer "thinking" nor the progress."""

    def final() -> bool:
        shown = handle.original
        if shown is None or shown.loading:
            return False
        return any(":share:" in c for c in shown.custom_ids()) or not _is_progress(shown.content)

    await fake.wait_for(final, timeout=60)
    assert handle.original is not None and handle.original.ephemeral
    return handle.original


def _is_progress(content: str) -> bool:
    return re.search(r"\d+/\d+$", content) is not None


def cards_of(review: DealReview) -> set[int]:
    """Every card named by an option of the review (chosen or best)."""
    cards: set[int] = set()
    for d in review.decisions:
        if d.kind in (Kind.PLAY, Kind.CALL, Kind.ECART):
            for text in (d.chosen + " " + d.best).split():
                cards.add(parse_card(text))
    return cards


async def test_review_from_the_score_sheet_history_command_and_share(
    fake: FakeDiscord, world: World, tmp_path: Path
) -> None:
    bot = make_bot(tmp_path)
    async with run_client(fake, bot):
        counted = coached(bot)
        game_id, n = await finished_game(fake, world, bot, deals=1)
        sheet = score_sheet(fake, world, game_id, n)
        button = f"tarot:review:{game_id}:{n}"
        (label,) = [c["label"] for c in sheet.iter_components() if c.get("custom_id") == button]
        assert label == t("fr", "review.button")  # the server's language

        # Alice's review: "thinking", the progress edited in place, then the review. The
        # game's last lines (standings, chart) and the card faces' upload (in the background
        # from the start) go out first, so that only the review's calls are counted.
        await bot.presenter.drain()
        await synced(bot)
        before = len(fake.calls)
        handle = await fake.click(world.alice, sheet, button)
        answer = await final_answer(fake, handle)
        calls = [c.route for c in fake.calls[before:]]
        review = await bot.reviews.review(game_id, n, int(world.alice.id))
        names = await bot.storage.seat_names(game_id)
        expected = review_text(
            "fr", review, game_id=game_id, number=n, seat_name=names[review.seat]
        )
        assert answer.content == expected
        assert answer.custom_ids() == [f"tarot:share:{game_id}:{n}:{review.seat}"]
        progress = [v.get("content", "") for v in answer.history if v.get("content")]
        total = len(review.decisions)
        assert progress and all(_is_progress(p) for p in progress)
        assert progress[0] == t("fr", "review.progress", done=1, total=total)
        assert counted.jobs == ["count"] + ["review_decision"] * total
        print(f"REST calls of one review ({total} decisions): {len(calls)}: {calls}")
        assert calls[0].startswith("POST /interactions/")  # the deferral, "thinking"
        assert all(c.startswith("PATCH /webhooks/") for c in calls[1:])
        assert len(calls) == 2 + len(progress)

        # Again: the kept review, no worker job, no progress: the deferral and the answer.
        before = len(fake.calls)
        again = await final_answer(fake, await fake.click(world.alice, sheet, button))
        assert again.content == expected
        assert [v for v in again.history if v.get("content")] == []  # no progress shown
        assert len(counted.jobs) == 1 + total
        assert len(fake.calls) - before == 2

        # /history: the review menu beside the pictures', for the player's own history.
        history = await fake.slash(world.alice, world.table, "history")
        reply = await history.message()
        menus = [s["custom_id"] for s in reply.selects()]
        assert menus == [f"tarot:pic:{game_id}", f"tarot:reviews:{game_id}"]
        chosen = await fake.select(world.alice, reply, f"tarot:reviews:{game_id}", [str(n)])
        assert (await final_answer(fake, chosen)).content == expected
        # Someone else's history offers no review menu (the review is one's own).
        bobs = await fake.slash(world.alice, world.table, "history", options={"player": world.bob})
        assert [s["custom_id"] for s in (await bobs.message()).selects()] == [
            f"tarot:pic:{game_id}"
        ]

        # /tarot review with no option: the latest deal Alice sat in.
        command = await fake.slash(world.alice, world.table, "tarot", subcommand="review")
        assert (await final_answer(fake, command)).content == expected
        named = await fake.slash(
            world.alice,
            world.table,
            "tarot",
            subcommand="review",
            options={"game": game_id, "deal": n},
        )
        assert (await final_answer(fake, named)).content == expected
        assert len(counted.jobs) == 1 + total
        missing = await fake.slash(
            world.alice,
            world.table,
            "tarot",
            subcommand="review",
            options={"game": game_id, "deal": n + 1},
        )
        assert await _ephemeral(fake, missing) == t("fr", "review.not_found", id=game_id, n=n + 1)

        # Share: the summary in the game's thread (else the channel), no card in it.
        where = [world.table, *fake.threads(world.table)]
        public_before = {m.id for w in where for m in fake.channel_messages(w)}
        before = len(fake.calls)
        share = await fake.click(world.alice, answer, f"tarot:share:{game_id}:{n}:{review.seat}")
        assert await _ephemeral(fake, share) == t("fr", "review.shared")
        routes = sorted(c.route for c in fake.calls[before:])
        assert routes == [  # the post, and the answer: nothing weighed again
            "POST /channels/{channel_id}/messages",
            "POST /interactions/{interaction_id}/{token}/callback",
        ]
        await fake.wait_for(
            lambda: any(m.id not in public_before for w in where for m in fake.channel_messages(w))
        )
        (posted,) = [
            m for w in where for m in fake.channel_messages(w) if m.id not in public_before
        ]
        player = world.alice.global_name or world.alice.username
        shared = share_text("fr", review, player=player, game_id=game_id, number=n)
        assert posted.content == shared and not posted.ephemeral
        thread = await bot.storage.table_thread(game_id)
        assert thread is not None  # the server's tables have threads: the post went there
        assert int(posted.channel.id) == thread
        for card in cards_of(review):
            for locale in ("en", "fr"):
                assert card_short(card, locale) not in posted.content
                assert card_long(card, locale) not in posted.content

        # Bob cannot share Alice's review, even with its custom_id.
        count = len([m for w in where for m in fake.channel_messages(w)])
        refused = await fake.click(
            world.bob, answer, f"tarot:share:{game_id}:{n}:{review.seat}", force=True
        )
        text = await _ephemeral(fake, refused)
        assert text == t(None, "review.not_seated")
        assert len([m for w in where for m in fake.channel_messages(w)]) == count


async def _ephemeral(fake: FakeDiscord, handle: FakeInteraction) -> str:
    """The text of an interaction's ephemeral answer, however it was given."""
    await fake.wait_for(
        lambda: handle.followups or "content" in (handle.callbacks or [{}])[0].get("data", {}),
        timeout=10,
    )
    if handle.followups:
        message = handle.followups[0]
        assert message.ephemeral
        return message.content
    data = handle.callbacks[0]["data"]
    assert data.get("flags", 0) & 64
    return str(data["content"])


async def test_a_review_past_the_limit_is_refused_at_once(
    fake: FakeDiscord, world: World, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot = make_bot(tmp_path, TAROT_REVIEW_LIMIT="1")
    async with run_client(fake, bot):
        counted = coached(bot)
        game_id, n = await finished_game(fake, world, bot, deals=1)
        sheet = score_sheet(fake, world, game_id, n)
        button = f"tarot:review:{game_id}:{n}"
        # Alice's review holds the only place: its first progress edit waits on Discord.
        held = fake.hold("PATCH", "/webhooks/*/messages/@original")
        alice = await fake.click(world.alice, sheet, button)
        await held.until_waiting(1, timeout=30)
        jobs = len(counted.jobs)
        bob = await fake.click(world.bob, sheet, button)
        assert await _ephemeral(fake, bob) == t(None, "review.busy")  # Bob's client: English
        assert len(counted.jobs) == jobs
        held.release()
        await final_answer(fake, alice)
        # Free again: Bob's own review, of his own seat, its progress shown after every
        # decision but the last once edits may follow each other at once.
        monkeypatch.setattr(reviews, "PROGRESS_EVERY", 0.0)
        answer = await final_answer(fake, await fake.click(world.bob, sheet, button))
        bob_review = await bot.reviews.review(game_id, n, int(world.bob.id))
        assert answer.custom_ids() == [f"tarot:share:{game_id}:{n}:{bob_review.seat}"]
        total = len(bob_review.decisions)
        shown = [v["content"] for v in answer.history if v.get("content")]
        assert shown == [progress_text(None, done, total) for done in range(1, total)]
        # Someone who held no seat in the deal has no review of it.
        outsider = await fake.click(world.outsider, sheet, button)
        assert await _ephemeral(fake, outsider) == t(None, "review.not_seated")


async def test_a_deal_of_a_game_still_in_play_is_not_reviewed_yet(
    fake: FakeDiscord, world: World, tmp_path: Path
) -> None:
    bot = make_bot(tmp_path)
    async with run_client(fake, bot):
        counted = coached(bot)
        channel = int(world.table.id)
        await seated(fake, world, bot, [world.bob], players=4, deals=2)
        game_id = table_of(bot, channel).game_id
        pressed: list[asyncio.Future[FakeInteraction]] = []

        def press_the_first_sheet() -> None:
            """Once deal 1's score sheet is out, Alice presses its button (the game goes on)."""
            sheets = [
                m
                for where in [world.table, *fake.threads(world.table)]
                for m in fake.channel_messages(where)
                if f"tarot:review:{game_id}:1" in m.custom_ids()
            ]
            if sheets and not pressed:
                click = fake.click(world.alice, sheets[0], f"tarot:review:{game_id}:1")
                pressed.append(asyncio.ensure_future(click))

        await play_to_the_end(fake, world, bot, each_turn=press_the_first_sheet)
        assert pressed, "deal 1's score sheet never came while the game went on"
        assert await _ephemeral(fake, await pressed[0]) == t("fr", "review.in_play")
        assert counted.jobs == []
