"""``/leaderboard``, ``/stats`` and ``/history``: read-only views of the stored results.

Language: a reply to someone's own command speaks the invoker's Discord language, whether
only they see it (``/stats``, ``/history``) or the whole channel does (``/leaderboard``):
they asked, and they read it first. What nobody asked for — the table message and its event
lines — speaks the server's language (its ``language`` setting, else
``guild.preferred_locale``), and each DM its player's. Numbers are written the reader's
way too (Babel: ``+93,3``, ``67 %``, ``-1 234``).

Everything here reads committed data through the storage's reader connection (a few
indexed queries), so each command answers at once, without deferring. Only recorded deals
are ever shown: a deal in play has no record yet, so nothing of it can leak. A failure is
the error boundary's (``bot/discord/errors.py``): logged, and answered privately with the
generic error text, never a traceback.
"""

from __future__ import annotations

import asyncio
import io
import itertools
import json
import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot.i18n import day_of_month, decimal, locale_of, month_of_year, percent, signed, t
from bot.periods import Period, parse_period, period_start
from bot.pictures import jobs
from bot.render.table import escape
from bot.storage import GameSummary, PeriodStanding, Rates, Standing

from ..drawing import draw
from ..translator import catalog_str
from ..ui.deal_pictures import DealPictureSelect
from ..ui.review_controls import ReviewSelect

if TYPE_CHECKING:
    from ..client import TarotBot

log = logging.getLogger(__name__)

LEADERBOARD_SIZE = 10
CHART_GAMES = 30
"""Recent games on a player's /stats chart."""
CHART_WAIT = 2.0
"""Seconds a chart may take before /stats answers without it (Discord waits 3)."""
HISTORY_SIZE = 10
MAX_FILES = 10
"""Discord's limit of attachments per message."""
EMBED_LIMIT = 4096
"""Discord's limit on an embed description."""
ARCHIVED = ("finished", "stopped")
"""Game statuses whose deal records /history attaches: the game is over."""

SCOPES = [
    app_commands.Choice(name=catalog_str("choice.scope.guild"), value="guild"),
    app_commands.Choice(name=catalog_str("choice.scope.global"), value="global"),
]

PERIODS = [
    app_commands.Choice(name=catalog_str("choice.period.all"), value="all"),
    app_commands.Choice(name=catalog_str("choice.period.week"), value="week"),
    app_commands.Choice(name=catalog_str("choice.period.month"), value="month"),
]
"""``all``: the rated board of every finished game; a week or a month: the table games'
deals finished in it (UTC), ranked by points."""

User = discord.User | discord.Member


@dataclass
class Reply:
    embed: discord.Embed | None = None
    content: str | None = None
    files: list[discord.File] = field(default_factory=list)
    view: discord.ui.View | None = None


# ----- formatting -------------------------------------------------------------------------


def rating_text(value: float, locale: str) -> str:
    """A rating with one decimal, in the reader's notation (``23.4``, ``23,4``)."""
    return decimal(value, locale, places=1)


def rate(value: float | None, locale: str) -> str:
    """A whole percentage in the reader's notation, or "n/a" for a rate of nothing."""
    return t(locale, "stats.none_value") if value is None else percent(value, locale)


def average(line: Rates, locale: str) -> str:
    """Points per deal, one decimal and signed (``+93.3``), or "n/a" before any deal."""
    if line.average is None:
        return t(locale, "stats.none_value")
    return decimal(line.average, locale, places=1, sign=True)


def fit(lines: Sequence[str], limit: int = EMBED_LIMIT) -> str:
    """Joined lines, dropping the last ones (with an ellipsis) beyond Discord's limit."""
    kept: list[str] = []
    size = 0
    for line in lines:
        if size + len(line) + 1 > limit - 2:
            kept.append("…")
            break
        kept.append(line)
        size += len(line) + 1
    return "\n".join(kept)


