"""The Discord REST calls of one member's challenge attempt, counted against the fake Discord
of the end-to-end tests (``tests/e2e/fake_discord.py``), with the real discord.py client.

``python scripts/challenge_rest_calls.py [--deals 4] [--players 4]``: a member opens a
challenge, another presses Play and plays every one of their moves by pressing the first
enabled control of their hand in their DMs, as a person would; the bot's computer players
are the heuristic (the count does not depend on their strength). Edits are not held back by
the one-a-second pacing (a person takes longer than a second a move, so every state they
see gets its edit): the count is what a member playing at a human pace costs. Prints the
calls by route.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "e2e"), str(ROOT / "tests")]

from challenge_drivers import create, dm_channel, press_moves  # noqa: E402
from drivers import make_bot  # noqa: E402
from fake_discord import FakeDiscord, build_world, run_client  # noqa: E402

from bot.discord import presenter  # noqa: E402


async def measure(deals: int, players: int) -> Counter[str]:
    presenter.EDIT_INTERVAL = 0.01
    async with FakeDiscord() as fake:
        world = build_world(fake)
        world.guild.owner = world.alice
        with tempfile.TemporaryDirectory() as folder:
            bot = make_bot(Path(folder), TAROT_CHALLENGE_LEVEL="heuristic")
            async with run_client(fake, bot):
                await fake.wait_for(lambda: bot.card_emojis.ready, 120)  # every face uploaded
                post = await create(fake, world, world.alice, deals=deals, players=players)
                user = world.bob
                before = len(fake.calls)
                play = next(c for c in post.custom_ids() if c.startswith("tarot:challenge:"))
                handle = await fake.click(user, post, play)
                await handle.message()
                await fake.wait_for(lambda: bool(fake.dm_messages(user)), timeout=10)
                await press_moves(fake, bot, user, dm_channel(fake, user), None)
                await bot.presenter.drain()
                return Counter(c.route for c in fake.calls[before:])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=4)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    calls = asyncio.run(measure(args.deals, args.players))
    print(f"One member's attempt, {args.deals} deals at {args.players} players:")
    print(f"  {sum(calls.values())} REST calls")
    for route, count in calls.most_common():
        print(f"  {count:5d}  {route}")


if __name__ == "__main__":
    main()
