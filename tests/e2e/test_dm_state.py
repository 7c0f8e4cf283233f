"""What each human's DM shows, from the first deal to the game's end (issue 14): the DM
keeps up with the table (never naming the wrong seat to act), shows the auction's best bid
rather than a contract while bidding, reaches the end of every deal and of the game with
no live control left (a stopped game and a seat given to a bot too), the channel hears
"the game starts" only once the table shows the deal, and the presenter lets go of a game
once its end is shown."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from drivers import choice, latest_dm, make_bot, move_controls, open_table, start, table_of
from fake_discord import FakeDiscord, FakeMessage, FakeUser, World, run_client

from bot.discord.client import TarotBot
from bot.i18n import t
from bot.render.table import contract_name, seat_name
from tarot_core import Phase

LOCALES = ("en", "fr")
FAST = 0.01


def said(text: str, key: str, **params: Any) -> bool:
    """``text`` holds catalog ``key`` in one of the languages the test users read."""
    return any(t(locale, key, **params) in text for locale in LOCALES)


def prefix(locale: str, key: str, **params: Any) -> str:
    """The text of ``key`` before its first placeholder (filled with a marker)."""
    marker = "\x00"
    return t(locale, key, **{p: marker for p in params}).split(marker)[0].strip()


def kept(bot: TarotBot, game_id: int, channel: int) -> list[str]:
    """What the presenter still keeps for a game (its messages, DMs, pacing): its table
    message and DM ids are in ``held``."""
    presenter: Any = bot.presenter
    found = []
    if any(key[0] == game_id for key in presenter.dms._last_sent):
        found.append("DM pacing")
    if channel in presenter.tables._last_sent:
        found.append("table pacing")
    return found + presenter.held(game_id)


def channel_of(world: World) -> int:
    return int(world.table.id)


def dm_problems(fake: FakeDiscord, bot: TarotBot, world: World, users: list[FakeUser]) -> list[str]:
    """How the humans' DMs differ from the table right now (empty when all agree)."""
    table = table_of(bot, channel_of(world))
    if table is None or table.deal is None:
        return []
    snapshot = table.snapshot()
    deal = table.deal
    problems = []
    for user in users:
        seat = table.seat_of(int(user.id))
        dm = latest_dm(fake, user)
        if seat is None:
            continue
        if dm is None:
            problems.append(f"[controls] {user.username}: no DM yet")
            continue
        text = dm.content
        controls = move_controls(dm.components)
        own_turn = deal.to_act == seat and not deal.done
        turns = {int(c["custom_id"].split(":")[4]) for c in controls}
        if own_turn and turns != {table.turn}:
            problems.append(
                f"[controls] {user.username}: no control of turn {table.turn} ({turns})"
            )
        if not own_turn and controls:
            problems.append(f"{user.username}: live controls while seat {deal.to_act} acts")
        for other in range(table.players):
            if other == deal.to_act:
                continue
            for locale in LOCALES:
                name = seat_name(locale, snapshot, other)
                if t(locale, "dm.waiting", name=name) in text:
                    problems.append(f"{user.username}: waiting for {name}, seat {deal.to_act} acts")
        if deal.phase == Phase.BIDDING:
            if any(
                said(text, "dm.contract", contract=contract_name(lo, c), name=n)
                for lo in LOCALES
                for c in set(deal.bids)
                for n in (seat_name(lo, snapshot, s) for s in range(table.players))
            ):
                problems.append(f"{user.username}: a contract shown while the auction is open")
            if deal.taker is not None:
                best = [
                    t(
                        lo,
                        "dm.best_bid",
                        contract=contract_name(lo, deal.contract),
                        name=seat_name(lo, snapshot, deal.taker),
                    )
                    for lo in LOCALES
                ]
                if not any(b in text for b in best):
                    problems.append(f"{user.username}: the best bid is not shown: {text!r}")
    return problems


