"""A challenge's Play button, and what pressing it (or ``/challenge play``) does: the
member's attempt started, or taken up, in their DMs.

The ``custom_id`` carries the challenge (a ``DynamicItem``), so the button of a post works
after a restart with nothing kept in memory.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from bot import guild_config
from bot.i18n import t

from .. import answering
from ..dm_messages import DMS_REFUSED
from ..errors import answer, answer_failure
from ..face_refusals import sent_with_faces_or_without
from .challenge_view import attempt_content
from .controls import show_privately

if TYPE_CHECKING:
    from ..client import TarotBot

PLAY_PATTERN = r"tarot:challenge:(?P<challenge>[0-9]{1,12})"


class ChallengePlayButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=PLAY_PATTERN):
    def __init__(self, challenge_id: int, text: str = "Play") -> None:
        super().__init__(
            discord.ui.Button(
                style=discord.ButtonStyle.success,
                label=text,
                custom_id=f"tarot:challenge:{challenge_id}",
            )
        )
        self.challenge_id = challenge_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: Any, /
    ) -> ChallengePlayButton:
        return cls(int(match["challenge"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await play_challenge(interaction.client, interaction, self.challenge_id)


def play_view(challenge_id: int, locale: str) -> discord.ui.View:
    """The controls of a challenge's post: its Play button, in the post's language."""
    view = discord.ui.View(timeout=None)
    view.add_item(ChallengePlayButton(challenge_id, t(locale, "challenge.play")))
    return view


def server_locale(
    bot: TarotBot, guild_id: int | None, config: guild_config.GuildSettings
) -> str | None:
    """The language of a server's public messages: its ``language`` setting, else its
    preferred locale; None for a server not known here."""
    language = guild_config.language_of(config)
    if language:
        return language
    guild = bot.get_guild(guild_id) if guild_id is not None else None
    return str(guild.preferred_locale) if guild is not None else None


async def attempt_here(
    bot: TarotBot, interaction: discord.Interaction[Any], channel_id: int, locale: str
) -> None:
    """The attempt in one ephemeral message (closed DMs): the table above the hand, each
    press and Refresh drawing it again (``challenge_view.py``)."""
    snapshot, _, view = bot.tables.private_view(channel_id, interaction.user.id)
    await sent_with_faces_or_without(
        bot.presenter.face_switch(),
        lambda faces: attempt_content(bot.presenter, snapshot, view, locale, faces=faces),
        lambda content: show_privately(interaction, *content, new=True),
    )


async def play_challenge(
    bot: TarotBot, interaction: discord.Interaction[Any], challenge_id: int
) -> None:
    """Start or take up ``interaction.user``'s attempt in their DMs, and tell them where it
    is (only them). A refusal (played already, closed...) is the error boundary's answer."""
    locale = str(interaction.locale)
    bot.presenter.remember_locale(interaction.user.id, interaction.locale)
    async with answering.handling(interaction):
        try:
            await answering.think(interaction)  # the par may still be computed
            user = interaction.user
            await bot.challenges.playable(challenge_id, user.id, guild_id=interaction.guild_id)
            dm = user.dm_channel or await user.create_dm()
            closed = False
            try:  # a challenge is played in DMs; closed ones are known before it starts
                await dm.send(t(locale, "challenge.intro", id=challenge_id))
            except discord.HTTPException as e:
                if e.code not in DMS_REFUSED:
                    raise
                closed = True
            snapshot = await bot.challenges.play(
                challenge_id,
                user.id,
                user.display_name,
                guild_id=interaction.guild_id,
                channel_id=dm.id,
                dms_closed=closed,
            )
            # An attempt begun (or gone on) with closed DMs stays in its ephemeral view.
            closed = closed or await bot.presenter.dm_messages.closed(
                snapshot.game_id, user.id, keep=False
            )
            if closed:  # the whole attempt in one message only for them, here
                await attempt_here(bot, interaction, dm.id, locale)
                return
            link = f"https://discord.com/channels/@me/{dm.id}"
            await answer(interaction, t(locale, "challenge.started", link=link))
        except Exception as error:
            await answer_failure(
                interaction,
                error,
                where=f"playing challenge {challenge_id}",
                tables=bot.tables,
                channel_id=None,
            )