def leaderboard_row(locale: str, line: Standing) -> str:
    return t(
        locale,
        "lb.row",
        rank=line.rank,
        name=escape(line.name),
        rating=rating_text(line.rating, locale),
        games=line.games,
        deals=line.deals,
        average=average(line, locale),
        taken=rate(line.taker_rate, locale),
        made=rate(line.success_rate, locale),
    )


def period_row(locale: str, line: PeriodStanding) -> str:
    return t(
        locale,
        "lb.period.row",
        rank=line.rank,
        name=escape(line.name),
        points=signed(line.points, locale),
        deals=line.deals,
        average=average(line, locale),
        taken=rate(line.taker_rate, locale),
        made=rate(line.success_rate, locale),
    )


def period_name(locale: str, period: Period, start: datetime) -> str:
    """Which period a board covers, in words: "This week (since Monday November 23)",
    "This month (November 2026)"."""
    if period == "week":
        return t(locale, "lb.period.week", date=day_of_month(start.date(), locale))
    return t(locale, "lb.period.month", month=month_of_year(start.date(), locale))


def game_lines(locale: str, game: GameSummary) -> list[str]:
    """A game's line (date, channel, status) and its seats with their totals."""
    head = t(
        locale,
        "history.game_in",
        id=game.id,
        date=f"<t:{int(game.created_at)}:f>",
        channel=f"<#{game.channel_id}>",
        status=t(locale, f"status.{game.status}"),
        deals=game.deals,
    )
    seats = []
    for seat in game.seats:
        name, score = escape(seat.name), signed(seat.total, locale)
        if seat.rank is None:
            seats.append(t(locale, "history.seat_unranked", name=name, score=score))
        else:
            seats.append(t(locale, "history.seat", rank=seat.rank, name=name, score=score))
    return [head, " · ".join(seats)] if seats else [head]


# ----- the cog ----------------------------------------------------------------------------


