"""Score charts: each player's running total over a game, and one player's rating over their
recent games.

Pure drawing: the caller gives the numbers and the texts already translated, and gets a
picture back. The charts are drawn at twice their size and halved, which smooths the lines
and the text at little cost (Pillow draws neither anti-aliased). The light background is
opaque, so a chart reads the same in Discord's dark and light themes.

Where a value lands is decided once, by :func:`layout_totals` or :func:`layout_rating`, whose
:class:`Axes` the drawing uses: a test can ask where a known point must be and look there.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache

from PIL import Image, ImageDraw, ImageFont

from bot.i18n.numbers import decimal

from .fonts import bold, regular
from .text import drawable, fit

WIDTH, HEIGHT = 900, 500
SCALE = 2
"""Drawn at this multiple of the final size, then reduced: the poor man's anti-aliasing."""

Colour = tuple[int, int, int]
BACKGROUND: Colour = (255, 255, 255)
INK: Colour = (34, 34, 34)
MUTED: Colour = (110, 110, 110)
GRID: Colour = (228, 228, 228)
ZERO: Colour = (80, 80, 80)
PALETTE: tuple[Colour, ...] = (
    (0, 114, 178),  # blue
    (213, 94, 0),  # vermillion
    (0, 158, 115),  # bluish green
    (204, 121, 167),  # reddish purple
    (230, 159, 0),  # orange
    (86, 180, 233),  # sky blue
)
"""Okabe and Ito's colour-blind-safe palette, without its yellow (too pale on white)."""
MARKERS = ("circle", "square", "triangle", "diamond", "triangle_down", "cross")
"""One shape per player, so that lines are told apart without colour as well."""

MAX_NAME = 20
"""Characters of a name kept in the legend; longer names end with an ellipsis."""

LINE_WIDTH = 3
MARKER_RADIUS = 5
MARKER_SPACING = 18
"""Least distance in pixels between two markers of one line: with many deals, every k-th
point gets a marker (always the last), so that markers do not merge into a band."""
MARGIN = 20
TITLE_SIZE, LABEL_SIZE, TICK_SIZE, LEGEND_SIZE, VALUE_SIZE = 22, 14, 13, 15, 26
LEGEND_ROW = 28
LEGEND_NAME_WIDTH = 190
"""Widest name the legend gives room to, in pixels: a longer one is cut with an ellipsis."""
INSET = 12
"""Room inside the frame around the data, so that a marker on the edge is not cut."""


@dataclass(frozen=True)
class Axes:
    """Where the data goes, in pixels of the final picture.

    ``left``..``right`` and ``top``..``bottom`` are where ``x_min``..``x_max`` and
    ``y_max``..``y_min`` are drawn (the frame lies :data:`INSET` pixels outside them).
    """

    left: float
    top: float
    right: float
    bottom: float
    x_min: float
    x_max: float
    y_min: float
    y_max: float
    x_ticks: tuple[float, ...]
    y_ticks: tuple[float, ...]
    x_labels: tuple[str, ...]
    y_labels: tuple[str, ...]
    """The ticks as printed, with the decimals their step needs."""

    def x(self, value: float) -> float:
        """The column of x ``value`` (a deal or game number); the middle if there is one."""
        if self.x_max == self.x_min:
            return (self.left + self.right) / 2
        return self.left + (value - self.x_min) / (self.x_max - self.x_min) * (
            self.right - self.left
        )

    def y(self, value: float) -> float:
        """The row of y ``value`` (points or rating), higher values higher up."""
        return self.bottom - (value - self.y_min) / (self.y_max - self.y_min) * (
            self.bottom - self.top
        )


@dataclass(frozen=True)
class TotalsLayout:
    """Everything :func:`totals_chart` places before drawing."""

    axes: Axes
    names: tuple[str, ...]
    """The names as drawn: cleaned and cut to fit."""
    points: tuple[tuple[int, ...], ...]
    """Each player's running total, starting with 0 before the first deal."""
    finals: tuple[str, ...]
    """Each player's final total as printed in the legend."""
    legend_left: float
    legend_order: tuple[int, ...]
    """Seats from the highest final total down (ties in seat order)."""


@dataclass(frozen=True)
class RatingLayout:
    """Everything :func:`rating_chart` places before drawing."""

    axes: Axes
    values: tuple[float, ...]
    latest: str
    """The last value as printed in the top right corner."""


# ---------------------------------------------------------------- text


