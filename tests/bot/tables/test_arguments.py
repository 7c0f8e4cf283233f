"""Bad arguments to the table service, on real SQLite files: a value a player can cause is
refused with a code, a value only code can get wrong is a TypeError or ValueError naming
the argument; never an unrelated exception, and never a change, in memory or stored. And
bots that answer badly or not at all: the seat plays its first legal action, logged
without naming a card."""

from __future__ import annotations

import asyncio
import inspect
import logging
import re
from collections.abc import Callable
from concurrent.futures import Executor, Future
from pathlib import Path
from typing import Any

import pytest
from tables_support import (
    CHANNEL,
    FAST,
    GUESTS,
    GUILD,
    HOST,
    Harness,
    drive,
    open_harness,
    replay_game,
    seat_table,
    state_of,
    wait_for,
)

from bot.tables import Refused, TableSettings, TableSnapshot
from bot.tables.thinking import think_in_time
from tarot_core import (
    Bid,
    Call,
    DealView,
    DeclareSlam,
    Discard,
    Ecart,
    Phase,
    Play,
    Poignee,
)
from tarot_core.cards import CARD_TEXT

GUEST = GUESTS[0]
STORED = ("players", "games", "seats", "deals", "deal_scores", "actions", "game_results")

Attempt = Callable[..., Any]


async def everything(h: Harness) -> dict[str, Any]:
    """What a rejected call must leave alone: the table, what the presenter was told, the
    timers, and every stored row."""
    state = await state_of(h)
    state["tables"] = len(h.manager)
    state["timers"] = h.clock.pending()
    for name in STORED:
        async with h.storage.conn.execute(f"SELECT * FROM {name} ORDER BY rowid") as cur:
            state[name] = await cur.fetchall()
    return state


async def rejected(
    h: Harness, attempt: Callable[[], Any], error: type[Exception], says: str
) -> Any:
    """``attempt`` raises ``error`` (a ``Refused`` given as ``Refused`` with ``says`` being
    ``code: words``) and changes nothing at all."""
    before = await everything(h)
    with pytest.raises(error) as info:
        result = attempt()
        if inspect.isawaitable(result):
            await result
    await h.manager.settle()
    raised = info.value
    if isinstance(raised, Refused):
        code, _, words = says.partition(": ")
        assert raised.code == code, f"refused as {raised.code!r} ({raised}), not {code!r}"
        assert words in raised.message and raised.message == str(raised)
    else:
        assert says in str(raised), f"{str(raised)!r} does not say {says!r}"
    assert await everything(h) == before
    return raised


# ----- opening a table ------------------------------------------------------------------------


def create(**changes: Any) -> Callable[[Harness], Any]:
    args: dict[str, Any] = {"channel_id": CHANNEL, "host_id": HOST, "host_name": "Host"}
    args |= {"guild_id": GUILD, "players": 4, "deals": 2, "seed": 5, "options": None}
    args |= changes
    return lambda h: h.manager.create(**args)


CREATE = [
    pytest.param(create(deals=True), TypeError, "deals must be an int", id="deals-bool"),
    pytest.param(create(deals=1.5), TypeError, "deals must be an int", id="deals-float"),
    pytest.param(create(deals="3"), TypeError, "deals must be an int", id="deals-str"),
    pytest.param(create(players=True), TypeError, "players must be an int", id="players-bool"),
    pytest.param(create(players=4.0), TypeError, "players must be an int", id="players-float"),
    pytest.param(create(players=None), TypeError, "players must be an int", id="players-none"),
    pytest.param(create(seed="abc"), TypeError, "seed must be an int", id="seed-str"),
    pytest.param(create(seed=True), TypeError, "seed must be an int", id="seed-bool"),
    pytest.param(create(seed=2.0), TypeError, "seed must be an int", id="seed-float"),
    pytest.param(create(seed=-1), ValueError, "seed must be from 0", id="seed-negative"),
    pytest.param(create(seed=2**63), ValueError, "seed must be from 0", id="seed-too-big"),
    pytest.param(create(options="misere"), TypeError, "options must be a dict", id="options-str"),
    pytest.param(create(options=[1]), TypeError, "options must be a dict", id="options-list"),
    pytest.param(create(channel_id="500"), TypeError, "channel_id must be an int", id="chan-str"),
    pytest.param(create(channel_id=True), TypeError, "channel_id must be an int", id="chan-bool"),
    pytest.param(
        create(channel_id=-1), ValueError, "channel_id must be a Discord id", id="chan-neg"
    ),
    pytest.param(
        create(channel_id=2**63), ValueError, "channel_id must be a Discord", id="chan-big"
    ),
    pytest.param(create(host_id=None), TypeError, "host_id must be an int", id="host-none"),
    pytest.param(create(host_name=""), ValueError, "host_name must not be empty", id="name-empty"),
    pytest.param(
        create(host_name="  "), ValueError, "host_name must not be empty", id="name-blank"
    ),
    pytest.param(create(host_name=None), TypeError, "host_name must be a str", id="name-none"),
    pytest.param(create(guild_id="77"), TypeError, "guild_id must be an int", id="guild-str"),
    pytest.param(create(guild_id=2**64), ValueError, "guild_id must be a Discord", id="guild-big"),
    # The table's limits a player can meet stay refusals.
    pytest.param(create(players=7), Refused, "bad_players: not 7", id="players-7"),
    pytest.param(create(deals=0), Refused, "bad_deals: not 0", id="deals-0"),
    pytest.param(create(options={"misere": 1}), Refused, "bad_rules: misere", id="rules"),
]


