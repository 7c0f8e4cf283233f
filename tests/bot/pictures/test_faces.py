"""The card faces and emojis, checked as images: sizes, every face different from every other
(also once shrunk to the 24 px Discord shows a button's emoji at), suits told apart by shape
without their colours, the trump and oudler styles, and the emoji names and files."""

from __future__ import annotations

import io
import itertools
import re
from collections.abc import Iterable
from functools import cache

import pytest
from PIL import Image, ImageChops

from bot.i18n import LANGUAGES, t
from bot.pictures import faces
from bot.pictures.faces import (
    EMOJI_SIZE,
    GOLD,
    card_blank,
    card_face,
    emoji_face,
    emoji_images,
    emoji_part,
    emoji_parts,
    emoji_stem,
    face_letter,
)
from bot.pictures.png import png
from tarot_core.cards import CARD_TEXT, DECK_SIZE, EXCUSE, PETIT, TRUMP_21, rank_of

SUIT_CARDS = range(PETIT)
TRUMPS = range(PETIT, EXCUSE)
FACE_RANKS = (11, 12, 13, 14)
SHOWN = 24
"""The size Discord shows a button's emoji at."""
VISIBLE_LEVEL = 64
"""A pixel differs visibly when a channel changes by a quarter of its range or more."""
MIN_VISIBLE = 12
"""Two faces shrunk to 24 x 24 must differ in at least 12 of their 576 pixels: a patch of
about 3 x 4 pixels, the size of the smallest mark a reader relies on (the star of an oudler,
the crown of a King). A count of visibly different pixels, rather than the mean difference:
the mean dilutes a small but plain difference (a 5 and a 6 differ in one stroke) over the
whole face. The closest pairs today (a Polish Knight and a French King, both "R"; two
diamonds of neighbouring ranks) differ in about 24 pixels, twice this."""


def visible_pixels(a: Image.Image, b: Image.Image) -> int:
    """How many pixels of two same-size RGBA images differ visibly in some channel."""
    diff = ImageChops.difference(a, b).split()
    most = diff[0]
    for channel in diff[1:]:
        most = ImageChops.lighter(most, channel)
    return most.point(lambda v: 255 if v >= VISIBLE_LEVEL else 0).histogram()[255]


def shrink(image: Image.Image, size: int = SHOWN) -> Image.Image:
    return image.resize((size, size), Image.Resampling.LANCZOS)


def ink(image: Image.Image) -> Image.Image:
    """The face as a black-and-white mask (ink or paper), every colour forgotten: what a
    reader who cannot tell the four colours apart still sees."""
    flat = Image.new("RGBA", image.size, (255, 255, 255, 255))
    flat.alpha_composite(image)
    return flat.convert("L").point(lambda v: 255 if v < 160 else 0)


def closest(images: dict[str, Image.Image]) -> tuple[int, str, str]:
    return min(
        (visible_pixels(images[a], images[b]), a, b) for a, b in itertools.combinations(images, 2)
    )


@cache
def emojis() -> dict[str, Image.Image]:
    return {stem: Image.open(io.BytesIO(data)) for stem, data in emoji_images().items()}


def stems(lang: str, cards: Iterable[int] = range(DECK_SIZE)) -> list[str]:
    return [emoji_stem(c, lang) for c in cards]


def gold_pixels(image: Image.Image) -> int:
    """Pixels within a small distance of the oudlers' gold."""
    r, g, b, _ = (image.getchannel(i) for i in range(4))
    near = [
        band.point(lambda v, c=c: 255 if abs(v - c) <= 24 else 0)
        for band, c in zip((r, g, b), GOLD[:3], strict=True)
    ]
    both = ImageChops.multiply(ImageChops.multiply(near[0], near[1]), near[2])
    return both.histogram()[255]


# ----- card_face ------------------------------------------------------------------------


