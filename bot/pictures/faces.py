"""The 78 card faces: small cards for the deal picture and square emojis for the buttons.

One colour and shape system for both, so a card looks the same everywhere:

- suit cards are light, with the rank big and the suit's pip drawn as a shape (never a font
  glyph): a four-colour deck (spades black, hearts red, diamonds blue, clubs green) whose
  four pips also differ in outline, so colour-blind players tell the suits apart by shape;
  the faces (ranks 11..14) show the reader's letter; their emojis also a court mark (a crown
  for the King, a tiara for the Queen, a horseshoe for the Knight, a feather for the Jack),
  since emojis are shared by every language and two ranks may share a letter (the French
  King and the Polish Knight are both "R");
- trumps are dark cards with the number in white, clearly not suit cards; the oudlers (the
  Petit, the 21 and the Excuse) have a gold frame and a gold mark;
- the Excuse is a light card with a jester's cap and no number.

Everything is drawn at ``_SS`` times the size and scaled down, which anti-aliases the shapes.
The functions are pure and thread-safe (the bot draws in an executor); results are cached and
handed out as copies, so a caller may paste or edit them freely.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from PIL import Image, ImageDraw

from tarot_core import DECK_SIZE, EXCUSE, PETIT, Card, rank_of, suit_of
from tarot_core.cards import CARD_TEXT, JACK, KING, KNIGHT, QUEEN, TRUMP_21

from ..i18n import LANGUAGES, t
from .fonts import bold
from .png import png

RGBA = tuple[int, int, int, int]
Box = tuple[float, float, float, float]
"""x0, y0, x1, y1 in pixels of the supersampled canvas."""

_SS = 4
"""Supersampling factor: shapes drawn this much larger, then scaled down (LANCZOS)."""

SUIT_COLOURS: tuple[RGBA, ...] = (
    (20, 20, 24, 255),  # spades: black
    (208, 28, 36, 255),  # hearts: red
    (22, 92, 200, 255),  # diamonds: blue
    (18, 130, 60, 255),  # clubs: green
)
"""The four-colour deck: each suit its own colour on top of its own pip shape."""

PAPER: RGBA = (252, 250, 244, 255)
EDGE: RGBA = (120, 120, 128, 255)
TRUMP_PAPER: RGBA = (36, 32, 64, 255)
TRUMP_EDGE: RGBA = (150, 146, 200, 255)
TRUMP_INK: RGBA = (255, 255, 255, 255)
GOLD: RGBA = (222, 176, 46, 255)
EXCUSE_PAPER: RGBA = (250, 240, 214, 255)
EXCUSE_INK: RGBA = (110, 50, 150, 255)
JESTER_RED: RGBA = (200, 36, 72, 255)
"""The middle horn of the Excuse's cap: a harlequin's two colours."""

MIN_HEIGHT = 16
EMOJI_SIZE = 128
"""Discord shows a button's emoji at about 22-24 px; it is uploaded at 128 x 128."""
FACE_RANKS = (JACK, KNIGHT, QUEEN, KING)


def _check_card(card: object) -> Card:
    if not isinstance(card, int) or isinstance(card, bool) or not 0 <= card < DECK_SIZE:
        raise ValueError(f"not a card id (0..{DECK_SIZE - 1}): {card!r}")
    return card


def is_face(card: Card) -> bool:
    """A Jack, Knight, Queen or King: drawn with the reader's letter."""
    return card < PETIT and rank_of(card) in FACE_RANKS


def face_letter(card: Card, lang: str) -> str | None:
    """The letter a reader of ``lang`` sees on a face card, ``None`` on any other card."""
    return t(lang, f"card.short.{rank_of(card)}") if is_face(card) else None


# --- shapes ---------------------------------------------------------------------------


def _at(box: Box, points: Sequence[tuple[float, float]]) -> list[tuple[float, float]]:
    """Points given in the unit square, placed in ``box``."""
    x0, y0, x1, y1 = box
    return [(x0 + (x1 - x0) * u, y0 + (y1 - y0) * v) for u, v in points]


