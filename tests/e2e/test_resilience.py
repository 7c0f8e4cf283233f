"""Resilience end to end: the bot process killed (SIGKILL) in the middle of a deal and
started again on the same database; Discord answering 429 and 500 during a game; and the
REST calls a whole deal costs.

The humans are driven only through what Discord shows them: the latest version of their
one DM per game, whose enabled controls carry the turn they were made at
(``tarot:kind:channel:game:turn:arg``). Results are read back from the SQLite file.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import os
import signal
import sys
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from drivers import (
    STALE,
    BotProcess,
    choice,
    dm_ids,
    latest_dm,
    make_bot,
    move_controls,
    open_table,
    press_in_version,
    public_messages,
    query,
    start,
    turn_of,
)
from fake_discord import (
    FakeChannel,
    FakeDiscord,
    FakeMessage,
    FakeUser,
    World,
    run_client,
)

from tarot_core.cards import format_card

FAST_EDITS = "0.02"
"""The presenter's pacing (1 s per message in production) in the bot process of the
SIGKILL test: see ``__main__`` at the bottom, which then runs ``bot.__main__.main()``."""


# ----- reading what a human sees -------------------------------------------------------


@dataclass
class Press:
    """A move a human made through a control, and how it was answered."""

    user: FakeUser
    custom_id: str
    values: list[str]
    response: dict[str, Any]

    @property
    def kind(self) -> str:
        return self.custom_id.split(":")[1]

    @property
    def turn(self) -> int:
        return int(self.custom_id.split(":")[4])

    @property
    def arg(self) -> str:
        return self.custom_id.split(":")[5]


async def play(
    fake: FakeDiscord,
    humans: list[FakeUser],
    finished: Callable[[], bool],
    presses: list[Press],
    *,
    stop: Callable[[], bool] | None = None,
    timeout: float = 15.0,
) -> tuple[FakeUser, FakeMessage] | None:
    """Let the humans play from their DMs until ``finished()``, or until ``stop()`` is true
    when a human has a current control to use (returns that human and their DM)."""
    while True:
        last = max((p.turn for p in presses), default=-1)

        def current(last: int = last) -> Any:
            if finished():
                return "finished"
            for user in humans:
                dm = latest_dm(fake, user)
                turn = turn_of(dm.components) if dm is not None else None
                if dm is not None and turn is not None and turn > last:
                    return user, dm
            return None

        found = await fake.wait_for(current, timeout, "no human got a control to use")
        if found == "finished":
            return None
        user, dm = found
        if stop is not None and stop():
            return user, dm
        control = move_controls(dm.components)[0]
        values = choice(control)
        if control["type"] == 3:
            handle = await fake.select(user, dm, control["custom_id"], values)
        else:
            handle = await fake.click(user, dm, control["custom_id"])
        response = await handle.response()
        press = Press(user, control["custom_id"], values, response)
        # An update of the DM; or (a click crossing to another process) a deferral, the
        # DM then edited through the token, a refusal being a followup.
        accepted = response["type"] == 7 or (response["type"] == 6 and not handle.followups)
        assert accepted, f"{press.custom_id} was not accepted: {response}"
        presses.append(press)
        await fake.wait_for(
            lambda dm=dm, turn=press.turn: finished() or turn_of(dm.components) != turn,
            timeout,
            f"the DM was not updated after {press.custom_id}",
        )


def repeated_lines(fake: FakeDiscord, channel: FakeChannel, table_id: str) -> list[str]:
    """Lines of ``channel`` and its threads that Discord shows twice, each described: two
    in a row with the same text, or the same text twice from one interaction's webhook
    (followups carry no nonce, so a retried one repeats)."""
    found: list[str] = []
    for where in [channel, *fake.threads(channel)]:
        lines = [m for m in fake.channel_messages(where) if m.id != table_id]
        pairs = [(a, b) for a, b in itertools.combinations(lines, 2) if a.content == b.content]
        for a, b in pairs:
            followups = a.interaction is not None and a.interaction is b.interaction
            if followups:
                found.append(
                    f"{a.content[:80]!r} posted twice as a followup of one interaction (a"
                    " webhook carries no nonce): post channel lines with channel.send"
                )
            elif lines.index(b) == lines.index(a) + 1:
                found.append(
                    f"{a.content[:80]!r} posted twice in a row by two POSTs (a retried POST"
                    " carries the same nonce and shows once)"
                )
    return found


# ----- reading what was stored -----------------------------------------------------------


def check_recorded_once(db: Path, game_id: int, players: int, deals_target: int) -> int:
    """The game finished, each deal stored once with a score per seat, one set of final
    results; returns the number of deals stored."""
    [(status,)] = query(db, "SELECT status FROM games WHERE id = ?", game_id)
    assert status == "finished"
    numbers = [n for (n,) in query(db, "SELECT number FROM deals WHERE game_id = ?", game_id)]
    assert sorted(numbers) == list(range(1, len(numbers) + 1)), numbers
    assert len(numbers) >= deals_target
    [(scores,)] = query(
        db,
        "SELECT count(*) FROM deal_scores s JOIN deals d ON d.id = s.deal_id WHERE d.game_id = ?",
        game_id,
    )
    assert scores == len(numbers) * players
    results = query(db, "SELECT seat FROM game_results WHERE game_id = ? ORDER BY seat", game_id)
    assert [s for (s,) in results] == list(range(players))
    [(games,)] = query(
        db, "SELECT max(games) FROM player_stats WHERE scope = 0"
    )  # each player counted once for this game
    assert games == 1
    return len(numbers)


def check_moves_once(db: Path, game_id: int, seats: dict[str, int], presses: list[Press]) -> None:
    """Every human press is in the action log exactly once, at the turn it was made at,
    and the humans' seats made no other move: no move lost, none duplicated."""
    rows = query(db, "SELECT seq, action FROM actions WHERE game_id = ? ORDER BY seq", game_id)
    assert [seq for seq, _ in rows] == list(range(len(rows))), "the action log has gaps"
    log = [json.loads(a) for _, a in rows]
    expected: dict[int, dict[str, Any]] = {}
    for press in presses:
        seat = seats[press.user.id]
        if press.kind == "ecart":
            cards = [int(v) for v in press.values]
            if log[press.turn]["type"] == "ecart":
                found = [log[press.turn]]
                want = [{"type": "ecart", "seat": seat, "cards": None}]
            else:
                found = log[press.turn : press.turn + len(cards)]
                want = [{"type": "discard", "seat": seat, "card": format_card(c)} for c in cards]
            for i, (got, exp) in enumerate(zip(found, want, strict=True)):
                assert got["type"] == exp["type"] and got["seat"] == seat, (press, got)
                if exp["type"] == "discard":
                    assert got["card"] == exp["card"], (press, got)
                expected[press.turn + i] = got
            continue
        got = log[press.turn]
        assert got["seat"] == seat, (press, got)
        if press.kind == "card":
            card = int(press.values[0]) if press.arg.startswith("sel_") else int(press.arg)
            assert got == {"type": "play", "seat": seat, "card": format_card(card)}, (press, got)
        elif press.kind == "bid":
            assert got == {"type": "bid", "seat": seat, "contract": press.arg}, (press, got)
        else:
            assert got["type"] in (press.kind, "slam"), (press, got)
        expected[press.turn] = got
    human_seats = set(seats.values())
    by_humans = {i for i, a in enumerate(log) if a["seat"] in human_seats}
    assert by_humans == set(expected), "a human seat has moves nobody pressed for"


