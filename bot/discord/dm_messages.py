"""One DM per human and game, edited in place: their hand, drawn only from their own
seat's view, with its controls (none once the game ended or the seat went to a bot). A
DM whose text and controls would not change is not edited at all; a fresh one is posted
at each new deal or as it nears Discord's hour of edits (``freshness.py``). DMs Discord
will not deliver are marked per game, unless many are refused at once (the bot itself is
then held back, and no one is marked)."""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

import discord

from bot.failures import log_failure
from bot.i18n import t
from bot.render.fit import fitted
from bot.render.table import mention, no_marks, private_text
from bot.storage import Storage
from bot.tables import Clock, TableSnapshot
from bot.tables.events import DealFinished, GameFinished
from bot.tables.status import TableStatus
from tarot_core import DealView

from .errors import MESSAGE_LIMIT
from .face_refusals import sent_with_faces_or_without
from .freshness import Shown, edited_or_sent
from .locales_and_faces import LocalesAndFaces
from .pacing import Coalescer
from .ui.controls import controls_for, no_faces

log = logging.getLogger(__name__)

DMS_REFUSED = (50007, 50278)
"""Discord's codes for a DM it will not deliver: "Cannot send messages to this user" (their
privacy settings, a block) and "...having no mutual guilds"."""
RESTRICTED_AFTER = 5
"""Different players whose DMs are refused within ``RESTRICTED_WINDOW``: past that, the
bot itself is taken to be held back by Discord (it documents restricting a bot that opens
many DMs quickly), and no one is marked."""
RESTRICTED_WINDOW = 60.0

Post = Callable[[int, str, bool, TableSnapshot], None]
"""Posts a line in a channel: (channel, text, ping, table)."""


@dataclass(frozen=True)
class SeatDm:
    """What one DM is to show: the table, its human, their view, and whether the seat is
    still theirs (a seat given to a bot is shown once more, without controls)."""

    table: TableSnapshot
    user_id: int
    view: DealView
    seated: bool = True


@dataclass
class GameDms:
    """All that is kept for one game's DMs: forgetting the game drops this one object."""

    messages: dict[int, Shown] = field(default_factory=dict)
    """seat -> its DM, once edited or sent here (else read from storage)."""
    last: dict[int, SeatDm] = field(default_factory=dict)
    """seat -> what its DM was last told, to end it without controls."""
    closed: dict[int, bool] = field(default_factory=dict)
    """user -> whether the user's DMs were refused in this game."""
    told: set[int] = field(default_factory=set)
    """Users whose channel was told their DMs are refused."""
    last_deal: DealFinished | None = None
    """The deal just finished, shown under the hand."""
    standings: GameFinished | None = None
    """The game's result, shown once it ended."""


def _drawn(content: tuple[str, discord.ui.View]) -> tuple[str, str]:
    """A DM's text and controls in a form to compare: the same again is not sent."""
    text, controls = content
    return text, repr(controls.to_components())


