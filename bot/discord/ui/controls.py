"""The controls a seat is offered: only what the engine lists as legal, within Discord's
limits (5 rows; 5 buttons or one select of at most 25 options per row).

Every control is a ``DynamicItem`` whose ``custom_id`` is a ``ControlId``: it works after
a restart, and one made at another turn is answered "no longer current".
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import discord

from bot.i18n import t
from bot.render.cards import card_long, card_short, group_name, group_of, sort_for_display
from bot.render.controls import action_label
from bot.tables import TableSnapshot
from bot.tables.status import TableStatus
from tarot_core import (
    DECK_SIZE,
    Action,
    Bid,
    Call,
    Contract,
    DealView,
    DeclareSlam,
    Discard,
    Ecart,
    Misere,
    Play,
    Poignee,
)

from .. import answering
from ..errors import MESSAGE_LIMIT
from .control_ids import KINDS, ControlId, ControlKind, pattern

T = TypeVar("T")

ROWS = 5
PER_ROW = 5
MAX_OPTIONS = 25

BUTTON_PATTERN = pattern(
    tuple(k for k in KINDS if k != ControlKind.ECART), r"(?!sel_)[a-z0-9_]{0,40}"
)
SELECT_PATTERN = pattern(
    (ControlKind.ECART, ControlKind.CARD, ControlKind.LOBBY), r"sel_[a-z0-9_]{0,36}"
)
"""Selects carry ``sel_...`` arguments, so a button's id never matches a select's (the
lobby's are the rules menu's, ``rules_menu.py``)."""

Handler = Callable[[discord.Interaction[Any], ControlId, Sequence[str]], Any]
CardFaces = Callable[[int], discord.PartialEmoji | None]
"""A card's face as the application's emoji (``emojis.CardEmojis``), None while the faces
are not all uploaded: then the card is its text alone."""


def no_faces(card: int) -> discord.PartialEmoji | None:
    return None


async def _dispatch(
    interaction: discord.Interaction[Any], control: ControlId, values: Sequence[str]
) -> None:
    """What a control does when used: the handler of the client that received it (it
    holds the table service; several clients may run in one process, as in the tests)."""
    handler: Handler | None = getattr(interaction.client, "control_handler", None)
    if handler is not None:
        await handler(interaction, control, values)


def table_control(kind: ControlKind, table: TableSnapshot, arg: str = "") -> ControlId:
    """A control of ``table``'s game that needs no turn (the table message's, a menu's)."""
    return ControlId(kind, table.channel_id, table.game_id, 0, arg)


async def show_privately(
    interaction: discord.Interaction[Any], text: str, view: discord.ui.View, *, new: bool
) -> None:
    """A message only for the user, with its own controls: sent (``new``), or that very
    ephemeral message drawn again through the press's own fresh interaction (an update,
    callback type 7): the first press's token cannot edit it after 15 minutes."""
    text, quiet = text[:MESSAGE_LIMIT], discord.AllowedMentions.none()
    if new:
        await answering.tell(interaction, text, view=view, allowed_mentions=quiet)
    else:
        await answering.update(interaction, text, view, allowed_mentions=quiet)


def ephemeral_hand(
    content: tuple[str, discord.ui.View], table: TableSnapshot, locale: str | None = None
) -> tuple[str, discord.ui.View]:
    """An ephemeral hand with no move to make offers Refresh while the game goes on:
    pressed, it draws that very hand again through its own fresh interaction (the hand's
    first interaction cannot edit it after 15 minutes), so that one ephemeral hand serves
    a whole game."""
    text, controls = content
    if table.status == TableStatus.PLAYING and not controls.children:
        control = table_control(ControlKind.HAND, table)
        controls.add_item(ControlButton(control, label=t(locale, "button.refresh_hand")))
    return text, controls


class ControlButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=BUTTON_PATTERN):
    def __init__(
        self,
        control: ControlId,
        *,
        label: str = "",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        disabled: bool = False,
        row: int | None = None,
        emoji: discord.PartialEmoji | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label[:80] or "·",
                style=style,
                disabled=disabled,
                custom_id=str(control),
                row=row,
                emoji=emoji,
            )
        )
        self.control = control

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: Any,
        /,
    ) -> ControlButton:
        custom_id = getattr(item, "custom_id", None) or ""
        return cls(ControlId.parse(custom_id))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _dispatch(interaction, self.control, ())


class ControlSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=SELECT_PATTERN):
    def __init__(
        self,
        control: ControlId,
        *,
        options: Sequence[discord.SelectOption] = (),
        placeholder: str | None = None,
        max_values: int = 1,
        row: int | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=str(control),
                options=list(options) or [discord.SelectOption(label="·", value="0")],
                placeholder=placeholder,
                min_values=1,
                max_values=max(1, min(max_values, len(options) or 1)),
                row=row,
            )
        )
        self.control = control

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: Any,
        /,
    ) -> ControlSelect:
        custom_id = getattr(item, "custom_id", None) or ""
        return cls(ControlId.parse(custom_id))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        values = list(self.item.values)
        await _dispatch(interaction, self.control, values)


def requested_action(view: DealView, control: ControlId, values: Sequence[str]) -> Action | None:
    """The move a control asks for, for ``view``'s seat, legal or not: the table service
    decides (not this seat's turn, no longer current, the rule it breaks with the cards
    concerned). None for a control that names no move (an argument this version does not
    read). A poignée is the one the engine offers of that size, as the control was drawn."""
    seat = view.seat
    if seat is None:
        return None
    kind, arg = control.kind, control.arg
    try:
        if kind == ControlKind.BID:
            return Bid(seat, Contract.parse(arg))
        if kind == ControlKind.CALL:
            return Call(seat, _card_id(arg))
        if kind == ControlKind.SLAM and arg in ("yes", "no", "petit"):
            return DeclareSlam(seat, arg != "no", petit=arg == "petit")
        if kind == ControlKind.MISERE:
            return Misere(seat, arg or None)  # a split misère's kind, "trumps" or "faces"
        if kind == ControlKind.POIGNEE:
            offered = [a for a in view.legal if isinstance(a, Poignee) and str(len(a.cards)) == arg]
            return offered[0] if offered else Poignee(seat, ())
        if kind == ControlKind.CARD:
            return Play(seat, _card_id(values[0] if arg.startswith("sel_") and values else arg))
        if kind == ControlKind.ECART:
            cards = tuple(_card_id(v) for v in values)
            if not cards:
                return None
            return Ecart(seat, cards) if len(cards) > 1 else Discard(seat, cards[0])
    except ValueError:
        return None
    return None


def _card_id(text: str) -> int:
    card = int(text) if text.isdigit() else -1
    if not 0 <= card < DECK_SIZE:
        raise ValueError(f"{text[:8]!r} is not a card id")
    return card


def _rows(items: list[list[discord.ui.Item[Any]]]) -> list[discord.ui.Item[Any]]:
    out: list[discord.ui.Item[Any]] = []
    for row, line in enumerate(items[:ROWS]):
        for item in line:
            item.row = row
            out.append(item)
    return out


def chunks(items: Sequence[T], size: int) -> list[list[T]]:
    """``items`` in runs of at most ``size`` (a row's buttons, a select's options)."""
    return [list(items[i : i + size]) for i in range(0, len(items), size)]


def controls_for(
    view: DealView,
    channel_id: int,
    game_id: int,
    turn: int,
    locale: str | None,
    faces: CardFaces = no_faces,
) -> list[discord.ui.Item[Any]]:
    """The controls for ``view``'s seat: none unless it is that seat's turn. A card's
    button shows its ``faces`` emoji beside its short text, so it reads without the image."""
    if view.seat is None or view.to_act != view.seat or not view.legal:
        return []

    def cid(kind: ControlKind, arg: str = "") -> ControlId:
        return ControlId(kind, channel_id, game_id, turn, arg)

    def button(kind: ControlKind, arg: str, label: str, **kw: Any) -> discord.ui.Item[Any]:
        return ControlButton(cid(kind, arg), label=label, **kw)

    legal = view.legal
    primary = discord.ButtonStyle.primary
    bids = [a for a in legal if isinstance(a, Bid)]
    if bids:
        line = [
            button(
                ControlKind.BID,
                a.contract.text,
                action_label(locale, view.rules, a),
                style=discord.ButtonStyle.secondary if a.contract <= 0 else primary,
            )
            for a in bids
        ]
        return _rows([line])
    calls = [a for a in legal if isinstance(a, Call)]
    if calls:
        line_items = [
            button(
                ControlKind.CALL,
                str(a.card),
                card_short(a.card, locale),
                style=primary,
                emoji=faces(a.card),
            )
            for a in calls
        ]
        return _rows(chunks(line_items, PER_ROW))
    slams = [a for a in legal if isinstance(a, DeclareSlam)]
    if slams:
        return _rows(
            [
                [
                    button(
                        ControlKind.SLAM,
                        "petit" if a.petit else "yes" if a.announce else "no",
                        action_label(locale, view.rules, a),
                        style=primary if a.announce else discord.ButtonStyle.secondary,
                    )
                    for a in slams
                ]
            ]
        )
    discards = [a.card for a in legal if isinstance(a, Discard)]
    if discards:
        return _ecart_selects(view, discards, cid, locale, faces)
    return _play_controls(view, cid, button, locale, faces)


