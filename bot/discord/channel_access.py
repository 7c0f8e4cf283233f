"""What the bot must be allowed in a channel to run a table there, checked where a table
is opened (``/tarot new``, Play again) from the permissions Discord sends with the
interaction (``interaction.app_permissions``): a table opened where the bot cannot post
would show nothing, and every refused post counts toward Discord's invalid-request limit
(10,000 in 10 minutes get the bot's address banned for a while). What is missing is named
as Discord's own settings name it, in the user's language."""

from __future__ import annotations

from typing import Any

import discord

from bot.i18n import t

CHANNEL = ("view_channel", "send_messages", "read_message_history", "attach_files")
"""To show the table message, its lines and the score sheets' pictures."""
IN_A_THREAD = ("view_channel", "send_messages_in_threads", "read_message_history", "attach_files")
"""The same, for a table opened in a thread."""
THREADS = ("create_public_threads", "send_messages_in_threads")
"""To start the table's thread and post in it, where the server's ``threads`` is on."""
A_THREAD = (*THREADS, "attach_files")
"""What a game's thread needs, checked again when it is started (``threads.py``): without
Attach Files a score sheet's picture is refused there, and the thread given up after its
first deal."""


def lacking(perms: discord.Permissions, names: tuple[str, ...]) -> list[str]:
    """Those of ``names`` (discord.py's permission names) that ``perms`` lacks."""
    return [name for name in names if not getattr(perms, name)]


def missing(perms: discord.Permissions, *, in_thread: bool, threads: bool) -> list[str]:
    """The permissions (discord.py's names) the bot lacks to run a table here."""
    needed = list(IN_A_THREAD if in_thread else CHANNEL)
    if threads and not in_thread:  # no thread is started from a thread
        needed += [name for name in THREADS if name not in needed]
    return lacking(perms, tuple(needed))


def refusal(locale: str | None, lacking: list[str]) -> str:
    """Why no table opens here, naming each permission the bot lacks."""
    names = ", ".join(t(locale, f"permission.{name}") for name in lacking)
    text = t(locale, "ui.missing_permissions", names=names)
    if "create_public_threads" in lacking:  # a thread per table is a server's choice
        command = f"/tarot {t(locale, 'name.tarot.threads')}"
        text += " " + t(locale, "ui.missing_permissions.threads", command=command)
    return text


def lacking_here(interaction: discord.Interaction[Any], threads: bool) -> list[str]:
    """What the bot lacks in the interaction's channel (a DM: nothing to check)."""
    if interaction.guild_id is None:
        return []
    in_thread = isinstance(interaction.channel, discord.Thread)
    return missing(interaction.app_permissions, in_thread=in_thread, threads=threads)