@pytest.mark.parametrize(("attempt", "error", "says"), CREATE)
async def test_a_bad_value_to_create_opens_nothing(
    tables: Harness, attempt: Attempt, error: type[Exception], says: str
) -> None:
    h = tables
    await rejected(h, lambda: attempt(h), error, says)
    assert h.manager.table(CHANNEL) is None
    snap = await create()(h)
    assert (snap.players, snap.deals_target, snap.status) == (4, 2, "lobby")
    assert await h.count("SELECT COUNT(*) FROM games") == 1


# ----- the lobby ------------------------------------------------------------------------------


LOBBY = [
    pytest.param(
        lambda m: m.join(CHANNEL, "1002", "Ann"), TypeError, "user_id must be", id="j-str"
    ),
    pytest.param(lambda m: m.join(CHANNEL, True, "Ann"), TypeError, "user_id must be", id="j-bool"),
    pytest.param(lambda m: m.join(-5, GUESTS[1], "Ann"), ValueError, "channel_id must", id="j-neg"),
    pytest.param(
        lambda m: m.join(CHANNEL, GUESTS[1], ""), ValueError, "name must not", id="j-name"
    ),
    pytest.param(
        lambda m: m.join(CHANNEL, GUESTS[1], None), TypeError, "name must be", id="j-none"
    ),
    pytest.param(lambda m: m.leave(CHANNEL, None), TypeError, "user_id must be", id="leave"),
    pytest.param(lambda m: m.add_bot(CHANNEL, HOST, None), TypeError, "level must", id="add-none"),
    pytest.param(lambda m: m.add_bot(CHANNEL, HOST, 2), TypeError, "level must", id="add-int"),
    pytest.param(lambda m: m.add_bot(CHANNEL, HOST, "x"), Refused, "bad_level: 'x'", id="add-x"),
    pytest.param(lambda m: m.remove_bot(CHANNEL, HOST, "3"), TypeError, "seat must", id="rm-str"),
    pytest.param(lambda m: m.remove_bot(CHANNEL, HOST, True), TypeError, "seat must", id="rm-bool"),
    pytest.param(lambda m: m.remove_bot(CHANNEL, HOST, 2.0), TypeError, "seat must", id="rm-float"),
    pytest.param(lambda m: m.remove_bot(CHANNEL, HOST, -1), Refused, "bad_seat: seat 0", id="rm-1"),
    pytest.param(lambda m: m.remove_bot(CHANNEL, HOST, 9), Refused, "bad_seat: seat 10", id="rm-9"),
    pytest.param(lambda m: m.start(CHANNEL, float(HOST)), TypeError, "user_id must", id="start"),
    pytest.param(lambda m: m.cancel(str(CHANNEL), HOST), TypeError, "channel_id must", id="cancel"),
    pytest.param(lambda m: m.stop(CHANNEL, HOST, moderator="no"), TypeError, "moderator", id="s1"),
    pytest.param(lambda m: m.stop(CHANNEL, HOST, moderator=0), TypeError, "moderator", id="s0"),
    pytest.param(lambda m: m.table([CHANNEL]), TypeError, "channel_id must", id="table"),
    pytest.param(lambda m: m.private_view(CHANNEL, "1"), TypeError, "user_id must", id="view"),
]


