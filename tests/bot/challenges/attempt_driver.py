"""One member's challenge attempt on a SQLite file, to be killed at any moment and started
again (``test_attempt_kills.py``, beside it).

``python attempt_driver.py LOCATION`` (a SQLite file or a PostgreSQL URL): the first run
opens the challenge (a fixed seed, its par computed) and starts the attempt; every run
restores it from LOCATION and plays on. The
member's moves are the driver's own, each chosen from their seat's view by a bot seeded
with the deal and what the seat sees (as a person decides from their DM), so a run killed
many times must end exactly as one that never was. Prints ``turn N`` after each of the
member's moves and ``done`` once the attempt is finished.
"""

from __future__ import annotations

import argparse
import asyncio
import sys

from bot.challenges import ChallengeService
from bot.storage import open_storage
from bot.tables import TableManager, TableSettings, TableSnapshot
from bot.tables.events import Event
from tarot_core import Action, DealView, Rules, make_bot, opponent_seed
from tests.bot.tables.torture_driver import Inline

SEED = 20261128
LEVEL = "heuristic"
USER, DM, GUILD = 31, 9031, 77
DEALS = 3
SETTINGS = TableSettings(bot_pause=0)


class Silent:
    async def table_changed(self, table: TableSnapshot) -> None:
        pass

    async def tell_seat(
        self, table: TableSnapshot, seat: int, user_id: int, view: DealView
    ) -> None:
        pass

    async def announce(self, table: TableSnapshot, event: Event) -> None:
        pass


def members_choice(seed: int, index: int, seen: DealView) -> Action:
    """The member's move: another seed than the opponents' (a person, not the par)."""
    return make_bot("random", seed=opponent_seed(seed + 1, index, seen)).act(seen)


async def run(location: str) -> None:
    storage = await open_storage(location)
    executor = Inline()
    manager = TableManager(storage, Silent(), SETTINGS, executor=executor)
    challenges = ChallengeService(storage, manager, executor=executor, level=LEVEL)
    try:
        found = await storage.recent_challenges(GUILD, 1)
        if found:
            challenge = found[0]
        else:
            now = challenges.clock.now()
            challenge_id, _ = await storage.create_challenge(
                scope="guild",
                guild_id=GUILD,
                day=None,
                players=4,
                rules=Rules(players=4).options(),
                deals=DEALS,
                seat=0,
                variants=1,
                level=LEVEL,
                seed=SEED,
                created_by=None,
                opened_at=now,
                closes_at=now + 86400,
            )
            stored = await storage.challenge(challenge_id)
            assert stored is not None
            challenge = stored
        await manager.restore()
        await challenges.play(challenge.id, USER, "member", guild_id=GUILD, channel_id=DM)
        while True:
            await manager.settle()
            snap = manager.table(DM)
            if snap is None:
                break
            _, _, seen = manager.private_view(DM, USER)
            action = members_choice(challenge.seed, snap.deal_number - 1, seen)
            await manager.act(DM, USER, snap.turn, action)
            print(f"turn {snap.turn}", flush=True)
        print("done", flush=True)
    finally:
        await manager.close()
        await storage.close()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("location", help="a SQLite file or a PostgreSQL URL")
    asyncio.run(run(parser.parse_args().location))


if __name__ == "__main__":
    sys.exit(main())
