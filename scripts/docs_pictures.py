"""Draws the two pictures the README shows, from the bot's own drawing code.

    .venv/bin/python scripts/docs_pictures.py docs/

``deal-picture.png``: the picture the bot posts with a score sheet, of a deal played by four
heuristic bots (a seeded deal, the first of the corpus that somebody takes).
``hand-emojis.png``: a hand's buttons as a DM shows them in Discord's dark theme, each card's
emoji face at the size Discord draws a button emoji (22 px) beside its text; a mock-up drawn
from the same emoji faces the bot uploads, since no Discord client runs here.
"""

from __future__ import annotations

import sys
from pathlib import Path

from PIL import Image, ImageDraw

from bot.pictures import faces, fonts, jobs
from bot.render.cards import card_short, sort_for_display
from tarot_core.bots import make_bot
from tarot_core.cards import PETIT, cards_of, mask_of, parse_cards, suit_of
from tarot_core.lab.arena import play_out, seeded_deal
from tarot_core.record import to_record
from tarot_core.rules import Rules
from tarot_core.scoring import Outcome

NAMES = ["Alice", "Bruno", "Chloé", "Dmitri"]


def taken_deal() -> dict[str, object]:
    rules = Rules.from_options(4, {})
    for index in range(50):
        deal = seeded_deal(rules, "docs", 1, index)
        play_out(deal, lambda seat: ("heuristic", make_bot("heuristic", seed=seat)), "docs", {})
        if deal.result is not None and deal.result.outcome == Outcome.PLAYED:
            return to_record(deal)
    raise SystemExit("no deal taken in 50")


def hand_mockup(record: dict[str, object], lang: str = "en") -> Image.Image:
    """Seat 0's hand as it was dealt, five buttons a row as the bot lays them out; the cards
    of the suit led on a trick are green (playable), the others grey (disabled)."""
    hands = record["hands"]
    assert isinstance(hands, list)
    hand = sort_for_display(cards_of(mask_of(parse_cards(hands[0]))))
    playable = {c for c in hand if c < PETIT and suit_of(c) == 1}  # hearts led, say
    scale, per_row = 2, 5
    bw, bh, gap, pad = 88 * scale, 32 * scale, 8 * scale, 16 * scale
    rows = -(-len(hand) // per_row)
    width = pad * 2 + per_row * bw + (per_row - 1) * gap
    height = pad * 2 + rows * bh + (rows - 1) * gap
    image = Image.new("RGB", (width, height), (49, 51, 56))  # Discord's dark message area
    draw = ImageDraw.Draw(image)
    font = fonts.regular(14 * scale)
    for i, card in enumerate(hand):
        x = pad + (i % per_row) * (bw + gap)
        y = pad + (i // per_row) * (bh + gap)
        green = card in playable
        fill = (36, 128, 70) if green else (78, 80, 88)
        draw.rounded_rectangle((x, y, x + bw, y + bh), 4 * scale, fill=fill)
        emoji = faces.emoji_face(card, faces.face_letter(card, lang))
        emoji = emoji.resize((22 * scale, 22 * scale), Image.Resampling.LANCZOS)
        if not green:
            emoji.putalpha(emoji.getchannel("A").point(lambda a: a // 2))
        label = card_short(card, lang)
        text_w = draw.textlength(label, font=font)
        start = x + (bw - (22 * scale + 6 * scale + text_w)) / 2
        image.paste(emoji, (int(start), y + (bh - 22 * scale) // 2), emoji)
        colour = (255, 255, 255) if green else (170, 172, 178)
        draw.text((start + 28 * scale, y + bh / 2), label, font=font, fill=colour, anchor="lm")
    return image


def main(out: Path) -> None:
    record = taken_deal()
    (out / "deal-picture.png").write_bytes(jobs.deal_picture(record, "en", NAMES))
    hand_mockup(record).save(out / "hand-emojis.png", compress_level=9)


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "docs"))