def _disc(draw: ImageDraw.ImageDraw, box: Box, u: float, v: float, r: float, fill: RGBA) -> None:
    """A disc of centre (u, v) and radius r, in the unit square of ``box``."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    draw.ellipse(
        (x0 + (u - r) * w, y0 + (v - r) * h, x0 + (u + r) * w, y0 + (v + r) * h), fill=fill
    )


def _pip(draw: ImageDraw.ImageDraw, suit: int, box: Box, fill: RGBA) -> None:
    """A suit's pip filling the square ``box``: four outlines that differ without colour."""
    if suit == 0:  # spade: a heart upside down on a flared stem
        _disc(draw, box, 0.285, 0.56, 0.235, fill)
        _disc(draw, box, 0.715, 0.56, 0.235, fill)
        draw.polygon(_at(box, [(0.5, 0.0), (0.07, 0.5), (0.93, 0.5)]), fill=fill)
        draw.polygon(_at(box, [(0.5, 0.55), (0.27, 1.0), (0.73, 1.0)]), fill=fill)
    elif suit == 1:  # heart: two lobes and a point at the bottom
        _disc(draw, box, 0.28, 0.32, 0.245, fill)
        _disc(draw, box, 0.72, 0.32, 0.245, fill)
        draw.polygon(_at(box, [(0.046, 0.40), (0.954, 0.40), (0.5, 0.96)]), fill=fill)
        draw.polygon(_at(box, [(0.3, 0.2), (0.7, 0.2), (0.5, 0.5)]), fill=fill)
    elif suit == 2:  # diamond: a lozenge, no lobe and no stem
        draw.polygon(_at(box, [(0.5, 0.0), (0.88, 0.5), (0.5, 1.0), (0.12, 0.5)]), fill=fill)
    else:  # club: three round leaves on a flared stem
        _disc(draw, box, 0.5, 0.23, 0.225, fill)
        _disc(draw, box, 0.225, 0.6, 0.225, fill)
        _disc(draw, box, 0.775, 0.6, 0.225, fill)
        draw.polygon(_at(box, [(0.5, 0.3), (0.3, 0.62), (0.7, 0.62)]), fill=fill)
        draw.polygon(_at(box, [(0.5, 0.45), (0.28, 1.0), (0.72, 1.0)]), fill=fill)


def _star(draw: ImageDraw.ImageDraw, box: Box, fill: RGBA, points: int = 5) -> None:
    """A star filling the square ``box``: the oudlers' mark."""
    outer = [
        (
            0.5 + 0.5 * math.sin(2 * math.pi * i / points),
            0.53 - 0.5 * math.cos(2 * math.pi * i / points),
        )
        for i in range(points)
    ]
    inner = [
        (
            0.5 + 0.21 * math.sin(2 * math.pi * (i + 0.5) / points),
            0.53 - 0.21 * math.cos(2 * math.pi * (i + 0.5) / points),
        )
        for i in range(points)
    ]
    draw.polygon(_at(box, [p for pair in zip(outer, inner, strict=True) for p in pair]), fill=fill)


def _court_mark(draw: ImageDraw.ImageDraw, rank: int, box: Box, fill: RGBA) -> None:
    """The mark of a face card, so its rank shows without reading the letter."""
    if rank == KING:  # a crown with three points
        draw.polygon(
            _at(
                box,
                [
                    (0.05, 0.85),
                    (0.05, 0.2),
                    (0.3, 0.5),
                    (0.5, 0.1),
                    (0.7, 0.5),
                    (0.95, 0.2),
                    (0.95, 0.85),
                ],
            ),
            fill=fill,
        )
    elif rank == QUEEN:  # a tiara: a band under a row of three pearls
        draw.polygon(_at(box, [(0.05, 0.85), (0.1, 0.5), (0.9, 0.5), (0.95, 0.85)]), fill=fill)
        for u, v in ((0.2, 0.38), (0.5, 0.28), (0.8, 0.38)):
            _disc(draw, box, u, v, 0.13, fill)
    elif rank == KNIGHT:  # a horseshoe
        x0, y0, x1, y1 = box
        w = x1 - x0
        draw.arc(
            (x0 + 0.04 * w, y0 + 0.04 * w, x1 - 0.04 * w, y1 + 0.04 * w),
            140,
            400,
            fill=fill,
            width=max(1, round(0.3 * w)),
        )
    else:  # a feather: a curved leaf on its quill
        leaf = [(0.1, 0.98), (0.22, 0.72), (0.3, 0.46), (0.52, 0.22), (0.94, 0.02)]
        leaf += [(0.8, 0.4), (0.58, 0.62), (0.3, 0.76), (0.16, 0.98)]
        draw.polygon(_at(box, leaf), fill=fill)


