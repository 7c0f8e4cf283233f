"""Registering slash commands only when they changed, so restarts never hit Discord's
daily limit on command creation.

The hash of the command set (names, options, descriptions and their translations) is kept
in the database per target (global, or the development guild); a start with the same
commands syncs nothing.
"""

from __future__ import annotations

import hashlib
import json
import logging
from typing import Any

import discord
from discord import app_commands

from bot.storage import Meta

log = logging.getLogger(__name__)


def command_set_hash(tree: app_commands.CommandTree[Any], extra: str = "") -> str:
    payload = [command.to_dict(tree) for command in tree.get_commands()]
    text = json.dumps(payload, sort_keys=True, default=str) + extra
    return hashlib.sha256(text.encode()).hexdigest()


async def sync_if_changed(
    tree: app_commands.CommandTree[Any],
    storage: Meta,
    *,
    guild_id: int | None,
    catalog_version: str,
) -> bool:
    """Sync the tree (to ``guild_id`` if set, else globally) unless nothing changed."""
    target = f"commands:guild:{guild_id}" if guild_id else "commands:global"
    digest = command_set_hash(tree, catalog_version)
    if await storage.meta(target) == digest:
        log.info("slash commands unchanged (%s): not synced", target)
        return False
    try:
        if guild_id:
            guild = discord.Object(id=guild_id)
            tree.copy_global_to(guild=guild)
            await tree.sync(guild=guild)
        else:
            await tree.sync()
    except discord.RateLimited as e:  # over the client's max_ratelimit_timeout
        log.warning(
            "slash commands not synced (%s): rate limited for %.0f s; the next start tries again",
            target,
            e.retry_after,
        )
        return False
    await storage.set_meta(target, digest)
    log.info("slash commands synced (%s)", target)
    return True