class StatsCog(commands.Cog):
    """Leaderboards, a player's figures and recent games, in the invoker's language."""

    def __init__(self, bot: TarotBot) -> None:
        self.bot = bot

    @property
    def min_games(self) -> int:
        return self.bot.settings.min_games

    async def _reply(
        self,
        interaction: discord.Interaction[Any],
        build: Callable[[str], Awaitable[Reply]],
        *,
        ephemeral: bool,
    ) -> None:
        """Build the answer and send it (a failure is the error boundary's)."""
        reply = await build(str(interaction.locale))
        kwargs: dict[str, Any] = {"ephemeral": ephemeral}
        if reply.embed is not None:
            kwargs["embed"] = reply.embed
        if reply.files:
            kwargs["files"] = reply.files
        if reply.view is not None:
            kwargs["view"] = reply.view
        await interaction.response.send_message(reply.content, **kwargs)

    @staticmethod
    def _guild_scope(interaction: discord.Interaction[Any], scope: str | None) -> int | None:
        """The guild whose figures to show; None for the global ones (always so in DMs)."""
        if interaction.guild_id is None or scope == "global":
            return None
        return interaction.guild_id

    async def _player(self, user: User) -> int | None:
        found = await self.bot.storage.find_player("user", str(user.id))
        return None if found is None else found.id

    # ----- /leaderboard -------------------------------------------------------------------

    @app_commands.command(
        name=_("leaderboard", key="name.leaderboard"), description=catalog_str("cmd.leaderboard")
    )
    @app_commands.describe(
        scope=catalog_str("cmd.leaderboard.scope"), period=catalog_str("cmd.leaderboard.period")
    )
    @app_commands.rename(
        scope=_("scope", key="name.option.scope"), period=_("period", key="name.option.period")
    )
    @app_commands.choices(scope=SCOPES, period=PERIODS)
    async def leaderboard(
        self,
        interaction: discord.Interaction[Any],
        scope: app_commands.Choice[str] | None = None,
        period: app_commands.Choice[str] | None = None,
    ) -> None:
        guild = self._guild_scope(interaction, scope.value if scope else None)
        span = parse_period(period.value if period else None)
        if span is not None:
            # Discord's clock: the moment the command was sent.
            start = period_start(span, interaction.created_at)
            await self._reply(interaction, self._period_board(guild, span, start), ephemeral=False)
            return

        async def build(locale: str) -> Reply:
            lines = await self.bot.storage.leaderboard(
                guild, min_games=self.min_games, limit=LEADERBOARD_SIZE
            )
            title = t(locale, "lb.title.guild" if guild else "lb.title.global")
            if not lines:
                text = t(locale, "lb.empty", games=self.min_games)
                return Reply(embed=discord.Embed(title=title, description=text))
            embed = discord.Embed(
                title=title, description=fit([leaderboard_row(locale, line) for line in lines])
            )
            embed.set_footer(text=t(locale, "lb.min_games", games=self.min_games))
            return Reply(embed=embed)

        await self._reply(interaction, build, ephemeral=False)

    def _period_board(
        self, guild: int | None, period: Period, start: datetime
    ) -> Callable[[str], Awaitable[Reply]]:
        """A week's or a month's board: table games only, by points, no minimum of games."""

        async def build(locale: str) -> Reply:
            lines = await self.bot.storage.period_board(
                guild, start.timestamp(), limit=LEADERBOARD_SIZE
            )
            board = t(locale, "lb.title.guild" if guild else "lb.title.global")
            title = t(
                locale, "lb.title.period", board=board, period=period_name(locale, period, start)
            )
            if not lines:
                return Reply(
                    embed=discord.Embed(title=title, description=t(locale, "lb.period.empty"))
                )
            embed = discord.Embed(
                title=title, description=fit([period_row(locale, line) for line in lines])
            )
            embed.set_footer(text=t(locale, "lb.period.footer"))
            return Reply(embed=embed)

        return build

    # ----- /stats -------------------------------------------------------------------------

    @app_commands.command(name=_("stats", key="name.stats"), description=catalog_str("cmd.stats"))
    @app_commands.describe(
        player=catalog_str("cmd.stats.player"), scope=catalog_str("cmd.stats.scope")
    )
    @app_commands.rename(
        player=_("player", key="name.option.player"), scope=_("scope", key="name.option.scope")
    )
    @app_commands.choices(scope=SCOPES)
    async def stats(
        self,
        interaction: discord.Interaction[Any],
        player: User | None = None,
        scope: app_commands.Choice[str] | None = None,
    ) -> None:
        user = player or interaction.user
        guild = self._guild_scope(interaction, scope.value if scope else None)

        async def build(locale: str) -> Reply:
            name = escape(user.display_name)
            player_id = await self._player(user)
            found = None
            if player_id is not None:
                found = await self.bot.storage.player_stats(
                    player_id, guild, min_games=self.min_games
                )
            if found is None:
                return Reply(content=t(locale, "stats.none", name=name))
            if found.rank is None:
                place = t(locale, "stats.unranked", games=found.games, needed=self.min_games)
            else:
                place = t(locale, "stats.rank", rank=found.rank, ranked=found.ranked)
            where = t(locale, "stats.scope.guild" if guild else "stats.scope.global")
            embed = discord.Embed(
                title=t(locale, "stats.title", name=name), description=f"{where}\n{place}"
            )
            fields = (
                ("stats.rating", rating_text(found.rating, locale)),
                ("stats.points", signed(found.points, locale)),
                ("stats.games", decimal(found.games, locale)),
                ("stats.deals", decimal(found.deals, locale)),
                ("stats.average", average(found, locale)),
                ("stats.taker_rate", rate(found.taker_rate, locale)),
                ("stats.success_rate", rate(found.success_rate, locale)),
            )
            for key, value in fields:
                embed.add_field(name=t(locale, key), value=value)
            chart = await self._points_chart(locale, player_id, guild)
            if chart is None:
                return Reply(embed=embed)
            embed.set_image(url=f"attachment://{chart.filename}")
            return Reply(embed=embed, files=[chart])

        await self._reply(interaction, build, ephemeral=True)

    async def _points_chart(
        self, locale: str, player_id: int | None, guild: int | None
    ) -> discord.File | None:
        """The player's points over their recent finished games (as /stats counts games;
        of this server, when the figures are this server's), drawn in the worker processes;
        None for fewer than two games, or if it cannot be drawn in time (the figures go out
        without it)."""
        if player_id is None or not self.bot.settings.pictures:
            return None
        games = await self.bot.storage.recent_games(player_id, CHART_GAMES)
        totals = [
            seat.total
            for game in reversed(games)  # oldest first
            if game.status == "finished" and (guild is None or game.guild_id == guild)
            for seat in game.seats
            if seat.player_id == player_id
        ]
        if len(totals) < 2:
            return None
        running = list(itertools.accumulate(totals))
        try:
            data = await asyncio.wait_for(
                draw(self.bot, jobs.points_chart, running, locale_of(locale)), CHART_WAIT
            )
        except TimeoutError:
            log.warning("the points chart of player %s took over %s s", player_id, CHART_WAIT)
            return None
        if data is None:
            return None
        return discord.File(io.BytesIO(data), filename=f"points-{player_id}.png")

    # ----- /history -----------------------------------------------------------------------

    @app_commands.command(
        name=_("history", key="name.history"), description=catalog_str("cmd.history")
    )
    @app_commands.describe(player=catalog_str("cmd.history.player"))
    @app_commands.rename(player=_("player", key="name.option.player"))
    async def history(
        self, interaction: discord.Interaction[Any], player: User | None = None
    ) -> None:
        user = player or interaction.user

        async def build(locale: str) -> Reply:
            name = escape(user.display_name)
            player_id = await self._player(user)
            games = (
                []
                if player_id is None
                else await self.bot.storage.recent_games(player_id, HISTORY_SIZE)
            )
            if not games:
                return Reply(content=t(locale, "history.empty", name=name))
            lines = [line for game in games for line in game_lines(locale, game)]
            files: list[discord.File] = []
            view = None
            archived = next((g for g in games if g.status in ARCHIVED), None)
            if archived is not None:
                files, numbers = await self._records(locale, archived.id)
                if files:
                    total = len(numbers)
                    lines.append(
                        t(locale, "history.attached", id=archived.id, shown=len(files), total=total)
                    )
                view = discord.ui.View(timeout=None)
                if numbers and self.bot.settings.pictures:  # any of its deals' pictures
                    view.add_item(DealPictureSelect(archived.id, numbers, locale))
                if numbers and user.id == interaction.user.id:  # one's own play, reviewed
                    view.add_item(ReviewSelect(archived.id, numbers, locale))
                if not view.children:
                    view = None
            embed = discord.Embed(title=t(locale, "history.title", name=name))
            embed.description = fit(lines)
            return Reply(embed=embed, files=files, view=view)

        await self._reply(interaction, build, ephemeral=True)

    async def _records(self, locale: str, game_id: int) -> tuple[list[discord.File], list[int]]:
        """The ``tarot-deal/1`` records of a finished game's first deals, as JSON files, and
        the numbers of every deal it recorded."""
        deals = await self.bot.storage.game_deals(game_id)
        files = []
        for deal in deals[:MAX_FILES]:
            record = await self.bot.storage.deal_record(game_id, deal.number)
            if record is None:
                continue
            data = json.dumps(record, ensure_ascii=False, indent=1).encode()
            files.append(
                discord.File(
                    io.BytesIO(data),
                    filename=f"deal-{game_id}-{deal.number}.json",
                    description=t(locale, "history.record", id=game_id, n=deal.number),
                )
            )
        return files, [deal.number for deal in deals]