def _jester(draw: ImageDraw.ImageDraw, box: Box, fill: RGBA, bells: RGBA) -> None:
    """The Excuse's mark: a jester's cap, its side horns sweeping out and drooping (unlike a
    crown's points), a bell at each tip."""
    horn = [
        (0.18, 0.76),
        (0.16, 0.6),
        (0.11, 0.52),
        (0.02, 0.5),
        (0.08, 0.38),
        (0.2, 0.3),
        (0.33, 0.33),
        (0.42, 0.45),
        (0.47, 0.76),
    ]
    for side in (-1, 1):
        draw.polygon(_at(box, [(0.5 + side * (u - 0.5), v) for u, v in horn]), fill=fill)
        _disc(draw, box, 0.5 + side * 0.43, 0.56, 0.08, bells)
    middle = [(0.35, 0.76), (0.44, 0.34), (0.5, 0.1), (0.56, 0.34), (0.65, 0.76)]
    draw.polygon(_at(box, middle), fill=JESTER_RED)
    _disc(draw, box, 0.5, 0.1, 0.08, bells)
    x0, y0, x1, y1 = box
    band = (
        x0 + 0.14 * (x1 - x0),
        y0 + 0.72 * (y1 - y0),
        x0 + 0.86 * (x1 - x0),
        y0 + 0.9 * (y1 - y0),
    )
    draw.rounded_rectangle(band, radius=0.05 * (x1 - x0), fill=fill)
    for u in (0.3, 0.5, 0.7):  # the band's studs
        _disc(draw, box, u, 0.81, 0.04, bells)


def _text(image: Image.Image, text: str, box: Box, fill: RGBA, align: str = "center") -> None:
    """``text`` in the bold font, its ink exactly as tall as ``box``, squeezed sideways when
    too wide: every rank, "1" or "10", is the same height, which reads best at small size.
    Only the ink counts (no side bearing), so nothing of it falls outside ``box``."""
    x0, y0, x1, y1 = box
    height = y1 - y0
    font = bold(200)
    left, top, right, bottom = (round(v) for v in font.getbbox(text))
    pad = 20  # room for ink past the advance box (a J's hook)
    mask = Image.new("L", (right - left + 2 * pad, bottom - top + 2 * pad), 0)
    ImageDraw.Draw(mask).text((pad - left, pad - top), text, font=font, fill=255)
    ink = mask.getbbox()
    if ink is None:
        return
    mask = mask.crop(ink)
    width = min(mask.width * height / mask.height, x1 - x0)
    mask = mask.resize((max(1, math.floor(width)), max(1, round(height))), Image.Resampling.LANCZOS)
    x = x0 if align == "left" else (x0 + x1 - mask.width) / 2
    image.paste(Image.new("RGBA", mask.size, fill), (round(x), round(y0)), mask)


# --- the card ---------------------------------------------------------------------------


def _style(card: Card) -> tuple[RGBA, RGBA, RGBA]:
    """Paper, edge and ink of a card."""
    if card == EXCUSE:
        return EXCUSE_PAPER, GOLD, EXCUSE_INK
    if card >= PETIT:
        return TRUMP_PAPER, GOLD if card in (PETIT, TRUMP_21) else TRUMP_EDGE, TRUMP_INK
    return PAPER, EDGE, SUIT_COLOURS[suit_of(card)]


def _blank(card: Card, width: int, height: int, radius: float, edge: float) -> Image.Image:
    """The card's rounded shape with its border (an oudler's is a thick gold frame)."""
    paper, edge_colour, _ = _style(card)
    image = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    oudler = card in (PETIT, TRUMP_21, EXCUSE)
    frame = edge * (3 if oudler else 1)
    draw.rounded_rectangle((0, 0, width - 1, height - 1), radius=radius, fill=edge_colour)
    draw.rounded_rectangle(
        (frame, frame, width - 1 - frame, height - 1 - frame),
        radius=max(0.0, radius - frame),
        fill=paper,
    )
    return image


@dataclass(frozen=True)
class _Canvas:
    """A face being drawn: the supersampled image and boxes given as fractions of it."""

    image: Image.Image
    draw: ImageDraw.ImageDraw
    paper: RGBA
    ink: RGBA

    def box(self, u0: float, v0: float, u1: float, v1: float) -> Box:
        w, h = self.image.size
        return (u0 * w, v0 * h, u1 * w, v1 * h)

    def square(self, u: float, v: float, side: float) -> Box:
        """A square of ``side`` (a fraction of the height) centred at (u, v)."""
        w, h = self.image.size
        half = side * h / 2
        return (u * w - half, v * h - half, u * w + half, v * h + half)


