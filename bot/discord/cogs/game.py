"""``/tarot ...``: opening, joining and running a table. Thin: every decision is the table
service's, and every refusal or failure the error boundary's (``bot/discord/errors.py``);
this only translates the command and acknowledges what was done.

``/tarot`` is offered in servers only (where the bot is installed), never in DMs: a table
lives in a channel of a server.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot import guild_config
from bot.i18n import t
from bot.render.help import pages, rules_explained
from bot.tables import TableSnapshot
from bot.tables.settings import MAX_DEALS, MIN_DEALS
from tarot_core import LEVELS, PLAYER_COUNTS

from .. import answering, channel_access
from ..errors import answer
from ..ui.handler import DEFAULT_BOT_LEVEL, hand_message
from ..ui.lobby_controls import plain_name, removable
from ..ui.review_controls import review_privately
from .rule_parameters import rule_parameters

if TYPE_CHECKING:
    from ..client import TarotBot

P = ParamSpec("P")
MIN_PLAYERS, MAX_PLAYERS = min(PLAYER_COUNTS), max(PLAYER_COUNTS)
FIRST_SEAT, LAST_SEAT = 1, MAX_PLAYERS
"""The seat numbers a player names (from 1), at the largest table."""
CHOICE_NAME_LIMIT = 100
"""Discord's limit on an option choice's name."""
CHOICES_LIMIT = 25
"""Discord's limit on the choices an autocomplete offers."""

MAX_ID = 10**12 - 1
"""The largest game number ``/tarot review`` takes (what a review's ``custom_id`` carries)."""
MAX_DEAL_NUMBER = 9999
"""The largest deal number it takes (redeals count: a game's numbers pass its deals)."""
LEVEL_CHOICES = [
    app_commands.Choice(name=_(level, key=f"level.{level}"), value=level) for level in LEVELS
]

SETTING_CHOICES = [
    app_commands.Choice(name=_(t("en", f"setting.{key}"), key=f"setting.{key}"), value=key)
    for key in guild_config.OFFERED
]