@pytest.mark.parametrize(("attempt", "error", "says"), LOBBY)
async def test_a_bad_value_in_the_lobby_changes_nothing(
    tables: Harness, attempt: Attempt, error: type[Exception], says: str
) -> None:
    h = tables
    await h.manager.create(CHANNEL, HOST, "Host", guild_id=GUILD, players=4, seed=3)
    await h.manager.join(CHANNEL, GUEST, "Ann")
    await h.manager.add_bot(CHANNEL, HOST, "random")
    await rejected(h, lambda: attempt(h.manager), error, says)
    snap = await h.manager.add_bot(CHANNEL, HOST, "heuristic")
    assert snap.seats[3] is not None and snap.seats[3].level == "heuristic"
    assert len(await h.storage.seated(snap.game_id)) == 4


# ----- in play --------------------------------------------------------------------------------


def act(action: Callable[[int], object], turn: Callable[[int], object] = lambda t: t) -> Attempt:
    """``act`` by the host at its turn, with ``action(seat)`` and ``turn(current turn)``."""
    return lambda m, seat, now: m.act(CHANNEL, HOST, turn(now), action(seat))


PLAY = [
    pytest.param(act(lambda s: Play(s, 78)), Refused, "illegal: card 78 is not a card", id="78"),
    pytest.param(act(lambda s: Play(s, 10**9)), Refused, "illegal: card 1000000000 is", id="1e9"),
    pytest.param(act(lambda s: Play(s, -1)), Refused, "illegal: card -1 is not a card", id="-1"),
    pytest.param(act(lambda s: Call(s, 99)), Refused, "illegal: card 99 is not", id="call-99"),
    pytest.param(act(lambda s: Discard(s, 78)), Refused, "illegal: card 78", id="discard-78"),
    pytest.param(act(lambda s: Ecart(s, (0, 78))), Refused, "illegal: card 78", id="ecart-78"),
    pytest.param(act(lambda s: Poignee(s, (78,))), Refused, "illegal: card 78", id="poignee-78"),
    pytest.param(act(lambda s: Play(s, "KS")), TypeError, "a card must be an int", id="card-str"),
    pytest.param(act(lambda s: Play(s, True)), TypeError, "a card must be an int", id="card-bool"),
    pytest.param(act(lambda s: Ecart(s, [1, 2])), TypeError, "must be a tuple", id="ecart-list"),
    pytest.param(act(lambda s: Bid(s, 99)), TypeError, "contract must be a Contract", id="bid-99"),
    pytest.param(act(lambda s: Bid(s, "garde")), TypeError, "must be a Contract", id="bid-str"),
    pytest.param(act(lambda s: DeclareSlam(s, 1)), TypeError, "announce must", id="slam-int"),
    pytest.param(act(lambda s: Play(float(s), 0)), TypeError, "seat must be an int", id="seat"),
    pytest.param(act(lambda s: "play KS"), TypeError, "action must be one of", id="not-action"),
    pytest.param(act(lambda s: None), TypeError, "action must be one of", id="none-action"),
    pytest.param(act(lambda s: (s, 0)), TypeError, "action must be one of", id="tuple-action"),
    pytest.param(act(lambda s: Play(s, 0), str), TypeError, "turn must be an int", id="turn-str"),
    pytest.param(act(lambda s: Play(s, 0), lambda t: None), TypeError, "turn must", id="turn-no"),
    pytest.param(act(lambda s: Play(s, 0), lambda t: True), TypeError, "turn must", id="turn-bool"),
    pytest.param(
        lambda m, seat, now: m.replace(CHANNEL, HOST, None, "random"),
        TypeError,
        "seat must be an int",
        id="replace-none",
    ),
    pytest.param(
        lambda m, seat, now: m.replace(CHANNEL, HOST, "2", "random"),
        TypeError,
        "seat must be an int",
        id="replace-str",
    ),
    pytest.param(
        lambda m, seat, now: m.replace(CHANNEL, HOST, 1, None),
        TypeError,
        "level must be a str",
        id="replace-level",
    ),
    pytest.param(
        lambda m, seat, now: m.replace(CHANNEL, HOST, -1, "random"),
        Refused,
        "bad_seat: there is no seat 0",
        id="replace-negative",
    ),
    pytest.param(
        lambda m, seat, now: m.back(CHANNEL, None), TypeError, "user_id must", id="back-none"
    ),
]