def _card_layout(c: _Canvas, card: Card, label: str) -> None:
    """A tall card, seen whole in the deal picture: the rank above, its pip or mark below."""
    if card == EXCUSE:
        _jester(c.draw, c.square(0.5, 0.5, 0.44), c.ink, GOLD)  # clear of the gold frame
    elif card >= PETIT:
        _text(c.image, label, c.box(0.18, 0.12, 0.82, 0.5), c.ink)
        if card in (PETIT, TRUMP_21):
            _star(c.draw, c.square(0.5, 0.73, 0.3), GOLD)
        else:
            _star(c.draw, c.square(0.5, 0.73, 0.18), TRUMP_EDGE, points=4)
    else:
        _text(c.image, label, c.box(0.14, 0.08, 0.86, 0.46), c.ink)
        _pip(c.draw, suit_of(card), c.square(0.5, 0.72, 0.34), c.ink)


EMOJI_INSET = 0.07
"""How far inside an emoji's edge a suit card's rank, pip and court mark stay, as a fraction
of its side: 9 px at 128, so 6 px of paper between them and the 3 px frame."""
PART_GAP = 0.035
"""Paper between two parts of an emoji (4.5 px at 128): the pip never touches the rank."""
MAX_PIP = 0.46
_RANK_BOXES = {"number": (0.48, 0.36), "ten": (0.40, 0.60), "face": (0.44, 0.50)}
"""A suit card's rank at the top left: its height and widest width (fractions of the side;
a digit's ink is at most 0.75 times as wide as tall). As tall as the room for a big pip
leaves: "10" is wide, so lower; a face card's letter shares the top with its court mark."""
COURT_MARK: Box = (0.62, EMOJI_INSET, 1 - EMOJI_INSET, 0.38)


def _emoji_boxes(card: Card) -> dict[str, Box]:
    """Each part of a square emoji as fractions of its side: the rank (or trump number),
    the ``mark`` (court mark, oudler's star, jester's cap) and the pip. The pip is the
    largest square in the bottom-right corner that keeps ``PART_GAP`` from the other parts.
    An oudler's parts stay 0.12 of the side in (its gold frame is three times as thick)."""
    if card == EXCUSE:
        return {"mark": (0.13, 0.13, 0.87, 0.87)}
    if card >= PETIT:
        if card in (PETIT, TRUMP_21):
            return {"mark": (0.4, 0.12, 0.6, 0.32), "rank": (0.16, 0.37, 0.84, 0.86)}
        return {"rank": (0.12, 0.16, 0.88, 0.86)}
    rank = rank_of(card)
    kind = "face" if is_face(card) else "ten" if rank == 10 else "number"
    height, width = _RANK_BOXES[kind]
    a = EMOJI_INSET
    boxes = {"rank": (a, a, a + width, a + height)}
    if kind == "face":
        boxes["mark"] = COURT_MARK
    nearest = max(min(box[2], box[3]) for box in boxes.values())
    side = min(MAX_PIP, 1 - EMOJI_INSET - PART_GAP - nearest)
    boxes["pip"] = (1 - a - side, 1 - a - side, 1 - a, 1 - a)
    return boxes


def _emoji_layout(c: _Canvas, card: Card, label: str, only: str | None = None) -> None:
    """A square emoji, seen at 24 px: the rank as large as it goes at the top left, a big
    pip at the bottom right clear of it and of the frame, and on a face card its court mark
    (the only thing a shared letter leaves to tell). With ``only``, that part alone."""
    w, h = c.image.size
    for part, (u0, v0, u1, v1) in _emoji_boxes(card).items():
        if only is not None and part != only:
            continue
        box = (u0 * w, v0 * h, u1 * w, v1 * h)
        if part == "rank":
            _text(c.image, label, box, c.ink, "center" if card >= PETIT else "left")
        elif part == "pip":
            _pip(c.draw, suit_of(card), box, c.ink)
        elif card == EXCUSE:
            _jester(c.draw, box, c.ink, GOLD)
        elif card >= PETIT:
            _star(c.draw, box, GOLD)
        else:
            _court_mark(c.draw, rank_of(card), box, c.ink)


def _draw_face(
    card: Card,
    letter: str | None,
    width: int,
    height: int,
    square: bool,
    only: str | None = None,
) -> Image.Image:
    """A face at the final size ``width`` x ``height``: a tall card or a square emoji (with
    ``only``, the blank card and that one part of the emoji: ``""`` for the blank alone)."""
    edge = (3.0 if square else max(1.0, height / 48)) * _SS
    radius = (0.10 if square else 0.09) * height * _SS
    image = _blank(card, width * _SS, height * _SS, radius, edge)
    paper, _, ink = _style(card)
    canvas = _Canvas(image, ImageDraw.Draw(image), paper, ink)
    label = letter if letter is not None else str(rank_of(card))
    if square:
        _emoji_layout(canvas, card, label, only)
    elif only != "":
        _card_layout(canvas, card, label)
    return image.resize((width, height), Image.Resampling.LANCZOS)


