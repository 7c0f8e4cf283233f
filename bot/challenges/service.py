"""Challenges as a service (plain async Python, like the table service beside it):
opening one with its par, a member's attempt, and the results.

An attempt is a game like any other, run by the table service in its member's DMs: the
action log is the truth, a restart takes it up where it stopped. What is particular to
challenges is decided here: which challenge is open, one attempt per member, the variant
a member is dealt, and who may see which results when.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import secrets
from concurrent.futures import Executor
from dataclasses import dataclass
from datetime import date
from typing import Any

from tarot_core import Rules, RulesError, variant_seed
from tarot_core import secret_seed as keyed_seed

from ..storage import (
    ChallengeScope,
    Conflict,
    ParDeal,
    Storage,
    StoredAttempt,
    StoredChallenge,
    StoredPlayer,
)
from ..tables import Refused, TableManager, TableSnapshot
from ..tables.clock import Clock, LoopClock
from ..tables.errors import RefusalCode
from . import results, seasons
from .par import compute_par
from .review import DealReview, field_scores

LEVEL = "expert:100"
"""The computer players of a challenge, and its par: the expert on a fixed budget of
samples (not of time), so a decision is the same on any machine at any load."""
LIFETIME = 24 * 3600.0
"""How long a challenge stays open."""
DEALS = 4
PLAYERS = 4
SEAT = 0
MAX_DEALS = 20
MAX_VARIANTS = 10
BOT_NAME = "Expert bot"


@dataclass(frozen=True)
class ChallengeResults:
    """A challenge's results as one member may see them: every member in the results (and
    those of ``guild_id`` ranked among themselves), the field per deal, and the member's own
    line (None if they have not played)."""

    challenge: StoredChallenge
    everyone: list[results.Standing]
    here: list[results.Standing]
    field: list[results.FieldDeal]
    mine: results.Standing | None
    closed: bool


class ChallengeService:
    def __init__(
        self,
        storage: Storage,
        tables: TableManager,
        *,
        executor: Executor | None = None,
        clock: Clock | None = None,
        level: str = LEVEL,
        lifetime: float = LIFETIME,
        rng: random.Random | None = None,
    ) -> None:
        self.storage = storage
        self.tables = tables
        self.executor = executor
        self.clock: Clock = clock or LoopClock()
        self.level = level
        self.lifetime = lifetime
        self.rng = rng or random.Random()
        self._preparing: dict[int, asyncio.Future[list[ParDeal]]] = {}

    # ----- opening -------------------------------------------------------------------------

    async def create(
        self,
        *,
        guild_id: int | None,
        created_by: int | None = None,
        players: int = PLAYERS,
        deals: int = DEALS,
        options: dict[str, Any] | None = None,
        variants: int = 1,
        day: str | None = None,
    ) -> StoredChallenge:
        """A challenge of ``guild_id`` (None: the instance's), its par computed before it is
        returned. A daily one (``day``) is made once: asked again, the same is returned; its
        seed comes from the instance's secret key, the scope and the day, never shown.

        :raises Refused: players, deals, variants out of bounds, or rules the engine refuses.
        """
        if not 3 <= players <= 6:
            raise Refused(
                RefusalCode.BAD_PLAYERS,
                f"a table has 3 to 6 players, not {players}",
                players=players,
            )
        if not 1 <= deals <= MAX_DEALS:
            raise Refused(
                RefusalCode.BAD_DEALS,
                f"a challenge has 1 to {MAX_DEALS} deals, not {deals}",
                max=MAX_DEALS,
                deals=deals,
            )
        if not 1 <= variants <= MAX_VARIANTS:
            raise ValueError(f"variants: 1 to {MAX_VARIANTS}, not {variants}")
        try:
            rules = Rules.from_options(players, options or {})
        except RulesError as e:
            raise Refused(RefusalCode.BAD_RULES, f"rule options: {e}", reason=str(e)) from None
        scope: ChallengeScope = "guild" if guild_id is not None else "instance"
        if day is not None:
            key = await self.storage.instance_key()
            seed = keyed_seed(key, scope, guild_id or 0, day)
        else:
            seed = secrets.randbits(63)
        now = self.clock.now()
        challenge_id, _ = await self.storage.create_challenge(
            scope=scope,
            guild_id=guild_id,
            day=day,
            players=players,
            rules=rules.options(),
            deals=deals,
            seat=SEAT,
            variants=variants,
            level=self.level,
            seed=seed,
            created_by=created_by,
            opened_at=now,
            closes_at=now + self.lifetime,
        )
        challenge = await self.storage.challenge(challenge_id)
        assert challenge is not None
        await self.prepared(challenge)
        return challenge

    async def prepared(self, challenge: StoredChallenge) -> list[ParDeal]:
        """The challenge's par, computed (once, in the worker processes, every deal at once)
        if it is not stored yet."""
        stored = await self.storage.pars(challenge.id)
        if len(stored) == challenge.deals * challenge.variants:
            return stored
        running = self._preparing.get(challenge.id)
        if running is None:
            running = asyncio.ensure_future(self._compute_pars(challenge))
            self._preparing[challenge.id] = running
            running.add_done_callback(lambda _: self._preparing.pop(challenge.id, None))
        return await asyncio.shield(running)

    async def _compute_pars(self, challenge: StoredChallenge) -> list[ParDeal]:
        loop = asyncio.get_running_loop()
        executor = self.executor or self.tables.executor()
        jobs = [
            loop.run_in_executor(
                executor,
                compute_par,
                challenge.players,
                challenge.rules,
                variant_seed(challenge.seed, variant),
                variant,
                number,
                challenge.level,
                challenge.seat,
            )
            for variant in range(challenge.variants)
            for number in range(challenge.deals)
        ]
        pars = list(await asyncio.gather(*jobs))
        await self.storage.set_pars(challenge.id, pars)
        return pars

    # ----- looking -------------------------------------------------------------------------

    async def open_challenges(self, guild_id: int) -> list[StoredChallenge]:
        """What a member of ``guild_id`` may play now: the server's and the instance's."""
        return await self.storage.open_challenges(guild_id, self.clock.now())

    async def challenge(self, challenge_id: int) -> StoredChallenge:
        found = await self.storage.challenge(challenge_id)
        if found is None:
            raise Refused(RefusalCode.NO_CHALLENGE, "there is no such challenge")
        return found

    def closed(self, challenge: StoredChallenge) -> bool:
        return self.clock.now() >= challenge.closes_at

    # ----- playing -------------------------------------------------------------------------

    async def playable(
        self, challenge_id: int, user_id: int, *, guild_id: int | None
    ) -> StoredChallenge:
        """The challenge, if ``user_id`` may play it now from ``guild_id`` (nothing is
        changed: the Discord layer asks before it opens their DMs).

        :raises Refused: no such challenge here, already played, or closed.
        """
        challenge = await self.challenge(challenge_id)
        if challenge.guild_id is not None and challenge.guild_id != guild_id:
            raise Refused(RefusalCode.NO_CHALLENGE, "there is no such challenge here")
        me = await self.storage.find_player("user", str(user_id))
        attempt = await self.storage.attempt(challenge.id, me.id) if me is not None else None
        if attempt is not None and attempt.finished_at is not None:
            raise Refused(RefusalCode.ALREADY_PLAYED, "you have played this challenge already")
        if self.closed(challenge):
            raise Refused(RefusalCode.CHALLENGE_CLOSED, "this challenge is closed")
        return challenge

    async def play(
        self,
        challenge_id: int,
        user_id: int,
        name: str,
        *,
        guild_id: int | None,
        channel_id: int,
        dms_closed: bool = False,
    ) -> TableSnapshot:
        """``user_id``'s attempt at the challenge, in ``channel_id`` (their DMs): started,
        or taken up where it stopped. ``dms_closed``: their DMs refuse messages, so the
        attempt is marked so before it is shown (nothing is posted for it; the member sees
        it in an ephemeral view).

        :raises Refused: no such challenge, closed, already played, or another challenge
            under way in the same DMs.
        """
        challenge = await self.playable(challenge_id, user_id, guild_id=guild_id)
        player_id = await self.storage.player("user", str(user_id), name)
        attempt = await self.storage.attempt(challenge.id, player_id)
        if attempt is None:
            attempt = await self._start(challenge, player_id, guild_id, channel_id)
        if dms_closed:
            await self.storage.set_dm_closed(attempt.game_id, user_id, True)
        return await self._take_up(attempt)

    async def _start(
        self, challenge: StoredChallenge, player_id: int, guild_id: int | None, channel_id: int
    ) -> StoredAttempt:
        self._free(channel_id)
        await self.prepared(challenge)
        bot = await self.storage.player("bot", challenge.level, BOT_NAME)
        seats = [player_id if s == challenge.seat else bot for s in range(challenge.players)]
        variant = self.rng.randrange(challenge.variants)
        with contextlib.suppress(Conflict):  # a second click while the first started it
            await self.storage.start_attempt(
                challenge_id=challenge.id,
                player_id=player_id,
                variant=variant,
                guild_id=guild_id,
                channel_id=channel_id,
                players=challenge.players,
                rules=challenge.rules,
                deals_target=challenge.deals,
                seed=variant_seed(challenge.seed, variant),
                seats=seats,
                started_at=self.clock.now(),
            )
        attempt = await self.storage.attempt(challenge.id, player_id)
        assert attempt is not None
        return attempt

    async def _take_up(self, attempt: StoredAttempt) -> TableSnapshot:
        return await self.tables.open_attempt(attempt.game_id)

    def _free(self, channel_id: int) -> None:
        current = self.tables.table(channel_id)
        if current is not None:
            raise Refused(
                RefusalCode.ATTEMPT_UNDER_WAY,
                "finish the challenge under way in your messages first",
            )

    # ----- results -------------------------------------------------------------------------

    async def results(
        self, challenge_id: int, user_id: int, *, guild_id: int | None
    ) -> ChallengeResults:
        """The results as ``user_id`` may see them: once they have finished, or once the
        challenge is closed; before that, nobody else's score, contract or card.

        :raises Refused: no such challenge, or results hidden until the member finishes.
        """
        challenge = await self.challenge(challenge_id)
        closed = self.closed(challenge)
        me, _ = await self._may_see(challenge, user_id)
        return await self._standings(
            challenge, closed=closed, guild_id=guild_id, player_id=None if me is None else me.id
        )

    async def _standings(
        self,
        challenge: StoredChallenge,
        *,
        closed: bool,
        guild_id: int | None = None,
        player_id: int | None = None,
    ) -> ChallengeResults:
        """The results from what is stored: ranked among ``guild_id``'s members too (None:
        ``here`` is everyone), ``player_id``'s own line picked out."""
        pars = await self.storage.pars(challenge.id)
        attempts = await self.storage.attempts(challenge.id)
        deals = await self.storage.challenge_results(challenge.id)
        everyone = results.standings(pars, attempts, deals, seat=challenge.seat, closed=closed)
        here = results.in_guild(everyone, guild_id) if guild_id is not None else everyone
        mine = next((s for s in everyone if s.player_id == player_id), None)
        return ChallengeResults(
            challenge=challenge,
            everyone=everyone,
            here=here,
            field=results.field(pars, attempts, deals, seat=challenge.seat),
            mine=mine,
            closed=closed,
        )

    # ----- closing -------------------------------------------------------------------------

    async def close(self, challenge_id: int) -> ChallengeResults:
        """A closed challenge's final standings (an attempt left unfinished in them, its
        unplayed deals scored as the par) and, for a daily one, each member's day on its
        ladder (``seasons``): written once, however often and by however many processes
        this is called. A challenge on demand feeds no ladder.

        :raises Refused: no such challenge.
        :raises ValueError: the challenge is still open (its standings are not final).
        """
        challenge = await self.challenge(challenge_id)
        if not self.closed(challenge):
            raise ValueError(f"challenge {challenge_id} is still open")
        final = await self._standings(challenge, closed=True, guild_id=challenge.guild_id)
        if challenge.day is not None:
            await self.storage.record_ladder(challenge.id, seasons.ladder_scores(final.everyone))
        return final

    # ----- streaks -------------------------------------------------------------------------

    async def streak(
        self, player_id: int, scope: ChallengeScope, guild_id: int | None, today: date | None = None
    ) -> int:
        """The player's consecutive days with a finished attempt at a daily challenge of
        ``scope`` (and server ``guild_id``; None: the instance's), ending today (UTC, from
        the clock unless given) or yesterday."""
        days = await self.storage.daily_days(player_id, scope, guild_id)
        return seasons.streak(days, today or seasons.today_of(self.clock.now()))

    async def member_streak(self, user_id: int, challenge: StoredChallenge) -> int | None:
        """A member's streak at the daily challenges of ``challenge``'s scope and server;
        None for a challenge on demand (no streak to show) or a member never seen."""
        if challenge.day is None:
            return None
        me = await self.storage.find_player("user", str(user_id))
        if me is None:
            return None
        return await self.streak(me.id, challenge.scope, challenge.guild_id)

    async def review(self, challenge_id: int, user_id: int, number: int) -> DealReview:
        """Deal ``number`` (from 0) of the challenge as ``user_id`` may review it: as the
        results, once they have finished or the challenge is closed; their own deal's
        record only (a member who did not play the deal has none), the par's, the field's
        figures.

        :raises Refused: no such challenge or deal, or hidden until the member finishes.
        """
        challenge = await self.challenge(challenge_id)
        closed = self.closed(challenge)
        me, attempt = await self._may_see(challenge, user_id)
        variant = 0 if attempt is None else attempt.variant
        pars = await self.storage.pars(challenge.id)
        par = next((p for p in pars if (p.variant, p.number) == (variant, number)), None)
        if par is None:  # a crafted menu's number (the pars are made before any attempt)
            raise Refused(RefusalCode.NO_CHALLENGE, f"the challenge has no deal {number + 1}")
        attempts = await self.storage.attempts(challenge.id)
        deals = await self.storage.challenge_results(challenge.id)
        everyone = results.standings(pars, attempts, deals, seat=challenge.seat, closed=closed)
        mine = next((s for s in everyone if me is not None and s.player_id == me.id), None)
        line = None if mine is None else mine.deals[number]
        record = None
        names: tuple[str, ...] = (BOT_NAME,) * challenge.players
        if attempt is not None:
            names = tuple(await self.storage.seat_names(attempt.game_id))
            record = await self.storage.attempt_record(challenge.id, attempt.player_id, number)
        field = field_scores(
            attempts, deals, variant=variant, number=number, seat=challenge.seat, closed=closed
        )
        return DealReview(challenge, number, variant, line, record, names, par, field)

    async def _may_see(
        self, challenge: StoredChallenge, user_id: int
    ) -> tuple[StoredPlayer | None, StoredAttempt | None]:
        """The member and their attempt, if the challenge's results are theirs to see: once
        they have finished, or once it is closed; before that, nobody else's score,
        contract or card.

        :raises Refused: hidden until the member finishes.
        """
        me = await self.storage.find_player("user", str(user_id))
        attempt = await self.storage.attempt(challenge.id, me.id) if me is not None else None
        finished = attempt is not None and attempt.finished_at is not None
        if not self.closed(challenge) and not finished:
            raise Refused(
                RefusalCode.RESULTS_HIDDEN,
                "the results stay hidden until you have played this challenge",
            )
        return me, attempt
