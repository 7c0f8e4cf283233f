"""A text made to fit Discord's 2,000 characters without breaking markup
(``bot/render/fit.py``): faces off first, then names shortened, then whole lines left out."""

from __future__ import annotations

import re

from bot.render.fit import ELLIPSIS, cut_at_line, fitted, safe_prefix, shortened
from bot.render.table import CardMarks, escape
from bot.tables.snapshot import SeatInfo, TableSnapshot
from tarot_core import Rules

NAME = "*_~`|>[]\\" * 3 + "abcde"  # 32 characters, most of them escaped
FACE = "<:c01_0123abcd:123456789012345678>"


def table(names: list[str]) -> TableSnapshot:
    seats = tuple(SeatInfo(i, i, name, 100 + i, None) for i, name in enumerate(names))
    return TableSnapshot(
        channel_id=1,
        guild_id=2,
        game_id=3,
        status="playing",  # type: ignore[arg-type]  # a TableStatus compares equal
        host_id=100,
        rules=Rules(players=len(names)),
        deals_target=1,
        seats=seats,
        turn=0,
        deal_number=1,
        deals_played=0,
        totals=(0,) * len(names),
        view=None,
    )


def draw(snapshot: TableSnapshot, marks: CardMarks) -> str:
    """A table-like text: a line per seat, each with a card."""
    return "\n".join(
        f"{i + 1}. {escape(s.name)}: {marks(i) or ''} {i}♥"
        for i, s in enumerate(snapshot.seats)
        if s
    )


def faces(card: int) -> str:
    return FACE


def test_a_text_that_fits_keeps_its_faces_and_names() -> None:
    six = table(["ann", "bob", "cy", "di", "ed", "flo"])
    assert fitted(draw, six, faces, 2000) == draw(six, faces)


def test_faces_go_first_then_names_are_shortened() -> None:
    six = table([f"{n}{NAME[1:]}" for n in range(6)])
    full, plain = draw(six, faces), draw(six, lambda c: None)
    assert len(plain) < 500 < len(full)
    assert fitted(draw, six, faces, 500) == plain  # names untouched
    short = fitted(draw, six, faces, 200)
    assert len(short) <= 200 and FACE not in short
    assert short.count(ELLIPSIS) == 6  # every seat is there, shortened
    for line in short.split("\n"):
        name = line.split(": ")[0]
        assert not re.search(r"(?<!\\)(\\\\)*\\…", name)  # an escape is never cut in two


def test_shortened_names_keep_their_start_and_an_ellipsis() -> None:
    two = shortened(table(["a" * 32, "short", "c"]), 8)
    assert [s.name for s in two.seats if s] == ["aaaaaaa" + ELLIPSIS, "short", "c"]


def test_a_last_resort_cut_keeps_whole_lines() -> None:
    text = "\n".join(f"line {n} " + "x" * 40 for n in range(100))
    cut = cut_at_line(text, 500)
    assert len(cut) <= 500 and cut.endswith("\n" + ELLIPSIS)
    kept = cut.split("\n")[:-1]
    assert kept == text.split("\n")[: len(kept)] and len(kept) > 5


def test_a_single_long_line_is_never_cut_inside_markup_or_an_escape() -> None:
    line = "a" * 10 + FACE + "b"
    for size in range(10, len(line)):
        prefix = safe_prefix(line, size)
        assert "<" not in prefix or prefix.endswith(">") or ">" in prefix
        assert len(prefix) <= size
    assert safe_prefix("ab\\*cd", 3) == "ab"  # not "ab\\"
    assert safe_prefix("ab\\\\cd", 4) == "ab\\\\"  # an escaped backslash is whole
    cut = cut_at_line("x" * 20 + FACE * 100, 300)
    assert len(cut) <= 300 and cut.endswith(ELLIPSIS)
    assert re.fullmatch(r"x{20}(<:c01_0123abcd:\d+>)*…", cut)