@cache
def _card_face(card: Card, height: int, lang: str) -> Image.Image:
    return _draw_face(card, face_letter(card, lang), round(0.66 * height), height, square=False)


def card_face(card: Card, height: int, lang: str = "en") -> Image.Image:
    """A card-shaped RGBA face ``height`` px tall (about 0.66 x as wide) for the deal picture,
    legible from 48 to 96 px. A fresh copy each call: the caller may paste or draw on it."""
    _check_card(card)
    if not isinstance(height, int) or height < MIN_HEIGHT:
        raise ValueError(f"card height must be an integer of at least {MIN_HEIGHT} px: {height!r}")
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r} (known: {', '.join(LANGUAGES)})")
    return _card_face(card, height, lang).copy()


def card_blank(card: Card, height: int) -> Image.Image:
    """``card_face``'s blank card, its shape and frame with nothing drawn on them: what a
    face is compared with to see where its marks are."""
    _check_card(card)
    return _draw_face(card, None, round(0.66 * height), height, square=False, only="")


# --- emojis ----------------------------------------------------------------------------


@cache
def _emoji_face(card: Card, letter: str | None) -> Image.Image:
    return _draw_face(card, letter, EMOJI_SIZE, EMOJI_SIZE, square=True)


def _check_letter(card: Card, letter: str | None) -> None:
    _check_card(card)
    if is_face(card) != (letter is not None):
        need = "needs its letter" if is_face(card) else "has no letter"
        raise ValueError(f"card {CARD_TEXT[card]} {need}, got {letter!r}")
    if letter is not None and (len(letter) != 1 or not letter.isalpha()):
        raise ValueError(f"a face letter is one letter, got {letter!r} for {CARD_TEXT[card]}")


def emoji_face(card: Card, letter: str | None) -> Image.Image:
    """A 128 x 128 RGBA emoji of ``card`` (transparent corners): the rank fills most of it.
    ``letter`` is the face card's letter in the reader's language, ``None`` for any other
    card. A fresh copy each call."""
    _check_letter(card, letter)
    return _emoji_face(card, letter).copy()


def emoji_parts(card: Card) -> dict[str, tuple[int, int, int, int]]:
    """Where each part of ``card``'s emoji is drawn, in pixels of the 128 x 128 square
    (x1 and y1 excluded): ``rank``, ``pip`` and ``mark`` (court mark, star or cap), for
    those it has. The parts keep clear of each other and of the frame."""
    _check_card(card)
    return {
        part: (
            math.floor(u0 * EMOJI_SIZE),
            math.floor(v0 * EMOJI_SIZE),
            math.ceil(u1 * EMOJI_SIZE),
            math.ceil(v1 * EMOJI_SIZE),
        )
        for part, (u0, v0, u1, v1) in _emoji_boxes(card).items()
    }


def emoji_part(card: Card, letter: str | None, part: str) -> Image.Image:
    """``card``'s emoji with only ``part`` drawn on its blank card (``""``: the blank card
    alone): what each part covers, to check that none runs into another or the frame."""
    _check_letter(card, letter)
    return _draw_face(card, letter, EMOJI_SIZE, EMOJI_SIZE, square=True, only=part)


def emoji_stem(card: Card, lang: str) -> str:
    """The name stem of the emoji a reader of ``lang`` sees: ``c05`` for a card that looks the
    same in every language, ``c13R`` for a face card (its letter in that language): two
    languages sharing a letter share the emoji."""
    _check_card(card)
    letter = face_letter(card, lang)
    return f"c{card:02d}" if letter is None else f"c{card:02d}{letter}"


@cache
def _emoji_images() -> dict[str, bytes]:
    out: dict[str, bytes] = {}
    for lang in LANGUAGES:
        for card in range(DECK_SIZE):
            stem = emoji_stem(card, lang)
            if stem not in out:
                out[stem] = png(_emoji_face(card, face_letter(card, lang)))
    return dict(sorted(out.items()))


def emoji_images() -> dict[str, bytes]:
    """Every emoji any language needs, by stem, as PNG bytes (about 98 of them): drawn once per
    process, the same bytes on every call (the emoji sync compares them with what exists)."""
    return dict(_emoji_images())
