"""Where a table's Discord messages are, so they are edited (not re-posted) after a
restart; whose DMs were refused in which game and the language they last used; facts of the
deployment (``meta``). Reads see committed data; each write is its own transaction (on
SQLite's shared connection a bare write could land in another task's open transaction and
vanish with its rollback)."""

from __future__ import annotations

from typing import Literal

from .rows import Backend

GameRef = Literal["message_id", "thread_id"]
"""A Discord id kept on a game's row (a column name, never text from outside)."""


class MessageRefQueries(Backend):
    """Message ids, closed DMs, languages and deployment facts, part of each backend's
    storage."""

    async def set_table_message(self, game_id: int, message_id: int | None) -> None:
        await self._set_game_ref(game_id, "message_id", message_id)

    async def table_message(self, game_id: int) -> int | None:
        return await self._game_ref(game_id, "message_id")

    async def set_table_thread(self, game_id: int, thread_id: int | None) -> None:
        """The thread the game's event lines go to (None: the channel itself)."""
        await self._set_game_ref(game_id, "thread_id", thread_id)

    async def table_thread(self, game_id: int) -> int | None:
        return await self._game_ref(game_id, "thread_id")

    async def _set_game_ref(self, game_id: int, column: GameRef, value: int | None) -> None:
        async with self.writes() as db:
            await db.execute(f"UPDATE games SET {column} = $1 WHERE id = $2", value, game_id)

    async def _game_ref(self, game_id: int, column: GameRef) -> int | None:
        value = await self.committed.fetchval(f"SELECT {column} FROM games WHERE id = $1", game_id)
        return None if value is None else int(value)

    async def set_dm_message(
        self, game_id: int, seat: int, channel_id: int | None, message_id: int | None
    ) -> None:
        async with self.writes() as db:
            await db.execute(
                "UPDATE seats SET dm_channel_id = $1, dm_message_id = $2"
                " WHERE game_id = $3 AND seat = $4",
                channel_id,
                message_id,
                game_id,
                seat,
            )

    async def dm_message(self, game_id: int, seat: int) -> tuple[int, int] | None:
        """(DM channel id, message id) of a seat's DM for this game, if one was sent."""
        row = await self.committed.fetchrow(
            "SELECT dm_channel_id, dm_message_id FROM seats WHERE game_id = $1 AND seat = $2",
            game_id,
            seat,
        )
        if row is None or row[0] is None or row[1] is None:
            return None
        return int(row[0]), int(row[1])

    async def set_dm_closed(self, game_id: int, user_id: int, closed: bool) -> None:
        """A user's DMs refused during a game: not tried again at every turn of it. Kept
        per game (the seat's), so that the next game, on any server, tries again."""
        async with self.writes() as db:
            await db.execute(
                "UPDATE seats SET dm_closed = $1 WHERE game_id = $2 AND player_id ="
                " (SELECT id FROM players WHERE kind = 'user' AND external_id = $3)",
                int(closed),
                game_id,
                str(user_id),
            )

    async def dm_closed(self, game_id: int, user_id: int) -> bool:
        closed = await self.committed.fetchval(
            "SELECT MAX(s.dm_closed) FROM seats s JOIN players p ON p.id = s.player_id"
            " WHERE s.game_id = $1 AND p.kind = 'user' AND p.external_id = $2",
            game_id,
            str(user_id),
        )
        return bool(closed)

    async def dms_reopened(self, user_id: int) -> None:
        """A DM reached the user: no game of theirs holds their DMs closed any longer."""
        async with self.writes() as db:
            await db.execute(
                "UPDATE seats SET dm_closed = 0 WHERE dm_closed <> 0 AND player_id ="
                " (SELECT id FROM players WHERE kind = 'user' AND external_id = $1)",
                str(user_id),
            )

    async def set_locale(self, user_id: int, locale: str) -> None:
        """The Discord language a user last interacted in (their DMs follow it)."""
        async with self.writes() as db:
            await db.execute(
                "UPDATE players SET locale = $1 WHERE kind = 'user' AND external_id = $2",
                locale,
                str(user_id),
            )

    async def locale(self, user_id: int) -> str | None:
        value = await self.committed.fetchval(
            "SELECT locale FROM players WHERE kind = 'user' AND external_id = $1",
            str(user_id),
        )
        return None if value is None else str(value)

    async def set_meta(self, key: str, value: str) -> None:
        async with self.writes() as db:
            await db.execute(
                "INSERT INTO meta (key, value) VALUES ($1, $2)"
                " ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                key,
                value,
            )

    async def meta(self, key: str) -> str | None:
        value = await self.committed.fetchval("SELECT value FROM meta WHERE key = $1", key)
        return None if value is None else str(value)