class DmMessages:
    """Every game's DMs, and the DMs refused lately (across games)."""

    def __init__(
        self,
        client: discord.Client,
        storage: Storage,
        clock: Clock,
        interval: float,
        reading: LocalesAndFaces,
        post: Post,
    ) -> None:
        self.client = client
        self.storage = storage
        self.clock = clock
        self.reading = reading
        self.post = post
        self.pacing: Coalescer[tuple[int, int], SeatDm] = Coalescer(clock, interval, self._show)
        """(game, seat) -> the latest state to show, at most one edit per ``interval``."""
        self.games: dict[int, GameDms] = {}
        self._refusals: deque[tuple[float, int, int]] = deque()
        """(when, game, user) of the DMs refused within ``RESTRICTED_WINDOW``."""
        self._restricted_said = -RESTRICTED_WINDOW

    def _game(self, game_id: int) -> GameDms:
        return self.games.setdefault(game_id, GameDms())

    def seats_changed(self, table: TableSnapshot) -> None:
        """A seat of ``table`` given to a bot: its human's DM is shown once more, without
        controls."""
        game = self.games.get(table.game_id)
        if game is None:
            return
        for seat, info in enumerate(table.seats):  # its seats, not every game's DMs
            dm = game.last.get(seat)
            if dm is not None and (info is None or info.user_id != dm.user_id):  # to a bot
                del game.last[seat]
                self.pacing.submit(
                    (table.game_id, seat), SeatDm(table, dm.user_id, dm.view, seated=False)
                )

    def tell(self, table: TableSnapshot, seat: int, user_id: int, view: DealView) -> None:
        dm = SeatDm(table, user_id, view)
        self._game(table.game_id).last[seat] = dm
        self.pacing.submit((table.game_id, seat), dm)

    def results(self, game_id: int, event: DealFinished | GameFinished) -> None:
        """A deal's or the game's result, for the hands to show."""
        if isinstance(event, DealFinished):
            self._game(game_id).last_deal = event
        else:
            self._game(game_id).standings = event

    def keys(self, game_id: int) -> list[tuple[int, int]]:
        """The DMs of ``game_id`` the pacing remembers."""
        return [k for k in self.pacing.remembered() if k[0] == game_id]

    def held(self, game_id: int) -> list[str]:
        """What is kept for ``game_id``'s DMs (``DiscordPresenter.held``)."""
        game = self.games.get(game_id)
        found = []
        if game is not None and game.messages:
            found.append("DM messages")
        if game is not None and game.last:
            found.append("DM states")
        if self.keys(game_id):
            found.append("DM pacing")
        if game is not None and (game.last_deal is not None or game.standings is not None):
            found.append("results")
        return found

    def forget(self, game_id: int) -> None:
        """The game's end is shown: all kept for its DMs is let go."""
        for key in self.keys(game_id):
            self.pacing.forget(key)
        self.games.pop(game_id, None)

    def hand_content(
        self,
        table: TableSnapshot,
        view: DealView,
        locale: str | None,
        *,
        seated: bool = True,
        faces: bool = True,
    ) -> tuple[str, discord.ui.View]:
        """A seat's hand as its DM shows it: the text and the controls (none once the game
        ended or the seat went to a bot). A click answered by an update of its message,
        and ``/tarot hand``, draw exactly this. ``faces=False``: without card emojis, for
        Discord refused them (``face_refusals.py``)."""
        game = self.games.get(table.game_id)
        last = game.last_deal if game is not None else None
        ended = table.status != TableStatus.PLAYING
        if last is not None and last.number != table.deal_number - (0 if ended else 1):
            last = None  # only the deal just finished
        standings = game.standings if game is not None and ended else None
        marks = self.reading.card_marks(locale) if faces else no_marks
        text = fitted(
            lambda tbl, mks: private_text(
                locale, tbl, view, last_deal=last, standings=standings, seated=seated, marks=mks
            ),
            table,
            marks,
            MESSAGE_LIMIT,
        )
        controls = discord.ui.View(timeout=None)
        if seated and not ended:
            shown = self.reading.card_faces(locale) if faces else no_faces
            for item in controls_for(
                view, table.channel_id, table.game_id, table.turn, locale, shown
            ):
                controls.add_item(item)
        return text, controls

    def last_told(self, game_id: int, seat: int) -> tuple[TableSnapshot, DealView] | None:
        """The latest state the table service told ``seat`` of ``game_id``."""
        game = self.games.get(game_id)
        dm = game.last.get(seat) if game is not None else None
        return (dm.table, dm.view) if dm is not None else None

    async def dm_ref(self, game_id: int, seat: int) -> tuple[int, int] | None:
        """The seat's DM as (channel id, message id): from memory, else from storage."""
        game = self.games.get(game_id)
        known = game.messages.get(seat) if game is not None else None
        if known is not None:
            return known.channel_id, known.message_id
        return await self.storage.dm_message(game_id, seat)

    def shown_through_interaction(
        self, game_id: int, seat: int, message_id: int, content: tuple[str, discord.ui.View]
    ) -> None:
        """A click's answer made ``message_id`` show ``content``: if that message is the
        seat's DM, the paced edit that would draw the same is not sent (one call saved)."""
        game = self.games.get(game_id)
        shown = game.messages.get(seat) if game is not None else None
        if shown is not None and shown.message_id == message_id:
            shown.drawn = _drawn(content)

    async def _show(self, key: tuple[int, int], dm: SeatDm) -> None:
        table, user_id, view = dm.table, dm.user_id, dm.view
        if await self.closed(table.game_id, user_id):
            return
        await self.reading.known(table.channel_id)
        await self.reading.faces_known()
        locale = await self.reading.user_locale(user_id, table.channel_id)

        with_faces = self.hand_content(table, view, locale, seated=dm.seated)
        game = self.games.get(key[0])
        shown = game.messages.get(key[1]) if game is not None else None
        if shown is not None and shown.drawn == _drawn(with_faces):
            return  # the DM reads so already: no call

        def drawn(faces: bool) -> tuple[str, discord.ui.View]:  # drawn once with faces
            if faces:
                return with_faces
            return self.hand_content(table, view, locale, seated=dm.seated, faces=False)

        try:
            await sent_with_faces_or_without(
                self.reading.face_switch(),
                drawn,
                lambda content: self._deliver(key, user_id, content, table, locale),
            )
        except discord.Forbidden as e:
            if e.code not in DMS_REFUSED:
                raise
            await self._refused(table, user_id, locale, e.code)

    async def _deliver(
        self,
        key: tuple[int, int],
        user_id: int,
        content: tuple[str, discord.ui.View],
        table: TableSnapshot,
        locale: str | None,
    ) -> None:
        """The seat's DM edited to ``content``, or sent if it has none (or it is gone); a
        fresh one once a deal is played or the old one nears the hour (``edited_or_sent``)."""
        text, controls = content
        game_id, seat = key
        game = self.games.get(game_id)
        known = game.messages.get(seat) if game is not None else None

        async def send() -> discord.Message:
            user = self.client.get_user(user_id) or await self.client.fetch_user(user_id)
            return await user.send(text, view=controls)

        async def sent_to(at: tuple[int, int]) -> None:
            await self.storage.set_dm_message(game_id, seat, *at)
            self._game(game_id).messages[seat] = Shown(*at, table.deals_played, _drawn(content))
            await self._reached(user_id)

        where = await self.dm_ref(game_id, seat)
        at = await edited_or_sent(
            self.client,
            self.clock,
            table,
            where,
            known.deals_played if known is not None else None,
            locale,
            (text, controls, None),
            send,
            sent_to,
        )
        if at == where:  # edited in place (a fresh one is noted by sent_to)
            # A click's answer landing meanwhile is drawn again by the edit its move
            # queued (it differs from this one): nothing is left showing an old state.
            self._game(game_id).messages[seat] = Shown(*at, table.deals_played, _drawn(content))

    # ----- DMs refused: per game, and never all at once -------------------------------

    async def closed(self, game_id: int, user_id: int, *, keep: bool = True) -> bool:
        """Whether ``user_id``'s DMs were refused earlier in this game (not tried again);
        ``keep``: what storage said is kept with the game (not for a look that may come
        after the game was let go)."""
        closed = self.games[game_id].closed.get(user_id) if game_id in self.games else None
        if closed is None:
            closed = await self.storage.dm_closed(game_id, user_id)
            if keep:
                self._game(game_id).closed[user_id] = closed
        return closed

    async def _reached(self, user_id: int) -> None:
        """A new DM reached ``user_id``: a mark of another game (another server's privacy
        setting, Discord's restriction since lifted) is cleared, there and in storage."""
        for game in self.games.values():
            game.closed.pop(user_id, None)
        try:
            await self.storage.dms_reopened(user_id)
        except Exception as e:  # the DM is sent all the same; the mark is only per game
            log_failure(log, f"clearing the closed DMs of user {user_id}", e)

    async def _refused(
        self, table: TableSnapshot, user_id: int, locale: str | None, code: int
    ) -> None:
        """``user_id``'s DMs refused in ``table``'s game: marked for that game (the
        channel is told once), unless many players' are refused at once, which says the
        bot itself is held back: then no one is marked (those marked meanwhile are
        cleared) and the log says so."""
        now = asyncio.get_running_loop().time()
        refusals = self._refusals
        refusals.append((now, table.game_id, user_id))
        while refusals and refusals[0][0] < now - RESTRICTED_WINDOW:
            refusals.popleft()
        users = {user for _, _, user in refusals}
        if len(users) >= RESTRICTED_AFTER:
            if now - self._restricted_said >= RESTRICTED_WINDOW:
                self._restricted_said = now
                log.error(
                    "Discord refused DMs to %d different players within %.0f s (last: code"
                    " %d): the bot itself seems restricted from opening DMs, so no one is"
                    " marked as having closed DMs",
                    len(users),
                    RESTRICTED_WINDOW,
                    code,
                )
            for _, game_id, user in refusals:
                game = self.games.get(game_id)
                if game is not None and game.closed.get(user):
                    game.closed[user] = False
                    await self.storage.set_dm_closed(game_id, user, False)
        else:
            self._game(table.game_id).closed[user_id] = True
            await self.storage.set_dm_closed(table.game_id, user_id, True)
        game = self._game(table.game_id)
        if user_id not in game.told:  # once a game, marked or not
            game.told.add(user_id)
            self.post(
                table.channel_id, f"{mention(user_id)} {t(locale, 'ui.dms_closed')}", True, table
            )