def final_problems(dm: FakeMessage | None, *keys: str) -> list[str]:
    """A DM at the end: none of its controls left, and each of ``keys`` said."""
    if dm is None:
        return ["no DM"]
    problems = [f"live control {c['custom_id']}" for c in move_controls(dm.components)]
    problems += [f"{key} not said" for key in keys if not said(dm.content, key)]
    return problems


async def press(fake: FakeDiscord, user: FakeUser, dm: FakeMessage) -> None:
    """The highest bid (a garde contre: no écart to make), else the first control."""
    controls = move_controls(dm.components)
    bids = [c for c in controls if c["custom_id"].split(":")[1] == "bid"]
    control = bids[-1] if bids else controls[0]
    if control["type"] == 3:
        handle = await fake.select(user, dm, control["custom_id"], choice(control))
    else:
        handle = await fake.click(user, dm, control["custom_id"])
    await handle.response()


async def play_checking(
    fake: FakeDiscord,
    world: World,
    bot: TarotBot,
    *,
    until_turn: int | None = None,
    check: bool = True,
) -> list[str]:
    """Play the humans' turns until the game ends (or the table reaches ``until_turn``);
    whenever a human is to act, every DM must agree with the table within a moment (if
    ``check``; else only the DM of the human to act must show their controls)."""
    channel = channel_of(world)
    users = [world.alice, world.bob]
    seen: list[str] = []
    while True:
        table = table_of(bot, channel)
        if table is None or (until_turn is not None and table.turn >= until_turn):
            return seen

        def waiting_for_human() -> Any:
            now = table_of(bot, channel)
            if now is None:
                return "over"
            deal = now.deal
            if deal is None or deal.done or deal.to_act is None:
                return None
            holder = now.seats[deal.to_act]
            human = holder is not None and holder.user_id is not None
            return ("turn", now.turn) if human else None

        found = await fake.wait_for(waiting_for_human, 30, "no human came to act")
        if found == "over":
            return seen
        turn = found[1]

        def relevant() -> list[str]:
            problems = dm_problems(fake, bot, world, users)
            return problems if check else [p for p in problems if p.startswith("[controls]")]

        def agreed() -> bool:
            return not relevant()

        try:
            await fake.wait_for(agreed, 2, "the DMs did not catch up")
        except Exception:
            seen += relevant()
            raise AssertionError("\n".join(seen)) from None
        table = table_of(bot, channel)
        assert table is not None
        uid = table.seats[table.deal.to_act].user_id
        user = world.alice if uid == int(world.alice.id) else world.bob
        dm = latest_dm(fake, user)
        assert dm is not None
        await press(fake, user, dm)
        await fake.wait_for(
            lambda t=turn: table_of(bot, channel) is None or table_of(bot, channel).turn != t,
            10,
            "the move was not applied",
        )


async def started(fake: FakeDiscord, world: World, bot: TarotBot, deals: int) -> None:
    """Paced fast: Alice's table of ``deals`` deals with Bob and two bots, started."""
    bot.presenter.tables.interval = bot.presenter.dms.interval = FAST
    lobby = await open_table(fake, world, bot.settings.database, deals=deals)
    await start(fake, world, lobby)


async def stop_game(fake: FakeDiscord, world: World, bot: TarotBot) -> None:
    """Alice's ``/tarot stop``, then every paced edit sent."""
    stop = await fake.slash(world.alice, world.table, "tarot", subcommand="stop")
    await stop.response()
    await bot.presenter.drain()


async def test_every_dm_keeps_up_with_the_table(
    fake: FakeDiscord, world: World, tmp_path: Path
) -> None:
    """Whenever a human is to act, each human's DM agrees with the table within a moment:
    the right controls for the one to act, none for the other, no seat wrongly named as
    the one awaited, and while bidding the best bid so far, never a contract."""
    bot = make_bot(tmp_path)
    async with run_client(fake, bot):
        await started(fake, world, bot, deals=1)
        await play_checking(fake, world, bot)
        await bot.presenter.drain()


