"""Per-server settings: one JSON object per guild, so that adding a setting (default
rules, player count, timers, language...) needs no migration. A key a server never set is
absent, and its reader falls back to the process-wide default."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from .rows import Backend


class GuildSettingsQueries(Backend):
    """Part of each backend's storage."""

    async def guild_settings(self, guild_id: int) -> dict[str, Any]:
        """What ``guild_id`` has set (empty if nothing): only keys it set are present."""
        stored = await self.committed.fetchval(
            "SELECT settings FROM guild_settings WHERE guild_id = $1", guild_id
        )
        if stored is None:
            return {}
        value = json.loads(stored)
        return value if isinstance(value, dict) else {}

    async def all_guild_settings(self) -> list[tuple[int, dict[str, Any]]]:
        """Every server that set anything, with what it set: one read for the hourly look
        at whose challenge of the day is due (a few thousand small rows at most)."""
        rows = await self.committed.fetch("SELECT guild_id, settings FROM guild_settings")
        out = []
        for guild_id, stored in rows:
            value = json.loads(stored)
            out.append((int(guild_id), value if isinstance(value, dict) else {}))
        return out

    async def set_guild_settings(self, guild_id: int, changes: Mapping[str, Any]) -> dict[str, Any]:
        """Merge ``changes`` into ``guild_id``'s settings (a value of None removes its key,
        back to the default) and return the settings now stored. The row is made if need
        be, then locked before it is read, so two changes at once (from any process) both
        stay: the second waits for the first and merges into its result."""
        async with self.writes() as db:
            await db.execute(
                "INSERT INTO guild_settings (guild_id, settings) VALUES ($1, '{}')"
                " ON CONFLICT (guild_id) DO NOTHING",
                guild_id,
            )
            stored = await db.fetchval(
                f"SELECT settings FROM guild_settings WHERE guild_id = $1{self.LOCK_ROW}",
                guild_id,
            )
            current = json.loads(stored)
            if not isinstance(current, dict):
                current = {}
            for key, value in changes.items():
                if value is None:
                    current.pop(key, None)
                else:
                    current[key] = value
            await db.execute(
                "UPDATE guild_settings SET settings = $2 WHERE guild_id = $1",
                guild_id,
                json.dumps(current, sort_keys=True),
            )
        return current