def _ecart_selects(
    view: DealView,
    discards: list[int],
    cid: Callable[[ControlKind, str], ControlId],
    locale: str | None,
    faces: CardFaces,
) -> list[discord.ui.Item[Any]]:
    """The écart as select menus: one per group of cards, split to fit 25 options."""
    need = view.rules.chien_size - len(view.ecart or ())
    groups: dict[int, list[int]] = {}
    for card in sort_for_display(discards):
        groups.setdefault(group_of(card), []).append(card)
    runs: list[tuple[int, list[int]]] = []
    for group, cards in groups.items():
        for part in chunks(cards, MAX_OPTIONS):
            runs.append((group, part))
    while len(runs) > ROWS:  # merge the two smallest neighbours until they fit
        sizes = [len(a) + len(b) for (_, a), (_, b) in zip(runs, runs[1:], strict=False)]
        i = sizes.index(min(sizes))
        merged = (runs[i][0], runs[i][1] + runs[i + 1][1])
        runs[i : i + 2] = [merged]
    items: list[list[discord.ui.Item[Any]]] = []
    for n, (group, cards) in enumerate(runs):
        options = [
            discord.SelectOption(
                label=card_long(c, locale), value=str(c), description=None, emoji=faces(c)
            )
            for c in cards
        ]
        items.append(
            [
                ControlSelect(
                    cid(ControlKind.ECART, f"sel_{n}"),
                    options=options,
                    placeholder=f"{group_name(group, locale)} ({need})",
                    max_values=need,
                )
            ]
        )
    return _rows(items)


def _play_controls(
    view: DealView,
    cid: Callable[[ControlKind, str], ControlId],
    button: Callable[..., discord.ui.Item[Any]],
    locale: str | None,
    faces: CardFaces,
) -> list[discord.ui.Item[Any]]:
    legal = view.legal
    playable = {a.card for a in legal if isinstance(a, Play)}
    extras: list[discord.ui.Item[Any]] = []
    for a in legal:
        if isinstance(a, Poignee):
            level = view.rules.poignee_level(len(a.cards))
            name = t(locale, f"poignee.{('simple', 'double', 'triple')[level]}")
            extras.append(
                button(
                    ControlKind.POIGNEE, str(len(a.cards)), t(locale, "button.poignee", level=name)
                )
            )
        elif isinstance(a, Misere):
            label = action_label(locale, view.rules, a)
            extras.append(button(ControlKind.MISERE, a.kind or "", label))
    hand = sort_for_display(view.hand)
    card_rows = -(-len(hand) // PER_ROW)
    if card_rows + (1 if extras else 0) <= ROWS:
        cards = [
            button(
                ControlKind.CARD,
                str(c),
                card_short(c, locale),
                style=discord.ButtonStyle.success
                if c in playable
                else discord.ButtonStyle.secondary,
                disabled=c not in playable,
                emoji=faces(c),
            )
            for c in hand
        ]
        rows = chunks(cards, PER_ROW)
        if extras:
            rows.append(extras)
        return _rows(rows)
    # Too many for buttons alongside the declarations: playable cards in select menus.
    options = [
        discord.SelectOption(label=card_long(c, locale), value=str(c), emoji=faces(c))
        for c in hand
        if c in playable
    ]
    items: list[list[discord.ui.Item[Any]]] = [
        [ControlSelect(cid(ControlKind.CARD, f"sel_{n}"), options=part, max_values=1)]
        for n, part in enumerate(chunks(options, MAX_OPTIONS))
    ]
    items.append(extras)
    return _rows(items)
