"""Card faces as the application's own emojis, synced once at start, with the real
discord.py client against the fake Discord: a first start creates them all, a restart
creates nothing, a changed face is replaced, other emojis are never touched, a refusal
leaves text cards and one warning, and the bot serves while the sync runs.

Tiny test faces (``faces`` fixture) stand in for ``bot.pictures.faces``, except in the
one test that draws the real ones."""

from __future__ import annotations

import asyncio
import io
import logging
import re
import threading
from pathlib import Path
from typing import Any

import discord
import pytest
from drivers import (
    SYNC_TIMEOUT,
    faces_on_controls,
    hand_ready,
    human_to_act,
    latest_dm,
    make_bot,
    press_something,
    synced,
    table_of,
    three_seated,
    wait_moved_on,
)
from fake_discord import FakeDiscord, FakeMessage, World, run_client
from PIL import Image

from bot.discord import emojis, locales_and_faces
from bot.discord.client import TarotBot
from bot.discord.emojis import CardEmojis, emoji_name
from bot.pictures.faces import emoji_images

COLOURS = {"c01": "red", "c05": "green", "c13R": "blue", "c56": "white", "c77": "black"}
CREATES = ("POST", "/applications/*/emojis")
DELETES = ("DELETE", "/applications/*/emojis/*")
FACE = re.compile(r"<:c\d+[A-Za-z]?_[0-9a-f]{8}:\d+>")
"""A card face in a message's text."""


def tiny_png(colour: str) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (8, 8), colour).save(out, "PNG")
    return out.getvalue()


def tiny_faces(monkeypatch: pytest.MonkeyPatch, colour: str = "red") -> dict[str, bytes]:
    """A tiny picture for every face any language shows (drawing the real ones takes a
    while), as the bot draws them at start: change the dict to change them."""
    images = {stem: tiny_png(colour) for stem in emojis.face_stems()}
    monkeypatch.setattr(emojis, "card_faces", lambda: dict(images))
    return images


@pytest.fixture
def faces(monkeypatch: pytest.MonkeyPatch) -> dict[str, bytes]:
    """The faces the bot draws at start: change this dict to change them."""
    images = {stem: tiny_png(colour) for stem, colour in COLOURS.items()}
    monkeypatch.setattr(emojis, "card_faces", lambda: dict(images))
    return images


@pytest.fixture
def emoji_log(caplog: pytest.LogCaptureFixture) -> pytest.LogCaptureFixture:
    caplog.set_level(logging.INFO, logger="bot.discord.emojis")
    return caplog


async def start_once(fake: FakeDiscord, tmp_path: Path) -> CardEmojis:
    """One run of the bot, stopped once its emoji sync is over: its registry."""
    bot = make_bot(tmp_path)
    async with run_client(fake, bot):
        await synced(bot)
    return bot.card_emojis


def ids(registry: CardEmojis, stems: list[str]) -> dict[str, int | None]:
    return {stem: (e.id if (e := registry.emoji(stem)) else None) for stem in stems}


