"""The two fonts every picture uses, shipped with the project (never fetched at run time)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from PIL import ImageFont

FONTS = Path(__file__).with_name("fonts")
BOLD = FONTS / "DejaVuSansCondensed-Bold.ttf"
"""Ranks, numbers and titles: condensed so that "10" and "21" fit a small face."""
REGULAR = FONTS / "DejaVuSans.ttf"
"""Names, labels and scores."""


@cache
def bold(size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(BOLD), size)


@cache
def regular(size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(REGULAR), size)
