"""Per-server settings: one JSON object per guild, so that adding a setting (default
rules, player count, timers, language...) needs no migration. A key a server never set is
absent, and its reader falls back to the process-wide default."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from contextlib import AbstractAsyncContextManager
from typing import Any

import aiosqlite


class GuildSettings:
    """Mixed into ``Storage``."""

    conn: aiosqlite.Connection
    reader: aiosqlite.Connection
    transaction: Callable[[], AbstractAsyncContextManager[None]]

    async def guild_settings(self, guild_id: int) -> dict[str, Any]:
        """What ``guild_id`` has set (empty if nothing): only keys it set are present."""
        async with self.reader.execute(
            "SELECT settings FROM guild_settings WHERE guild_id = ?", (guild_id,)
        ) as cur:
            row = await cur.fetchone()
        if row is None:
            return {}
        value = json.loads(row[0])
        return value if isinstance(value, dict) else {}

    async def set_guild_settings(self, guild_id: int, changes: Mapping[str, Any]) -> dict[str, Any]:
        """Merge ``changes`` into ``guild_id``'s settings (a value of None removes its key,
        back to the default) and return the settings now stored. Read and written in one
        transaction, so two changes at once both stay."""
        async with self.transaction():
            async with self.conn.execute(
                "SELECT settings FROM guild_settings WHERE guild_id = ?", (guild_id,)
            ) as cur:
                row = await cur.fetchone()
            current = json.loads(row[0]) if row is not None else {}
            if not isinstance(current, dict):
                current = {}
            for key, value in changes.items():
                if value is None:
                    current.pop(key, None)
                else:
                    current[key] = value
            await self.conn.execute(
                "INSERT INTO guild_settings (guild_id, settings) VALUES (?, ?)"
                " ON CONFLICT (guild_id) DO UPDATE SET settings = excluded.settings",
                (guild_id, json.dumps(current, sort_keys=True)),
            )
        return current
