"""Drivers the end-to-end tests share: the bot under test (in this process or in its own),
a table opened, seated and started through its lobby, who is to act and what their DM or
hand shows, pressing their controls, and what everybody sees of a channel.

Importable as ``drivers`` from the tests, as ``fake_discord`` is: pytest puts this
directory (which has no ``__init__.py``) on ``sys.path``."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import signal
import sqlite3
import sys
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

from builders import visible_cards
from fake_discord import (
    IT_COMPONENT,
    FakeChannel,
    FakeDiscord,
    FakeInteraction,
    FakeMessage,
    FakeUser,
    World,
)

from bot.discord.client import TarotBot
from bot.i18n import t
from bot.render.cards import card_long, card_short
from bot.settings import load_settings
from tarot_core import view

HERE = Path(__file__).parent
STALE = {t("en", "ui.stale"), t("fr", "ui.stale")}
"""A control that is no longer current, as the test users read it."""
TOKEN_EXPIRED = 16 * 60
"""Older than the 15 minutes Discord lets an interaction token edit its messages."""
MOVE_KINDS = ("bid", "card", "call", "slam", "poignee", "misere", "ecart")


# ----- the bot under test -----------------------------------------------------------------


T = TypeVar("T")
SYNC_TIMEOUT = 10.0
"""How long a test waits for the bot's card emojis to be synced (tiny faces, a fake Discord)."""


def make_bot(tmp_path: Path, **env: str) -> TarotBot:
    """The bot, its database in ``tmp_path``, bots moving at once; ``env`` overrides."""
    settings = load_settings(
        {
            "DISCORD_TOKEN": "a.fake.token",
            "TAROT_DB": str(tmp_path / "tarot.sqlite3"),
            "TAROT_BOT_PAUSE": "0",
            "TAROT_BOT_WORKERS": "1",
        }
        | env,
        None,
    )
    return TarotBot(settings, guild_ready_timeout=0.05)


class BotProcess:
    """``python tests/e2e/fake_discord.py REST GATEWAY MODULE``: ``MODULE`` run as
    ``__main__`` (``bot``: ``bot.__main__``), settings from the environment (``env`` over
    the fake's), in its own process group; run ``n`` logs to ``bot<n>.log``."""

    def __init__(
        self, fake: FakeDiscord, world: World, tmp_path: Path, module: str = "bot", **env: str
    ) -> None:
        self.db = tmp_path / "tarot.sqlite3"
        self.tmp_path = tmp_path
        self.env = {
            **os.environ,
            "DISCORD_TOKEN": fake.token,
            "TAROT_DB": str(self.db),
            "TAROT_BOT_PAUSE": "0",
            "TAROT_BOT_WORKERS": "1",
            "TAROT_DEV_GUILD": world.guild.id,
            **env,
        }
        self.launcher = [sys.executable, str(HERE / "fake_discord.py"), fake.rest_base]
        self.launcher += [fake.gateway_url, module]
        self.procs: list[asyncio.subprocess.Process] = []

    async def spawn(self) -> asyncio.subprocess.Process:
        with self.log(len(self.procs) + 1).open("w") as out:
            proc = await asyncio.create_subprocess_exec(
                *self.launcher,
                env=self.env,
                cwd=self.tmp_path,  # no .env of the project
                stdout=out,
                stderr=out,
                start_new_session=True,  # its bot workers go in its process group
            )
        self.procs.append(proc)
        return proc

    def log(self, number: int) -> Path:
        return self.tmp_path / f"bot{number}.log"

    def logs(self) -> str:
        return "\n".join(p.read_text()[-3000:] for p in sorted(self.tmp_path.glob("bot*.log")))

    async def kill_all(self) -> None:
        for proc in self.procs:
            if proc.returncode is None:
                proc.send_signal(signal.SIGKILL)
                await proc.wait()
            with contextlib.suppress(ProcessLookupError):  # its orphaned bot workers
                os.killpg(proc.pid, signal.SIGKILL)


def query(db: Path, sql: str, *args: Any) -> list[tuple[Any, ...]]:
    conn = sqlite3.connect(db, timeout=5)
    try:
        return conn.execute(sql, args).fetchall()
    finally:
        conn.close()