@pytest.mark.parametrize(("attempt", "error", "says"), PLAY)
async def test_a_bad_value_in_play_changes_nothing(
    tables: Harness, attempt: Attempt, error: type[Exception], says: str
) -> None:
    h = tables
    snap = await seat_table(h, players=3, humans=2, bots=("heuristic",), deals=1, seed=58)
    await drive(h, until=lambda s, user, v: user == HOST and v.phase == Phase.PLAYING)
    now, seat, view = h.manager.private_view(CHANNEL, HOST)
    refusal = await rejected(h, lambda: attempt(h.manager, seat, now.turn), error, says)
    if isinstance(refusal, Refused) and refusal.code == "illegal":
        assert refusal.params == {"reason": str(refusal)}  # translated as the engine's reasons

    # The right move still goes through, and is stored.
    move = next(a for a in view.legal if isinstance(a, Play))
    after = await h.manager.act(CHANNEL, HOST, now.turn, move)
    assert after.turn == now.turn + 1
    assert (await h.stored_actions(snap.game_id))[now.turn] == move


# ----- bots that answer badly, or never -------------------------------------------------------

HANG = object()
"""A worker's answer that never comes."""


class Workers(Executor):
    """The bot processes faked: each decision is made at once in this process, except the
    first one for which ``when(view)`` holds, which answers ``then`` (or never, for HANG)."""

    def __init__(self, when: Callable[[DealView], bool], then: Callable[[DealView], object]):
        self.when = when
        self.then = then
        self.odd: list[DealView] = []
        """The view of the decision answered oddly."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        assert fn is think_in_time
        future: Future[Any] = Future()
        seen: DealView = args[-1]
        if not self.odd and self.when(seen):
            self.odd.append(seen)
            answer = self.then(seen)
            if isinstance(answer, BaseException):
                future.set_exception(answer)
            elif answer is not HANG:
                future.set_result((answer, None))
        else:
            future.set_result(fn(*args, **kwargs))
        return future


def playing(view: DealView) -> bool:
    return view.phase == Phase.PLAYING


async def bots_only(h: Harness) -> TableSnapshot:
    """A 3-seat table of bots: the host's seat, first to bid (seed 2), is given to one
    once started, so no bot has decided anything before."""
    await seat_table(h, players=3, humans=1, bots=("heuristic", "random"), seed=2, start=False)
    started = await h.manager.start(CHANNEL, HOST)
    assert started.to_act == 0 and started.turn == 0
    return await h.manager.replace(CHANNEL, HOST, 0, "heuristic")


def no_card_in(records: list[logging.LogRecord]) -> None:
    for record in records:
        text = logging.Formatter().format(record)  # with any traceback it carries
        named = [card for card in CARD_TEXT if re.search(rf"\b{card}\b", text)]
        assert not named, f"the log names {named}: {text!r}"


async def fell_back(h: Harness, workers: Workers, snap: TableSnapshot) -> tuple[int, str]:
    """The game went on to its end, and the decision answered oddly was its seat's first
    legal action: that decision's turn, and the level of the bot that made it."""
    await asyncio.wait_for(h.manager.settle(), 10)
    assert h.manager.table(CHANNEL) is None
    stored = await h.storage.game(snap.game_id)
    assert stored is not None and stored.status == "finished"
    [odd] = workers.odd
    actions = await h.stored_actions(snap.game_id)
    game, views = replay_game(snap, 2, actions)
    assert game.over
    turn = views.index(odd)
    assert actions[turn] == odd.legal[0]
    assert odd.seat is not None
    info = snap.seats[odd.seat]
    assert info is not None and info.level is not None
    return turn, info.level


async def played_with(tmp_path: Path, workers: Workers) -> tuple[TableSnapshot, int, str]:
    """A table of bots played to its end with ``workers``, its presenter checked: the
    table (``bots_only``), then the turn and level of the decision answered oddly
    (``fell_back``)."""
    h = await open_harness(tmp_path / "t.sqlite3", workers, FAST)
    try:
        snap = await bots_only(h)
        turn, level = await fell_back(h, workers, snap)
    finally:
        await h.close()
    h.check_presenter()
    return snap, turn, level


