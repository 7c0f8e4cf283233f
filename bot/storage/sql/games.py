"""Players, games and their seats, written once for both backends: what the table service
creates, changes and reads back to rebuild its tables after a restart."""

from __future__ import annotations

import json
import time
from typing import Any

from .. import stats
from ..errors import StorageError
from ..records import ENDED, GAME_COLUMNS, StoredGame, StoredPlayer, StoredSeat, stored_game
from .rows import Backend


class GameQueries(Backend):
    """Players, games and seats, part of each backend's storage."""

    async def player(self, kind: str, external_id: str, name: str) -> int:
        """The player's id, created on first sight; the display name is kept current."""
        async with self.writes() as db:
            found = await db.fetchval(
                "INSERT INTO players (kind, external_id, name, created_at)"
                " VALUES ($1, $2, $3, $4)"
                " ON CONFLICT (kind, external_id) DO UPDATE SET name = excluded.name"
                " RETURNING id",
                kind,
                external_id,
                name,
                time.time(),
            )
        return int(found)

    async def player_by_id(self, player_id: int) -> StoredPlayer | None:
        row = await self.current().fetchrow(
            "SELECT id, kind, external_id, name FROM players WHERE id = $1", player_id
        )
        return None if row is None else StoredPlayer(row[0], row[1], row[2], row[3])

    async def find_player(self, kind: str, external_id: str) -> StoredPlayer | None:
        """The player known by this identity, without creating it."""
        row = await self.current().fetchrow(
            "SELECT id, kind, external_id, name FROM players WHERE kind = $1 AND external_id = $2",
            kind,
            external_id,
        )
        return None if row is None else StoredPlayer(row[0], row[1], row[2], row[3])

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
    ) -> int:
        if guild_id == stats.GLOBAL:
            raise ValueError("guild id 0 is the global leaderboard's scope")
        async with self.writes() as db:
            game_id = await db.fetchval(
                "INSERT INTO games (guild_id, channel_id, players, rules, deals_target, seed,"
                " status, created_at, host_id, turn_timers)"
                " VALUES ($1, $2, $3, $4, $5, $6, 'lobby', $7, $8, $9) RETURNING id",
                guild_id,
                channel_id,
                players,
                json.dumps(rules),
                deals_target,
                str(seed),
                time.time(),
                host_id,
                None if turn_timers is None else json.dumps(list(turn_timers)),
            )
        return int(game_id)

    async def seat(self, game_id: int, seat: int, player_id: int) -> None:
        """Seat a player, replacing whoever held the seat: the seat starts over (present,
        no DM yet, DMs not known closed), as a new row would."""
        async with self.writes() as db:
            await db.execute(
                "INSERT INTO seats (game_id, seat, player_id) VALUES ($1, $2, $3)"
                " ON CONFLICT (game_id, seat) DO UPDATE SET player_id = excluded.player_id,"
                " away = 0, dm_channel_id = NULL, dm_message_id = NULL, dm_closed = 0",
                game_id,
                seat,
                player_id,
            )

    async def unseat(self, game_id: int, seat: int) -> None:
        async with self.writes() as db:
            await db.execute("DELETE FROM seats WHERE game_id = $1 AND seat = $2", game_id, seat)

    async def set_away(self, game_id: int, seat: int, away: bool) -> None:
        async with self.writes() as db:
            await db.execute(
                "UPDATE seats SET away = $1 WHERE game_id = $2 AND seat = $3",
                int(away),
                game_id,
                seat,
            )

    async def seats(self, game_id: int) -> list[int]:
        rows = await self.current().fetch(
            "SELECT player_id FROM seats WHERE game_id = $1 ORDER BY seat", game_id
        )
        return [int(r[0]) for r in rows]

    async def seated(self, game_id: int) -> list[StoredSeat]:
        """The occupied seats with their players, for rebuilding a table."""
        rows = await self.current().fetch(
            "SELECT s.seat, s.player_id, p.kind, p.external_id, p.name, s.away"
            " FROM seats s JOIN players p ON p.id = s.player_id"
            " WHERE s.game_id = $1 ORDER BY s.seat",
            game_id,
        )
        return [StoredSeat(r[0], r[1], r[2], r[3], r[4], bool(r[5])) for r in rows]

    async def set_status(self, game_id: int, status: str) -> None:
        finished = time.time() if status in ENDED else None
        async with self.writes() as db:
            await db.execute(
                "UPDATE games SET status = $1, finished_at = $2 WHERE id = $3",
                status,
                finished,
                game_id,
            )

    async def set_rules(self, game_id: int, rules: dict[str, Any]) -> None:
        """A lobby's rules as its host changed them (a record's ``rules`` object): what a
        restart, the start and Play again read back. Only a lobby's: a game in play keeps
        the rules it was dealt with."""
        async with self.writes() as db:
            changed = await db.execute(
                "UPDATE games SET rules = $1 WHERE id = $2 AND status = 'lobby'",
                json.dumps(rules),
                game_id,
            )
            if changed != 1:
                raise StorageError(f"game {game_id} is not a lobby: its rules stay as they are")

    async def game(self, game_id: int) -> StoredGame | None:
        row = await self.current().fetchrow(
            f"SELECT {GAME_COLUMNS} FROM games WHERE id = $1", game_id
        )
        return None if row is None else stored_game(row)

    async def live_games(self) -> list[StoredGame]:
        """Games to rebuild after a restart: lobbies and games in play."""
        rows = await self.current().fetch(
            f"SELECT {GAME_COLUMNS} FROM games WHERE status IN ('lobby', 'playing') ORDER BY id"
        )
        return [stored_game(r) for r in rows]