def dm_seats(db: Path, game_id: int, users: list[FakeUser]) -> dict[str, int]:
    rows = query(
        db,
        "SELECT p.external_id, s.seat FROM seats s JOIN players p ON p.id = s.player_id"
        " WHERE s.game_id = ? AND p.kind = 'user'",
        game_id,
    )
    seats = {str(u): int(s) for u, s in rows}
    assert set(seats) == {u.id for u in users}
    return seats


# ----- 1. SIGKILL in the middle of a deal --------------------------------------------------


async def test_sigkill_mid_deal_and_restart(fake: FakeDiscord, world: World, tmp_path: Path):
    alice, bob = world.alice, world.bob
    gid = world.guild.id
    runner = BotProcess(
        fake,
        world,
        tmp_path,
        "test_resilience",
        FAKE_EDIT_INTERVAL=FAST_EDITS,
        FAKE_GLOBAL_LIMIT=str(fake.global_limit),
    )
    db = runner.db
    try:
        first = await runner.spawn()
        await fake.wait_for(lambda: fake.connected and fake.sync_counts.get(gid), 20)
        lobby = await open_table(fake, world, db, deals=2)
        [(game_id,)] = query(db, "SELECT id FROM games")
        await start(fake, world, lobby)

        def finished() -> bool:
            return query(db, "SELECT status FROM games WHERE id = ?", game_id)[0][0] == "finished"

        def deals_stored() -> int:
            return query(db, "SELECT count(*) FROM deals WHERE game_id = ?", game_id)[0][0]

        presses: list[Press] = []
        found = await play(fake, [alice, bob], finished, presses, stop=lambda: deals_stored() >= 1)
        assert found is not None, "the game ended within one deal"
        in_deal = len(presses)
        found = await play(
            fake,
            [alice, bob],
            finished,
            presses,
            stop=lambda: sum(p.kind == "card" for p in presses[in_deal:]) >= 4,
        )
        assert found is not None, "the game ended before the middle of a deal"
        user, dm = found
        await asyncio.sleep(0.3)  # let the table message catch up (it is paced too)
        before_kill = dm.payload()
        turn = turn_of(dm.components)
        assert turn is not None
        dm_versions = len(dm.versions())
        [(table_id,)] = query(db, "SELECT message_id FROM games WHERE id = ?", game_id)
        table_message = fake.messages[str(table_id)]
        table_versions = len(table_message.versions())
        public = [m.id for m in fake.channel_messages(world.table)]
        dms = {u.id: dm_ids(fake, u) for u in (alice, bob)}
        # One DM per deal begun (a fresh one at each deal: discord/freshness.py).
        assert all(1 <= len(ids) <= deals_stored() + 1 for ids in dms.values()), dms
        [(actions,)] = query(db, "SELECT count(*) FROM actions WHERE game_id = ?", game_id)
        assert actions == turn and not finished()
        assert deals_stored() >= 1
        older = [v for v in dm.history if (turn_of(v["components"]) or 0) not in (0, turn)]
        assert older, "this human had no control before the current one"
        bob_dm = fake.dm_messages(bob)[-1]
        bob_versions = len(bob_dm.versions())

        first.send_signal(signal.SIGKILL)
        await first.wait()
        await fake.wait_for(lambda: not fake.connected, 5)

        await runner.spawn()
        await fake.wait_for(lambda: fake.identify_count == 2 and fake.connected, 20)
        # The same messages are edited again (restore re-presents the table): none is new.
        await fake.wait_for(lambda: len(dm.versions()) > dm_versions, 10, runner.logs())
        await fake.wait_for(lambda: len(table_message.versions()) > table_versions, 10)
        await asyncio.sleep(0.3)
        assert [m.id for m in fake.channel_messages(world.table)] == public
        assert {u.id: dm_ids(fake, u) for u in (alice, bob)} == dms
        assert turn_of(dm.components) == turn  # the same point of the same deal
        assert fake.sync_counts[gid] == 1  # the command set did not change: no sync
        # Still in the server's language (French), as before the kill: the restored table
        # is shown once the guild is known (bot/discord/locales_and_faces.py, ``known``).
        assert "Tarot : donne" in table_message.content, table_message.content
        if user is alice:
            assert "Votre main" in dm.content, dm.content
        # Each DM in its user's own language (stored), not the server's: Bob is en-US.
        await fake.wait_for(lambda: len(bob_dm.versions()) > bob_versions, 10)
        assert "Your hand" in bob_dm.content, bob_dm.content

        async def use(payload: dict[str, Any]) -> tuple[str, list[str], dict[str, Any]]:
            control = move_controls(payload["components"])[0]
            values = choice(control)
            handle = await press_in_version(fake, user, dm, payload, control["custom_id"], values)
            return control["custom_id"], values, await handle.response()

        def is_stale(response: dict[str, Any]) -> bool:
            data = response.get("data") or {}
            return (
                response["type"] == 4
                and bool(data.get("flags", 0) & 64)
                and (data.get("content") in STALE)
            )

        # A button from an older turn, as the user's client still shows it: no longer
        # current, and nothing changes (the table waits for this very user).
        _, _, response = await use(older[-1])
        assert is_stale(response), response
        assert query(db, "SELECT count(*) FROM actions WHERE game_id = ?", game_id)[0][0] == turn
        # The button from before the kill, still current: it plays.
        custom_id, values, response = await use(before_kill)
        assert response["type"] == 7, response  # the DM updated by the click's answer
        presses.append(Press(user, custom_id, values, response))
        await fake.wait_for(lambda: turn_of(dm.components) != turn, 5)
        # The same button once more: no longer current (check_moves_once below shows
        # that it did not act).
        _, _, response = await use(before_kill)
        assert is_stale(response), response

        assert await play(fake, [alice, bob], finished, presses, timeout=20) is None
        seats = dm_seats(db, game_id, [alice, bob])
        check_recorded_once(db, game_id, players=4, deals_target=2)
        check_moves_once(db, game_id, seats, presses)
        # Lines in the table's thread: one score sheet per deal and one set of standings,
        # none repeated by the restart.
        await fake.wait_for(
            lambda: (
                sum(
                    "Classement final" in m.content or "Final standings" in m.content
                    for m in public_messages(fake, world.table)
                )
                == 1
            ),
            5,
        )
        sheets = Counter(
            m.content.split("\n", 1)[0]
            for m in public_messages(fake, world.table)
            if "feuille de marque" in m.content or "score sheet" in m.content
        )
        assert sheets and set(sheets.values()) == {1}, sheets
        assert len(fake.threads(world.table)) == 1  # the same thread after the restart
        assert sum(sheets.values()) == deals_stored()
        for user in (alice, bob):  # the same DMs, and a fresh one per later deal played
            now = dm_ids(fake, user)
            assert now[: len(dms[user.id])] == dms[user.id] and len(now) <= deals_stored()
        print(f"\nSIGKILL test: {len(presses)} human moves")
    finally:
        await runner.kill_all()


