"""The score charts, checked as pictures: where a known value is drawn, the zero line, one
colour per player, and the edge cases (one deal, flat, negative, huge values, odd names)."""

from __future__ import annotations

import math

import pytest
from PIL import Image

from bot.pictures import charts
from bot.pictures.charts import (
    HEIGHT,
    MARKERS,
    PALETTE,
    WIDTH,
    Axes,
    format_number,
    layout_rating,
    layout_totals,
    nice_step,
    rating_chart,
    totals_chart,
)
from bot.pictures.text import MISSING, drawable

Colour = tuple[int, int, int]
TOLERANCE = 30
"""How far (summed over R, G, B) a drawn pixel may be from its palette colour: the chart is
reduced from twice its size and stored in 256 colours."""


def rgb(image: Image.Image) -> Image.Image:
    return image.convert("RGB")


def near(a: Colour, b: Colour) -> bool:
    return sum(abs(x - y) for x, y in zip(a, b, strict=True)) <= TOLERANCE


def colour_within(image: Image.Image, x: float, y: float, colour: Colour, radius: int = 2) -> bool:
    cx, cy = round(x), round(y)
    return any(
        near(image.getpixel((cx + dx, cy + dy)), colour)  # type: ignore[arg-type]
        for dx in range(-radius, radius + 1)
        for dy in range(-radius, radius + 1)
    )