@cache
def _font(kind: str, size: int) -> ImageFont.FreeTypeFont:
    return bold(size * SCALE) if kind == "bold" else regular(size * SCALE)


def _width(text: str, font: ImageFont.FreeTypeFont) -> float:
    return font.getlength(text) / SCALE


def _fit(text: str, font: ImageFont.FreeTypeFont, width: float) -> str:
    """``text``, cut with an ellipsis to at most ``width`` pixels of the picture."""
    return fit(text, width, lambda part: _width(part, font))


Format = Callable[[float, int, bool], str]
"""Prints a number with so many decimals, with ``+`` before a positive one if asked."""


def number_format(locale: object | None) -> Format:
    """How the charts print numbers: in the reader's notation if ``locale`` is given
    (``1,234.5``, ``1 234,5``), else :func:`format_number`'s neutral one."""
    if locale is None:
        return lambda value, places, sign: format_number(value, places, sign=sign)
    return lambda value, places, sign: decimal(value, locale, places=places, sign=sign)


def format_number(value: float, decimals: int = 0, *, sign: bool = False) -> str:
    """``value`` with a true minus sign and thin spaces between thousands from 10 000 on
    (read the same in every language the bot speaks), and ``+`` before a positive one if
    ``sign``."""
    text = f"{abs(value):.{decimals}f}"
    whole, dot, fraction = text.partition(".")
    if len(whole) > 4:
        groups: list[str] = []
        while whole:
            groups.insert(0, whole[-3:])
            whole = whole[:-3]
        whole = "\u2009".join(groups)
    text = whole + dot + fraction
    if float(text.replace("\u2009", "")) == 0:
        return text
    if value < 0:
        return "−" + text
    return "+" + text if sign else text


# ---------------------------------------------------------------- scales


def nice_step(span: float, count: int, *, whole: bool) -> float:
    """The round step (1, 2 or 5 times a power of ten, or 25, 250...) that cuts ``span``
    into about ``count`` parts; at least 1 if ``whole``."""
    raw = span / count
    if raw <= 0 or not math.isfinite(raw):
        return 1.0
    power = 10.0 ** math.floor(math.log10(raw))
    for factor in (1.0, 2.0, 2.5, 5.0, 10.0):
        if factor == 2.5 and power < 10:
            continue  # 2.5, 0.25: a decimal more than the values need
        step = factor * power
        if step >= raw * (1 - 1e-9) and (not whole or step >= 1 and step == int(step)):
            return step
    return 10.0 * power if not whole else max(1.0, math.ceil(raw))


def _decimals(step: float) -> int:
    for decimals in range(8):
        if abs(step * 10**decimals - round(step * 10**decimals)) < 1e-6:
            return decimals
    return 8


def _y_scale(
    values: Sequence[float], *, whole: bool, with_zero: bool
) -> tuple[float, float, tuple[float, ...], int]:
    """The y range and its ticks: round numbers, 5 to 11 of them (fewer only if whole
    steps cannot make more), wasting little room."""
    low, high = min(values), max(values)
    if with_zero:
        low, high = min(low, 0), max(high, 0)
    if high == low:
        pad = max(abs(low) * 0.1, 10.0 if with_zero else 1.0)
        low, high = low - pad, high + pad
    span = high - low

    def cut(step: float) -> tuple[float, float, int, int]:
        """How good ``step`` is (the least wasted room, with a small cost per tick)."""
        first = math.floor(low / step + 1e-9)
        last = max(math.ceil(high / step - 1e-9), first + 1)
        return (last - first) * step / span + 0.05 * (last - first), -step, first, last

    steps = {nice_step(span, count, whole=whole) for count in range(4, 11)}
    cuts = [cut(step) for step in steps]
    fits = [c for c in cuts if 4 <= c[3] - c[2] <= 10]
    _, negative, first, last = min(fits) if fits else max(cuts, key=lambda c: c[3] - c[2])
    step = -negative
    decimals = _decimals(step)
    ticks = tuple(round(k * step, decimals) for k in range(first, last + 1))
    return ticks[0], ticks[-1], ticks, decimals


def _x_ticks(first: int, last: int) -> tuple[float, ...]:
    """Whole ticks from ``first`` to ``last``: every one if few, else multiples of a round
    step, ``first`` included."""
    step = nice_step(max(last - first, 1), 10, whole=True)
    ticks = [float(first)]
    k = math.ceil((first + step / 2) / step) * step
    while k <= last:
        ticks.append(float(k))
        k += step
    return tuple(ticks)