def warnings_of(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    """Warnings and errors about emojis, from any logger (ours, discord.py's)."""
    return [
        r
        for r in caplog.records
        if r.levelno >= logging.WARNING
        and (r.name == emojis.__name__ or "emoji" in r.getMessage().lower())
    ]


async def test_a_first_start_creates_every_face_and_a_restart_none(
    fake: FakeDiscord, world: World, tmp_path: Path, faces: dict[str, bytes]
) -> None:
    first = await start_once(fake, tmp_path)
    assert len(fake.calls_to(*CREATES)) == len(faces)
    assert first.ready
    for stem, png in faces.items():
        emoji = first.emoji(stem)
        assert emoji is not None, f"no emoji for {stem}"
        assert emoji.name == emoji_name(stem, png)
        assert first.markup(stem) == f"<:{emoji.name}:{emoji.id}>"
        kept = fake.application_emoji(emoji.id)
        assert kept is not None and kept.name == emoji.name and kept.image == png
    assert first.emoji("c02") is None and first.markup("c02") is None  # not a face

    second = await start_once(fake, tmp_path)
    assert len(fake.calls_to(*CREATES)) == len(faces), "a restart uploaded again"
    assert fake.calls_to(*DELETES) == []
    assert len(fake.calls_to("GET", "/applications/*/emojis")) == 2  # one listing a start
    assert ids(second, list(faces)) == ids(first, list(faces))
    assert len(fake.application_emojis) == len(faces)


async def test_rate_limited_uploads_are_paced_not_refused(
    fake: FakeDiscord,
    world: World,
    tmp_path: Path,
    faces: dict[str, bytes],
    emoji_log: pytest.LogCaptureFixture,
) -> None:
    """A 429 is discord.py's to wait out and retry: the sync still ends with every face."""
    fake.rate_limit(*CREATES, times=2, retry_after=0.05)
    registry = await start_once(fake, tmp_path)
    assert registry.ready and len(registry) == len(faces)
    assert [c.status for c in fake.calls_to(*CREATES)].count(429) == 2
    assert len(fake.application_emojis) == len(faces)
    assert [r for r in warnings_of(emoji_log) if r.name == emojis.__name__] == []


async def test_uploads_held_back_for_minutes_are_waited_out_then_finished(
    fake: FakeDiscord,
    world: World,
    tmp_path: Path,
    faces: dict[str, bytes],
    emoji_log: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A 429 longer than the client waits by itself (discord.py raises ``RateLimited``)
    is waited out as Discord asks, and the sync goes on: every face, no warning."""
    waits: list[float] = []

    async def pause(seconds: float) -> None:
        waits.append(seconds)

    monkeypatch.setattr(emojis, "pause", pause, raising=False)
    fake.rate_limit(*CREATES, times=1, retry_after=240.0)
    registry = await start_once(fake, tmp_path)
    assert waits == [240.0]
    assert registry.ready and len(registry) == len(faces)
    assert len(fake.application_emojis) == len(faces)
    assert [r for r in warnings_of(emoji_log) if r.name == emojis.__name__] == []


async def test_a_changed_face_is_replaced_and_the_old_one_left_in_place(
    fake: FakeDiscord, world: World, tmp_path: Path, faces: dict[str, bytes]
) -> None:
    """The old face is not deleted at start: another process (the previous version, in a
    rolling restart) may still show it, and Discord refuses a message carrying a deleted
    one."""
    first = await start_once(fake, tmp_path)
    before = ids(first, list(faces))
    assert None not in before.values()
    faces["c05"] = tiny_png("yellow")

    second = await start_once(fake, tmp_path)
    assert fake.calls_to(*DELETES) == []
    assert len(fake.calls_to(*CREATES)) == len(faces) + 1
    after = ids(second, list(faces))
    assert after["c05"] not in (None, before["c05"])
    assert {s: i for s, i in after.items() if s != "c05"} == {
        s: i for s, i in before.items() if s != "c05"
    }
    new = fake.application_emoji(after["c05"])
    assert new is not None and new.image == faces["c05"]
    assert new.name == emoji_name("c05", faces["c05"])
    assert fake.application_emoji(before["c05"]) is not None


async def test_emojis_that_are_not_ours_are_never_deleted(
    fake: FakeDiscord, world: World, tmp_path: Path, faces: dict[str, bytes]
) -> None:
    """Nothing is deleted at start, not even a face of ours no longer drawn; to make room
    under Discord's limit, only names of our shape (``c<digits>[letter]_<8 lowercase
    hex>``) ever are (``test_stale_faces_are_deleted_only_to_make_room``)."""
    others = [
        "logo",
        "c05",
        "c05_ABCDEF12",
        "c05_1234567",
        "xc05_12345678",
        "c05_12345678_old",
        "tarot_c05_12345678",
        "c_12345678",
    ]
    for name in others:
        fake.add_application_emoji(name)
    stale = fake.add_application_emoji("c99_0123abcd")  # ours, a face no longer drawn

    registry = await start_once(fake, tmp_path)
    assert registry.ready
    assert fake.calls_to(*DELETES) == []
    names = {e.name for e in fake.application_emojis}
    assert names == set(others) | {stale.name} | {emoji_name(s, png) for s, png in faces.items()}


async def test_stale_faces_are_deleted_only_to_make_room(
    fake: FakeDiscord, world: World, tmp_path: Path, faces: dict[str, bytes]
) -> None:
    """The application is two short of room for the faces to create: the two oldest faces
    of ours no longer drawn go, the newest stays, and nothing else is touched."""
    stale = [fake.add_application_emoji(f"c9{n}_0123abcd") for n in range(3)]
    for n in range(emojis.APPLICATION_EMOJIS - len(faces) - len(stale) + 2):
        fake.add_application_emoji(f"other_{n}")
    registry = await start_once(fake, tmp_path)
    assert registry.ready and len(registry) == len(faces)
    gone = sorted(c.path.rsplit("/", 1)[1] for c in fake.calls_to(*DELETES))
    assert gone == sorted(e.id for e in stale[:2])
    assert fake.application_emoji(stale[2].id) is not None
    assert len(fake.application_emojis) == emojis.APPLICATION_EMOJIS


@pytest.mark.parametrize("refusal", ["permissions", "limit", "outage"])
async def test_a_refusal_leaves_text_cards_and_one_warning(
    fake: FakeDiscord,
    world: World,
    tmp_path: Path,
    faces: dict[str, bytes],
    emoji_log: pytest.LogCaptureFixture,
    refusal: str,
) -> None:
    expected: tuple[str, ...]
    if refusal == "permissions":
        fake.refuse_emoji_uploads(status=403, code=50013, message="Missing Permissions")
        expected, creates = ("403", "Missing Permissions", "50013"), 1
    elif refusal == "limit":  # the application has 1,998 emojis: two more fit
        for n in range(1998):
            fake.add_application_emoji(f"other_{n}")
        expected, creates = ("400", "Maximum number of emojis reached", "30018"), 3
    else:  # 503 is not retried by discord.py (500, 502, 504 are, after 1, 3, 5 s)
        fake.inject(
            "GET",
            "/applications/*/emojis",
            status=503,
            body={"code": 0, "message": "upstream connect error"},
        )
        expected, creates = ("503", "upstream connect error"), 0
    bot = make_bot(tmp_path)
    async with run_client(fake, bot):
        await synced(bot)
        assert not bot.card_emojis.ready
        assert all(bot.card_emojis.emoji(s) is None for s in faces)
        assert all(bot.card_emojis.markup(s) is None for s in faces)
        answer = await fake.slash(world.bob, world.table, "help")  # the bot still serves
        await answer.message()
    assert len(fake.calls_to(*CREATES)) == creates, "not tried once, or retried"
    [warning] = warnings_of(emoji_log)
    assert warning.name == emojis.__name__
    line = warning.getMessage()
    assert warning.levelno == logging.WARNING and warning.exc_info is None
    assert "\n" not in line and "card emojis are off" in line
    for part in expected:
        assert part in line, f"{part!r} not in {line!r}"


async def test_the_bot_serves_while_the_sync_runs(
    fake: FakeDiscord, world: World, tmp_path: Path, faces: dict[str, bytes]
) -> None:
    held = fake.hold(*CREATES)
    bot = make_bot(tmp_path)
    try:
        async with run_client(fake, bot):
            await held.until_waiting()
            answer = await fake.slash(world.bob, world.table, "help")
            await answer.message()
            assert held.waiting == 1 and not bot.card_emojis.ready  # text cards meanwhile
            held.release()
            await synced(bot)
            assert bot.card_emojis.ready
    finally:
        held.release()


async def test_closing_the_bot_stops_the_sync(
    fake: FakeDiscord, world: World, tmp_path: Path, faces: dict[str, bytes]
) -> None:
    held = fake.hold(*CREATES)
    bot = make_bot(tmp_path)
    try:
        async with run_client(fake, bot):
            await held.until_waiting()
        task = bot._card_emojis_sync
        assert task is not None and task.cancelled()
        assert not bot.card_emojis.ready
    finally:
        held.release()


async def test_a_button_shows_a_card_emoji_and_discord_refuses_an_unknown_one(
    fake: FakeDiscord, world: World, tmp_path: Path, faces: dict[str, bytes]
) -> None:
    bot = make_bot(tmp_path)
    async with run_client(fake, bot):
        await synced(bot)
        emoji = bot.card_emojis.emoji("c05")
        assert emoji is not None
        channel = bot.get_channel(int(world.table.id))
        assert isinstance(channel, discord.TextChannel)
        view = discord.ui.View()
        view.add_item(discord.ui.Button(label="5♠", emoji=emoji, custom_id="card:5"))
        sent = await channel.send(view=view)
        [button] = fake.messages[str(sent.id)].buttons()
        assert button["emoji"]["id"] == str(emoji.id) and button["emoji"]["name"] == emoji.name
        assert button["label"] == "5♠" and button["custom_id"] == "card:5"

        unknown = discord.ui.View()
        unknown.add_item(
            discord.ui.Button(
                label="5♠", emoji=discord.PartialEmoji(name="c05_00000000", id=1), custom_id="x"
            )
        )
        with pytest.raises(discord.HTTPException, match="Invalid emoji") as refused:
            await channel.send(view=unknown)
        assert refused.value.status == 400 and refused.value.code == 50035
        invalid = {
            "_errors": [{"code": "BUTTON_COMPONENT_INVALID_EMOJI", "message": "Invalid emoji"}]
        }
        assert refused.value._errors == {  # nested as Discord nests it
            "components": {"0": {"components": {"0": {"emoji": {"name": invalid}}}}}
        }
        options = discord.ui.View()
        options.add_item(
            discord.ui.Select(
                custom_id="s",
                options=[
                    discord.SelectOption(label="5♠", value="5", emoji=emoji),
                    discord.SelectOption(
                        label="6♠", value="6", emoji=discord.PartialEmoji(name="c06_0", id=2)
                    ),
                ],
            )
        )
        with pytest.raises(discord.HTTPException) as refused:
            await channel.send(view=options)
        assert refused.value._errors == {
            "components": {
                "0": {"components": {"0": {"options": {"1": {"emoji": {"name": invalid}}}}}}
            }
        }


@pytest.mark.parametrize(
    ("name", "image", "error"),
    [
        ("c", tiny_png("red"), "must be 2 to 32"),
        ("c05-x", tiny_png("red"), "must be 2 to 32"),
        ("c" * 33, tiny_png("red"), "must be 2 to 32"),
        ("taken", tiny_png("red"), "ALREADY_TAKEN"),
        ("huge", b"\x89PNG\r\n\x1a\n" + bytes(256 * 1024), "> 262144"),
    ],
    ids=["short", "dash", "long", "taken", "huge"],
)
async def test_the_fake_checks_uploads_as_discord_does(
    fake: FakeDiscord, world: World, tmp_path: Path, name: str, image: bytes, error: str
) -> None:
    fake.add_application_emoji("taken")
    client = discord.Client(intents=discord.Intents.none(), guild_ready_timeout=0.05)
    async with run_client(fake, client):
        with pytest.raises(discord.HTTPException, match=error) as refused:
            await client.create_application_emoji(name=name, image=image)
        assert refused.value.status == 400 and refused.value.code == 50035
    assert [e.name for e in fake.application_emojis] == ["taken"]


def test_a_stem_outside_the_shape_is_refused() -> None:
    """Its name would not be of the shape the sync deletes when stale."""
    with pytest.raises(ValueError, match="'t21'"):
        emoji_name("t21", tiny_png("red"))


async def test_the_real_faces_become_emojis(
    fake: FakeDiscord, world: World, tmp_path: Path
) -> None:
    """The startup wiring end to end: ``bot.pictures.faces`` drawn in an executor, every
    face uploaded (each accepted by the fake's checks), the registry answering them all."""
    images = emoji_images()
    assert set(images) == emojis.face_stems()  # what a start checks remembered faces against
    registry = await start_once(fake, tmp_path)
    assert registry.ready and len(registry) == len(images)
    assert len(fake.calls_to(*CREATES)) == len(images)
    for stem, png in images.items():
        emoji = registry.emoji(stem)
        assert emoji is not None and emoji.name == emoji_name(stem, png)
        kept = fake.application_emoji(emoji.id)
        assert kept is not None and kept.image == png


def faces_in_text(payload: dict[str, Any]) -> list[str]:
    """The card faces a version of a message shows in its text, in order."""
    return FACE.findall(str(payload.get("content", "")))


async def alice_sees_faces(
    fake: FakeDiscord, world: World, bot: TarotBot
) -> tuple[FakeMessage, FakeMessage]:
    """Alice and two bots play until it is Alice's turn to play a card with cards on the
    table: the table message and her DM then show faces. Both messages."""
    channel = int(world.table.id)
    lobby = await three_seated(fake, world, bot, deals=3)
    for _ in range(300):
        table = table_of(bot, channel)
        assert table is not None, "the game ended before Alice saw faces"
        turn = table.turn
        if human_to_act(bot, world, channel) is world.alice:
            await hand_ready(fake, world, world.alice, turn)
            await bot.presenter.drain()
            shown, dm = fake.messages[lobby.id], latest_dm(fake, world.alice)
            assert dm is not None
            seen = faces_in_text(shown.payload()), faces_in_text(dm.payload())
            if all(seen) and faces_on_controls(dm.payload()):
                return shown, dm
            assert await press_something(fake, world.alice, dm)
        await wait_moved_on(fake, bot, channel, turn)
    raise AssertionError("Alice never saw faces")


async def test_a_restart_redraws_the_faces_it_showed(
    fake: FakeDiscord, world: World, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first redraw of a restored table and of its DM shows the very faces they showed
    before the restart, though drawing the faces again takes a while (held here): the
    faces of the last run are kept, and used once Discord's listing still has them."""
    images = tiny_faces(monkeypatch)
    bot = make_bot(tmp_path)
    async with run_client(fake, bot):
        await synced(bot)
        shown, dm = await alice_sees_faces(fake, world, bot)
        await bot.presenter.drain()
    before = {m.id: m.payload() for m in (shown, dm)}
    assert faces_in_text(before[shown.id]) and faces_in_text(before[dm.id])
    count = {key: len(fake.messages[key].versions()) for key in before}

    drawn = threading.Event()  # the faces are drawn again only once the test says so

    def slow_faces() -> dict[str, bytes]:
        drawn.wait(SYNC_TIMEOUT)
        return dict(images)

    monkeypatch.setattr(emojis, "card_faces", slow_faces)
    again = make_bot(tmp_path)
    try:
        async with run_client(fake, again):
            await fake.wait_for(
                lambda: all(len(fake.messages[k].versions()) > n for k, n in count.items()),
                timeout=SYNC_TIMEOUT,
            )
            for key, n in count.items():
                first = fake.messages[key].versions()[n]  # the first redraw after the restart
                assert faces_in_text(first) == faces_in_text(before[key]), key
                assert faces_on_controls(first) == faces_on_controls(before[key]), key
            assert faces_on_controls(fake.messages[dm.id].versions()[count[dm.id]])
            drawn.set()
            await synced(again)
            assert again.card_emojis.ready
    finally:
        drawn.set()
    assert len(fake.calls_to(*CREATES)) == len(images)  # nothing uploaded again


@pytest.fixture
def every_face(monkeypatch: pytest.MonkeyPatch) -> tuple[dict[str, bytes], threading.Event]:
    """A tiny picture for every stem any language needs, drawn only once the returned
    event is set (drawing the real faces takes a while): change the dict to change them."""
    images = {stem: tiny_png("red") for stem in emojis.face_stems()}
    drawn = threading.Event()
    drawn.set()

    def slow_faces() -> dict[str, bytes]:
        drawn.wait(SYNC_TIMEOUT)
        return dict(images)

    monkeypatch.setattr(emojis, "card_faces", slow_faces)
    return images, drawn


async def test_a_remembered_face_gone_meanwhile_is_never_shown(
    fake: FakeDiscord,
    world: World,
    tmp_path: Path,
    every_face: tuple[dict[str, bytes], threading.Event],
) -> None:
    """One face of the last run was deleted since: the listing does not have it, so the
    remembered faces are not used (text cards, never a gone face) until the sync has made
    it again."""
    images, drawn = every_face
    first = await start_once(fake, tmp_path)
    gone = first.emoji("c05")
    assert gone is not None
    deleted = fake.application_emoji(gone.id)
    assert deleted is not None
    fake.application_emojis.remove(deleted)
    drawn.clear()
    again = make_bot(tmp_path)
    try:
        async with run_client(fake, again):
            await asyncio.wait_for(again.card_emojis.settled.wait(), SYNC_TIMEOUT)
            assert not again.card_emojis.ready
            drawn.set()
            await synced(again)
            made = again.card_emojis.emoji("c05")
            assert made is not None and made.id != gone.id
            assert ids(again.card_emojis, ["c01"]) == ids(first, ["c01"])
    finally:
        drawn.set()


async def test_remembered_faces_stay_shown_while_a_changed_one_is_uploaded(
    fake: FakeDiscord,
    world: World,
    tmp_path: Path,
    every_face: tuple[dict[str, bytes], threading.Event],
) -> None:
    """Every remembered face still there: shown at once after the listing, and all along
    while the sync uploads the face whose picture changed (the old one is never deleted:
    no message is drawn with a gone face); then the new ones shown."""
    images, drawn = every_face
    first = await start_once(fake, tmp_path)
    old = ids(first, ["c05"])["c05"]
    images["c05"] = tiny_png("yellow")
    drawn.clear()
    held = fake.hold(*CREATES)
    again = make_bot(tmp_path)
    try:
        async with run_client(fake, again):
            await asyncio.wait_for(again.card_emojis.settled.wait(), SYNC_TIMEOUT)
            assert ids(again.card_emojis, list(images)) == ids(first, list(images))
            drawn.set()
            await held.until_waiting()
            assert ids(again.card_emojis, list(images)) == ids(first, list(images))
            held.release()
            await synced(again)
            now = ids(again.card_emojis, list(images))
            assert now["c05"] not in (None, old)
    finally:
        drawn.set()
        held.release()
    assert fake.calls_to(*DELETES) == [] and fake.application_emoji(old) is not None


async def test_a_listing_that_hangs_holds_a_redraw_only_so_long(
    fake: FakeDiscord,
    world: World,
    tmp_path: Path,
    every_face: tuple[dict[str, bytes], threading.Event],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Discord does not answer the listing: the restored table and DM are drawn all the
    same once ``FACES_WAIT`` is over, with text cards (no face the listing did not
    confirm)."""
    bot = make_bot(tmp_path)
    async with run_client(fake, bot):
        await synced(bot)
        shown, dm = await alice_sees_faces(fake, world, bot)
        await bot.presenter.drain()
    count = {m.id: len(m.versions()) for m in (shown, dm)}
    monkeypatch.setattr(locales_and_faces, "FACES_WAIT", 0.3)
    held = fake.hold("GET", "/applications/*/emojis")
    again = make_bot(tmp_path)
    try:
        async with run_client(fake, again):
            await fake.wait_for(
                lambda: all(len(fake.messages[k].versions()) > n for k, n in count.items()),
                timeout=3.0,
            )
            for key, n in count.items():
                first = fake.messages[key].versions()[n]
                assert faces_in_text(first) == [] and faces_on_controls(first) == [], key
            held.release()
            await synced(again)
    finally:
        held.release()
