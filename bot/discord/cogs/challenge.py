"""``/challenge ...``: duplicate challenges, the same deals for every member, played alone in
one's DMs. Thin: which challenge is open, who may play and what they may see are the
challenges' service's (``bot/challenges``); refusals and failures are the error boundary's.

``/challenge create`` is for members with Manage Server; it posts the challenge in the
channel with a Play button (``ui/challenge_play.py``). ``/challenge play`` starts or takes
up one's attempt; ``/challenge results`` shows a challenge's results to whoever may see them
(with the member's streak, for a daily one), with a menu to review each deal
(``ui/challenge_review.py``), as the results posted in the member's DMs when their attempt
ends; ``/challenge ladder`` a month's ladder of the server's daily challenges and the
member's place on the instance's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot import guild_config
from bot.challenges import seasons
from bot.challenges.service import MAX_DEALS, MAX_VARIANTS
from bot.i18n import has, t
from bot.render.challenge_ladder import LADDER_ROWS, ladder_text
from bot.render.challenges import label, post_text, results_text
from bot.storage import StoredChallenge
from bot.tables import TableSnapshot

from .. import answering
from ..errors import MESSAGE_LIMIT, answer
from ..ui.challenge_play import play_challenge, play_view, server_locale
from ..ui.challenge_review import review_view
from .game import MAX_PLAYERS, MIN_PLAYERS
from .rule_parameters import rule_parameters

if TYPE_CHECKING:
    from ..client import TarotBot

CHOICES_LIMIT = 25
RECENT = 25
"""Challenges ``/challenge results`` offers: the server's latest."""


