"""Text as the pictures can draw it with the shipped fonts: any name a player chose (emoji,
CJK, bidi overrides, a lone surrogate) made safe, and any text cut to a width."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from functools import cache

from .fonts import bold, regular

MISSING = "□"
"""Drawn for a character the shipped fonts lack (emoji, CJK): the same box whatever it is."""


@cache
def has_glyph(kind: str, char: str) -> bool:
    """Whether the font (``bold`` or ``regular``) draws ``char`` as itself rather than as
    its missing-glyph box."""
    font = bold(16) if kind == "bold" else regular(16)
    missing = font.getmask("\U0010ffff")
    mask = font.getmask(char)
    return mask.size != missing.size or bytes(mask) != bytes(missing)


def drawable(text: str, kind: str = "regular", limit: int | None = None) -> str:
    """``text`` made safe to draw: control and format characters (bidi overrides,
    zero-width joiners, surrogates) dropped, whitespace collapsed, stacks of combining marks
    cut to two, characters the font lacks replaced by :data:`MISSING`, and at most ``limit``
    characters kept (the last replaced by an ellipsis)."""
    out: list[str] = []
    marks = 0
    for char in unicodedata.normalize("NFC", text):
        category = unicodedata.category(char)
        if char.isspace() or category in ("Zl", "Zp"):
            if out and out[-1] != " ":
                out.append(" ")
            marks = 0
        elif category[0] == "C":
            continue
        elif category in ("Mn", "Me"):
            marks += 1
            if marks <= 2 and out and out[-1] != " " and has_glyph(kind, char):
                out[-1] += char
        else:
            marks = 0
            out.append(char if has_glyph(kind, char) else MISSING)
    while out and out[-1] == " ":
        out.pop()
    if limit is not None and len(out) > limit:
        out = [*out[: limit - 1], "…"]
    return "".join(out)


def fit(text: str, width: float, measure: Callable[[str], float]) -> str:
    """``text``, cut with an ellipsis to at most ``width`` as ``measure`` (a font's
    ``getlength``, scaled) counts it."""
    if measure(text) <= width:
        return text
    while text and measure(text + "…") > width:
        text = text[:-1]
    return text.rstrip() + "…"