def _axes(
    *,
    left: float,
    right: float,
    x_first: int,
    x_last: int,
    values: Sequence[float],
    whole: bool,
    with_zero: bool,
    number: Format,
) -> Axes:
    y_min, y_max, y_ticks, decimals = _y_scale(values, whole=whole, with_zero=with_zero)
    y_labels = tuple(number(tick, decimals, False) for tick in y_ticks)
    x_ticks = _x_ticks(x_first, x_last)
    tick_font = _font("regular", TICK_SIZE)
    labels = max(_width(label, tick_font) for label in y_labels)
    top = MARGIN + TITLE_SIZE * 1.4 + 18 + INSET
    bottom = HEIGHT - MARGIN - LABEL_SIZE * 1.3 - 8 - TICK_SIZE * 1.3 - 6 - INSET
    return Axes(
        left=max(left, MARGIN + labels + 10 + INSET),
        top=top,
        right=right,
        bottom=bottom,
        x_min=x_first,
        x_max=x_last,
        y_min=y_min,
        y_max=y_max,
        x_ticks=x_ticks,
        y_ticks=y_ticks,
        x_labels=tuple(number(tick, 0, False) for tick in x_ticks),
        y_labels=y_labels,
    )


# ---------------------------------------------------------------- layouts


def layout_totals(
    names: Sequence[str], totals: Sequence[Sequence[int]], *, locale: object | None = None
) -> TotalsLayout:
    """Where :func:`totals_chart` puts everything. Deal 0 (everyone at 0) starts each line,
    so that even a single deal draws a line."""
    if not 1 <= len(names) <= len(PALETTE):
        raise ValueError(f"a totals chart takes 1 to {len(PALETTE)} players, not {len(names)}")
    for deal, row in enumerate(totals, start=1):
        if len(row) != len(names):
            raise ValueError(
                f"the totals after deal {deal} have {len(row)} values for {len(names)} players"
            )
    points = tuple((0, *(int(row[seat]) for row in totals)) for seat in range(len(names)))
    legend_font = _font("regular", LEGEND_SIZE)
    shown = tuple(
        _fit(drawable(name, limit=MAX_NAME) or "?", legend_font, LEGEND_NAME_WIDTH)
        for name in names
    )
    finals = [line[-1] for line in points]
    number = number_format(locale)
    shown_finals = tuple(number(final, 0, True) for final in finals)
    value_font = _font("bold", LEGEND_SIZE)
    legend_width = (
        34
        + max(_width(name, legend_font) for name in shown)
        + 16
        + max(_width(final, value_font) for final in shown_finals)
    )
    legend_left = WIDTH - MARGIN - legend_width
    every = [v for line in points for v in line]
    axes = _axes(
        left=0,
        right=legend_left - 28 - INSET,
        x_first=0,
        x_last=len(totals),
        values=every,
        whole=True,
        with_zero=True,
        number=number,
    )
    order = tuple(sorted(range(len(names)), key=lambda seat: (-finals[seat], seat)))
    return TotalsLayout(axes, shown, points, shown_finals, legend_left, order)


def layout_rating(values: Sequence[float], *, locale: object | None = None) -> RatingLayout:
    """Where :func:`rating_chart` puts everything: games numbered from 1, oldest first."""
    if not values:
        raise ValueError("a rating chart needs at least one value")
    if not all(math.isfinite(v) for v in values):
        raise ValueError("a rating chart takes finite values only")
    whole = all(float(v).is_integer() for v in values)
    number = number_format(locale)
    latest = number(values[-1], 0 if whole else 1, False)
    axes = _axes(
        left=0,
        right=WIDTH - MARGIN - INSET - 6,
        x_first=1,
        x_last=len(values),
        values=[float(v) for v in values],
        whole=whole,
        with_zero=False,
        number=number,
    )
    return RatingLayout(axes, tuple(float(v) for v in values), latest)


# ---------------------------------------------------------------- drawing