async def test_dms_reach_the_end_of_each_deal_and_of_the_game(
    fake: FakeDiscord, world: World, tmp_path: Path
) -> None:
    """Two deals, two humans and two bots, played from the DMs: each deal's result, then
    the standings, reach every DM, which ends with no live control; the presenter then
    holds nothing of the game."""
    bot = make_bot(tmp_path)
    async with run_client(fake, bot):
        await started(fake, world, bot, deals=2)
        game_id = table_of(bot, channel_of(world)).game_id
        await play_checking(fake, world, bot, check=False)
        await bot.presenter.drain()
        for user in (world.alice, world.bob):
            dm = latest_dm(fake, user)
            assert final_problems(dm, "dm.game_over", "standings.title") == []
            assert dm is not None
            # Every deal's result reached the DM: the first one during the second deal.
            texts = [v["content"] for v in dm.versions()]
            for n in (1, 2):
                assert any(
                    prefix(lo, "event.deal_passed", n=n) in text
                    and t(lo, "dm.deal_result", deal="", score="", total="").split()[0] in text
                    for text in texts
                    for lo in LOCALES
                ), f"deal {n}'s result never reached {user.username}'s DM"
        assert kept(bot, game_id, channel_of(world)) == []


async def test_a_seat_given_to_a_bot_leaves_its_dm_without_control(
    fake: FakeDiscord, world: World, tmp_path: Path
) -> None:
    bot = make_bot(tmp_path)
    async with run_client(fake, bot):
        await started(fake, world, bot, deals=2)
        table = table_of(bot, channel_of(world))
        bob_seat = table.seat_of(int(world.bob.id))
        await play_checking(fake, world, bot, until_turn=6, check=False)
        replace = await fake.slash(
            world.alice, world.table, "tarot", subcommand="replace", options={"seat": bob_seat + 1}
        )
        await replace.response()
        await fake.wait_for(
            lambda: not final_problems(latest_dm(fake, world.bob), "dm.replaced"),
            5,
            "Bob's DM was not told that his seat went to a bot",
        )
        await stop_game(fake, world, bot)


async def test_a_stopped_game_leaves_no_live_control(
    fake: FakeDiscord, world: World, tmp_path: Path
) -> None:
    """Stopped while a human is to act: both DMs say the game is over, without controls,
    and the presenter lets go of the game."""
    bot = make_bot(tmp_path)
    async with run_client(fake, bot):
        await started(fake, world, bot, deals=2)
        channel = channel_of(world)
        game_id = table_of(bot, channel).game_id
        await play_checking(fake, world, bot, until_turn=6, check=False)
        await fake.wait_for(
            lambda: any(
                move_controls(latest_dm(fake, u).components) for u in (world.alice, world.bob)
            ),
            10,
            "no human came to act",
        )
        await stop_game(fake, world, bot)
        for user in (world.alice, world.bob):
            assert final_problems(latest_dm(fake, user), "dm.game_over") == [], user.username
        assert kept(bot, game_id, channel) == []


async def test_game_starts_line_comes_after_the_table_shows_the_deal(
    fake: FakeDiscord, world: World, tmp_path: Path
) -> None:
    """At a pacing that holds the table's edit back (as production's 1 s does)."""
    bot = make_bot(tmp_path)
    async with run_client(fake, bot):
        bot.presenter.dms.interval = FAST
        bot.presenter.tables.interval = 0.3
        lobby = await open_table(fake, world, tmp_path / "tarot.sqlite3", deals=1)
        await start(fake, world, lobby)  # right after the last lobby edit: paced
        starts = [prefix(lo, "event.game_started", name="") for lo in LOCALES]
        title = [t(lo, "table.title", n=1, m=1) for lo in LOCALES]

        def content(call: Any) -> str:
            return str((call.body or {}).get("content"))

        def where(method: str, texts: list[str]) -> int | None:
            # Lines go to the table's thread (bot/discord/threads.py), edits to the channel.
            places = [world.table, *fake.threads(world.table)]
            calls = [
                c for p in places for c in fake.calls_to(method, f"/channels/{p.id}/messages*")
            ]
            found = [c.time for c in calls if any(x in content(c) for x in texts)]
            return min(found) if found else None

        await fake.wait_for(lambda: where("POST", starts) is not None, 5, "no game start line")
        await fake.wait_for(lambda: where("PATCH", title) is not None, 5, "no table edit")
        shown, line = where("PATCH", title), where("POST", starts)
        assert shown is not None and line is not None
        assert shown <= line, "the game starts line came before the table showed the deal"
        await stop_game(fake, world, bot)


