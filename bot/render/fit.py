"""A table message or a DM made to fit Discord's 2,000 characters without breaking it.

Six players with 32-character names full of escaped Markdown, and every card as an emoji
(``<:name:id>``, some 30 characters each), come to about 2,400 characters. Cutting the text
there could end inside an emoji's markup or a Markdown escape. So, in order: the cards
lose their faces (text cards), then the names are shortened with an ellipsis (before they
are escaped, so never inside an escape), and only as a last resort whole lines are left
out at the end.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from bot.tables import TableSnapshot

from .table import CardMarks, no_marks

NAME_WIDTHS = (20, 12, 8, 4)
"""The lengths names are shortened to, one after another, until the text fits."""
ELLIPSIS = "…"

Draw = Callable[[TableSnapshot, CardMarks], str]
"""Draws a text from a table (its names) and the cards' faces."""


def fitted(draw: Draw, table: TableSnapshot, marks: CardMarks, limit: int) -> str:
    """``draw``'s text at most ``limit`` characters long, as whole as it can be."""
    text = draw(table, marks)
    if len(text) <= limit:
        return text
    if marks is not no_marks:
        text = draw(table, no_marks)
    for width in NAME_WIDTHS:
        if len(text) <= limit:
            return text
        narrower = shortened(table, width)
        if narrower is not table:  # else the same text again
            text = draw(narrower, no_marks)
    return text if len(text) <= limit else cut_at_line(text, limit)


def shortened(table: TableSnapshot, width: int) -> TableSnapshot:
    """``table`` with every name longer than ``width`` cut to it, an ellipsis included;
    ``table`` itself when no name is."""
    if all(seat is None or len(seat.name) <= width for seat in table.seats):
        return table
    seats = tuple(
        seat
        if seat is None or len(seat.name) <= width
        else replace(seat, name=short(seat.name, width))
        for seat in table.seats
    )
    return replace(table, seats=seats)


def short(name: str, width: int) -> str:
    return name if len(name) <= width else name[: max(width - 1, 1)].rstrip() + ELLIPSIS


def cut_at_line(text: str, limit: int) -> str:
    """The first whole lines of ``text`` that fit in ``limit``, then an ellipsis line; a
    first line too long on its own is cut before any markup it would break."""
    kept: list[str] = []
    size = len(ELLIPSIS)
    for line in text.split("\n"):
        if size + len(line) + 1 > limit:
            break
        kept.append(line)
        size += len(line) + 1
    if not kept:
        return safe_prefix(text.split("\n", 1)[0], limit - len(ELLIPSIS)) + ELLIPSIS
    return "\n".join([*kept, ELLIPSIS])


def safe_prefix(line: str, size: int) -> str:
    """At most ``size`` characters of ``line``, not ending inside ``<...>`` markup (an
    emoji, a mention, a channel) nor on the backslash of an escape."""
    cut = line[: max(size, 0)]
    opened = cut.rfind("<")
    if opened > cut.rfind(">"):
        cut = cut[:opened]
    trailing = len(cut) - len(cut.rstrip("\\"))
    if trailing % 2:
        cut = cut[:-1]
    return cut