@pytest.mark.parametrize("height", [16, 48, 72, 96])
def test_card_face_is_a_card_shaped_rgba_picture_with_rounded_corners(height: int) -> None:
    face = card_face(PETIT, height)
    assert face.mode == "RGBA"
    assert face.size == (round(0.66 * height), height)
    assert face.getpixel((0, 0))[3] < (200 if height < 48 else 1)  # type: ignore[index]
    assert face.getpixel((face.width // 2, height // 2))[3] == 255  # type: ignore[index]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_78_card_faces_differ_visibly_even_at_the_smallest_legible_height(lang: str) -> None:
    faces_48 = {CARD_TEXT[c]: card_face(c, 48, lang) for c in range(DECK_SIZE)}
    count, a, b = closest(faces_48)
    assert count >= MIN_VISIBLE, f"{a} and {b} differ in only {count} pixels at 48 px"


def test_a_face_card_shows_the_letter_of_the_readers_language() -> None:
    king = 13  # the King of spades: K in English, R in French
    assert visible_pixels(card_face(king, 72, "en"), card_face(king, 72, "fr")) >= MIN_VISIBLE
    assert card_face(king, 72, "fr").tobytes() == card_face(king, 72, "es").tobytes()  # both R
    assert card_face(3, 72, "en").tobytes() == card_face(3, 72, "pl").tobytes()


def test_trumps_are_dark_cards_and_suit_cards_light() -> None:
    def paper(card: int) -> int:
        """The face's median grey: its paper, which covers most of it."""
        histogram = card_face(card, 72).convert("L").histogram()
        half, seen = sum(histogram) // 2, 0
        for level, n in enumerate(histogram):
            seen += n
            if seen > half:
                return level
        raise AssertionError("empty picture")

    assert max(paper(c) for c in TRUMPS) < 64 < 192 < min(paper(c) for c in SUIT_CARDS)
    assert paper(EXCUSE) > 128  # its own design: light, with no number


def test_only_the_three_oudlers_wear_gold() -> None:
    oudlers = {PETIT, TRUMP_21, EXCUSE}
    for card in range(DECK_SIZE):
        for picture in (card_face(card, 72), emoji_face(card, face_letter(card, "en"))):
            golden = gold_pixels(picture) > picture.width * picture.height // 20
            assert golden == (card in oudlers), CARD_TEXT[card]


def test_faces_are_handed_out_as_copies_the_caller_may_change() -> None:
    first = card_face(20, 72)
    first.paste((255, 0, 0, 255), (0, 0, first.width, first.height))
    assert card_face(20, 72).tobytes() != first.tobytes()
    emoji = emoji_face(77, None)
    emoji.paste((255, 0, 0, 255), (0, 0, 10, 10))
    assert emoji_face(77, None).tobytes() != emoji.tobytes()


@pytest.mark.parametrize(
    ("card", "height", "lang", "message"),
    [
        (78, 72, "en", "not a card id (0..77): 78"),
        (-1, 72, "en", "not a card id (0..77): -1"),
        (True, 72, "en", "not a card id (0..77): True"),
        (5, 15, "en", "card height must be an integer of at least 16 px: 15"),
        (5, 72, "de", "unknown language 'de' (known: en, fr, es, pl)"),
    ],
)
def test_card_face_refuses_what_it_cannot_draw(
    card: int, height: int, lang: str, message: str
) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        card_face(card, height, lang)


# ----- emoji faces ------------------------------------------------------------------------


def test_emoji_faces_are_128_px_squares_with_transparent_corners() -> None:
    for stem, image in emojis().items():
        assert (image.mode, image.size) == ("RGBA", (EMOJI_SIZE, EMOJI_SIZE)), stem
        assert image.getpixel((0, 0))[3] == 0, stem  # type: ignore[index]


def test_emoji_images_are_pairwise_distinct() -> None:
    data = [image.tobytes() for image in emojis().values()]
    assert len(set(data)) == len(data)


def test_emojis_still_differ_visibly_at_the_size_discord_shows_them() -> None:
    small = {stem: shrink(image.convert("RGBA")) for stem, image in emojis().items()}
    count, a, b = closest(small)
    assert count >= MIN_VISIBLE, f"{a} and {b} differ in only {count} pixels at {SHOWN} px"


@pytest.mark.parametrize("rank", range(1, 15))
def test_the_four_suits_of_a_rank_differ_in_shape_not_only_in_colour(rank: int) -> None:
    """Colour-blind players: the four suits' ink masks (no colour left) must still differ,
    on the emoji at 24 px and on the card face at 48 px."""
    for lang in ("en", "pl"):
        suits = [s * 14 + rank - 1 for s in range(4)]
        masks = [ink(shrink(emoji_face(c, face_letter(c, lang)))) for c in suits]
        masks += [ink(card_face(c, 48, lang)) for c in suits]
        for a, b in itertools.combinations(range(4), 2):
            for offset in (0, 4):  # the emojis, then the card faces
                differ = ImageChops.difference(masks[a + offset], masks[b + offset])
                count = differ.histogram()[255]
                assert count >= MIN_VISIBLE, f"rank {rank}, suits {a} and {b}: {count} pixels"


def test_emoji_face_needs_a_letter_exactly_for_the_face_cards() -> None:
    with pytest.raises(ValueError, match=re.escape("card KS needs its letter, got None")):
        emoji_face(13, None)
    with pytest.raises(ValueError, match=re.escape("card 7H has no letter, got 'K'")):
        emoji_face(20, "K")
    with pytest.raises(ValueError, match=re.escape("a face letter is one letter, got 'KK'")):
        emoji_face(13, "KK")
    with pytest.raises(ValueError, match=re.escape("not a card id (0..77): 78")):
        emoji_face(78, None)


# ----- emoji names and files ------------------------------------------------------------------


def test_a_face_cards_stem_carries_the_letter_of_its_language() -> None:
    for lang in LANGUAGES:
        for card in SUIT_CARDS:
            if rank_of(card) in FACE_RANKS:
                letter = t(lang, f"card.short.{rank_of(card)}")
                assert emoji_stem(card, lang) == f"c{card:02d}{letter}"
    assert emoji_stem(13, "fr") == "c13R"  # the King of spades, Roi
    assert emoji_stem(13, "en") == "c13K"


def test_stems_differ_between_languages_exactly_where_the_letters_differ() -> None:
    for a, b in itertools.combinations(LANGUAGES, 2):
        for card in range(DECK_SIZE):
            same_letter = face_letter(card, a) == face_letter(card, b)
            assert (emoji_stem(card, a) == emoji_stem(card, b)) == same_letter, (a, b, card)
    assert stems("en", TRUMPS) == [f"c{c}" for c in TRUMPS]
    assert emoji_stem(0, "pl") == "c00"
    assert emoji_stem(EXCUSE, "es") == "c77"


def test_every_stem_is_a_valid_discord_emoji_name_and_a_language_sees_78_emojis() -> None:
    for lang in LANGUAGES:
        assert len(set(stems(lang))) == DECK_SIZE
        for stem in stems(lang):
            assert re.fullmatch(r"[A-Za-z0-9_]{2,32}", stem), stem


def test_emoji_images_hold_every_stem_of_every_language_once() -> None:
    letters = sum(len({t(lang, f"card.short.{r}") for lang in LANGUAGES}) for r in FACE_RANKS)
    expected = {stem for lang in LANGUAGES for stem in stems(lang)}
    assert set(emoji_images()) == expected
    assert len(expected) == DECK_SIZE - 16 + 4 * letters == 98


def test_emoji_images_are_the_drawn_faces_in_small_deterministic_png_files() -> None:
    images = emoji_images()
    for lang in LANGUAGES:
        for card in (13, 11, 40, 0, TRUMP_21, EXCUSE):
            expected = png(emoji_face(card, face_letter(card, lang)))
            assert images[emoji_stem(card, lang)] == expected
    for stem, data in images.items():
        assert len(data) < 256 * 1024, f"{stem}: {len(data)} bytes, over Discord's emoji limit"
        assert data.startswith(b"\x89PNG\r\n\x1a\n"), stem


def test_emoji_images_cannot_be_changed_by_a_caller() -> None:
    images = emoji_images()
    images.clear()
    assert len(emoji_images()) == 98


def test_drawing_is_fast_enough_for_an_executor() -> None:
    """Well under 100 ms a picture (issue 12): a fresh height, so nothing comes from a cache."""
    import time

    faces._card_face.cache_clear()
    start = time.perf_counter()
    for card in range(DECK_SIZE):
        card_face(card, 61)
    assert (time.perf_counter() - start) / DECK_SIZE < 0.1


# ----- emoji layout: every part clear of the frame and of each other ----------------------

PAPER_MARGIN = 4
"""Paper, in pixels of the 128 px emoji, between anything drawn on a face and its frame."""
INK_LEVEL = 32
"""A pixel is drawn on when a channel differs from the blank card by this much: less is the
faint ringing that scaling down leaves around a shape."""
PART_CLEARANCE = 3
"""Pixels between two parts' boxes: a rank and a pip never touch."""


def every_emoji() -> list[tuple[int, str | None]]:
    """Each (card, letter) drawn as an emoji in some language, once."""
    seen: dict[str, tuple[int, str | None]] = {}
    for lang in LANGUAGES:
        for card in range(DECK_SIZE):
            seen.setdefault(emoji_stem(card, lang), (card, face_letter(card, lang)))
    return list(seen.values())


def drawn_on(image: Image.Image, blank: Image.Image) -> Image.Image:
    """Where ``image`` differs visibly from the blank card: a mask (255 = drawn on)."""
    diff = ImageChops.difference(image, blank).split()
    most = diff[0]
    for channel in diff[1:]:
        most = ImageChops.lighter(most, channel)
    return most.point(lambda v: 255 if v >= INK_LEVEL else 0)


def paper_inside_the_frame(
    card: int, blank: Image.Image, margin: int = PAPER_MARGIN
) -> Image.Image:
    """The blank card's paper, ``margin`` pixels in from its frame: a mask."""
    paper = Image.new("RGBA", blank.size, faces._style(card)[0])
    near = [
        channel.point(lambda v: 255 if v < INK_LEVEL else 0)
        for channel in ImageChops.difference(blank, paper).split()
    ]
    mask = near[0]
    for channel in near[1:]:
        mask = ImageChops.multiply(mask, channel)
    inside = mask  # eroded by a disc: ``margin`` pixels of paper in every direction
    m = margin
    for dx, dy in itertools.product(range(-m, m + 1), repeat=2):
        if dx * dx + dy * dy <= m * m:
            inside = ImageChops.darker(inside, ImageChops.offset(mask, dx, dy))
    return inside


def test_every_emoji_draws_only_on_its_paper_clear_of_its_frame() -> None:
    """Issue 22: the spade's and the club's stems cut the bottom border. Nothing drawn on any
    emoji (pip, rank, court mark, star, cap) comes within PAPER_MARGIN pixels of the frame."""
    for card, letter in every_emoji():
        blank = emoji_part(card, letter, "")
        inside = paper_inside_the_frame(card, blank)
        assert inside.histogram()[255] > 0.6 * EMOJI_SIZE**2  # the margin leaves most paper
        ink = drawn_on(emoji_face(card, letter), blank)
        assert ink.histogram()[255] > 200, CARD_TEXT[card]  # not a vacuous test
        outside = ImageChops.subtract(ink, inside)
        assert outside.getbbox() is None, (CARD_TEXT[card], letter, outside.getbbox())


def near(pixel: object, colour: tuple[int, ...]) -> bool:
    """Whether ``pixel`` is ``colour`` but for the ringing of scaling down."""
    assert isinstance(pixel, tuple)
    return all(abs(a - b) < INK_LEVEL for a, b in zip(pixel, colour, strict=True))


def test_the_frame_of_every_suit_emoji_is_whole() -> None:
    """The same seen from the frame: along each of its four straight sides the 3 px border
    is its grey and the paper inside it is untouched, on every suit card."""
    for card, letter in every_emoji():
        if card >= PETIT:
            continue
        face = emoji_face(card, letter)
        for i in range(24, EMOJI_SIZE - 24):
            for x, y in ((i, 1), (i, EMOJI_SIZE - 2), (1, i), (EMOJI_SIZE - 2, i)):
                assert near(face.getpixel((x, y)), faces.EDGE), (CARD_TEXT[card], x, y)
            for d in range(4, 4 + PAPER_MARGIN):
                for x, y in ((i, d), (i, EMOJI_SIZE - 1 - d), (d, i), (EMOJI_SIZE - 1 - d, i)):
                    assert near(face.getpixel((x, y)), faces.PAPER), (CARD_TEXT[card], x, y)


def test_no_part_of_an_emoji_runs_into_another() -> None:
    """Issue 22: the heart overlapped the K. Each part (rank, pip, mark) draws only inside its
    box, the boxes keep apart, and the face is nothing but its parts."""
    for card, letter in every_emoji():
        boxes = emoji_parts(card)
        expected = {"mark"} if card == EXCUSE else {"rank"}
        if card < PETIT:
            expected = {"rank", "pip", "mark"} if letter is not None else {"rank", "pip"}
        elif card in (PETIT, TRUMP_21):
            expected = {"rank", "mark"}
        assert set(boxes) == expected, CARD_TEXT[card]
        for (a, box_a), (b, box_b) in itertools.combinations(boxes.items(), 2):
            apart = max(
                box_b[0] - box_a[2], box_a[0] - box_b[2], box_b[1] - box_a[3], box_a[1] - box_b[3]
            )
            assert apart >= PART_CLEARANCE, (CARD_TEXT[card], a, b, box_a, box_b)
        blank = emoji_part(card, letter, "")
        everything = Image.new("L", blank.size, 0)
        for part, (x0, y0, x1, y1) in boxes.items():
            ink = drawn_on(emoji_part(card, letter, part), blank)
            drawn = ink.getbbox()
            assert drawn is not None, (CARD_TEXT[card], part)
            grown = (x0 - 1, y0 - 1, x1 + 1, y1 + 1)  # scaling down spreads an edge by a pixel
            inside = drawn[0] >= grown[0] and drawn[1] >= grown[1]
            assert inside and drawn[2] <= grown[2] and drawn[3] <= grown[3], (
                CARD_TEXT[card],
                part,
                drawn,
                (x0, y0, x1, y1),
            )
            everything.paste(255, grown)
        whole = drawn_on(emoji_face(card, letter), blank)
        assert ImageChops.subtract(whole, everything).getbbox() is None, CARD_TEXT[card]


@pytest.mark.parametrize("height", [48, 72, 96])
def test_every_card_face_draws_only_on_its_paper_clear_of_its_frame(height: int) -> None:
    """The tall faces of the deal picture too (the Excuse's cap ran into its gold frame):
    2 px of paper at least between any mark and the frame, at every height the picture uses."""
    for lang in ("en", "pl"):
        for card in range(DECK_SIZE):
            blank = card_blank(card, height)
            inside = paper_inside_the_frame(card, blank, margin=2)
            ink = drawn_on(card_face(card, height, lang), blank)
            assert ink.histogram()[255] > 20, CARD_TEXT[card]  # not a vacuous test
            outside = ImageChops.subtract(ink, inside).getbbox()
            assert outside is None, (CARD_TEXT[card], height, outside)