async def synced(bot: TarotBot) -> None:
    """Wait until the bot's background emoji sync is over, however it ended."""
    task = bot._card_emojis_sync
    assert task is not None, "setup_hook did not start the emoji sync"
    await asyncio.wait_for(asyncio.shield(task), SYNC_TIMEOUT)


# ----- the table ------------------------------------------------------------------------


def table_of(bot: TarotBot, channel: int) -> Any:
    """The table service's own table (its deal included), or None once it has ended."""
    return bot.tables._tables.get(channel)


def moved_on(bot: TarotBot, channel: int, turn: int) -> bool:
    """The table has left ``turn`` (or its channel)."""
    table = table_of(bot, channel)
    return table is None or table.turn != turn


async def wait_moved_on(fake: FakeDiscord, bot: TarotBot, channel: int, turn: int) -> None:
    """Wait until the table has left ``turn`` (or its channel)."""
    await fake.wait_for(lambda: moved_on(bot, channel, turn), timeout=30)


def human_to_act(bot: TarotBot, world: World, channel: int) -> FakeUser | None:
    """Alice or Bob when one of them is to act."""
    table = table_of(bot, channel)
    if table is None or table.deal is None or table.deal.done or table.deal.to_act is None:
        return None
    holder = table.seats[table.deal.to_act]
    if holder.user_id is None:
        return None
    return world.alice if holder.user_id == int(world.alice.id) else world.bob


async def state(bot: TarotBot, channel: int) -> tuple[int, int]:
    """The table's turn and the number of actions stored for its game."""
    table = table_of(bot, channel)
    return table.turn, len(await bot.storage.actions(table.game_id))


# ----- the lobby ------------------------------------------------------------------------


async def open_lobby(fake: FakeDiscord, world: World, **options: Any) -> FakeMessage:
    """Alice's ``/tarot new`` with ``options`` in the table channel; its lobby message."""
    new = await fake.slash(world.alice, world.table, "tarot", subcommand="new", options=options)
    await new.response()
    await fake.wait_for(lambda: fake.channel_messages(world.table), 10)
    return fake.channel_messages(world.table)[0]


def lobby_control(lobby: FakeMessage, end: str) -> str:
    """The custom id of the lobby's control ending with ``end`` (``":join"``...)."""
    return next(c for c in lobby.custom_ids() if c.endswith(end))


async def fill_lobby(
    fake: FakeDiscord, world: World, lobby: FakeMessage, guests: list[FakeUser], bots: int
) -> None:
    """``guests`` join, then Alice adds ``bots`` heuristic bots."""
    for user in guests:
        await (await fake.click(user, lobby, lobby_control(lobby, ":join"))).response()
    for _ in range(bots):
        await (await fake.click(world.alice, lobby, lobby_control(lobby, ":addbot"))).response()


async def press_start(fake: FakeDiscord, world: World, lobby: FakeMessage) -> dict[str, Any]:
    """Alice presses Start; the click's answer."""
    handle = await fake.click(world.alice, lobby, lobby_control(lobby, ":start"))
    response: dict[str, Any] = await handle.response()
    return response


async def four_seated(fake: FakeDiscord, world: World, bot: TarotBot) -> FakeMessage:
    """Alice's 4-seat, 1-deal table with Bob and two heuristic bots, every seat taken (not
    started); returns the lobby message (the table message once started)."""
    channel = int(world.table.id)
    lobby = await open_lobby(fake, world, players=4, deals=1)
    await fill_lobby(fake, world, lobby, [world.bob], bots=2)
    await fake.wait_for(
        lambda: table_of(bot, channel) is not None and all(table_of(bot, channel).seats)
    )
    return lobby


async def seated_game(fake: FakeDiscord, world: World, bot: TarotBot) -> int:
    """Alice and Bob with two bots, until it is a human's turn; returns the channel id."""
    channel = int(world.table.id)
    lobby = await four_seated(fake, world, bot)
    await press_start(fake, world, lobby)
    await fake.wait_for(lambda: human_to_act(bot, world, channel) is not None, timeout=15)
    return channel


