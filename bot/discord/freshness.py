"""When a table message or a DM is worn out and a fresh one is posted in its place.

Discord limits the edits of a message older than an hour (error 30046, "Maximum number of
edits to messages older than 1 hour reached"; how many it allows is not documented). A
game at human pace outlives its messages, so the presenter posts a fresh table message and
fresh DMs at each new deal (once a deal is played: a deal all passed is dealt again in
place), and whenever the one shown nears the hour (its age read from
its snowflake id), and at once when Discord answers 30046. The old message is left as a
one-line stub, without controls, that points at the new one.
"""

from __future__ import annotations

from typing import Final

import discord

FRESH_FOR: Final = 50 * 60.0
"""A message this old (seconds) is replaced at its next change, before the hour is up."""
EDITS_EXHAUSTED: Final = 30046
"""Discord's code for an edit refused because the message is over an hour old."""
RATE_LIMIT_WAIT: Final = 30.0
"""The longest rate-limit wait a REST call sleeps through (``max_ratelimit_timeout``;
discord.py accepts no less than 30 s). A longer one raises ``discord.RateLimited`` at
once, and the presenter's pacing sends the latest state once it is over."""


def worn(message_id: int, now: float, *, played: int, shown_played: int | None) -> bool:
    """A message that should give way to a fresh one: it was drawn before the last deal
    played was over (``shown_played`` deals were played then; None when not known since a
    restart), or it is ``FRESH_FOR`` old."""
    if shown_played is not None and shown_played < played:
        return True
    return now - discord.utils.snowflake_time(message_id).timestamp() >= FRESH_FOR


def jump_url(guild_id: int | None, channel_id: int, message_id: int) -> str:
    """A link to a message (``@me`` for a DM)."""
    where = "@me" if guild_id is None else str(guild_id)
    return f"https://discord.com/channels/{where}/{channel_id}/{message_id}"