def spread(players: int, deals: int) -> list[list[int]]:
    """Parallel lines 400 points apart that never touch 0: player k after deal i is
    ``(k - players/2) * 400 + 200 + 5 * i``."""
    return [[(k - players // 2) * 400 + 200 + 5 * i for k in range(players)] for i in range(deals)]


NAMES5 = ["Alice", "Bob", "Chloé", "Dmitri", "Eve"]


def is_round(tick: float, step: float) -> bool:
    return math.isclose(tick / step, round(tick / step), abs_tol=1e-6)


def check_scale(axes: Axes, values: list[float]) -> None:
    """Ticks evenly spaced by a round step, covering every value, y range not empty."""
    ticks = axes.y_ticks
    assert axes.y_min < axes.y_max
    assert ticks[0] == axes.y_min and ticks[-1] == axes.y_max
    assert axes.y_min <= min(values) and max(values) <= axes.y_max
    step = ticks[1] - ticks[0]
    mantissa = step / 10 ** math.floor(math.log10(step))
    assert any(math.isclose(mantissa, m) for m in (1, 2, 2.5, 5)), step
    assert all(is_round(t, step) for t in ticks)
    assert 3 <= len(ticks) <= 12
    for tick in ticks:
        assert axes.top - 0.01 <= axes.y(tick) <= axes.bottom + 0.01


# ---------------------------------------------------------------- totals chart


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_totals_chart_size_and_each_line_drawn_where_its_points_are(players: int) -> None:
    names = NAMES5[:players] if players <= 5 else [*NAMES5, "Faïza"]
    totals = spread(players, 30)
    image = totals_chart(names, totals, title="Final standings", deal_label="Deal")
    assert image.size == (WIDTH, HEIGHT)
    picture = rgb(image)
    axes = layout_totals(names, totals).axes
    for seat in range(players):
        for deal in (30, 15, 7):  # the last (always a marker) and points along the line
            x, y = axes.x(deal), axes.y(totals[deal - 1][seat])
            assert colour_within(picture, x, y, PALETTE[seat]), (seat, deal)
        # and not where another player's value is
        other = (seat + 1) % players
        x, y = axes.x(30), axes.y(totals[29][other])
        assert not colour_within(picture, x, y, PALETTE[seat], radius=1)


def test_x_axis_starts_at_deal_zero_where_everyone_is_at_zero() -> None:
    totals = spread(4, 3)
    layout = layout_totals(NAMES5[:4], totals)
    assert layout.axes.x_min == 0 and layout.axes.x_max == 3
    assert [line[0] for line in layout.points] == [0, 0, 0, 0]
    assert [list(line[1:]) for line in layout.points] == [
        [row[seat] for row in totals] for seat in range(4)
    ]
    assert layout.axes.x(0) < layout.axes.x(1) < layout.axes.x(3)


def test_zero_line_is_where_y_of_zero_says() -> None:
    totals = spread(5, 30)
    image = rgb(totals_chart(NAMES5, totals, title="t", deal_label="Deal"))
    axes = layout_totals(NAMES5, totals).axes
    zero = round(axes.y(0))
    # a column between two deals, away from the markers; lines are at ±200 and more from 0
    x = round((axes.x(20) + axes.x(21)) / 2)
    assert near(image.getpixel((x, zero)), charts.ZERO)  # type: ignore[arg-type]
    assert near(image.getpixel((x, zero - 1)), charts.ZERO)  # type: ignore[arg-type]
    for dy in (-6, 6):
        assert near(image.getpixel((x, zero + dy)), charts.BACKGROUND)  # type: ignore[arg-type]


def test_zero_is_on_the_axis_even_when_every_total_is_positive() -> None:
    totals = [[100 + 10 * i, 200, 300] for i in range(5)]
    axes = layout_totals(["a", "b", "c"], totals).axes
    assert axes.y_min <= 0 < 100
    assert 0 in axes.y_ticks


def test_players_have_distinct_colours_and_markers() -> None:
    assert len(set(PALETTE)) == len(PALETTE) == 6
    assert len(set(MARKERS)) == len(MARKERS) == 6
    totals = spread(6, 10)
    names = [f"P{k}" for k in range(6)]
    image = rgb(totals_chart(names, totals, title="t", deal_label="Deal"))
    axes = layout_totals(names, totals).axes
    found = [
        image.getpixel((round(axes.x(10)), round(axes.y(totals[9][seat])))) for seat in range(6)
    ]
    for seat, colour in enumerate(found):
        assert near(colour, PALETTE[seat]), (seat, colour)  # type: ignore[arg-type]


def test_equal_totals_get_markers_side_by_side() -> None:
    """Defenders often share a total: both must still be seen at that point."""
    totals = [[60, -30, -30], [120, -60, -60]]
    names = ["Taker", "Def A", "Def B"]
    image = rgb(totals_chart(names, totals, title="t", deal_label="Deal"))
    axes = layout_totals(names, totals).axes
    x, y = axes.x(2), axes.y(-60)
    shift = charts.MARKER_RADIUS * 1.7 / 2
    assert colour_within(image, x - shift, y, PALETTE[1], radius=1)
    assert not colour_within(image, x - shift, y, PALETTE[2], radius=1)
    assert colour_within(image, x + shift, y, PALETTE[2], radius=1)


def test_legend_lists_best_total_first() -> None:
    totals = [[-50, 150, -25, -75]]
    layout = layout_totals(["a", "b", "c", "d"], totals)
    assert layout.legend_order == (1, 2, 0, 3)
    assert layout.legend_left > layout.axes.right


@pytest.mark.parametrize(
    "totals",
    [
        [[25, 25, -50]],  # a single deal
        [[0, 0, 0, 0]],  # everyone at 0
        [[0, 0, 0], [0, 0, 0], [0, 0, 0]],
        [[-10, -20, -30], [-40, -50, -60]],  # negative only
        [[10_000, -5_000, -5_000], [-10_000, 5_000, 5_000]],  # large
        [[9_999_999, -9_999_999, 0]],
        [],  # no deal yet: the start only
        [[i * 37 % 500 - 250, 250 - i * 37 % 500, 0, 0, 0] for i in range(100)],
    ],
)
def test_totals_edge_cases_draw_with_round_ticks(totals: list[list[int]]) -> None:
    players = len(totals[0]) if totals else 3
    names = [f"P{k}" for k in range(players)]
    image = totals_chart(names, totals, title="t", deal_label="Deal")
    assert image.size == (WIDTH, HEIGHT)
    axes = layout_totals(names, totals).axes
    check_scale(axes, [0, *(v for row in totals for v in row)])
    assert axes.y_min <= 0 <= axes.y_max


def test_all_zero_totals_put_the_zero_line_in_the_middle() -> None:
    axes = layout_totals(["a", "b", "c"], [[0, 0, 0]]).axes
    assert axes.y_min < 0 < axes.y_max
    assert math.isclose(axes.y(0), (axes.top + axes.bottom) / 2)


def test_long_emoji_and_cjk_names_are_cleaned_and_cut() -> None:
    names = [
        "🎉🎉 Party",
        "王小明",
        "A" * 60,
        "e\u202eevil\u200d\x00",
        "W" * 20,
        "x\u0301\u0301\u0301",
    ]
    totals = spread(6, 5)
    image = totals_chart(names, totals, title="🏆 Final 最終", deal_label="Deal 🃏")
    assert image.size == (WIDTH, HEIGHT)
    shown = layout_totals(names, totals).names
    assert shown[0] == f"{MISSING}{MISSING} Party"
    assert shown[1] == MISSING * 3
    assert shown[2].startswith("AAAAAAAAAA") and shown[2].endswith("…") and len(shown[2]) <= 20
    assert drawable("A" * 60, limit=20) == "A" * 19 + "…"
    assert shown[3] == "eevil"  # bidi override, zero-width joiner and NUL dropped
    assert shown[4].endswith("…") and len(shown[4]) < 20  # 20 wide letters: cut to fit
    assert shown[5] == "x\u0301\u0301"  # a stack of combining marks cut to two
    font = charts._font("regular", charts.LEGEND_SIZE)
    assert all(charts._width(name, font) <= charts.LEGEND_NAME_WIDTH + 1 for name in shown)


@pytest.mark.parametrize("text", ["", " ", "\u202e", "\x00\x01", "\ud800", "\U0010ffff"])
def test_unprintable_names_draw(text: str) -> None:
    image = totals_chart([text, "b", "c"], [[1, 2, -3]], title=text, deal_label=text)
    assert image.size == (WIDTH, HEIGHT)
    assert layout_totals([text, "b", "c"], [[1, 2, -3]]).names[0] in (
        "?",
        MISSING,
    )


def test_bad_totals_are_refused_with_a_clear_message() -> None:
    with pytest.raises(ValueError, match="after deal 2 have 2 values for 3 players"):
        totals_chart(["a", "b", "c"], [[1, 2, 3], [1, 2]], title="t", deal_label="Deal")
    with pytest.raises(ValueError, match="1 to 6 players, not 7"):
        totals_chart(list("abcdefg"), [[0] * 7], title="t", deal_label="Deal")


# ---------------------------------------------------------------- rating chart


def test_rating_chart_draws_each_value_where_y_says() -> None:
    values = [0.0, 1.5, -2.25, 4.0, 3.5, 7.75, 10.0]
    image = rating_chart(values, title="Rating", x_label="Games")
    assert image.size == (WIDTH, HEIGHT)
    picture = rgb(image)
    layout = layout_rating(values)
    axes = layout.axes
    for game, value in enumerate(values, start=1):
        assert colour_within(picture, axes.x(game), axes.y(value), PALETTE[0]), game
    assert axes.x_min == 1 and axes.x_max == len(values)
    assert layout.latest == "10.0"
    check_scale(axes, values)


@pytest.mark.parametrize(
    "values",
    [
        [12.3],
        [5, 5, 5, 5],
        [0.0],
        [-3.5, -3.5],
        [-10_000, 250, 10_000],
        [25.01, 25.02, 25.015],
        [float(i % 7) for i in range(50)],
    ],
)
def test_rating_edge_cases_draw_with_round_ticks(values: list[float]) -> None:
    image = rgb(rating_chart(values, title="Rating", x_label="Games"))
    assert image.size == (WIDTH, HEIGHT)
    axes = layout_rating(values).axes
    check_scale(axes, values)
    assert colour_within(image, axes.x(len(values)), axes.y(values[-1]), PALETTE[0])


def test_rating_single_value_sits_in_the_middle() -> None:
    axes = layout_rating([12.3]).axes
    assert axes.x(1) == (axes.left + axes.right) / 2
    assert axes.y_min < 12.3 < axes.y_max


def test_bad_ratings_are_refused() -> None:
    with pytest.raises(ValueError, match="at least one value"):
        rating_chart([], title="t", x_label="Games")
    with pytest.raises(ValueError, match="finite"):
        rating_chart([1.0, math.nan], title="t", x_label="Games")


# ---------------------------------------------------------------- helpers


@pytest.mark.parametrize(
    ("value", "decimals", "sign", "text"),
    [
        (0, 0, True, "0"),
        (120, 0, True, "+120"),
        (-60, 0, False, "−60"),
        (9999, 0, False, "9999"),
        (-10_000, 0, False, "−10\u2009000"),
        (1_234_567, 0, True, "+1\u2009234\u2009567"),
        (2.5, 1, False, "2.5"),
        (-0.04, 1, False, "0.0"),
    ],
)
def test_format_number(value: float, decimals: int, sign: bool, text: str) -> None:
    assert format_number(value, decimals, sign=sign) == text


@pytest.mark.parametrize(
    ("span", "count", "whole", "step"),
    [
        (3000, 6, True, 500),
        (100, 6, True, 20),
        (2, 6, True, 1),
        (0.02, 6, False, 0.005),
        (7, 6, False, 2),
        (0, 6, True, 1),
        (100, 4, True, 25),  # 25: a round step
        (10, 4, False, 5),  # not 2.5: a decimal the values do not have
        (1, 4, False, 0.5),
    ],
)
def test_nice_step(span: float, count: int, whole: bool, step: float) -> None:
    assert math.isclose(nice_step(span, count, whole=whole), step)


def test_clean_text_keeps_ordinary_names() -> None:
    assert drawable("  Zoé   d'Arc ") == "Zoé d'Arc"
    assert drawable("Ольга Ψ") == "Ольга Ψ"


def test_numbers_follow_the_readers_locale_when_given() -> None:
    totals = [[1_500, -500, -500, -500], [1_250, -250, -250, -750]]
    names = ["a", "b", "c", "d"]
    french = layout_totals(names, totals, locale="fr")
    assert french.finals == ("+1\u202f250", "-250", "-250", "-750")
    assert any("\u202f" in label for label in french.axes.y_labels)  # 1 000 or 1 500
    assert layout_totals(names, totals).finals == ("+1250", "−250", "−250", "−750")
    assert layout_rating([1.0, 23.45], locale="fr").latest == "23,4"
    assert layout_rating([1.0, 23.45], locale="en-US").latest == "23.4"
    assert "0,5" in layout_rating([0.0, 2.5], locale="fr").axes.y_labels
    image = totals_chart(names, totals, title="t", deal_label="Donne", locale="fr")
    assert image.size == (WIDTH, HEIGHT)