async def three_seated(
    fake: FakeDiscord,
    world: World,
    bot: TarotBot,
    guests: Sequence[FakeUser] = (),
    **options: Any,
) -> FakeMessage:
    """Alice, ``guests`` and heuristic bots in the other seats of a three-seat table of
    ``bot``'s (one deal, unless ``options`` of ``/tarot new`` say otherwise), the presenter
    pacing its edits at 10 ms, every seat taken and Start pressed: the lobby message (the
    table message once started)."""
    return await seated(fake, world, bot, guests, **({"players": 3, "deals": 1} | options))


async def seated(
    fake: FakeDiscord,
    world: World,
    bot: TarotBot,
    guests: Sequence[FakeUser] = (),
    **options: Any,
) -> FakeMessage:
    """``three_seated`` for a table of ``options["players"]`` seats."""
    channel = int(world.table.id)
    bot.presenter.tables.interval = bot.presenter.dms.interval = 0.01
    lobby = await open_lobby(fake, world, **options)
    await fill_lobby(fake, world, lobby, list(guests), bots=options["players"] - 1 - len(guests))
    await fake.wait_for(
        lambda: table_of(bot, channel) is not None and all(table_of(bot, channel).seats)
    )
    await press_start(fake, world, lobby)
    return lobby


async def finish_alone(fake: FakeDiscord, bot: TarotBot, user: FakeUser, channel: int) -> None:
    """Play ``user``'s moves (the first legal each time) until the game ends."""
    for _ in range(200):
        table = table_of(bot, channel)
        if table is None:
            return
        deal = table.deal
        if deal is not None and not deal.done and deal.to_act is not None:
            holder = table.seats[deal.to_act]
            if holder.user_id == int(user.id):
                _, _, view = bot.tables.private_view(channel, int(user.id))
                await bot.tables.act(channel, int(user.id), table.turn, view.legal[0])
                continue
        await fake.wait_for(lambda turn=table.turn: moved_on(bot, channel, turn), timeout=15)
    raise AssertionError("the game did not end")


async def open_table(fake: FakeDiscord, world: World, db: Path, deals: int) -> FakeMessage:
    """Alice opens a 4-player table, Bob joins, two bots (all stored in ``db``); returns
    the lobby message (the table message once started) before Start is pressed."""
    lobby = await open_lobby(fake, world, players=4, deals=deals)
    await fill_lobby(fake, world, lobby, [world.bob], bots=2)
    await fake.wait_for(lambda: query(db, "SELECT count(*) FROM seats")[0][0] == 4, 5)
    return lobby


async def start(fake: FakeDiscord, world: World, lobby: FakeMessage) -> None:
    """Alice presses Start, answered with a deferred update (type 6)."""
    response = await press_start(fake, world, lobby)
    assert response["type"] == 6, response


# ----- what a human sees ------------------------------------------------------------------