# ----- 2. Discord answers 429 and 500 during a game ---------------------------------------


async def test_429_and_500_lose_nothing_and_duplicate_no_move(
    fake: FakeDiscord, world: World, tmp_path: Path
):
    alice, bob = world.alice, world.bob
    bot = make_bot(tmp_path)
    db = tmp_path / "tarot.sqlite3"
    channel = int(world.table.id)
    edits = "/channels/{channel_id}/messages/{message_id}"
    posts = "/channels/{channel_id}/messages"
    callback = "/interactions/{interaction_id}/{token}/callback"
    async with run_client(fake, bot):
        bot.presenter.tables.interval = bot.presenter.dms.interval = 0.01
        lobby = await open_table(fake, world, db, deals=2)
        game_id = bot.tables.table(channel).game_id

        def finished() -> bool:
            return bot.tables.table(channel) is None

        injected = [  # the first DMs and the first edits are rate limited
            fake.rate_limit("POST", posts, times=2, retry_after=0.05),
            fake.rate_limit("PATCH", edits, times=3, retry_after=0.05),
        ]
        await start(fake, world, lobby)
        presses: list[Press] = []
        await play(fake, [alice, bob], finished, presses, stop=lambda: len(presses) >= 6)
        injected += [
            fake.server_error("PATCH", edits),  # lost: retried
            fake.server_error("PATCH", edits, apply_first=True),  # applied, answer lost
            fake.server_error("POST", callback),  # an interaction answer retried after 1 s
            fake.rate_limit("PATCH", f"/channels/{world.table.id}/messages/*", times=2),
        ]
        await play(fake, [alice, bob], finished, presses, stop=lambda: len(presses) >= 12)
        injected += [
            # A line posted, its answer lost: discord.py posts it again with the same nonce,
            # and Discord answers with the line already posted. Lines go to the table's
            # thread, which has the id of the table message it was started from.
            fake.server_error("POST", f"/channels/{lobby.id}/messages", apply_first=True),
            # A click's answer applied, the 200 lost: the retry is told 40060.
            fake.server_error("POST", callback, apply_first=True),
            fake.rate_limit("POST", callback, times=1),
        ]
        count = len(presses)
        assert await play(fake, [alice, bob], finished, presses, timeout=20) is None
        assert len(presses) > count
        await bot.presenter.drain()
        await fake.wait_for(
            lambda: any("Classement final" in m.content for m in public_messages(fake, world.table))
        )
        for inj in injected:
            assert inj.exhausted, f"{inj.method} {inj.pattern} {inj.status} was not hit"

        seats = dm_seats(db, game_id, [alice, bob])
        deals = check_recorded_once(db, game_id, players=4, deals_target=2)
        check_moves_once(db, game_id, seats, presses)
        assert all(len(dm_ids(fake, u)) == 2 for u in (alice, bob))  # one per deal
        [(table_id,)] = query(db, "SELECT message_id FROM games WHERE id = ?", game_id)
        edited = {c.path for c in fake.calls if c.method == "PATCH" and world.table.id in c.path}
        # The table messages only (one per deal), the last one stored.
        assert f"/channels/{world.table.id}/messages/{table_id}" in edited and len(edited) == 2
        repeated = repeated_lines(fake, world.table, str(table_id))
        statuses = Counter(f"{c.status} {c.route}" for c in fake.calls if c.status >= 400)
        print(
            f"\n429/500 test: {deals} deals, {len(presses)} human moves each applied once;"
            f" errors answered: {dict(statuses)}; lines posted twice: {len(repeated)}"
        )
        # A line whose answer was lost is retried with its nonce: it shows once, as on
        # Discord. Only a line sent as an interaction followup (no nonce) could repeat.
        assert not repeated, "\n".join(repeated)
        [lost] = [
            c
            for c in fake.calls_to("POST", f"/channels/{lobby.id}/messages")
            if c.injected and c.status == 500
        ]
        shown = [m for m in fake.public_messages() if m.nonce == lost.body["nonce"]]
        assert len(shown) == 1, f"the line {lost.body.get('content')!r} is not shown once"
        # An edit applied twice (PATCH has no nonce) shows the same content twice.

        def same(a: dict[str, Any], b: dict[str, Any]) -> bool:
            return (a["content"], a["components"]) == (b["content"], b["components"])

        def repeats(versions: list[dict[str, Any]]) -> bool:
            # Not always in a row: a click's answer may update a DM before the retry lands.
            return any(same(a, b) for i, a in enumerate(versions) for b in versions[i + 1 :])

        twice = [m.id for m in fake.messages.values() if repeats(m.versions())]
        assert twice, "the edit applied before its 500 was not applied again"