async def test_a_cancelled_lobby_is_let_go(fake: FakeDiscord, world: World, tmp_path: Path) -> None:
    bot = make_bot(tmp_path)
    async with run_client(fake, bot):
        bot.presenter.tables.interval = bot.presenter.dms.interval = FAST
        await open_table(fake, world, tmp_path / "tarot.sqlite3", deals=1)
        game_id = table_of(bot, channel_of(world)).game_id
        await stop_game(fake, world, bot)
        assert kept(bot, game_id, channel_of(world)) == []


async def test_a_retried_dm_edit_landing_after_a_click_answer_does_not_stay(
    fake: FakeDiscord, world: World, tmp_path: Path
) -> None:
    """A paced edit of Alice's DM (her turn's controls) is applied but its answer lost, so
    discord.py sends it again a second later; meanwhile she clicks and the click's answer
    shows her new hand. The retried edit lands last with the old controls: the DM must
    still reach the latest state within a moment, whatever order the two arrived in."""
    bot = make_bot(tmp_path)
    async with run_client(fake, bot):
        await started(fake, world, bot, deals=2)
        channel = channel_of(world)
        alice = world.alice
        await fake.wait_for(lambda: latest_dm(fake, alice) is not None, 10, "no DM")
        dm = latest_dm(fake, alice)
        assert dm is not None

        def to_act() -> FakeUser | None:
            """The human to act, once their DM shows the controls of the current turn."""
            table = table_of(bot, channel)
            if table is None or table.deal.done or table.deal.to_act is None:
                return None
            uid = table.seats[table.deal.to_act].user_id
            user = {int(u.id): u for u in (alice, world.bob)}.get(uid)
            mine = latest_dm(fake, user) if user is not None else None
            turns = (
                {int(c["custom_id"].split(":")[4]) for c in move_controls(mine.components)}
                if mine
                else set()
            )
            return user if turns == {table.turn} else None

        async def play_until(done: Any) -> None:
            while not done():
                user = await fake.wait_for(lambda: done() or to_act(), 15, "no one to act")
                if user is True:
                    return
                turn = table_of(bot, channel).turn
                await press(fake, user, latest_dm(fake, user))
                await fake.wait_for(lambda t=turn: table_of(bot, channel).turn != t, 5)

        await play_until(lambda: table_of(bot, channel).turn >= 4 and to_act() is not alice)
        injected = fake.server_error(
            "PATCH", f"/channels/{dm.channel.id}/messages/*", apply_first=True
        )
        await play_until(lambda: injected.exhausted and to_act() is alice)
        turn = table_of(bot, channel).turn
        await press(fake, alice, dm)  # on the version applied before its answer was lost
        await fake.wait_for(lambda: table_of(bot, channel).turn != turn, 5, "not applied")
        retried = f"/channels/{dm.channel.id}/messages/{dm.id}"

        def edits() -> list[Any]:
            return [c for c in fake.calls if c.method == "PATCH" and c.path == retried]

        lost = next(i for i, c in enumerate(edits()) if c.injected)
        await fake.wait_for(lambda: len(edits()) > lost + 1, 5, "the lost edit was not retried")
        answers = [c for c in fake.calls if c.route.endswith("/callback")]
        assert answers[-1].time < edits()[lost + 1].time, "the retry came before the click"

        def current() -> bool:
            table = table_of(bot, channel)
            turns = {int(c["custom_id"].split(":")[4]) for c in move_controls(dm.components)}
            return table is None or turns <= {table.turn}

        await fake.wait_for(current, 3, "the DM kept the controls of a past turn")
        await stop_game(fake, world, bot)