def move_controls(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The enabled move controls (buttons and selects) among ``components``, in order."""
    found: list[dict[str, Any]] = []
    stack = list(reversed(components))
    while stack:
        comp = stack.pop()
        stack.extend(reversed(comp.get("components") or []))
        cid = str(comp.get("custom_id", ""))
        parts = cid.split(":")
        is_move = len(parts) == 6 and parts[0] == "tarot" and parts[1] in MOVE_KINDS
        if is_move and comp.get("type") in (2, 3) and not comp.get("disabled"):
            found.append(comp)
    return found


def faces_on_controls(payload: dict[str, Any]) -> list[str]:
    """The card emojis of a message version's controls (buttons and select options), in
    order, as ``name:id``."""
    found: list[str] = []
    stack = list(reversed(payload.get("components") or []))
    while stack:
        comp = stack.pop()
        stack.extend(reversed(comp.get("components") or []))
        for item in [comp, *(comp.get("options") or [])]:
            if item.get("emoji") and item["emoji"].get("id"):
                found.append(f"{item['emoji']['name']}:{item['emoji']['id']}")
    return found


def turn_of(components: list[dict[str, Any]]) -> int | None:
    """The turn the enabled move controls were made at, or None if there are none."""
    controls = move_controls(components)
    return int(controls[0]["custom_id"].split(":")[4]) if controls else None


def choice(control: dict[str, Any]) -> list[str]:
    """What a human picks in a control: nothing for a button, the first options of a select."""
    if control.get("type") != 3:
        return []
    count = control.get("max_values", 1)
    return [o["value"] for o in control.get("options", [])][:count]


def dm_ids(fake: FakeDiscord, user: FakeUser) -> list[str]:
    """The bot's own messages in its DM with ``user`` (not answers to their clicks)."""
    return [m.id for m in fake.dm_messages(user) if not m.ephemeral]


def latest_dm(fake: FakeDiscord, user: FakeUser) -> FakeMessage | None:
    ids = dm_ids(fake, user)
    return fake.messages[ids[-1]] if ids else None


async def current_dm(fake: FakeDiscord, user: FakeUser, turn: int) -> FakeMessage:
    """``user``'s latest DM, once it offers the controls of ``turn``."""

    def ready() -> bool:
        dms = fake.dm_messages(user)
        return bool(dms) and any(f":{turn}:" in c for c in dms[-1].custom_ids())

    await fake.wait_for(ready, timeout=10)
    return fake.dm_messages(user)[-1]


def latest_hand(fake: FakeDiscord, user: FakeUser, world: World) -> FakeMessage | None:
    """``user``'s latest DM (not an answer to one of their clicks there), or (DMs closed)
    their latest ephemeral hand with controls."""
    dms = [m for m in fake.dm_messages(user) if not m.deleted and not m.ephemeral]
    if dms:
        return dms[-1]
    mine = [m for m in fake.ephemeral_messages(user, world.table) if m.selects() or m.buttons()]
    return mine[-1] if mine else None


async def press_something(fake: FakeDiscord, user: FakeUser, message: FakeMessage) -> bool:
    """Use the first enabled control of a hand message; False if there is none."""
    for select in message.selects():
        if select.get("disabled"):
            continue
        options = [o["value"] for o in select.get("options", [])]
        count = select.get("max_values", 1)
        handle = await fake.select(user, message, select["custom_id"], options[:count])
        await handle.response()
        return True
    for button in message.buttons():
        if button.get("disabled") or not button.get("custom_id", "").startswith("tarot:"):
            continue
        if ":hand:" in button["custom_id"]:
            continue
        handle = await fake.click(user, message, button["custom_id"])
        await handle.response()
        return True
    return False


async def press_in_version(
    fake: FakeDiscord,
    user: FakeUser,
    message: FakeMessage,
    payload: dict[str, Any],
    custom_id: str,
    values: list[str] | None = None,
    *,
    locale: str | None = None,
) -> FakeInteraction:
    """Use a control of ``message`` as the user's client shows it (``payload``: a version
    of the message, maybe from before the bot restarted or before it moved on, or one
    that no real client shows)."""
    control = next(
        (
            c
            for c in FakeMessage(
                "0", message.channel, message.author, components=payload["components"]
            ).iter_components()
            if c.get("custom_id") == custom_id
        ),
        None,
    )
    assert control is not None, f"{custom_id} is not in that version of the message"
    data = fake._base_interaction(IT_COMPONENT, user, message.channel, locale)
    data["message"] = payload
    data["data"] = {"custom_id": custom_id, "component_type": control["type"]}
    if control["type"] == 3:
        data["data"]["values"] = list(values or [])
    return await fake._send_interaction(data, user, message.channel, message)


async def hand_ready(fake: FakeDiscord, world: World, user: FakeUser, turn: int) -> None:
    """Wait until ``user``'s hand offers the moves of ``turn``."""

    def ready() -> bool:
        hand = latest_hand(fake, user, world)
        return hand is not None and any(f":{turn}:" in c for c in hand.custom_ids())

    await fake.wait_for(ready, timeout=30)


async def settled(
    read: Callable[[], Awaitable[T]], done: Callable[[T], bool], timeout: float = 5.0
) -> T:
    """``read()`` again every 50 ms until ``done`` holds of what it gives, or ``timeout``
    runs out: its last value, to assert on (``fake.wait_for`` takes plain predicates)."""
    deadline = asyncio.get_running_loop().time() + timeout
    value = await read()
    while not done(value) and asyncio.get_running_loop().time() < deadline:
        await asyncio.sleep(0.05)
        value = await read()
    return value


async def alice_to_play(fake: FakeDiscord, world: World, bot: TarotBot) -> tuple[int, int]:
    """Alice and two bots at a one-deal table of ``bot``'s, started and played to Alice's
    first turn, her DM showing it: the game and that turn."""
    channel = int(world.table.id)
    await three_seated(fake, world, bot)
    await fake.wait_for(lambda: human_to_act(bot, world, channel) is world.alice)
    table = table_of(bot, channel)
    await hand_ready(fake, world, world.alice, table.turn)
    return table.game_id, table.turn


async def play_to_the_end(
    fake: FakeDiscord,
    world: World,
    bot: TarotBot,
    *,
    guest: FakeUser | None = None,
    each_turn: Callable[[], None] | None = None,
) -> None:
    """Alice and ``guest`` (Bob by default) press the first control of their hand (their
    DM, or ``/tarot hand`` when their DMs are closed) until the game ends; ``each_turn()``
    runs at every turn before anyone acts."""
    channel = int(world.table.id)
    guest = guest or world.bob
    for _ in range(400):
        table = table_of(bot, channel)
        if table is None:
            return
        if each_turn is not None:
            each_turn()
        deal = table.deal
        # A finished deal (the game's last, while it is being stored) has no one to act.
        seat = deal.to_act if deal is not None and not deal.done else None
        uid = table.seats[seat].user_id if seat is not None else None
        turn = table.turn
        if uid is not None:
            user = world.alice if uid == int(world.alice.id) else guest
            if not user.dms_open:  # their hand, only for them, in the channel
                hand = await fake.slash(user, world.table, "tarot", subcommand="hand")
                await hand.response()
            await hand_ready(fake, world, user, turn)
            message = latest_hand(fake, user, world)
            assert message is not None
            assert await press_something(fake, user, message)
        await wait_moved_on(fake, bot, channel, turn)
    raise AssertionError("the game did not end")


async def private_message(
    fake: FakeDiscord, user: FakeUser, message: FakeMessage, custom_id: str
) -> FakeMessage:
    """``user`` presses ``custom_id`` of ``message``: answered with a new message only for
    them (type 4, ephemeral), which is returned."""
    handle = await fake.click(user, message, custom_id)
    response = await handle.response()
    assert response["type"] == 4 and response["data"]["flags"] & 64, response
    shown = await handle.message()
    assert shown.ephemeral_for is user
    return shown


async def updated_in_place(
    fake: FakeDiscord, handle: FakeInteraction, message: FakeMessage
) -> FakeMessage:
    """The press ``handle`` was answered by an update of that very ``message`` (type 7)."""
    response = await handle.response()
    assert response["type"] == 7, response
    return fake.messages[message.id]


async def ephemeral_text(handle: FakeInteraction) -> str:
    """The text of an interaction's first answer, which must be only for its user."""
    response: dict[str, Any] = await handle.response()
    data = response.get("data") or {}
    assert data.get("flags", 0) & 64, f"not ephemeral: {response}"
    return str(data.get("content", ""))


# ----- what everybody sees ----------------------------------------------------------------


def hidden_forms(bot: TarotBot, channel: int) -> list[re.Pattern[str]]:
    """Patterns for every card that no public message may show right now."""
    table = table_of(bot, channel)
    if table is None or table.deal is None:
        return []
    deal = table.deal
    public = view(deal)
    shown = visible_cards(public) | ({public.called} if public.called is not None else set())
    hidden = set()
    for hand in deal.hands:
        hidden |= {c for c in range(78) if hand >> c & 1}
    hidden -= shown
    forms = []
    for card in hidden:
        for locale in ("en", "fr"):
            forms.append(re.compile(r"(?<![0-9])" + re.escape(card_short(card, locale))))
            forms.append(re.compile(re.escape(card_long(card, locale))))
    return forms


def public_messages(fake: FakeDiscord, channel: FakeChannel) -> list[FakeMessage]:
    """What everybody sees of ``channel``'s tables: the channel, then each table's thread
    (where a table's event lines go, see ``bot/discord/threads.py``)."""
    found = list(fake.channel_messages(channel))
    for thread in fake.threads(channel):
        found += fake.channel_messages(thread)
    return found