@app_commands.guild_only()
@app_commands.guild_install()
class ChallengeCog(
    commands.GroupCog,
    group_name="challenge",
    group_description=_(
        "Duplicate challenges: the same deals for everyone, at your own pace",
        key="cmd.challenge",
    ),
):
    def __init__(self, bot: TarotBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(
        name=_("create", key="name.challenge.create"),
        description=_(
            "Open a challenge for this server's members (Manage Server)",
            key="cmd.challenge.create",
        ),
    )
    @app_commands.describe(
        deals=_("Number of deals (default 4)", key="cmd.challenge.create.deals"),
        players=_("Players at the table: 3 to 6 (default 4)", key="cmd.challenge.create.players"),
        rules=_(
            "Any other rule options, as name=value (contracts=pousse round_to_ten=on)",
            key="cmd.challenge.create.rules",
        ),
        variants=_(
            "Deal each deal in that many variants, members compared within theirs (1 to 10)",
            key="cmd.challenge.create.variants",
        ),
    )
    @app_commands.rename(
        deals=_("deals", key="name.option.deals"),
        players=_("players", key="name.option.players"),
        rules=_("rules", key="name.option.rules"),
        variants=_("variants", key="name.option.variants"),
    )
    @rule_parameters
    async def create(
        self,
        interaction: discord.Interaction[Any],
        deals: app_commands.Range[int, 1, MAX_DEALS] | None = None,
        players: app_commands.Range[int, MIN_PLAYERS, MAX_PLAYERS] | None = None,
        misere: bool | None = None,
        prise_allowed: bool | None = None,
        garde_contre_multiplier: int | None = None,
        poignee_bonus: str | None = None,
        rules: app_commands.Range[str, 1, 300] | None = None,
        variants: app_commands.Range[int, 1, MAX_VARIANTS] | None = None,
    ) -> None:
        """FFT rules unless chosen here (a challenge is the same for everyone: the server's
        own default rules do not apply). The par takes seconds: the answer is deferred, then
        the challenge is posted in the channel with its Play button."""
        locale = str(interaction.locale)
        if interaction.guild_id is None or not interaction.permissions.manage_guild:
            await answer(interaction, t(locale, "ui.threads_manage_guild"))
            return
        chosen = {
            "misere": misere,
            "prise_allowed": prise_allowed,
            "garde_contre_multiplier": garde_contre_multiplier,
            "poignee_bonus": poignee_bonus,
        }
        try:
            options = guild_config.typed_rules(rules or "")
            config = guild_config.with_chosen(guild_config.effective({}, self.bot.settings), chosen)
        except guild_config.BadValue as e:
            shown = t(locale, f"setting.{e.key}") if has(f"setting.{e.key}") else e.key
            text = t(
                locale,
                "settings.bad_value",
                name=shown,
                value=(rules or "")[:50],
                allowed=e.allowed,
            )
            await answer(interaction, text)
            return
        picked = guild_config.rule_options(config)
        options |= {k: picked[k] for k, v in chosen.items() if v is not None}
        await interaction.response.defer(thinking=True)
        player = await self.bot.storage.player(
            "user", str(interaction.user.id), interaction.user.display_name
        )
        challenge = await self.bot.challenges.create(
            guild_id=interaction.guild_id,
            created_by=player,
            players=players or 4,
            deals=deals or 4,
            options=options,
            variants=variants or 1,
        )
        await self.post(interaction, challenge)

    async def post(self, interaction: discord.Interaction[Any], challenge: StoredChallenge) -> None:
        """The challenge's post, in the server's language, as the deferred answer."""
        guild_id = interaction.guild_id
        stored = await self.bot.storage.guild_settings(guild_id) if guild_id is not None else {}
        config = guild_config.effective(stored, self.bot.settings)
        locale = server_locale(self.bot, guild_id, config) or str(interaction.locale)
        message = await interaction.followup.send(
            post_text(locale, challenge), view=play_view(challenge.id, locale), wait=True
        )
        await self.bot.storage.set_challenge_message(challenge.id, message.channel.id, message.id)

    @app_commands.command(
        name=_("play", key="name.challenge.play"),
        description=_("Play a challenge, alone, in your messages", key="cmd.challenge.play"),
    )
    @app_commands.describe(
        challenge=_("Which challenge (default: the latest open)", key="cmd.challenge.which")
    )
    @app_commands.rename(challenge=_("challenge", key="name.option.challenge"))
    async def play(
        self, interaction: discord.Interaction[Any], challenge: int | None = None
    ) -> None:
        if challenge is None:
            found = await self.bot.challenges.open_challenges(interaction.guild_id or 0)
            if not found:
                await answer(interaction, t(str(interaction.locale), "challenge.none_open"))
                return
            challenge = found[0].id
        await play_challenge(self.bot, interaction, challenge)

    @play.autocomplete("challenge")
    async def _open(
        self, interaction: discord.Interaction[Any], typed: str
    ) -> list[app_commands.Choice[int]]:
        found = await self.bot.challenges.open_challenges(interaction.guild_id or 0)
        return _choices(str(interaction.locale), found, typed)

    @app_commands.command(
        name=_("results", key="name.challenge.results"),
        description=_(
            "A challenge's results (once you have played it)", key="cmd.challenge.results"
        ),
    )
    @app_commands.describe(
        challenge=_("Which challenge (default: the latest open)", key="cmd.challenge.which")
    )
    @app_commands.rename(challenge=_("challenge", key="name.option.challenge"))
    async def results(
        self, interaction: discord.Interaction[Any], challenge: int | None = None
    ) -> None:
        locale = str(interaction.locale)
        if challenge is None:
            found = await self.bot.storage.recent_challenges(interaction.guild_id or 0, 1)
            if not found:
                await answer(interaction, t(locale, "challenge.no_results"))
                return
            challenge = found[0].id
        async with answering.handling(interaction):
            shown = await self.bot.challenges.results(
                challenge, interaction.user.id, guild_id=interaction.guild_id
            )
            streak = await self.bot.challenges.member_streak(interaction.user.id, shown.challenge)
            text = results_text(locale, shown, streak)[:MESSAGE_LIMIT]
            view = review_view(shown.challenge.id, shown.challenge.deals, locale)
            await answering.tell(interaction, text, view=view)

    @results.autocomplete("challenge")
    async def _recent(
        self, interaction: discord.Interaction[Any], typed: str
    ) -> list[app_commands.Choice[int]]:
        found = await self.bot.storage.recent_challenges(interaction.guild_id or 0, RECENT)
        return _choices(str(interaction.locale), found, typed)

    @app_commands.command(
        name=_("ladder", key="name.challenge.ladder"),
        description=_("This month's ladder of the daily challenges", key="cmd.challenge.ladder"),
    )
    @app_commands.describe(
        month=_(
            "Which month, as YYYY-MM (default: this month, UTC)",
            key="cmd.challenge.ladder.month",
        )
    )
    @app_commands.rename(month=_("month", key="name.option.month"))
    async def ladder(self, interaction: discord.Interaction[Any], month: str | None = None) -> None:
        """The server's ladder (its own daily challenges, its ``ladder_days`` best days)
        and the member's place on the instance's (``seasons.INSTANCE_BEST`` days)."""
        locale = str(interaction.locale)
        guild_id = interaction.guild_id
        now = self.bot.challenges.clock.now()
        chosen = seasons.month_of(now) if month is None else seasons.parse_month(month)
        if guild_id is None:  # guild_only: a command from a DM never comes here
            return
        if chosen is None:
            example = seasons.month_of(now)
            await answer(interaction, t(locale, "challenge.ladder.bad_month", example=example))
            return
        async with answering.handling(interaction):
            storage = self.bot.storage
            config = guild_config.effective(
                await storage.guild_settings(guild_id), self.bot.settings
            )
            best = config.ladder_days
            lines = await storage.ladder("guild", guild_id, chosen, best, LADDER_ROWS)
            me = await storage.find_player("user", str(interaction.user.id))
            mine = everywhere = None
            if me is not None:
                mine = await storage.ladder_place("guild", guild_id, chosen, best, me.id)
                everywhere = await storage.ladder_place(
                    "instance", None, chosen, seasons.INSTANCE_BEST, me.id
                )
            text = ladder_text(
                locale,
                chosen,
                best,
                lines,
                mine=mine,
                everywhere=everywhere,
                everywhere_best=seasons.INSTANCE_BEST,
            )
            await answer(interaction, text)


async def attempt_results(
    bot: TarotBot, table: TableSnapshot
) -> tuple[str, discord.ui.View] | None:
    """What a member reads in their DMs when their attempt ends: their results so far (the
    field grows as others finish: ``/challenge results`` shows it later), with the menu to
    review each deal."""
    user_id = next((s.user_id for s in table.seats if s is not None and s.user_id), None)
    if user_id is None or table.challenge_id is None:
        return None
    locale = await bot.presenter.user_locale(user_id, table.channel_id)
    shown = await bot.challenges.results(table.challenge_id, user_id, guild_id=table.guild_id)
    streak = await bot.challenges.member_streak(user_id, shown.challenge)
    text = "\n".join(
        (
            t(locale, "challenge.finished", id=table.challenge_id),
            results_text(locale, shown, streak),
        )
    )
    return text, review_view(shown.challenge.id, shown.challenge.deals, locale)


def _choices(
    locale: str, challenges: list[StoredChallenge], typed: str
) -> list[app_commands.Choice[int]]:
    named = [(label(locale, c), c.id) for c in challenges]
    typed = typed.strip().lower()
    return [
        app_commands.Choice(name=name[:100], value=value)
        for name, value in named
        if not typed or typed in name.lower()
    ][:CHOICES_LIMIT]
