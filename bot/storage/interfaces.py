"""What the bot asks of its storage, by role, whatever the backend (``sqlite/`` or
``postgres/``, opened by ``open_storage``). The table service, the Discord layer and the benchmarks
know these protocols only, never a backend.

The guarantees every backend gives: ``transaction()`` is one atomic unit (nested uses in
the same task join the outer one); a turn is stored with the deals it finishes and the
game's end, all or nothing (``save_turn``, turns of all tables sharing commits); a deal is
recorded once (a second time is ``StorageError``) and counted in the leaderboards in the
same transaction, except a challenge's game (``games.challenge_id``), which is never
counted: its end marks its attempt finished.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol, runtime_checkable

from tarot_core import DealResult

from .errors import DatabaseUnusable
from .records import (
    AttemptDeal,
    ChallengeScope,
    DealSummary,
    GameSummary,
    LadderLine,
    ParDeal,
    PeriodStanding,
    PlayerStats,
    Standing,
    StoredAttempt,
    StoredChallenge,
    StoredGame,
    StoredPlayer,
    StoredSeat,
)
from .turns import FinishedDeal


class Players(Protocol):
    async def player(self, kind: str, external_id: str, name: str) -> int: ...
    async def player_by_id(self, player_id: int) -> StoredPlayer | None: ...
    async def find_player(self, kind: str, external_id: str) -> StoredPlayer | None: ...


class Games(Protocol):
    """Games and their seats."""

    async def create_game(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        players: int,
        rules: dict[str, Any],
        deals_target: int,
        seed: int,
        host_id: int | None = None,
        turn_timers: tuple[float, float] | None = None,
    ) -> int: ...
    async def seat(self, game_id: int, seat: int, player_id: int) -> None: ...
    async def unseat(self, game_id: int, seat: int) -> None: ...
    async def set_away(self, game_id: int, seat: int, away: bool) -> None: ...
    async def seats(self, game_id: int) -> list[int]: ...
    async def seated(self, game_id: int) -> list[StoredSeat]: ...
    async def set_status(self, game_id: int, status: str) -> None: ...
    async def set_rules(self, game_id: int, rules: dict[str, Any]) -> None: ...
    async def game(self, game_id: int) -> StoredGame | None: ...
    async def live_games(self) -> list[StoredGame]: ...


class ActionLog(Protocol):
    """The action log, the one source of truth of a game in play, and its turns."""

    async def save_turn(
        self,
        game_id: int,
        seq: int,
        action: dict[str, Any] | None,
        deals: Sequence[FinishedDeal] = (),
        totals: Sequence[int] | None = None,
    ) -> None: ...
    async def actions(self, game_id: int) -> list[dict[str, Any]]: ...


class DealRecords(Protocol):
    """Finished deals and games, their records, and a player's past games."""

    async def record_deal(
        self,
        game_id: int,
        number: int,
        record: dict[str, Any],
        result: DealResult,
        player_ids: list[int],
    ) -> int: ...
    async def finish_game(self, game_id: int, totals: Sequence[int]) -> None: ...
    async def deal_records(self, game_id: int) -> list[dict[str, Any]]: ...
    async def recorded_deals(self, game_id: int) -> int: ...
    async def deal_record(self, game_id: int, number: int) -> dict[str, Any] | None: ...
    async def game_deals(self, game_id: int) -> list[DealSummary]: ...
    async def recent_games(self, player_id: int, limit: int = 10) -> list[GameSummary]: ...
    async def seat_names(self, game_id: int) -> list[str]: ...


class Leaderboards(Protocol):
    async def leaderboard(
        self, guild_id: int | None, *, min_games: int = 5, limit: int = 10, offset: int = 0
    ) -> list[Standing]: ...
    async def player_stats(
        self, player_id: int, guild_id: int | None, *, min_games: int = 5
    ) -> PlayerStats | None: ...
    async def ranked_count(self, guild_id: int | None, *, min_games: int = 5) -> int: ...
    async def period_board(
        self, guild_id: int | None, since: float, *, limit: int = 10, offset: int = 0
    ) -> list[PeriodStanding]: ...


class MessageRefs(Protocol):
    """Where a table's Discord messages are, and what is known of each user."""

    async def set_table_message(self, game_id: int, message_id: int | None) -> None: ...
    async def table_message(self, game_id: int) -> int | None: ...
    async def set_table_thread(self, game_id: int, thread_id: int | None) -> None: ...
    async def table_thread(self, game_id: int) -> int | None: ...
    async def set_dm_message(
        self, game_id: int, seat: int, channel_id: int | None, message_id: int | None
    ) -> None: ...
    async def dm_message(self, game_id: int, seat: int) -> tuple[int, int] | None: ...
    async def set_dm_closed(self, game_id: int, user_id: int, closed: bool) -> None: ...
    async def dm_closed(self, game_id: int, user_id: int) -> bool: ...
    async def dms_reopened(self, user_id: int) -> None: ...
    async def set_locale(self, user_id: int, locale: str) -> None: ...
    async def locale(self, user_id: int) -> str | None: ...