class _Canvas:
    """A picture drawn at :data:`SCALE` times its size, addressed in final pixels."""

    def __init__(self) -> None:
        self.image = Image.new("RGB", (WIDTH * SCALE, HEIGHT * SCALE), BACKGROUND)
        self.draw = ImageDraw.Draw(self.image)

    def line(self, points: Sequence[tuple[float, float]], colour: Colour, width: float) -> None:
        scaled = [(x * SCALE, y * SCALE) for x, y in points]
        w = max(1, round(width * SCALE))
        if len(scaled) == 1:
            scaled.append(scaled[0])
        self.draw.line(scaled, fill=colour, width=w, joint="curve")

    def rule(self, x0: float, y0: float, x1: float, y1: float, colour: Colour, width: int) -> None:
        """A horizontal or vertical line of whole pixels (``width`` of them, the ``y0`` or
        ``x0`` one among them): crisp after the reduction, where a thin line across two pixels
        would turn pale."""
        lo = -(width // 2)
        if y0 == y1:
            row = round(y0) + lo
            box = (round(x0), row, round(x1), row + width - 1)
        else:
            column = round(x0) + lo
            box = (column, round(y0), column + width - 1, round(y1))
        s = SCALE
        self.draw.rectangle(
            (box[0] * s, box[1] * s, box[2] * s + s - 1, box[3] * s + s - 1), fill=colour
        )

    def text(
        self,
        xy: tuple[float, float],
        text: str,
        font: ImageFont.FreeTypeFont,
        colour: Colour,
        anchor: str = "la",
    ) -> None:
        self.draw.text((xy[0] * SCALE, xy[1] * SCALE), text, font=font, fill=colour, anchor=anchor)

    def marker(self, shape: str, x: float, y: float, colour: Colour) -> None:
        """A marker with a white rim, so that it stands out of the lines it sits on."""
        self._shape(shape, x, y, MARKER_RADIUS + 1.5, BACKGROUND)
        self._shape(shape, x, y, MARKER_RADIUS, colour)

    def _shape(self, shape: str, x: float, y: float, r: float, colour: Colour) -> None:
        x, y, r = x * SCALE, y * SCALE, r * SCALE
        if shape == "circle":
            self.draw.ellipse((x - r, y - r, x + r, y + r), fill=colour)
        elif shape == "square":
            s = r * 0.9
            self.draw.rectangle((x - s, y - s, x + s, y + s), fill=colour)
        elif shape == "triangle":
            self.draw.polygon(
                [(x, y - r * 1.2), (x + r * 1.15, y + r * 0.85), (x - r * 1.15, y + r * 0.85)],
                fill=colour,
            )
        elif shape == "triangle_down":
            self.draw.polygon(
                [(x, y + r * 1.2), (x + r * 1.15, y - r * 0.85), (x - r * 1.15, y - r * 0.85)],
                fill=colour,
            )
        elif shape == "diamond":
            s = r * 1.25
            self.draw.polygon([(x, y - s), (x + s, y), (x, y + s), (x - s, y)], fill=colour)
        else:  # cross: an X of two bars
            a, b = r * 1.1, r * 0.4
            self.draw.polygon(
                [
                    (x - a, y - a + b),
                    (x - a + b, y - a),
                    (x, y - b),
                    (x + a - b, y - a),
                    (x + a, y - a + b),
                    (x + b, y),
                    (x + a, y + a - b),
                    (x + a - b, y + a),
                    (x, y + b),
                    (x - a + b, y + a),
                    (x - a, y + a - b),
                    (x - b, y),
                ],
                fill=colour,
            )

    def finish(self) -> Image.Image:
        """The picture at its final size, in 256 colours: the eye cannot tell, and its PNG is
        a third of the size and quicker to compress."""
        return self.image.reduce(SCALE).quantize(256, method=Image.Quantize.FASTOCTREE)


def _frame(canvas: _Canvas, axes: Axes, title: str, x_label: str, title_width: float) -> None:
    """Title, grid, zero line, ticks and the x label: everything but the data."""
    title_font = _font("bold", TITLE_SIZE)
    canvas.text(
        (MARGIN, MARGIN), _fit(drawable(title, "bold"), title_font, title_width), title_font, INK
    )
    left, right = axes.left - INSET, axes.right + INSET
    top, bottom = axes.top - INSET, axes.bottom + INSET
    tick_font = _font("regular", TICK_SIZE)
    for tick, label in zip(axes.y_ticks, axes.y_labels, strict=True):
        y = axes.y(tick)
        if tick != 0:
            canvas.rule(left, y, right, y, GRID, 1)
        canvas.text((left - 8, y), label, tick_font, MUTED, "rm")
    canvas.rule(left, bottom, right, bottom, MUTED, 1)
    canvas.rule(left, top, left, bottom, MUTED, 1)
    if axes.y_min <= 0 <= axes.y_max:
        zero = axes.y(0)
        canvas.rule(left, zero, right, zero, ZERO, 2)
    for tick, label in zip(axes.x_ticks, axes.x_labels, strict=True):
        x = axes.x(tick)
        canvas.rule(x, bottom, x, bottom + 4, MUTED, 1)
        canvas.text((x, bottom + 6), label, tick_font, MUTED, "ma")
    label_font = _font("regular", LABEL_SIZE)
    label = _fit(drawable(x_label), label_font, right - left)
    canvas.text(((left + right) / 2, HEIGHT - MARGIN), label, label_font, INK, "md")


def _marked(count: int, axes: Axes) -> range:
    """Indices of the points that get a marker: the last one and every k-th before it."""
    if count <= 1:
        return range(count)
    spacing = abs(axes.x(1) - axes.x(0)) if axes.x_max != axes.x_min else MARKER_SPACING
    stride = max(1, math.ceil(MARKER_SPACING / max(spacing, 1e-9)))
    return range(count - 1, -1, -stride)


def totals_chart(
    names: Sequence[str],
    totals: Sequence[Sequence[int]],
    *,
    title: str,
    deal_label: str,
    locale: object | None = None,
) -> Image.Image:
    """Each player's running total after every deal (``totals[i][k]``: player ``k`` after
    deal ``i + 1``), one coloured line with its own marker shape per player, and a legend of
    the names and final totals, best first. Numbers in ``locale``'s notation if given."""
    layout = layout_totals(names, totals, locale=locale)
    axes = layout.axes
    canvas = _Canvas()
    _frame(canvas, axes, title, deal_label, WIDTH - 2 * MARGIN)
    lines = [[(axes.x(i), axes.y(v)) for i, v in enumerate(line)] for line in layout.points]
    for seat, line in enumerate(lines):
        canvas.line(line, PALETTE[seat], LINE_WIDTH)
    count = len(layout.points[0])
    for i in _marked(count, axes):
        if i == 0:
            continue  # everyone starts at 0: no marker there
        for seat, dx in _dodge(layout.points, i):
            x, y = lines[seat][i]
            canvas.marker(MARKERS[seat], x + dx, y, PALETTE[seat])
    _legend(canvas, layout)
    return canvas.finish()


def _dodge(points: Sequence[Sequence[int]], i: int) -> list[tuple[int, float]]:
    """Each seat with a horizontal shift for its marker at point ``i``: players on the same
    total (defenders often are) get markers side by side instead of one hiding the others."""
    groups: dict[int, list[int]] = {}
    for seat, line in enumerate(points):
        groups.setdefault(line[i], []).append(seat)
    out: list[tuple[int, float]] = []
    step = MARKER_RADIUS * 1.7
    for seats in groups.values():
        for k, seat in enumerate(seats):
            out.append((seat, (k - (len(seats) - 1) / 2) * step))
    return out


def _legend(canvas: _Canvas, layout: TotalsLayout) -> None:
    name_font = _font("regular", LEGEND_SIZE)
    value_font = _font("bold", LEGEND_SIZE)
    rows = len(layout.names)
    top = (layout.axes.top + layout.axes.bottom) / 2 - rows * LEGEND_ROW / 2
    right = WIDTH - MARGIN
    for row, seat in enumerate(layout.legend_order):
        y = top + row * LEGEND_ROW + LEGEND_ROW / 2
        x = layout.legend_left
        canvas.line([(x, y), (x + 24, y)], PALETTE[seat], LINE_WIDTH)
        canvas.marker(MARKERS[seat], x + 12, y, PALETTE[seat])
        canvas.text((x + 34, y), layout.names[seat], name_font, INK, "lm")
        canvas.text((right, y), layout.finals[seat], value_font, INK, "rm")


def rating_chart(
    values: Sequence[float], *, title: str, x_label: str, locale: object | None = None
) -> Image.Image:
    """One player's rating (or total) after each of their recent games, oldest first, with
    the latest value large in the top right corner. Numbers in ``locale``'s notation if
    given."""
    layout = layout_rating(values, locale=locale)
    axes = layout.axes
    canvas = _Canvas()
    value_font = _font("bold", VALUE_SIZE)
    corner = _width(layout.latest, value_font)
    _frame(canvas, axes, title, x_label, WIDTH - 2 * MARGIN - corner - 40)
    line = [(axes.x(i), axes.y(v)) for i, v in enumerate(layout.values, start=1)]
    canvas.line(line, PALETTE[0], LINE_WIDTH)
    for i in _marked(len(line), axes):
        canvas.marker(MARKERS[0], *line[i], PALETTE[0])
    canvas.text((WIDTH - MARGIN, MARGIN - 4), layout.latest, value_font, PALETTE[0], "ra")
    return canvas.finish()
