"""Where a table's Discord messages are, so they are edited (not re-posted) after a restart."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from typing import Literal

import aiosqlite

GameRef = Literal["message_id", "thread_id"]
"""A Discord id kept on a game's row (a column name, never text from outside)."""


class MessageRefs:
    """Mixed into ``Storage``: message ids, closed DMs and deployment facts."""

    conn: aiosqlite.Connection
    reader: aiosqlite.Connection
    transaction: Callable[[], AbstractAsyncContextManager[None]]
    """Every write here takes its own turn: on the shared connection, a bare write could
    land inside another task's open transaction and vanish with its rollback."""

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
        async with self.transaction():
            await self.conn.execute(f"UPDATE games SET {column} = ? WHERE id = ?", (value, game_id))

    async def _game_ref(self, game_id: int, column: GameRef) -> int | None:
        async with self.reader.execute(
            f"SELECT {column} FROM games WHERE id = ?", (game_id,)
        ) as cur:
            row = await cur.fetchone()
        return None if row is None or row[0] is None else int(row[0])

    async def set_dm_message(
        self, game_id: int, seat: int, channel_id: int | None, message_id: int | None
    ) -> None:
        async with self.transaction():
            await self.conn.execute(
                "UPDATE seats SET dm_channel_id = ?, dm_message_id = ?"
                " WHERE game_id = ? AND seat = ?",
                (channel_id, message_id, game_id, seat),
            )

    async def dm_message(self, game_id: int, seat: int) -> tuple[int, int] | None:
        """(DM channel id, message id) of a seat's DM for this game, if one was sent."""
        async with self.reader.execute(
            "SELECT dm_channel_id, dm_message_id FROM seats WHERE game_id = ? AND seat = ?",
            (game_id, seat),
        ) as cur:
            row = await cur.fetchone()
        if row is None or row[0] is None or row[1] is None:
            return None
        return int(row[0]), int(row[1])

    async def set_dm_closed(self, user_id: int, closed: bool) -> None:
        """Remembered per Discord user: once told, not told again at every turn."""
        async with self.transaction():
            await self.conn.execute(
                "UPDATE players SET dm_closed = ? WHERE kind = 'user' AND external_id = ?",
                (int(closed), str(user_id)),
            )

    async def dm_closed(self, user_id: int) -> bool:
        async with self.reader.execute(
            "SELECT dm_closed FROM players WHERE kind = 'user' AND external_id = ?",
            (str(user_id),),
        ) as cur:
            row = await cur.fetchone()
        return bool(row[0]) if row else False

    async def set_locale(self, user_id: int, locale: str) -> None:
        """The Discord language a user last interacted in (their DMs follow it)."""
        async with self.transaction():
            await self.conn.execute(
                "UPDATE players SET locale = ? WHERE kind = 'user' AND external_id = ?",
                (locale, str(user_id)),
            )

    async def locale(self, user_id: int) -> str | None:
        async with self.reader.execute(
            "SELECT locale FROM players WHERE kind = 'user' AND external_id = ?",
            (str(user_id),),
        ) as cur:
            row = await cur.fetchone()
        return None if row is None or row[0] is None else str(row[0])

    async def set_meta(self, key: str, value: str) -> None:
        async with self.transaction():
            await self.conn.execute(
                "INSERT INTO meta (key, value) VALUES (?, ?)"
                " ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                (key, value),
            )

    async def meta(self, key: str) -> str | None:
        async with self.reader.execute("SELECT value FROM meta WHERE key = ?", (key,)) as cur:
            row = await cur.fetchone()
        return None if row is None else str(row[0])