class Meta(Protocol):
    """Facts of the deployment (the commands' hash) and each server's settings."""

    async def set_meta(self, key: str, value: str) -> None: ...
    async def meta(self, key: str) -> str | None: ...
    def exclusively(self, name: str) -> AbstractAsyncContextManager[None]:
        """Held by one task of one process at a time among all sharing the database
        (PostgreSQL: an advisory lock; SQLite serves one process)."""
        ...

    async def guild_settings(self, guild_id: int) -> dict[str, Any]: ...
    async def all_guild_settings(self) -> list[tuple[int, dict[str, Any]]]: ...
    async def set_guild_settings(
        self, guild_id: int, changes: Mapping[str, Any]
    ) -> dict[str, Any]: ...


class Challenges(Protocol):
    """Challenges (the same deals for every member, played alone against computer
    players), their pars and each member's one attempt, and the instance's secret key."""

    async def instance_key(self) -> bytes: ...
    async def create_challenge(
        self,
        *,
        scope: ChallengeScope,
        guild_id: int | None,
        day: str | None,
        players: int,
        rules: dict[str, Any],
        deals: int,
        seat: int,
        variants: int,
        level: str,
        seed: int,
        created_by: int | None,
        opened_at: float,
        closes_at: float,
    ) -> tuple[int, bool]: ...
    async def challenge(self, challenge_id: int) -> StoredChallenge | None: ...
    async def daily_challenge(
        self, scope: ChallengeScope, guild_id: int | None, day: str
    ) -> StoredChallenge | None: ...
    async def open_challenges(self, guild_id: int | None, now: float) -> list[StoredChallenge]: ...
    async def recent_challenges(self, guild_id: int, limit: int) -> list[StoredChallenge]: ...
    async def challenges_of_day(self, guild_id: int | None, day: str) -> list[StoredChallenge]: ...
    async def closed_unposted(self, guild_id: int, now: float) -> list[StoredChallenge]: ...
    async def set_closed_posted(self, challenge_id: int) -> bool: ...
    async def set_challenge_message(
        self, challenge_id: int, channel_id: int | None, message_id: int | None
    ) -> None: ...
    async def set_pars(self, challenge_id: int, pars: Sequence[ParDeal]) -> None: ...
    async def pars(self, challenge_id: int) -> list[ParDeal]: ...
    async def start_attempt(
        self,
        *,
        challenge_id: int,
        player_id: int,
        variant: int,
        guild_id: int | None,
        channel_id: int,
        players: int,
        rules: dict[str, Any],
        deals_target: int,
        seed: int,
        seats: Sequence[int],
        started_at: float,
    ) -> int: ...
    async def attempt(self, challenge_id: int, player_id: int) -> StoredAttempt | None: ...
    async def attempt_of_game(self, game_id: int) -> StoredAttempt | None: ...
    async def attempts(self, challenge_id: int) -> list[StoredAttempt]: ...
    async def challenge_results(self, challenge_id: int) -> list[AttemptDeal]: ...
    async def attempt_record(
        self, challenge_id: int, player_id: int, number: int
    ) -> dict[str, Any] | None: ...
    async def challenge_days(self, player_id: int) -> list[str]: ...


class Ladders(Protocol):
    """The monthly ladder of daily challenges (written once per member and day when a
    challenge closes, never a rating) and the days a streak counts."""

    async def record_ladder(
        self, challenge_id: int, scores: Sequence[tuple[int, float]]
    ) -> int: ...
    async def ladder(
        self,
        scope: ChallengeScope,
        guild_id: int | None,
        month: str,
        best: int,
        limit: int,
        offset: int = 0,
    ) -> list[LadderLine]: ...
    async def ladder_place(
        self, scope: ChallengeScope, guild_id: int | None, month: str, best: int, player_id: int
    ) -> LadderLine | None: ...
    async def daily_days(
        self, player_id: int, scope: ChallengeScope, guild_id: int | None
    ) -> list[str]: ...


class Reviews(Protocol):
    """The coach's reviews kept with their deals, and who held a deal's seats."""

    async def deal_review(
        self, game_id: int, number: int, seat: int, version: int
    ) -> dict[str, Any] | None: ...
    async def save_deal_review(
        self, game_id: int, number: int, seat: int, version: int, review: dict[str, Any]
    ) -> None: ...
    async def deal_player_ids(self, game_id: int, number: int) -> list[int]: ...
    async def latest_deal(self, player_id: int) -> tuple[int, int] | None: ...


@runtime_checkable
class ClickRoutes(Protocol):
    """Clicks carried from the process that received them to the one that owns their
    table (several processes on one PostgreSQL; SQLite serves a single process)."""

    async def route_click(
        self, interaction_id: int, shard: int, payload: dict[str, Any]
    ) -> None: ...
    async def claim_click(self, interaction_id: int, within: float) -> dict[str, Any] | None: ...
    async def refuse_click(self, interaction_id: int) -> bool: ...
    async def answer_click(self, interaction_id: int) -> None: ...
    async def click_state(self, interaction_id: int) -> str | None: ...
    async def listen_clicks(
        self, shards: Collection[int], heard: Callable[[int], None], within: float
    ) -> None: ...


class TableStorage(Players, Games, ActionLog, DealRecords, Protocol):
    """What the table service asks: players, games and seats, turns and deals, and
    transactions that keep several of those writes together."""

    def transaction(self) -> AbstractAsyncContextManager[None]: ...


class Storage(
    TableStorage, Leaderboards, MessageRefs, Meta, Challenges, Ladders, Reviews, Protocol
):
    """Everything, opened by ``open_storage``."""

    on_unusable: Callable[[DatabaseUnusable], None] | None
    """Told once if the database becomes unusable, so that the bot can stop."""

    async def close(self) -> None: ...