# ----- 3. REST calls per deal ----------------------------------------------------------------


def classify(call: Any, table_channel: str, thread: str) -> str:
    if call.route.endswith("/callback"):
        return "interaction callbacks"
    if call.route.startswith("POST /webhooks"):
        return "interaction followups"
    if call.route == "POST /users/@me/channels":
        return "DM channel opened"
    if call.route.startswith(("PATCH /channels", "POST /channels")):
        places = {table_channel: "table channel", thread: "table thread"}
        where = places.get(call.path.split("/")[2], "DM")
        what = "message edits" if call.method == "PATCH" else "messages posted"
        return f"{where}: {what}"
    return call.route


DEALS_MEASURED = int(os.environ.get("TAROT_MEASURE_DEALS", "2"))
"""Deals of the measured game: ``TAROT_MEASURE_DEALS=20`` for a steadier figure."""


@pytest.mark.parametrize(
    ("pacing", "interval", "bot_pause", "pictures"),
    [
        ("test", 0.01, 0.0, "on"),
        ("test", 0.01, 0.0, "off"),
        ("production / 50", 0.02, 0.03, "on"),
    ],
)
async def test_rest_calls_per_deal(
    fake: FakeDiscord,
    world: World,
    tmp_path: Path,
    pacing: str,
    interval: float,
    bot_pause: float,
    pictures: str,
):
    """At test pacing (edits at most every 0.01 s, bots without pause), a bot's move
    right after another's shares its table edit. In production bots pause 1.5 s, more
    than the 1 s between two edits of a message: the second run keeps that ratio, 50
    times faster (humans answer at once in both). A deal's picture rides on its score
    sheet's post: pictures on or off, a deal costs the same calls; only bytes differ."""
    alice, bob = world.alice, world.bob
    bot = make_bot(tmp_path, TAROT_BOT_PAUSE=str(bot_pause), TAROT_PICTURES=pictures)
    db = tmp_path / "tarot.sqlite3"
    channel = int(world.table.id)
    async with run_client(fake, bot):
        await fake.wait_for(lambda: bot.card_emojis.ready, timeout=30)  # once, at start
        bot.presenter.tables.interval = bot.presenter.dms.interval = interval
        lobby = await open_table(fake, world, db, deals=DEALS_MEASURED)
        await bot.presenter.drain()
        first = len(fake.calls)
        await start(fake, world, lobby)
        presses: list[Press] = []
        await play(fake, [alice, bob], lambda: bot.tables.table(channel) is None, presses)
        await bot.presenter.drain()
    calls = fake.calls[first:]
    assert all(c.status < 400 for c in calls)
    # A deal ends with its score sheet posted: split the calls there.
    ends = [
        i + 1
        for i, c in enumerate(calls)
        if c.method == "POST"
        and c.path in (f"/channels/{p}/messages" for p in (world.table.id, lobby.id))
        and "feuille de marque" in str((c.body or {}).get("content", ""))
    ]
    assert len(ends) >= 2
    outcomes = [o for (o,) in query(db, "SELECT outcome FROM deals ORDER BY number")]
    assert len(outcomes) == len(ends)
    report: dict[str, Any] = {}
    for number, (a, b) in enumerate(zip([0, *ends], ends, strict=False), start=1):
        kinds = Counter(classify(c, world.table.id, lobby.id) for c in calls[a:b])
        name = f"deal {number} ({outcomes[number - 1]}{', with the start' if a == 0 else ''})"
        report[name] = {"total": b - a, **dict(sorted(kinds.items()))}
    tail = Counter(classify(c, world.table.id, lobby.id) for c in calls[ends[-1] :])
    report["after the last deal"] = {"total": len(calls) - ends[-1], **dict(tail)}
    cards = 72 * outcomes.count("played")
    callbacks = sum(1 for c in calls if c.route.endswith("/callback"))
    uploaded = [len(data) for c in calls for _, data in c.files]
    assert (len(uploaded) == len(ends) + 1) if pictures == "on" else not uploaded
    report["whole game"] = {
        "total": len(calls),
        "pictures": f"{len(uploaded)} ({sum(uploaded)} bytes)",
        "human moves": len(presses),
        "cards played": cards,
        "per card, in all": round(len(calls) / cards, 3) if cards else None,
        "per card, against the global limit": (
            round((len(calls) - callbacks) / cards, 3) if cards else None
        ),
    }
    (tmp_path / "rest_calls.json").write_text(json.dumps(report, indent=2))
    print(f"\nREST calls, 4 players (2 humans, 2 bots), {pacing} pacing, pictures {pictures}:")
    print(json.dumps(report, indent=2))


if __name__ == "__main__":  # the bot process of test_sigkill_mid_deal_and_restart
    import bot.discord.presenter as presenter_module
    from bot.__main__ import main
    from bot.discord import rate_budget

    presenter_module.EDIT_INTERVAL = float(os.environ["FAKE_EDIT_INTERVAL"])
    if "FAKE_GLOBAL_LIMIT" in os.environ:  # sped up as the edits are
        rate_budget.GLOBAL_PER_SECOND = int(os.environ["FAKE_GLOBAL_LIMIT"])
    sys.exit(main())