def errors(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]


@pytest.mark.parametrize(
    "answer",
    [
        pytest.param(lambda v: Play(v.seat, 78), id="card-78"),
        pytest.param(lambda v: Bid(v.seat, 99), id="bid-99"),
        pytest.param(lambda v: Ecart(v.seat, [1, 2]), id="ecart-list"),
        pytest.param(lambda v: "KS", id="not-an-action"),
    ],
)
async def test_a_bot_that_answers_a_malformed_action_plays_its_first_legal_one(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, answer: Callable[[DealView], object]
) -> None:
    caplog.set_level(logging.INFO, logger="bot")
    snap, turn, level = await played_with(tmp_path, Workers(playing, answer))
    assert errors(caplog) == [
        f"game {snap.game_id}: bot {level} chose an illegal action at turn {turn};"
        " it plays the first legal one"
    ]
    no_card_in(caplog.records)


async def test_a_bot_that_never_answers_plays_its_first_legal_card(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """With the default settings: a worker that hangs while a card is to be played holds its
    table for a bounded time only (an hour of the manual clock is far past the bound)."""
    caplog.set_level(logging.INFO, logger="bot")
    workers = Workers(playing, lambda v: HANG)
    h = await open_harness(tmp_path / "t.sqlite3", workers, FAST)
    try:
        snap = await bots_only(h)
        await wait_for(lambda: bool(workers.odd))
        turn = h.snapshot().turn
        h.clock.advance(3600)
        assert await fell_back(h, workers, snap) == (turn, await level_at(snap, workers))
    finally:
        await h.close()
    h.check_presenter()
    [error] = errors(caplog)
    assert error.startswith(f"game {snap.game_id}: bot ")
    assert f"gave no answer within {FAST.bot_wait:g} s at turn {turn};" in error
    assert error.endswith("it plays the first legal action")
    no_card_in(caplog.records)


async def test_a_bot_that_fails_plays_its_first_legal_card_and_logs_no_card(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """A worker's exception may quote the hand (an impossible view names its cards): the
    log keeps its type only."""
    caplog.set_level(logging.INFO, logger="bot")
    workers = Workers(playing, lambda v: ValueError(f"view.chien: {CARD_TEXT[0]} is twice"))
    snap, turn, level = await played_with(tmp_path, workers)
    assert errors(caplog) == [
        f"game {snap.game_id}: bot {level} failed at turn {turn} (ValueError);"
        " it plays the first legal action"
    ]
    no_card_in(caplog.records)


async def level_at(snap: TableSnapshot, workers: Workers) -> str:
    seat = workers.odd[0].seat
    assert seat is not None
    info = snap.seats[seat]
    assert info is not None and info.level is not None
    return info.level


async def test_a_bot_is_waited_for_exactly_its_bound(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="bot")
    workers = Workers(lambda v: True, lambda v: HANG)  # its very first decision
    settings = TableSettings(bot_pause=0, bot_timeout=30)
    h = await open_harness(tmp_path / "t.sqlite3", workers, settings)
    try:
        snap = await bots_only(h)
        await wait_for(lambda: bool(workers.odd))
        turn = h.snapshot().turn
        h.clock.advance(29)
        assert h.clock.next_due() == 1.0 and h.clock.pending() == 1  # only the bound waits
        assert h.snapshot().turn == turn
        h.clock.advance(1)
        await fell_back(h, workers, snap)
    finally:
        await h.close()
    h.check_presenter()
    assert len(errors(caplog)) == 1 and f"within 30 s at turn {turn};" in errors(caplog)[0]


@pytest.mark.parametrize("think_ms", [1, 1000, 10_000])
def test_the_default_bound_leaves_a_bot_room_to_think(think_ms: int) -> None:
    """Generous: several times the budget (bot moves queue in the pool), plus slack."""
    settings = TableSettings(think_ms=think_ms)
    assert settings.bot_timeout is None
    assert settings.bot_wait >= 3 * think_ms / 1000 + 10
    assert TableSettings(think_ms=think_ms, bot_timeout=5).bot_wait == 5


@pytest.mark.parametrize("timeout", [0, -1.0])
def test_a_bound_of_no_time_is_a_bad_setting(timeout: float) -> None:
    with pytest.raises(ValueError, match="bot_timeout"):
        TableSettings(bot_timeout=timeout)