@app_commands.guild_only()
@app_commands.guild_install()
class GameCog(
    commands.GroupCog,
    group_name="tarot",
    group_description=_("Play French Tarot in this channel", key="cmd.tarot"),
):
    def __init__(self, bot: TarotBot) -> None:
        self.bot = bot
        super().__init__()

    async def _run(
        self,
        interaction: discord.Interaction[Any],
        call: Callable[[], Awaitable[Any]],
        done: Callable[[Any], str] | None = None,
    ) -> None:
        """Run a table operation, then acknowledge it with ``done(its result)`` (else
        "Done.") unless it answered itself; a refusal or a failure rises to the error
        boundary."""
        self.bot.presenter.remember_locale(interaction.user.id, interaction.locale)
        result = await call()
        if not answering.done(interaction):
            locale = str(interaction.locale)
            await answer(interaction, done(result) if done is not None else t(locale, "ui.done"))

    async def _act(
        self,
        interaction: discord.Interaction[Any],
        operation: Callable[Concatenate[int, int, P], Awaitable[object]],
        *args: P.args,
        **kwargs: P.kwargs,
    ) -> None:
        """``operation(channel, user id, ...)`` of the table service, as ``_run`` runs it."""
        channel, user_id = self._channel(interaction), interaction.user.id
        await self._run(interaction, lambda: operation(channel, user_id, *args, **kwargs))

    @staticmethod
    def _channel(interaction: discord.Interaction[Any]) -> int:
        return interaction.channel_id or 0

    def _seat_choices(
        self,
        interaction: discord.Interaction[Any],
        typed: str,
        status: str,
        seats: Callable[[TableSnapshot], list[int]],
    ) -> list[app_commands.Choice[int]]:
        """``seats(table)`` by name, while the channel's table has ``status``."""
        table = self.bot.tables.table(self._channel(interaction))
        if table is None or table.status != status:
            return []
        return seat_choices(str(interaction.locale), table, seats(table), typed)

    @staticmethod
    async def _manages_server(interaction: discord.Interaction[Any]) -> bool:
        """Whether the member has Manage Server (checked here: Discord applies default
        permissions to whole commands only, not to one subcommand of ``/tarot``); if not,
        they are told so."""
        if interaction.guild_id is not None and interaction.permissions.manage_guild:
            return True
        await answer(interaction, t(str(interaction.locale), "ui.threads_manage_guild"))
        return False

    @app_commands.command(
        name=_("new", key="name.tarot.new"),
        description=_("Open a Tarot table in this channel", key="cmd.tarot.new"),
    )
    @app_commands.describe(
        players=_("Number of players: 3 to 6", key="cmd.tarot.new.players"),
        deals=_("Number of deals in the game (default: one per player)", key="cmd.tarot.new.deals"),
        shuffle=_(
            "Shuffle before every deal, or gather and cut (traditional)",
            key="cmd.tarot.new.shuffle",
        ),
    )
    @app_commands.rename(
        players=_("players", key="name.option.players"),
        deals=_("deals", key="name.option.deals"),
        shuffle=_("shuffle", key="name.option.shuffle"),
    )
    @rule_parameters
    @app_commands.choices(
        shuffle=[
            app_commands.Choice(name=_("Shuffle", key="choice.shuffle.full"), value="full"),
            app_commands.Choice(name=_("Gather and cut", key="choice.shuffle.cut"), value="cut"),
        ],
    )
    async def new(
        self,
        interaction: discord.Interaction[Any],
        players: app_commands.Range[int, MIN_PLAYERS, MAX_PLAYERS] | None = None,
        deals: app_commands.Range[int, MIN_DEALS, MAX_DEALS] | None = None,
        misere: bool | None = None,
        prise_allowed: bool | None = None,
        garde_contre_multiplier: int | None = None,
        poignee_bonus: str | None = None,
        shuffle: str | None = None,
    ) -> None:
        """What the host did not choose comes from the server's settings (``/tarot
        settings``), else from the process-wide defaults. Refused where the bot may not
        show a table (``channel_access.py``)."""
        config = await self._config(interaction.guild_id)
        lacking = channel_access.lacking_here(interaction, threads=config.threads)
        if lacking:  # the table could not be shown: refused, naming what is missing
            await answer(interaction, channel_access.refusal(str(interaction.locale), lacking))
            return
        chosen = {
            "misere": misere,
            "prise_allowed": prise_allowed,
            "garde_contre_multiplier": garde_contre_multiplier,
            "poignee_bonus": poignee_bonus,
            "shuffle": shuffle,
        }
        config = guild_config.with_chosen(config, chosen)
        count = players or config.players
        options = guild_config.rule_options(config)
        deals = deals or guild_config.deals_of(config)
        user = interaction.user
        await self._run(
            interaction,
            lambda: self.bot.tables.create(
                self._channel(interaction),
                user.id,
                user.display_name,
                guild_id=interaction.guild_id,
                players=count,
                deals=deals,
                options=options,
                turn_timers=guild_config.turn_timers(config, self.bot.settings),
            ),
            lambda table: t(
                str(interaction.locale),
                "ui.table_opened",
                players=table.players,
                deals=table.deals_target,
            ),
        )

    @app_commands.command(
        name=_("join", key="name.tarot.join"),
        description=_("Take a seat at the table in this channel", key="cmd.tarot.join"),
    )
    async def join(self, interaction: discord.Interaction[Any]) -> None:
        await self._act(interaction, self.bot.tables.join, interaction.user.display_name)

    @app_commands.command(
        name=_("leave", key="name.tarot.leave"),
        description=_("Leave the table in this channel before it starts", key="cmd.tarot.leave"),
    )
    async def leave(self, interaction: discord.Interaction[Any]) -> None:
        await self._act(interaction, self.bot.tables.leave)

    @app_commands.command(
        name=_("addbot", key="name.tarot.addbot"),
        description=_("Seat a computer player at the table", key="cmd.tarot.addbot"),
    )
    @app_commands.describe(level=_("How strong the bot plays", key="cmd.tarot.addbot.level"))
    @app_commands.rename(level=_("level", key="name.option.level"))
    @app_commands.choices(level=LEVEL_CHOICES)
    async def addbot(
        self, interaction: discord.Interaction[Any], level: str = DEFAULT_BOT_LEVEL
    ) -> None:
        await self._act(interaction, self.bot.tables.add_bot, level)

    @app_commands.command(
        name=_("remove", key="name.tarot.remove"),
        description=_(
            "Free a seat of the lobby, a bot's or a player's (host only)",
            key="cmd.tarot.remove",
        ),
    )
    @app_commands.describe(seat=_("Who to remove", key="cmd.tarot.remove.seat"))
    @app_commands.rename(seat=_("seat", key="name.option.seat"))
    async def remove(
        self,
        interaction: discord.Interaction[Any],
        seat: app_commands.Range[int, FIRST_SEAT, LAST_SEAT],
    ) -> None:
        await self._act(interaction, self.bot.tables.remove_seat, seat - 1)

    @remove.autocomplete("seat")
    async def _remove_seats(
        self, interaction: discord.Interaction[Any], typed: str
    ) -> list[app_commands.Choice[int]]:
        """The seats the host may free, by name."""
        return self._seat_choices(interaction, typed, "lobby", removable)

    @app_commands.command(
        name=_("start", key="name.tarot.start"),
        description=_(
            "Start the game (host only, once every seat is filled)", key="cmd.tarot.start"
        ),
    )
    async def start(self, interaction: discord.Interaction[Any]) -> None:
        await self._act(interaction, self.bot.tables.start)

    @app_commands.command(
        name=_("hand", key="name.tarot.hand"),
        description=_("Show your hand and your controls (only you see it)", key="cmd.tarot.hand"),
    )
    async def hand(self, interaction: discord.Interaction[Any]) -> None:
        self.bot.presenter.remember_locale(interaction.user.id, interaction.locale)
        await hand_message(self.bot, interaction, self._channel(interaction), edit=False)

    @app_commands.command(
        name=_("stop", key="name.tarot.stop"),
        description=_("Stop the game or close the lobby (host only)", key="cmd.tarot.stop"),
    )
    async def stop(self, interaction: discord.Interaction[Any]) -> None:
        """The host, or a member who may manage this channel: Discord sends the member's
        permissions in the channel (its overwrites included) with the interaction."""
        moderator = interaction.guild_id is not None and interaction.permissions.manage_channels
        await self._act(interaction, self.bot.tables.stop, moderator=moderator)

    @app_commands.command(
        name=_("back", key="name.tarot.back"),
        description=_("Take your seat back from the bot standing in for you", key="cmd.tarot.back"),
    )
    async def back(self, interaction: discord.Interaction[Any]) -> None:
        await self._act(interaction, self.bot.tables.back)

    @app_commands.command(
        name=_("replace", key="name.tarot.replace"),
        description=_(
            "Give a player's seat to a bot for the rest of the game (host only)",
            key="cmd.tarot.replace",
        ),
    )
    @app_commands.describe(
        seat=_("The seat number", key="cmd.tarot.replace.seat"),
        level=_("How strong the bot plays", key="cmd.tarot.replace.level"),
    )
    @app_commands.rename(
        seat=_("seat", key="name.option.seat"), level=_("level", key="name.option.level")
    )
    @app_commands.choices(level=LEVEL_CHOICES)
    async def replace(
        self,
        interaction: discord.Interaction[Any],
        seat: app_commands.Range[int, FIRST_SEAT, LAST_SEAT],
        level: str = DEFAULT_BOT_LEVEL,
    ) -> None:
        await self._act(interaction, self.bot.tables.replace, seat - 1, level)

    @replace.autocomplete("seat")
    async def _replace_seats(
        self, interaction: discord.Interaction[Any], typed: str
    ) -> list[app_commands.Choice[int]]:
        """The human seats of the game in play, by name."""
        return self._seat_choices(interaction, typed, "playing", humans)

    @app_commands.command(
        name=_("rules", key="name.tarot.rules"),
        description=_("Show the rules of the table in this channel", key="cmd.tarot.rules"),
    )
    async def rules(self, interaction: discord.Interaction[Any]) -> None:
        locale = str(interaction.locale)
        table = self.bot.tables.table(self._channel(interaction))
        text = rules_explained(locale, table.rules if table is not None else None)
        first, *more = pages(text)
        await answer(interaction, first)
        for page in more:  # each option explained takes more than one message
            await interaction.followup.send(page, ephemeral=True)

    async def _config(
        self, guild_id: int | None, stored: dict[str, Any] | None = None
    ) -> guild_config.GuildSettings:
        """The server's effective settings (over ``stored``, else what storage holds); the
        presenter learns its table language."""
        if stored is None:
            stored = await self.bot.storage.guild_settings(guild_id) if guild_id is not None else {}
        config = guild_config.effective(stored, self.bot.settings)
        if guild_id is not None:
            self.bot.presenter.guild_languages[guild_id] = guild_config.language_of(config)
        return config

    @app_commands.command(
        name=_("settings", key="name.tarot.settings"),
        description=_(
            "Show or change this server's table settings (Manage Server)",
            key="cmd.tarot.settings",
        ),
    )
    @app_commands.describe(
        setting=_("The setting to show or change", key="cmd.tarot.settings.setting"),
        value=_("Its new value (leave empty to see what it takes)", key="cmd.tarot.settings.value"),
        reset=_("Put the setting back to the bot's default", key="cmd.tarot.settings.reset"),
    )
    @app_commands.rename(
        setting=_("setting", key="name.option.setting"),
        value=_("value", key="name.option.value"),
        reset=_("reset", key="name.option.reset"),
    )
    @app_commands.choices(setting=SETTING_CHOICES)
    async def settings(
        self,
        interaction: discord.Interaction[Any],
        setting: str | None = None,
        value: str | None = None,
        reset: bool = False,
    ) -> None:
        """With no option, every setting in words; with ``setting``, what it takes; with a
        ``value`` (or ``reset``), changes it. Manage Server, checked here as for
        ``/tarot threads``."""
        locale = str(interaction.locale)
        guild_id = interaction.guild_id
        if not await self._manages_server(interaction) or guild_id is None:
            return
        stored = await self.bot.storage.guild_settings(guild_id)
        config = guild_config.effective(stored, self.bot.settings)
        if setting is None:
            await answer(interaction, settings_text(locale, stored, config))
            return
        name = t(locale, f"setting.{setting}")
        if reset:
            stored = await self.bot.storage.set_guild_settings(guild_id, {setting: None})
            config = await self._config(guild_id, stored)
            shown = guild_config.shown(locale, setting, config.value(setting))
            await answer(interaction, t(locale, "settings.was_reset", name=name, value=shown))
            return
        if value is None:
            allowed = guild_config.allowed_text(setting)
            await answer(interaction, t(locale, "settings.allowed", name=name, allowed=allowed))
            return
        if setting == "challenge_channel" and value.strip().casefold() == guild_config.HERE:
            value = str(interaction.channel_id)
        try:
            parsed = guild_config.parse(setting, value, config)
        except guild_config.BadValue as e:
            text = t(locale, "settings.bad_value", name=name, value=value[:50], allowed=e.allowed)
            await answer(interaction, text)
            return
        stored = await self.bot.storage.set_guild_settings(guild_id, {setting: parsed})
        config = await self._config(guild_id, stored)
        shown = guild_config.shown(locale, setting, config.value(setting))
        await answer(interaction, t(locale, "settings.changed", name=name, value=shown))

    @app_commands.command(
        name=_("threads", key="name.tarot.threads"),
        description=_(
            "A thread per table for its event lines, or lines in the channel",
            key="cmd.tarot.threads",
        ),
    )
    @app_commands.describe(
        state=_(
            "on: each game's lines in its own thread; off: in the channel",
            key="cmd.tarot.threads.state",
        )
    )
    @app_commands.rename(state=_("state", key="name.option.state"))
    @app_commands.choices(
        state=[
            app_commands.Choice(name=_("on", key="choice.threads.on"), value="on"),
            app_commands.Choice(name=_("off", key="choice.threads.off"), value="off"),
        ]
    )
    async def threads(self, interaction: discord.Interaction[Any], state: str) -> None:
        """A server setting, for members with Manage Server."""
        guild_id = interaction.guild_id
        if not await self._manages_server(interaction) or guild_id is None:
            return
        locale = str(interaction.locale)
        on = state == "on"
        await self.bot.storage.set_guild_settings(guild_id, {"threads": on})
        await answer(interaction, t(locale, "ui.threads_on" if on else "ui.threads_off"))

    @app_commands.command(
        name=_("review", key="name.tarot.review"),
        description=_(
            "The coach weighs your decisions in a finished deal (only you see it)",
            key="cmd.tarot.review",
        ),
    )
    @app_commands.describe(
        game=_("The game's number (default: your last finished game)", key="cmd.tarot.review.game"),
        deal=_("The deal's number in that game (default: its last)", key="cmd.tarot.review.deal"),
    )
    @app_commands.rename(
        game=_("game", key="name.option.game"), deal=_("deal", key="name.option.deal")
    )
    async def review(
        self,
        interaction: discord.Interaction[Any],
        game: app_commands.Range[int, 1, MAX_ID] | None = None,
        deal: app_commands.Range[int, 1, MAX_DEAL_NUMBER] | None = None,
    ) -> None:
        """Anywhere, DMs included: a review is the player's own, answered privately."""
        self.bot.presenter.remember_locale(interaction.user.id, interaction.locale)
        if game is None and deal is not None:  # that deal of their last game
            game, _last = await self.bot.reviews.latest(interaction.user.id)
        await review_privately(self.bot, interaction, game, deal)


def settings_text(locale: str, stored: dict[str, Any], config: guild_config.GuildSettings) -> str:
    """Every offered setting in words, saying which the server set."""
    lines = [t(locale, "settings.title")]
    for key in guild_config.OFFERED:
        line = "settings.line_set" if key in stored else "settings.line_default"
        value = guild_config.shown(locale, key, config.value(key))
        lines.append("- " + t(locale, line, name=t(locale, f"setting.{key}"), value=value))
    return "\n".join(lines)


def humans(table: TableSnapshot) -> list[int]:
    """The seats held by a human."""
    return [i.seat for i in table.seats if i is not None and i.user_id is not None]


def seat_choices(
    locale: str, table: TableSnapshot, seats: list[int], typed: str
) -> list[app_commands.Choice[int]]:
    """``seats`` offered by name ("2. Bob"), their number as the value; those whose name
    or number contains what was typed."""
    wanted = typed.strip().casefold()
    choices = []
    for seat in seats:
        label = f"{seat + 1}. {plain_name(locale, table, seat)}"
        if wanted in label.casefold():
            choices.append(app_commands.Choice(name=label[:CHOICE_NAME_LIMIT], value=seat + 1))
    return choices[:CHOICES_LIMIT]
